"""Every laptop's log of one session read and folded: what the reader, the writer and
the index all read a session through. A log that cannot be read is damaged and named, and
the session made of the others; an event that cannot be trusted is counted, never folded.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from scorekeeper.store import copies
from scorekeeper.store.careful_read import DamagedFile
from scorekeeper.store.documents import damaged as damaged_file
from scorekeeper.store.stamp import files_identity
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
    ``seen`` is the files' ``files_identity``, ``latest`` places it in the list, ``own`` is
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

    seen = files_identity(files) if identify else None
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
