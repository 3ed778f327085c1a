"""``index.json`` on disk: the session list's cache as ``index`` writes it, read back
checked entry by entry. What the file holds is ``index``'s to say (its docstring); this is
how: one compact JSON object on three lines, the first screenful alone on the first, the
sessions none of whose logs can be read on the second (grouped by what is wrong, see
``encoded``), the others on the third, read member by member (``careful_read.members``),
or the whole file parsed where it was written otherwise. Anything not as scorekeeper
writes it reads as no cache at all, which only costs a rebuild. In memory each entry is
held as its packed ``Summary`` (``Stored``), read back as an ``Entry`` only where one is
asked for (``Entries``).
"""

from __future__ import annotations

import itertools
import struct
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import NamedTuple

from scorekeeper.checks import JSON, JSONObject
from scorekeeper.store import copies, documents
from scorekeeper.store.careful_read import DamagedFile, NotPlain, members, parse_json, read_regular
from scorekeeper.store.durable import encode
from scorekeeper.store.summary import (
    RECORD,
    Compact,
    Summary,
    compact,
    expand,
    listed_otherwise,
    outcome,
    pack,
    relisted,
    sound_row,
    unpack,
)
from scorekeeper.store.well_formed import WAITING, entry_problem

CAP = 256 * 1024 * 1024
"""A session file's cap would drop the cache of a big folder: every session read again."""
_SESSIONS = b'"sessions":{'
_DAMAGED = b'"damaged":'


class Entry(NamedTuple):
    """One session in the cache: the fingerprint of its logs as read, then its row."""

    digest: int
    size: int
    changed: int
    order: int
    row: Compact | str
    """The summary, or why none of the session's logs can be read: the words after the
    name of the first in ``broken``."""
    state: bool | int = False
    broken: tuple[str, ...] = ()
    """The keys of the session's logs that cannot be read, named by every later look, not
    only by the one that read them: where the others make it, those; where none can be
    read, all, the one whose words ``row`` holds first. An older scorekeeper kept a
    damaged session with none: its judgement is not kept (``load``), but read again, as
    it may not read what a newer one writes."""

    @property
    def fingerprint(self) -> tuple[int, int, int]:
        return (self.digest, self.size, self.changed)

    @property
    def damaged(self) -> bool:
        return type(self.row) is str

    def saved(self) -> list[JSON]:
        """The entry as the file holds it: its row a list again."""
        kept = self.row if isinstance(self.row, str) else expand(self.row)
        saved = [self.digest, self.size, self.changed, self.order, kept, self.state]
        return [*saved, list(self.broken)] if self.broken else saved


Stored = Summary | Entry
"""An entry as the list holds it: packed as its ``Summary``, or as it is where it has no
row to pack (a damaged session's, one with logs that cannot be read, one whose numbers
do not fit)."""


def stored(session_id: str, entry: Entry) -> Stored:
    """``entry`` packed, where it packs."""
    if entry.broken or isinstance(entry.row, str):
        return entry
    try:
        return pack(
            session_id,
            (entry.digest, entry.size, entry.changed, entry.order),
            entry.row,
            entry.state,
        )
    except struct.error:
        return entry


_FINGERPRINT = struct.Struct(RECORD.format[:4])
"""The first fields of ``RECORD``: the fingerprint alone."""


def fingerprint(kept: Stored) -> tuple[int, int, int]:
    """A stored entry's ``Entry.fingerprint``, without unpacking its row."""
    if isinstance(kept, Entry):
        return kept.fingerprint
    digest, size, changed = _FINGERPRINT.unpack_from(kept)
    return (digest, size, changed)


