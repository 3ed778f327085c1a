"""Entries every laptop may change (night names and moves, house games): each change an
event in its laptop's own log, ``entries/<laptop id>.json``, typed on top of what that
laptop held of its entry; every laptop folds the union alike (``fold.entries``).

This laptop keeps a copy of its own log's events (``KEPT``), so a log a sync tool puts
back older loses nothing and no id is made twice. The logs are read once for both kinds,
a log again only once it changed: Home looks at each change a hundred laptops make.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import threading
import time
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from scorekeeper.checks import JSON, JSONObject
from scorekeeper.store import log, machine
from scorekeeper.store.careful_read import DamagedFile, unreadable
from scorekeeper.store.durable import backup_of
from scorekeeper.store.events import MOVED, Event, checked
from scorekeeper.store.fold import entries as fold_entries
from scorekeeper.store.machine import Laptop, is_laptop_id
from scorekeeper.store.older_entries import (
    LAPTOP,
    NAME_CAP,
    OLDER,
    Kind,
    files,
    journal_events,
    legacy_events,
    legacy_files,
)
from scorekeeper.store.stamp import identity
from scorekeeper.store.store_errors import StoreDamaged, StoreError
from scorekeeper.wording import plural

FOLDER = "entries"
SAID = "said"
"""This laptop's note of the replaced changes it has said (``machine.remember``)."""
KEPT = "entries-own"
"""This laptop's note of every event of its own log as it last wrote it."""


@dataclass(frozen=True)
class Change:
    key: str
    value: JSON  # None where the entry was removed
    id: str


@dataclass(frozen=True)
class Replaced:
    """A change that a later change of its entry, made apart, took the place of."""

    lost: Change
    kept: Change
    lost_by: str
    kept_by: str


@dataclass
class Merged:
    """The entries as every laptop works them out, and what is wrong on the way."""

    values: JSONObject = field(default_factory=dict)
    standing: dict[str, Event] = field(default_factory=dict)  # the change each value is from
    history: list[Event] = field(default_factory=list)  # every change, standing or not
    missing: list[Event] = field(default_factory=list)  # this laptop's, its log lost
    heads: dict[str, tuple[str, ...]] = field(default_factory=dict)
    replaced: list[Replaced] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    legacy: list[Path] = field(default_factory=list)  # older single files read whole
    moved: list[Event] = field(default_factory=list)  # what earlier layouts hold


def own_log(root: Path, laptop: Laptop) -> Path:
    return root / FOLDER / f"{laptop.id}.json"


def problem(file: Path) -> str | None:
    """What is wrong with one laptop's log ``file`` (or its ``.bak``) as the app says it."""
    found = _events(file, Path(file.name.removesuffix(".bak")).stem)[1]
    return "; ".join(line.removeprefix(f"{file} ") for line in found) or None


def _events(file: Path, owner: str) -> tuple[tuple[Event, ...], list[str]]:
    """The events of ``owner``'s log, and what is wrong with it."""
    if not is_laptop_id(owner):
        return (), [f"{file} is not named for a laptop, so no laptop wrote it"]
    try:
        read = log.read(file, owner)
    except (DamagedFile, OSError) as error:
        return (), [f"{file} {unreadable(error)}"]
    return read.events, [
        f"{file} holds {plural(count, 'change')} {why}" for why, count in read.refused
    ]


class _Log(NamedTuple):
    of: tuple[str, ...]
    events: tuple[Event, ...]
    problems: list[str]


@dataclass
class _Held:
    """One read of every log, kept while the logs are as they were (``of``, taken before
    they were read), and each kind folded from it."""

    laptop: str
    of: tuple[str, ...]
    logs: dict[Path, _Log]
    missing: list[Event]
    problems: list[str]
    kinds: dict[str, _Folded] = field(default_factory=dict)


@dataclass
class _Folded:
    """One kind as folded, with its earlier layouts' files as they were then (``of``); the
    changes replaced (tens of thousands at worst) worked out only once a laptop asks."""

    of: tuple[str, ...]
    merged: Merged
    pairs: tuple[tuple[Event, Event], ...]
    names: dict[str, str]
    said: list[Replaced] | None = None

    def replaced(self) -> list[Replaced]:
        if self.said is None:
            kept = {new.id: (_change(new), _by(new, self.names)) for _, new in self.pairs}
            self.said = [
                Replaced(_change(old), kept[new.id][0], _by(old, self.names), kept[new.id][1])
                for old, new in self.pairs
                if old.body.get("value") != new.body.get("value")
            ]
        return self.said


_held: dict[Path, _Held] = {}
"""What was read of each store folder, the one read last at the end."""
HELD_AT_MOST = 4  # the app's own store, and another an import reads
_holding = threading.Lock()
"""One fold at a time: a screen that asks while Home's worker folds waits for it."""


