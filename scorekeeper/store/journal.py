"""Entries that every laptop may change (night names and moves, house games), kept so
that no file is written by two laptops.

Each laptop writes only ``<kind>/<laptop id>.json`` in the store folder: its latest
change of each entry, stamped with when it was made and by which laptop, and the stamp
of the change it saw in place when it made it (``seen``). Every laptop works out the
same entries from all those files, entry by entry: an entry is what its latest change
says (the later time; the same time, the laptop id that sorts last). A change is
*replaced* when a later one of the same entry was made without seeing it: both laptops
changed it while apart, and the app says which change was kept. A laptop stops saying
so once it has shown it (``acknowledge``).

A change is made after every change it saw (its time is past theirs, whatever this
laptop's clock says), so an edit of what arrived always wins over it.

The single file of an older scorekeeper (``nights.json``, ``house_games.json``, and a
sync engine's conflict copies of it) is read as changes made when that file was last
written. The first change here copies them into this laptop's file, and only once that
file is safely written are the old ones removed.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from scorekeeper.checks import JSON, JSONObject
from scorekeeper.store.careful_read import SIZE_CAP, DamagedFile, read_json
from scorekeeper.store.conflicts import original_name
from scorekeeper.store.durable import backup_of, encode, write_atomically
from scorekeeper.store.machine import Laptop, is_laptop_id
from scorekeeper.store.store_errors import StoreDamaged, StoreError

SCHEMA = 1
LEGACY = "legacy"
"""Who made the changes read from an older scorekeeper's single file."""
FILE_CAP = 100
"""More laptops than any family has; a folder holding more is not read past this."""
NAME_CAP = 40
"""The most of a laptop's name (from its own file, so from anywhere) that is shown."""
Stamp = tuple[int, str]
Legacy = tuple[Path, JSONObject, str | None]
"""An older single file, the entries read from it, and what is wrong with it."""
"""When a change was made (nanoseconds since the epoch) and by which laptop (its id)."""


@dataclass(frozen=True)
class Change:
    key: str
    value: JSON
    """What the entry became; None where it was removed."""
    stamp: Stamp
    seen: Stamp | None = None


@dataclass(frozen=True)
class Replaced:
    """A change one laptop made that a later change of the same entry, made on a laptop
    that had not seen it, took the place of."""

    lost: Change
    kept: Change
    lost_by: str
    """The name of the laptop whose change was replaced."""
    kept_by: str


@dataclass(frozen=True)
class Kind:
    """What a journal keeps: its folder, how an entry is checked (``check`` returns the
    value to keep, raises ``ValueError`` for one it cannot), how many entries it holds at
    most, the older single file it takes over (``legacy_name``), and how that file is read
    (``read_legacy``: its entries and what is wrong with it)."""

    folder: str
    noun: str
    check: Callable[[str, JSON], JSON]
    cap: int
    legacy_name: str
    read_legacy: Callable[[Path], Legacy]

    @property
    def byte_cap(self) -> int:
        """The most a file of these entries is read of: ample for ``cap`` entries, and a
        file of far more is named without being parsed."""
        return min(SIZE_CAP, max(256 * 1024, self.cap * 1024))


@dataclass
class Merged:
    """The entries as every laptop works them out, and what is wrong on the way."""

    values: JSONObject = field(default_factory=dict)
    stamps: dict[str, Stamp] = field(default_factory=dict)
    replaced: list[Replaced] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    legacy: list[Path] = field(default_factory=list)


@dataclass
class _Journal:
    owner: str
    name: str
    changes: dict[str, Change]
    acknowledged: set[Stamp]


def legacy_files(root: Path, name: str) -> list[Path]:
    """The older single file ``name`` in ``root`` and a sync engine's conflict copies of
    it, which are read as one more laptop's version of it."""
    try:
        names = sorted(os.listdir(root))
    except OSError:
        return []
    return [root / found for found in names if found == name or original_name(found) == name]


def _own_file(root: Path, kind: Kind, laptop: Laptop) -> Path:
    return root / kind.folder / f"{laptop.id}.json"


def _stamp(raw: object) -> Stamp | None:
    if type(raw) is not list or len(raw) != 2 or type(raw[0]) is not int or raw[0] < 0:
        return None
    return (raw[0], str(raw[1])) if is_laptop_id(raw[1]) or raw[1] == LEGACY else None


def _read_journal(file: Path, kind: Kind, owner: str) -> tuple[_Journal, int]:
    """A laptop's file and how many of its changes could not be used (an empty journal
    where there is no file). Raises ``DamagedFile`` or ``OSError`` for a file that holds
    no journal at all."""
    data = read_json(file, kind.byte_cap)
    if data is None:
        return _Journal(owner, owner, {}, set()), 0
    changes = data.get("changes")
    if data.get("schema") != SCHEMA or type(changes) is not list:
        raise DamagedFile(file, f"does not hold {kind.noun} this scorekeeper reads")
    if len(changes) > 4 * kind.cap:
        raise DamagedFile(
            file, f"holds {len(changes):,} changes, more than {4 * kind.cap:,} {kind.noun} make"
        )
    name = data.get("name")
    shown = name[:NAME_CAP] if isinstance(name, str) and name.strip() else owner
    journal = _Journal(owner, shown, {}, set())
    acknowledged = data.get("acknowledged", [])
    for raw in acknowledged if type(acknowledged) is list else []:
        stamp = _stamp(raw)
        if stamp is not None:
            journal.acknowledged.add(stamp)
    unusable = 0
    for raw in changes:
        change = _change(raw, kind)
        if change is None or change.key in journal.changes:
            unusable += 1
        else:
            journal.changes[change.key] = change
    return journal, unusable


