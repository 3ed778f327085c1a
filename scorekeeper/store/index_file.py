"""``index.json`` on disk: one JSON object on three lines (the first screenful, the damaged
sessions, the rest read member by member); a file written otherwise is parsed whole.
Anything not as scorekeeper writes it reads as no cache, which only costs a rebuild.
"""

from __future__ import annotations

import itertools
import operator
import struct
from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from scorekeeper.checks import JSON
from scorekeeper.store import copies, documents
from scorekeeper.store.careful_read import DamagedFile, NotPlain, members, parse_json, read_regular
from scorekeeper.store.durable import encode
from scorekeeper.store.summary import (
    RECORD,
    Row,
    Summary,
    listed_otherwise,
    outcome,
    pack,
    unpack,
)
from scorekeeper.store.well_formed import OVERRULED, WAITING, sound_times

Times = tuple[datetime, datetime]
CAP = 256 * 1024 * 1024
"""A session file's cap would drop the cache of a big folder: every session read again."""
_SESSIONS = b'"sessions":{'
_DAMAGED = b'"damaged":'


class Entry(NamedTuple):
    """One session in the cache: its logs' fingerprint as read, its order, its row."""

    digest: int
    size: int
    changed: int
    order: int
    row: Row | str
    """The summary, or why none of the session's logs can be read (the first in ``broken``)."""
    state: bool | int = False
    broken: tuple[str, ...] = ()
    """The keys of the logs that cannot be read (all, where none can)."""

    @property
    def fingerprint(self) -> tuple[int, int, int]:
        return (self.digest, self.size, self.changed)

    @property
    def damaged(self) -> bool:
        return type(self.row) is str

    def saved(self) -> list[JSON]:
        saved = [self.digest, self.size, self.changed, self.order, self.row, self.state]
        return [*saved, list(self.broken)] if self.broken else saved


Stored = Summary | Entry
"""An entry packed as its ``Summary``, or whole where it does not pack (damaged, with logs
that cannot be read, numbers that do not fit)."""


def stored(session_id: str, entry: Entry, times: Times | None = None) -> Stored:
    if entry.broken or isinstance(entry.row, str):
        return entry
    try:
        return pack(session_id, entry[:4], entry.row, entry.state, times)
    except struct.error:
        return entry


def fingerprint(kept: Stored) -> tuple[int, int, int]:
    """``Entry.fingerprint``, without unpacking a row."""
    if isinstance(kept, Entry):
        return kept.fingerprint
    digest, size, changed, _ = RECORD.unpack_from(kept)[:4]
    return (digest, size, changed)


def _order(made: Summary) -> int:
    return int(RECORD.unpack_from(made)[3])


class Entries(Mapping[str, Entry]):
    """The list as the index holds it (``Stored``), each unpacked as it is asked for."""

    def __init__(self, kept: Mapping[str, Stored]) -> None:
        self.kept = kept

    def __getitem__(self, session_id: str) -> Entry:
        kept = self.kept[session_id]
        if isinstance(kept, Entry):
            return kept
        head, held, state = unpack(kept)
        return Entry(*head, held, state)

    def __iter__(self) -> Iterator[str]:
        return iter(self.kept)

    def __len__(self) -> int:
        return len(self.kept)

    def whole(self) -> dict[str, Entry]:
        """The entries not packed: every damaged one, every one with ``broken`` logs."""
        return {sid: kept for sid, kept in self.kept.items() if isinstance(kept, Entry)}

    def waiting(self) -> list[str]:
        return [
            sid
            for sid, kept in self.kept.items()
            if (kept.state is WAITING if isinstance(kept, Entry) else kept.waiting)
        ]

    def summaries(self, leave_out: Mapping[str, object]) -> list[Summary]:
        """Every readable session's ``Summary`` but ``leave_out``'s, most recently updated
        first, then by id. Sorted twice: ten thousand pairs freed at once would keep their
        memory held in Python's spare tuples."""
        made: list[Summary] = []
        whole: dict[str, int] = {}
        for sid, kept in self.kept.items():
            if sid in leave_out:
                continue
            if isinstance(kept, Entry):
                if isinstance(kept.row, str):
                    continue  # damaged: ``Reader.damaged`` names it
                whole[sid] = kept.order
                kept = pack(sid, (0, 0, 0, 0), kept.row, kept.state)
            made.append(kept)
        made.sort(key=operator.attrgetter("id"), reverse=True)

        def order(one: Summary) -> int:
            return whole[one.id] if one.id in whole else _order(one)

        made.sort(key=order if whole else _order, reverse=True)
        return made


class Head:
    """The cache's first line: the folder it vouches for, how many sessions, the recent
    ones. A plain class, as ``grid.View``: read before Home's first frame."""

    __slots__ = ("folder", "recent", "total")

    def __init__(self, folder: list[int] | None, total: int, recent: list[JSON]) -> None:
        self.folder, self.total, self.recent = folder, total, recent