def _read(root: Path, laptop: Laptop, of: tuple[str, ...], before: dict[Path, _Log]) -> _Held:
    """Every laptop's events (a log as it was ``before`` is not read again), and this
    laptop's own that its log no longer holds (``KEPT``)."""
    problems: list[str] = []
    logs: dict[Path, _Log] = {}
    for file in files(root / FOLDER, problems):
        now, kept = _identity(file), before.get(file)
        if kept is None or not now or kept.of != now:
            kept = _Log(now, *_events(file, file.stem))
        logs[file] = kept
        problems += kept.problems
    found = [event for read in logs.values() for event in read.events]
    held = {event.id for event in found}
    missing = [event for event in _kept(root, laptop) if event.id not in held]
    if missing:
        one = len(missing) == 1
        problems.append(
            f"{own_log(root, laptop)} came back older than this laptop left it (a sync "
            f"tool put back an older copy?): {plural(len(missing), 'change')} "
            f"{'was' if one else 'were'} missing from it. This laptop kept "
            f"{'it: it is' if one else 'them: they are'} shown, and written back with "
            "the next change here or when the app next opens."
        )
    return _Held(laptop.id, of, logs, missing, problems)


def _kept(root: Path, laptop: Laptop) -> list[Event]:
    found = machine.remembered(root, f"{KEPT}-{laptop.id}")
    events = [checked(raw, laptop.id) for raw in (found if isinstance(found, list) else [])]
    return [event for event in events if isinstance(event, Event)]


def read(root: Path, kind: Kind, laptop: Laptop | None = None) -> Merged:
    """The entries of ``kind`` in the store folder ``root``, and the changes replaced that
    ``laptop`` has not said yet (none where no laptop asks)."""
    here = machine.laptop(root) if laptop is None else laptop
    with _holding:
        of = _logs_now(root, here)
        held = _held.pop(root, None)
        if held is None or (held.laptop, held.of) != (here.id, of):
            held = _read(root, here, of, {} if held is None else held.logs)
        while len(_held) >= HELD_AT_MOST:
            del _held[next(iter(_held))]  # the store read longest ago
        _held[root] = held
        older = _older_now(root, kind)
        folded = held.kinds.get(kind.event)
        if folded is None or folded.of != older:
            folded = held.kinds[kind.event] = _fold(root, kind, held, older)
        if laptop is None:
            return folded.merged
        replaced = folded.replaced()
    said = _said(root)
    unsaid = [item for item in replaced if item.lost.id not in said]
    return dataclasses.replace(folded.merged, replaced=unsaid)


def _fold(root: Path, kind: Kind, held: _Held, older: tuple[str, ...]) -> _Folded:
    merged = _older(root, kind)
    merged.problems += held.problems
    merged.missing = held.missing
    found = [event for read in held.logs.values() for event in read.events]
    usable = [e for e in found + held.missing + merged.moved if e.kind in (kind.event, LAPTOP)]
    folded = fold_entries(usable)
    unfit = [
        key
        for key, event in folded.values.items()
        if key[0] == kind.event and not _fits(kind, event)
    ]
    if unfit:  # only what would stand is checked: a change replaced since costs nothing
        keys = set(unfit)
        unusable = [e for e in usable if (e.kind, e.body.get("key")) in keys and not _fits(kind, e)]
        for maker, count in sorted(Counter(event.laptop for event in unusable).items()):
            merged.problems.append(f"{count:,} {kind.noun} from laptop {maker} cannot be used")
        dropped = {event.id for event in unusable}
        folded = fold_entries(event for event in usable if event.id not in dropped)
    live = sorted(
        key
        for (made, key), event in folded.values.items()
        if made == kind.event and event.body.get("value") is not None
    )
    if len(live) > kind.cap:
        merged.problems.append(
            f"{len(live):,} {kind.noun} are kept, more than the {kind.cap:,} scorekeeper "
            f"offers; only the first {kind.cap:,} are used"
        )
        live = live[: kind.cap]
    merged.standing = {key: folded.values[kind.event, key] for key in live}
    merged.values = {key: event.body["value"] for key, event in merged.standing.items()}
    merged.history = [event for event in usable if event.kind == kind.event]
    merged.heads = {key: ids for (made, key), ids in folded.heads.items() if made == kind.event}
    pairs = tuple(pair for pair in folded.replaced if pair[0].kind == kind.event)
    return _Folded(older, merged, pairs, _names(folded.values))


def _older(root: Path, kind: Kind) -> Merged:
    """What the earlier layouts hold of ``kind``, and what is wrong with them."""
    merged = Merged()
    merged.moved = legacy_events(root, kind, merged.problems, merged.legacy)
    merged.moved += journal_events(root, kind, merged.problems)
    return merged


def _fits(kind: Kind, event: Event) -> bool:
    """Whether the change's value is one ``kind`` can use (removing always is)."""
    value = event.body.get("value")
    try:
        if value is not None:
            kind.check(str(event.body.get("key")), value)
    except (ValueError, TypeError):
        return False
    return True


def _change(event: Event) -> Change:
    return Change(str(event.body["key"]), event.body.get("value"), event.id)