def _change(raw: object, kind: Kind) -> Change | None:
    if type(raw) is not dict or type(raw.get("key")) is not str:
        return None
    stamp, seen = _stamp(raw.get("at")), raw.get("seen")
    if stamp is None or (seen is not None and _stamp(seen) is None):
        return None
    value = raw.get("value")
    try:
        kept = None if value is None else kind.check(raw["key"], value)
    except (ValueError, TypeError):
        return None
    return Change(raw["key"], kept, stamp, _stamp(seen))


def _legacy_journals(root: Path, kind: Kind, merged: Merged) -> list[_Journal]:
    found = []
    for file, entries, wrong in map(kind.read_legacy, legacy_files(root, kind.legacy_name)):
        if wrong is not None:
            merged.problems.append(wrong)
        if not entries:
            continue
        try:
            stamp = (os.lstat(file).st_mtime_ns, LEGACY)
        except OSError:
            continue
        changes = {key: Change(key, value, stamp) for key, value in entries.items()}
        found.append(_Journal(LEGACY, "an older scorekeeper", changes, set()))
        merged.legacy.append(file)
    return found


def _journal_files(root: Path, kind: Kind, merged: Merged) -> list[tuple[Path, str]]:
    folder = root / kind.folder
    try:
        with os.scandir(folder) as listing:
            names = sorted(entry.name for entry in listing)
    except FileNotFoundError:
        return []
    except OSError as error:
        merged.problems.append(f"{folder} cannot be read ({error.strerror or error})")
        return []
    found = [
        (folder / name, name.removesuffix(".json"))
        for name in names
        if name.endswith(".json") and not name.startswith(".")
    ]
    if len(found) > FILE_CAP:
        merged.problems.append(
            f"{folder} holds {len(found):,} files, more than {FILE_CAP} laptops would write; "
            f"only the first {FILE_CAP} are read"
        )
    return found[:FILE_CAP]


def problem(file: Path, kind: Kind) -> str | None:
    """What is wrong with one laptop's file ``file`` (also a ``.bak``), or None."""
    try:
        unusable = _read_journal(file, kind, file.stem)[1]
    except DamagedFile as error:
        return error.reason
    except OSError as error:
        return f"cannot be read ({error.strerror or error})"
    return f"holds {unusable:,} {kind.noun} it cannot use" if unusable else None


def damaged_files(folder: Path, kind: Kind) -> list[tuple[Path, str]]:
    """Each laptop's file in ``folder`` that cannot be read whole, and why."""
    found = []
    for file, _ in _journal_files(folder.parent, kind, Merged()):
        wrong = problem(file, kind)
        if wrong is not None:
            found.append((file, wrong))
    return found


def read(root: Path, kind: Kind, laptop: Laptop | None = None) -> Merged:
    """The entries of ``kind`` in the store folder ``root``, merged entry by entry, and
    the changes replaced that ``laptop`` has not acknowledged yet."""
    merged = Merged()
    journals = _legacy_journals(root, kind, merged)
    for file, owner in _journal_files(root, kind, merged):
        try:
            journal, unusable = _read_journal(file, kind, owner)
        except DamagedFile as error:
            merged.problems.append(f"{file} {error.reason}")
            continue
        except OSError as error:
            merged.problems.append(f"{file} cannot be read ({error.strerror or error})")
            continue
        if unusable:
            merged.problems.append(f"{file} holds {unusable:,} {kind.noun} it cannot use")
        journals.append(journal)
    _merge(journals, kind, merged, None if laptop is None else laptop.id)
    return merged


def _merge(journals: list[_Journal], kind: Kind, merged: Merged, reader: str | None) -> None:
    latest: dict[str, Change] = {}
    for journal in journals:
        for key, change in journal.changes.items():
            best = latest.get(key)
            if best is None or change.stamp > best.stamp:
                latest[key] = change
    names = {journal.owner: journal.name for journal in journals}
    names[LEGACY] = "an older scorekeeper"
    mine = next((j.acknowledged for j in journals if j.owner == reader), set())
    for journal in journals:
        for key, change in journal.changes.items():
            kept = latest[key]
            if (
                change.stamp != kept.stamp
                and change.value != kept.value
                and (kept.seen is None or kept.seen < change.stamp)
                and change.stamp not in mine
            ):
                lost_by = names.get(change.stamp[1], change.stamp[1])
                kept_by = names.get(kept.stamp[1], kept.stamp[1])
                merged.replaced.append(Replaced(change, kept, lost_by, kept_by))
    live = sorted(key for key, change in latest.items() if change.value is not None)
    if len(live) > kind.cap:
        merged.problems.append(
            f"{len(live):,} {kind.noun} are kept, more than the {kind.cap:,} scorekeeper "
            f"offers; only the first {kind.cap:,} are used"
        )
        live = live[: kind.cap]
    merged.values = {key: latest[key].value for key in live}
    merged.stamps = {key: change.stamp for key, change in latest.items()}
    merged.replaced.sort(key=lambda replaced: replaced.kept.stamp)