def load(
    file: Path, most: int, is_session_id: Callable[[str], bool]
) -> tuple[dict[str, Stored], Head | None]:
    """The saved cache, its entries ``stored``; nothing where it is not as scorekeeper
    writes it. A row judged damaged among the rest (by an older scorekeeper, which may not
    read what a newer one wrote) or worded by another release is read again."""
    try:
        found = read_regular(file, CAP)
        head = None if found is None else _head(file, found[0], most)
        if found is None or head is None:
            return {}, None
        raw = found[0]
        try:
            at, judged = raw.index(b"\n") + 1, None
            if raw.startswith(_DAMAGED, at):  # on a line of its own
                end = raw.index(b",\n", at)
                judged = parse_json(file, b"{" + raw[at:end] + b"}", shape_checked=True)
                at = end + 2
            sessions = _checked(members(raw, _SESSIONS, at), is_session_id)
        except (NotPlain, ValueError):
            judged = parse_json(file, raw, shape_checked=True)
            listed = judged.get("sessions")
            sessions = _checked(listed.items(), is_session_id) if type(listed) is dict else None
        damaged = judged_read((judged or {}).get("damaged", []), is_session_id)
    except (DamagedFile, OSError):
        return {}, None
    if sessions is None or damaged is None:
        return {}, None
    worded = listed_otherwise(sessions.values())
    stale = [
        sid
        for sid, one in sessions.items()
        if (
            one.damaged
            if isinstance(one, Entry)
            else worded and outcome(one) in worded and one.option_words is not None
        )
    ]
    for session_id in stale:
        del sessions[session_id]
    return {**sessions, **damaged}, Head(None, head.total, head.recent) if stale else head


def judged_read(groups: JSON, is_session_id: Callable[[str], bool]) -> dict[str, Entry] | None:
    """The damaged sessions of a saved cache (``encoded``), or None if they are not as
    scorekeeper writes them."""
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
    """The cache's first line (a file written otherwise is read whole)."""
    end = raw.find(b"\n")
    line = raw if end < 0 else raw[:end]  # not a copy of the rest
    try:
        if line.endswith(b","):
            found = parse_json(file, line[:-1] + b"}")
        else:
            found = parse_json(file, raw, shape_checked=True)
    except DamagedFile:
        return None
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
    """The cache's first line, read alone unless the file is not written in lines."""
    try:
        found = read_regular(file, CAP, first_line=True)
        if found is not None and not found[0].partition(b"\n")[0].endswith(b","):
            found = read_regular(file, CAP)
    except (DamagedFile, OSError):
        return None
    return None if found is None else _head(file, found[0], most)


def entry_read(saved: JSON) -> Entry | None:
    """An entry as the file holds it: five fields, six with the state, seven with the keys
    of logs that cannot be read; None if it is not as scorekeeper writes it."""
    found = _read(saved)
    return None if found is None else found[0]


def _read(saved: JSON) -> tuple[Entry, Times | None] | None:
    """``entry_read``, with its row's times where the quick pass read them."""
    if type(saved) is not list or not 5 <= len(saved) <= 7:
        return None
    state = saved[5] if len(saved) > 5 else False
    broken = keys_read(saved[6]) if len(saved) > 6 else []
    if broken is None or set(map(type, saved[:4])) != {int}:
        return None
    if not (type(state) is bool or (type(state) is int and state == OVERRULED)):
        return None
    row, times = saved[4], None
    if type(row) is list:
        times = sound_times(row)
        if times is None:
            return None
    elif type(row) is not str:
        return None
    return Entry(saved[0], saved[1], saved[2], saved[3], row, state, tuple(broken)), times


def _checked(
    pairs: Iterable[tuple[str, JSON]], is_session_id: Callable[[str], bool]
) -> dict[str, Stored] | None:
    sessions = {}
    for sid, saved in pairs:
        found = _read(saved) if is_session_id(sid) else None
        if found is None:
            return None
        sessions[sid] = stored(sid, *found)
    return sessions


def keys_read(value: JSON) -> list[str] | None:
    """A session's log keys as saved, if they are keys (``copies.parse``)."""
    if type(value) is not list or not 0 < len(value) <= 100:
        return None
    for key in value:
        if type(key) is not str or copies.parse(copies.file_name("a", key)) != ("a", key):
            return None
    return [str(key) for key in value]


def encoded(
    entries: Entries, keys: Mapping[str, tuple[str, ...]], folder: list[int] | None, most: int
) -> bytes:
    """The cache's three lines, the ``most`` newest readable rows first. The damaged are
    grouped by their logs' keys and words (``[why, keys, id, digest, size, changed, id,
    ...]``): a hundred thousand junk files are a few megabytes."""
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