class Entries(Mapping[str, Entry]):
    """The list as the index holds it (``Stored``), read as ``Entry``s: each unpacked
    only when it is asked for."""

    def __init__(self, kept: Mapping[str, Stored]) -> None:
        self.kept = kept

    def __getitem__(self, session_id: str) -> Entry:
        kept = self.kept[session_id]
        if isinstance(kept, Entry):
            return kept
        (digest, size, changed, order), held, state = unpack(kept)
        return Entry(digest, size, changed, order, held, state)

    def __iter__(self) -> Iterator[str]:
        return iter(self.kept)

    def __len__(self) -> int:
        return len(self.kept)

    def whole(self) -> dict[str, Entry]:
        """The entries not packed: among them every damaged one, and every one with logs
        that cannot be read (``Entry.broken``)."""
        return {sid: kept for sid, kept in self.kept.items() if isinstance(kept, Entry)}

    def waiting(self) -> list[str]:
        """The sessions that wait for a decision (``well_formed.WAITING``)."""
        return [
            sid
            for sid, kept in self.kept.items()
            if (kept.state is WAITING if isinstance(kept, Entry) else kept.waiting)
        ]

    def summaries(self, leave_out: Mapping[str, object]) -> list[Summary]:
        """Every readable session's ``Summary`` but those in ``leave_out``, most recently
        updated first (by id where two were updated at once): the list's own, not copies.
        Sorted twice rather than by pairs: ten thousand pairs freed at once would stay
        held by Python's list of spare tuples, and the memory they lie in with them."""
        made: list[Summary] = []
        whole: dict[str, int] = {}
        """The order of the entries kept whole (it may not fit a record)."""
        for sid, kept in self.kept.items():
            if sid in leave_out:
                continue
            if isinstance(kept, Entry):
                if isinstance(kept.row, str):
                    continue  # damaged: ``Reader.damaged`` names it
                whole[sid] = kept.order
                kept = pack(sid, (0, 0, 0, 0), kept.row, kept.state)
            made.append(kept)
        made.sort(key=_id, reverse=True)

        def order(one: Summary) -> int:
            return whole[one.id] if one.id in whole else _order(one)

        made.sort(key=order if whole else _order, reverse=True)
        return made


_ORDER = struct.Struct(RECORD.format[:5])
"""The fingerprint and order of a ``Summary``."""


def _order(made: Summary) -> int:
    order: int = _ORDER.unpack_from(made)[3]
    return order


def _id(made: Summary) -> str:
    return made.id


class Head(NamedTuple):
    """The cache's first line."""

    folder: list[int] | None
    total: int
    recent: list[JSON]


def load(
    file: Path, most: int, is_session_id: Callable[[str], bool]
) -> tuple[dict[str, Stored], Head | None]:
    """The saved cache at ``file``, its entries ``stored``; nothing where
    there is none or it is not as scorekeeper writes it."""
    try:
        found = read_regular(file, CAP)
        if found is None:
            return {}, None
        raw = found[0]
        head = _head(file, raw, most)
        if head is None:
            return {}, None
        try:
            rest, judged = raw[raw.index(b"\n") + 1 :], None
            if rest.startswith(_DAMAGED):  # as this version writes it: on a line of its own
                end = rest.index(b",\n")
                judged = parse_json(file, b"{" + rest[:end] + b"}", shape_checked=True)
                rest = rest[end + 2 :]
            sessions = _checked(members(rest, _SESSIONS), is_session_id)
        except (NotPlain, ValueError):
            judged = parse_json(file, raw, shape_checked=True)
            listed = judged.get("sessions")
            sessions = _checked(listed.items(), is_session_id) if type(listed) is dict else None
        damaged = judged_read((judged or {}).get("damaged", []), is_session_id)
    except (DamagedFile, OSError):
        return {}, None
    if sessions is None or damaged is None:
        return {}, None
    older = [sid for sid, one in sessions.items() if type(one) is Entry and one.damaged]
    for session_id in older:  # an older scorekeeper's judgement (see ``Entry.broken``)
        del sessions[session_id]
    return {**sessions, **damaged}, head._replace(folder=None) if older else head


def judged_read(groups: JSON, is_session_id: Callable[[str], bool]) -> dict[str, Entry] | None:
    """The damaged sessions of a saved cache (``encoded``), or None if they are not as
    scorekeeper writes them: checked a group at a time, not an entry at a time."""
    if type(groups) is not list:
        return None
    judged: dict[str, Entry] = {}
    for group in groups:
        if type(group) is not list or len(group) % 4 != 2 or type(group[0]) is not str:
            return None
        keys, ids = keys_read(group[1]), group[2::4]
        if keys is None or set(map(type, ids)) != {str} or not all(map(is_session_id, ids)):
            return None
        numbers = group[3::4], group[4::4], group[5::4]
        if set(map(type, itertools.chain(*numbers))) != {int}:
            return None
        why, held = group[0], tuple(keys)
        judged.update(
            (sid, Entry(digest, size, changed, 0, why, False, held))
            for sid, digest, size, changed in zip(ids, *numbers, strict=True)
        )
    return judged


def _head(file: Path, raw: bytes, most: int) -> Head | None:
    """The cache's first line, if it is one as this version writes it (a file written
    otherwise is read whole)."""
    end = raw.find(b"\n")
    line = raw if end < 0 else raw[:end]  # the first line alone, not a copy of the rest
    try:
        if line.endswith(b","):
            return _head_of(parse_json(file, line[:-1] + b"}"), most)
        return _head_of(parse_json(file, raw, shape_checked=True), most)
    except DamagedFile:
        return None