def _names(values: Mapping[tuple[str, str], Event]) -> dict[str, str]:
    """Each laptop's name, as it last gave it (only a laptop names itself)."""
    names = {}
    for (made, key), event in values.items():
        name = event.body.get("value")
        if made == LAPTOP and isinstance(name, str) and key in (event.laptop, event.body.get("by")):
            names[key] = name[:NAME_CAP]
    return names


def _by(event: Event, names: Mapping[str, str]) -> str:
    maker: object = event.laptop
    if maker == MOVED:
        maker = event.body.get("by")
    if maker == OLDER:
        return "an older scorekeeper"
    return names.get(str(maker)) or f"laptop {maker}"


def record(root: Path, kind: Kind, laptop: Laptop, changes: Mapping[str, JSON], keeps: str) -> None:
    """Write ``changes`` (key -> the new value, None to remove) into this laptop's log,
    with what earlier layouts hold and what the log lost; refused while that log cannot
    be read (nothing is written on top of what it cannot see)."""
    merged = read(root, kind, laptop)
    file = own_log(root, laptop)
    try:
        own = log.read(file, laptop.id).events
    except DamagedFile as error:
        raise StoreDamaged(
            f"{file} {error.reason}, and it is this laptop's own; nothing was changed. "
            "`scorekeeper doctor --fix` puts back its backup.",
            file,
            None,
        ) from None
    except OSError as error:
        raise StoreError(f"Cannot read {file}: {error.strerror or error}.", file) from error
    held = {event.id for event in own}
    back = [event for event in merged.missing + merged.moved if event.id not in held]
    records = [event.record() for event in {event.id: event for event in back}.values()]
    reached = max((event.number for event in _kept(root, laptop)), default=0)
    writer = log.OwnLog(file, laptop.id, held, reached)
    now = time.time_ns() // 1_000_000
    named = _names(fold_entries(own).values).get(laptop.id)
    made: list[log.Made] = []
    if named != laptop.name[:NAME_CAP]:
        made.append((LAPTOP, {"key": laptop.id, "value": laptop.name[:NAME_CAP]}, (), now))
    for key, value in changes.items():
        made.append((kind.event, {"key": key, "value": value}, merged.heads.get(key, ()), now))
    try:
        written = writer.extend(records, made)
    except OSError as error:
        raise StoreError(
            f"Could not save {file}: {error.strerror or error}. {keeps}".rstrip(), file
        ) from error
    whole = [event.record() for event in own] + records + [event.record() for event in written]
    with contextlib.suppress(OSError):
        machine.remember(root, f"{KEPT}-{laptop.id}", whole)
    older = root / kind.folder / f"{laptop.id}.json"
    for done in (*merged.legacy, older, backup_of(older)):
        with contextlib.suppress(OSError):
            os.unlink(done)


def take_over(root: Path, kind: Kind, laptop: Laptop) -> Merged:
    """Write what earlier layouts hold, and what this laptop's log lost, into its log (as
    a store opens for writing); where there is neither, no other laptop's log is read."""
    merged = _older(root, kind)
    try:
        held = {event.id for event in log.read(own_log(root, laptop), laptop.id).events}
    except (DamagedFile, OSError):
        held = set()  # the whole read below says what is wrong with it
    if not (merged.moved or merged.legacy or any(e.id not in held for e in _kept(root, laptop))):
        return merged
    merged = read(root, kind, laptop)
    if merged.moved or merged.legacy or merged.missing:
        record(root, kind, laptop, {}, "The older files stay where they are.")
    return merged


def acknowledge(root: Path, replaced: Iterable[Replaced]) -> None:
    """Note that this laptop has said these (said again where that cannot be written)."""
    ids = {item.lost.id for item in replaced}
    if ids:
        with contextlib.suppress(OSError):
            machine.remember(root, SAID, sorted(_said(root) | ids))


def _said(root: Path) -> set[str]:
    found = machine.remembered(root, SAID)
    return {item for item in found if isinstance(item, str)} if isinstance(found, list) else set()


def fingerprint(root: Path, kind: Kind) -> tuple[object, ...]:
    """The logs and the earlier layouts' files of ``kind`` as they are now."""
    return _listing(root / FOLDER), _older_now(root, kind)


def _logs_now(root: Path, laptop: Laptop) -> tuple[str, ...]:
    return *_listing(root / FOLDER), *_identity(machine.note(root, f"{KEPT}-{laptop.id}"))


def _older_now(root: Path, kind: Kind) -> tuple[str, ...]:
    found = _listing(root / kind.folder)
    for file in legacy_files(root, kind.legacy_name):
        found += _identity(file)
    return found


def _listing(folder: Path) -> tuple[str, ...]:
    with contextlib.suppress(OSError), os.scandir(folder) as listing:
        return tuple(sorted(found for entry in listing for found in _identity(entry)))
    return ()


def _identity(file: Path | os.DirEntry[str]) -> tuple[str, ...]:
    """A file's name and identity (``stamp.identity``); none where it cannot be seen."""
    try:
        info = file.stat(follow_symlinks=False)
    except OSError:
        return ()
    return (repr((file.name, *identity(info))),)