def record(root: Path, kind: Kind, laptop: Laptop, changes: Mapping[str, JSON], keeps: str) -> None:
    """Write ``changes`` (key -> the new value, None to remove) into this laptop's file,
    taking over the older single file first (see the module's docstring). Refused while
    this laptop's own file cannot be read, as writing would lose what is in it."""
    file = _own_file(root, kind, laptop)
    merged = read(root, kind, laptop)
    own = _own_journal(file, kind, laptop)
    for legacy in _legacy_journals(root, kind, Merged()):
        for key, change in legacy.changes.items():
            held = own.changes.get(key)
            if held is None or held.stamp < change.stamp:
                own.changes[key] = change
    now = time.time_ns()
    for key, value in changes.items():
        seen = merged.stamps.get(key)
        at = max(now, seen[0] + 1) if seen is not None else now
        own.changes[key] = Change(key, value, (at, laptop.id), seen)
    _write(file, own, laptop, keeps)
    for legacy_file in merged.legacy:
        _remove_legacy(legacy_file)


def take_over(root: Path, kind: Kind, laptop: Laptop) -> bool:
    """Move the older single file (and a sync engine's copies of it) into this laptop's
    file, if there is one: what opening a store for writing does. Whether it did; a file
    that cannot be read is left where it is."""
    if not legacy_files(root, kind.legacy_name):
        return False
    record(root, kind, laptop, {}, "The older file stays where it is.")
    return True


def acknowledge(root: Path, kind: Kind, laptop: Laptop, replaced: Iterable[Replaced]) -> None:
    """Note in this laptop's file that it has said these changes were replaced; nothing
    is written where that cannot be done (it is said again next time)."""
    stamps = {item.lost.stamp for item in replaced}
    if not stamps:
        return
    file = _own_file(root, kind, laptop)
    with contextlib.suppress(StoreError, OSError):
        own = _own_journal(file, kind, laptop)
        own.acknowledged |= stamps
        _write(file, own, laptop, "")


def _own_journal(file: Path, kind: Kind, laptop: Laptop) -> _Journal:
    try:
        own = _read_journal(file, kind, laptop.id)[0]
    except DamagedFile as error:
        raise StoreDamaged(
            f"{file} {error.reason}, and it is this laptop's own; nothing was changed. "
            "`scorekeeper doctor --fix` puts back its backup.",
            file,
            None,
        ) from None
    except OSError as error:
        raise StoreError(f"Cannot read {file}: {error.strerror or error}.", file) from error
    own.name = laptop.name
    return own


def _write(file: Path, journal: _Journal, laptop: Laptop, keeps: str) -> None:
    data = {
        "schema": SCHEMA,
        "laptop": laptop.id,
        "name": laptop.name,
        "changes": [
            {
                "key": change.key,
                "value": change.value,
                "at": list(change.stamp),
                "seen": None if change.seen is None else list(change.seen),
            }
            for _, change in sorted(journal.changes.items())
        ],
        "acknowledged": sorted(list(stamp) for stamp in journal.acknowledged),
    }
    try:
        file.parent.mkdir(exist_ok=True)
        write_atomically(file, encode(data), backup=backup_of(file))
    except OSError as error:
        raise StoreError(
            f"Could not save {file}: {error.strerror or error}. {keeps}".rstrip(), file
        ) from error


def _remove_legacy(file: Path) -> None:
    """An older single file, once its changes are safely in this laptop's file."""
    with contextlib.suppress(OSError):
        os.unlink(file)


def fingerprint(root: Path, kind: Kind, legacy: Iterable[str]) -> tuple[object, ...]:
    """What the files of ``kind`` are now, to tell cheaply whether another laptop's
    changes arrived: each file's name, inode, size and time (a copy that keeps the time
    still lands as a new inode or a new size), and the older single files ``legacy``."""
    found: list[object] = []
    with contextlib.suppress(OSError), os.scandir(root / kind.folder) as listing:
        for entry in listing:
            with contextlib.suppress(OSError):
                info = entry.stat(follow_symlinks=False)
                found.append((entry.name, info.st_ino, info.st_size, info.st_mtime_ns))
    for name in legacy:
        with contextlib.suppress(OSError):
            info = os.lstat(root / name)
            found.append((name, info.st_ino, info.st_size, info.st_mtime_ns))
    return tuple(sorted(map(repr, found)))
