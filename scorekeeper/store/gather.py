"""Every laptop's log of one session read and folded: what the reader, the writer and
the index all read a session through. A log that cannot be read is damaged and named, and
the session made of the others; an event that cannot be trusted is counted, never folded.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from scorekeeper.store import copies
from scorekeeper.store.careful_read import DamagedFile
from scorekeeper.store.documents import damaged as damaged_file
from scorekeeper.store.store_errors import StoreDamaged, StoreError

if TYPE_CHECKING:
    from scorekeeper.store.events import Event
    from scorekeeper.store.fold import Folded
    from scorekeeper.store.log import Read
    from scorekeeper.store.merge import Merged

Files = Sequence[tuple[str, Path]]
"""A session's log files: each one's key (``copies``) and path."""
Logs = Sequence[tuple[str, "Read"]]
"""A session's logs as read: each one's key and what it holds."""


class Gathered(NamedTuple):
    """A session as its logs make it: ``refused`` counts the events left out by reason,
    ``seen`` is the files' ``identity``, ``latest`` places it in the list, ``own`` is
    this laptop's log as read (its next change is appended to it)."""

    merged: Merged
    folded: Folded
    events: dict[str, Event]
    damaged: list[StoreDamaged]
    refused: dict[str, int]
    seen: list[int] | None
    latest: int
    own: Read | None = None

    @property
    def waiting(self) -> bool:
        return self.merged.waiting


def identity(files: Files) -> list[int] | None:
    """One identity for a session's log files (names, inodes, sizes, change times), which
    another laptop's log arriving changes; None: no file."""
    found = []
    for key, path in sorted(files):
        try:
            stat = os.stat(path)
        except FileNotFoundError:
            continue
        found.append((key, stat.st_ino, stat.st_size, stat.st_ctime_ns))
    return combined(found) if found else None


def combined(found: Sequence[tuple[str, int, int, int]]) -> list[int]:
    """``identity`` of logs as (key, inode, size, change time), sorted by key."""
    import hashlib  # here: Home's first frame fingerprints no log (OpenSSL loads with it)

    digest = int.from_bytes(hashlib.blake2b(repr(found).encode(), digest_size=7).digest(), "big")
    if len(found) == 1:  # most sessions (a record takes it thrice): no generator stepped
        return [digest, found[0][2], found[0][3]]
    return [digest, sum(item[2] for item in found), max(item[3] for item in found)]


def gather(
    files: Files,
    missing: Callable[[], StoreError],
    kept: Callable[[Logs], Sequence[Event]] = lambda logs: (),
    own: str = "",
    *,
    identify: bool = True,
) -> Gathered:
    """The session the logs ``files`` make, with ``kept(the logs read)`` (what this laptop
    folded of other laptops' logs before), asked only where a log reads; ``missing()`` if
    there is none; the first damage if no log reads or the events make no session (only a
    log of ``own``, this laptop, is said to be mended by ``doctor --fix``)."""
    from scorekeeper.store import log  # here: a list read from its index opens no database

    seen = identity(files) if identify else None
    read: list[tuple[str, Read]] = []
    damaged: list[StoreDamaged] = []
    refused: Counter[str] = Counter()
    for key, path in sorted(files):
        try:
            found = log.read(path, copies.owner(key))
        except FileNotFoundError:
            continue
        except DamagedFile as error:
            mine = bool(own) and copies.owner(key) == own
            damaged.append(damaged_file(path, error.reason, recover=mine))
            continue
        except OSError as error:
            damaged.append(damaged_file(path, f"cannot be read ({error.strerror})", recover=False))
            continue
        read.append((key, found))
        refused.update(dict(found.refused))
    logs = [found.events for _, found in read]
    if read and (held := kept(read)):
        logs.append(tuple(held))
    if not logs:
        if damaged:
            raise damaged[0]
        raise missing()
    from scorekeeper.store.events import NEWER
    from scorekeeper.store.fold import names, session, union  # here: Home starts without them
    from scorekeeper.store.merge import merged

    events, clashes = union(logs)
    folded = session(events.values())
    refused.update(why for _, why in clashes)
    if folded.setup is None:
        if damaged:
            raise damaged[0]
        key, first = sorted(files)[0]
        if refused.get(NEWER):  # its set-up may be of a kind a newer release writes
            reason = f"holds events {NEWER}: upgrade scorekeeper to read it"
            raise damaged_file(first, reason, recover=False)
        mine = bool(own) and copies.owner(key) == own
        raise damaged_file(first, "holds no set-up of a session", recover=mine)
    made = merged(folded, names(events.values()))
    as_read = next((found for key, found in read if own and copies.owner(key) == own), None)
    latest = _latest(events, folded)
    return Gathered(made, folded, events, damaged, dict(refused), seen, latest, as_read)


def _latest(events: dict[str, Event], folded: Folded) -> int:
    """When the latest event the fold took in was made: a peer's event it refuses may
    claim any time, and never moves the session up the list."""
    refused = {made for made, _ in folded.refused}
    return max([event.at for made, event in events.items() if made not in refused])


def stepped(found: Gathered, made: Sequence[Event], seen: list[int] | None) -> Gathered | None:
    """``found`` with the events ``made`` here on top of its version shown, stepped in
    memory as folding again would make it; None where it is more than a step."""
    from scorekeeper.store.fold import STEPS, names, step  # here: Home starts without them
    from scorekeeper.store.merge import merged

    if found.waiting:
        return None
    folded, events = found.folded, dict(found.events)
    shown = folded.shown
    for event in made:
        events[event.id] = event
        if event.kind == "laptop":
            continue
        if event.kind not in STEPS or event.after != (shown.head,):
            return None
        line = step(event, {shown.head: shown})
        if isinstance(line, str):
            return None
        shown = line
    folded = replace(folded, shown=shown)
    renamed = any(event.kind == "laptop" for event in made)
    named = names(events.values()) if renamed else found.merged.names  # else as they were
    as_shown = merged(folded, named, (found.folded.shown, found.merged.shown))
    latest = max([found.latest, *[event.at for event in made]])
    return Gathered(as_shown, folded, events, found.damaged, found.refused, seen, latest)


def folded(folder: Path, leave_out: Collection[str] = ()) -> int:
    """One number for the ``.json`` files in ``folder`` (name, inode, size, change time) but
    the logs of the sessions in ``leave_out``: the same while none changed."""
    total = 0
    try:
        with os.scandir(folder) as listing:
            for entry in listing:
                name = entry.name
                if name.endswith(".json") and name[: name.find(".")] not in leave_out:
                    try:
                        stat = entry.stat()
                    except FileNotFoundError:
                        continue
                    total += hash((name, stat.st_ino, stat.st_size, stat.st_ctime_ns))
    except FileNotFoundError:
        pass
    return total & ((1 << 64) - 1)


REFUSED_BY_RULES = "holds a round the game's rules refuse"
"""Why an event whose round does not replay is left out (``reader.playable``)."""


def without(found: Gathered, made: str, why: str) -> Gathered:
    """``found`` folded again without the event ``made`` (nor what is typed on top of it),
    counted as refused for ``why``; still held, so no id of it is ever made again."""
    from scorekeeper.store.fold import names, session  # here: Home starts without them
    from scorekeeper.store.merge import merged

    kept = [event for event in found.events.values() if event.id != made]
    folded = session(kept)
    folded = replace(folded, refused=(*folded.refused, (made, why)))
    refused = {**found.refused, why: found.refused.get(why, 0) + 1}
    latest = _latest(found.events, folded)
    named = merged(folded, names(kept))
    return found._replace(merged=named, folded=folded, refused=refused, latest=latest)