def _head_of(found: JSONObject, most: int) -> Head | None:
    folder, total, recent = found.get("folder"), found.get("total"), found.get("recent")
    if found.get("schema") != documents.SCHEMA or type(total) is not int:
        return None
    if folder is not None and (
        type(folder) is not list or len(folder) != 3 or {type(n) for n in folder} != {int}
    ):
        return None
    if type(recent) is not list or not len(recent) <= min(total, most):
        return None
    return Head(folder, total, recent)


def read_head(file: Path, most: int) -> Head | None:
    """The cache's first line (at most ``most`` recent rows), if it is one: that line
    alone is read, unless the file is not written in lines."""
    try:
        found = read_regular(file, CAP, first_line=True)
        if found is not None and not found[0].partition(b"\n")[0].endswith(b","):
            found = read_regular(file, CAP)
    except (DamagedFile, OSError):
        return None
    return None if found is None else _head(file, found[0], most)


def entry_read(saved: JSON) -> Entry | None:
    """An entry as the file holds it, checked; None if it is not as scorekeeper writes it."""
    if type(saved) is not list:
        return None
    kept: Compact | str | None = sound_row(saved)
    if kept is None:
        if entry_problem(saved) is not None:
            return None
        kept = saved[4] if type(saved[4]) is str else compact(saved[4])
    state = saved[5] if len(saved) > 5 else False
    broken = tuple(saved[6]) if len(saved) > 6 else ()
    return Entry(saved[0], saved[1], saved[2], saved[3], kept, state, broken)


def _checked(
    pairs: Iterable[tuple[str, JSON]], is_session_id: Callable[[str], bool]
) -> dict[str, Stored] | None:
    """The entries of a saved cache, or None if any is not as scorekeeper writes it."""
    sessions = {}
    for sid, saved in pairs:
        entry = entry_read(saved) if is_session_id(sid) else None
        if entry is None:
            return None
        sessions[sid] = stored(sid, entry)
    return sessions


def relist(kept: dict[str, Stored]) -> bool:
    """Each row kept without the list's words, or by another release, given this
    release's (``summary.relisted``) in place; whether any was, so the cache is saved
    with them and the next start's first screen reads no game for them."""
    stale = listed_otherwise(kept.values())
    if not stale:
        return False
    changed = False
    for session_id, one in kept.items():
        again = relisted(one) if isinstance(one, Summary) and outcome(one) in stale else None
        if again is not None:
            kept[session_id] = again
            changed = True
    return changed


def keys_read(value: JSON) -> list[str] | None:
    """A session's log keys as saved, if they are keys (``copies.parse``)."""
    if type(value) is not list or not 0 < len(value) <= 100:
        return None
    for key in value:
        if type(key) is not str or copies.parse(copies.file_name("a", key)) != ("a", key):
            return None
    return [str(key) for key in value]


def encoded(
    entries: Entries,
    keys: Mapping[str, tuple[str, ...]],
    folder: list[int] | None,
    most: int,
) -> bytes:
    """The cache's three lines, the ``most`` newest readable rows first. A damaged
    session is kept in a group of those with the same logs' keys and the same words
    (``[why, keys, id, digest, size, changed, id, ...]``): a folder a peer filled with a
    hundred thousand junk files is a few megabytes, read in one parse."""
    saved: dict[str, list[JSON]] = {}
    judged: dict[tuple[str, tuple[str, ...]], list[JSON]] = {}
    for sid, kept in entries.kept.items():
        if isinstance(kept, Entry) and isinstance(kept.row, str):
            judged.setdefault((kept.row, kept.broken), []).extend((sid, *kept.fingerprint))
        else:
            saved[sid] = entries[sid].saved()
    groups = [[why, list(held), *found] for (why, held), found in judged.items()]
    listed = sorted((kept[3], sid) for sid, kept in saved.items() if type(kept[4]) is not str)
    recent: list[JSON] = []
    for _, sid in reversed(listed[-most:]):
        held = keys.get(sid)
        recent.append([sid, saved[sid]] if held is None else [sid, saved[sid], list(held)])
    head = {"schema": documents.SCHEMA, "folder": folder, "total": len(listed), "recent": recent}
    lines = encode(head)[:-1], _DAMAGED + encode(groups), _SESSIONS[:-1] + encode(saved)
    return b",\n".join(lines) + b"}"
