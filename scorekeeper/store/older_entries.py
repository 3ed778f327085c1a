"""Night names, night moves and house games as earlier layouts kept them, read as events
whose ids are made from what they hold, so every laptop makes the same ones: an older
single file (``nights.json``, ``house_games.json``, a sync engine's copies) as changes
older than any; the release before's ``nights/<laptop id>.json`` change by change.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from scorekeeper.checks import JSON, JSONObject
from scorekeeper.store.careful_read import SIZE_CAP, DamagedFile, read_json, unreadable
from scorekeeper.store.copies import original_name
from scorekeeper.store.events import Event, moved_id
from scorekeeper.store.machine import is_laptop_id

LAPTOP = "laptop"
"""The kind of a laptop's name, given only by that laptop."""
OLDER = "older"
"""Who made the changes read from an older scorekeeper's single file."""
FILE_CAP = 100
"""More laptops than any family has: a folder is not read past this."""
NAME_CAP = 40
Legacy = tuple[Path, JSONObject, str | None]
"""An older single file, the entries read from it, and what is wrong with it."""


@dataclass(frozen=True)
class Kind:
    """A kind of entry: its events' kind, the release before's folder, its check (the
    value to keep, or ``ValueError``), its cap, and the older single file and its reader."""

    event: str
    folder: str
    noun: str
    check: Callable[[str, JSON], JSON]
    cap: int
    legacy_name: str
    read_legacy: Callable[[Path], Legacy]


def legacy_files(root: Path, name: str) -> list[Path]:
    """The older single file ``name`` in ``root`` and a sync engine's copies of it."""
    try:
        names = sorted(os.listdir(root))
    except OSError:
        return []
    return [root / found for found in names if found == name or original_name(found) == name]


def moved(kind: str, key: str, value: JSON, at: int, by: str, after: tuple[str, ...]) -> Event:
    body: JSONObject = {"key": key, "value": value, "by": by}
    return Event(moved_id(after, at, kind, body), after, at, kind, body)


def legacy_events(root: Path, kind: Kind, problems: list[str], whole: list[Path]) -> list[Event]:
    """The older single files' entries; ``whole`` gets each read without a fault."""
    found = []
    for file, values, wrong in map(kind.read_legacy, legacy_files(root, kind.legacy_name)):
        found += [moved(kind.event, key, value, 0, OLDER, ()) for key, value in values.items()]
        if wrong is None:
            whole.append(file)
        else:
            problems.append(wrong)
    return found


def _journal(file: Path, kind: Kind) -> tuple[list[JSONObject], str | None]:
    """The changes of one laptop's file of the release before, and its laptop's name."""
    data = read_json(file, min(SIZE_CAP, max(256 * 1024, kind.cap * 1024)))
    if data is None:
        return [], None
    changes = data.get("changes")
    if data.get("schema") != 1 or type(changes) is not list or len(changes) > 4 * kind.cap:
        raise DamagedFile(file, f"does not hold {kind.noun} this scorekeeper reads")
    name = data.get("name")
    return changes, name[:NAME_CAP] if isinstance(name, str) and name.strip() else None


def _journal_change(raw: object, kind: Kind, made: Mapping[tuple[int, str], Event]) -> Event | None:
    """A change of the release before as an event on top of the change it saw (``made``,
    by stamp), or None if it is unusable."""
    if type(raw) is not dict or type(raw.get("key")) is not str:
        return None
    at, seen = raw.get("at"), raw.get("seen")
    if not isinstance(at, list) or not _is_stamp(at) or (seen is not None and not _is_stamp(seen)):
        return None
    try:
        value = None if raw.get("value") is None else kind.check(raw["key"], raw["value"])
    except (ValueError, TypeError):
        return None
    before = made.get((seen[0], seen[1])) if isinstance(seen, list) else None
    after = (before.id,) if before is not None and before.body["key"] == raw["key"] else ()
    return moved(kind.event, raw["key"], value, at[0] // 1_000_000, at[1], after)


def _is_stamp(raw: object) -> bool:
    return (
        type(raw) is list
        and len(raw) == 2
        and type(raw[0]) is int
        and raw[0] >= 0
        and (is_laptop_id(raw[1]) or raw[1] == "legacy")
    )


def journal_events(root: Path, kind: Kind, problems: list[str]) -> list[Event]:
    """Every laptop's file of the release before, change by change."""
    folder = root / kind.folder
    return _journals(files(folder, problems), kind, problems, folder)


def journal_problem(file: Path, kind: Kind) -> str | None:
    """What is wrong with one laptop's file of the release before, or None."""
    problems: list[str] = []
    _journals([file], kind, problems, file)
    return "; ".join(line.removeprefix(f"{file} ") for line in problems) or None


def _journals(found: list[Path], kind: Kind, problems: list[str], where: Path) -> list[Event]:
    """The changes of the files ``found``, each on top of the change it saw in whichever
    file holds it; ``where`` is named for those that cannot be used."""
    changes: list[JSONObject] = []
    names: list[Event] = []
    for file in found:
        try:
            held, name = _journal(file, kind)
        except (DamagedFile, OSError) as error:
            problems.append(f"{file} {unreadable(error)}")
            continue
        changes += held
        if name is not None and is_laptop_id(file.stem):
            names.append(moved(LAPTOP, file.stem, name, 0, file.stem, ()))
    made: dict[tuple[int, str], Event] = {}
    unusable = 0
    for raw in sorted(changes, key=_when):  # a change comes after the one it saw
        event = _journal_change(raw, kind, made)
        if event is None:
            unusable += 1
        else:
            made[raw["at"][0], raw["at"][1]] = event
    if unusable:
        problems.append(f"{where} holds {unusable:,} {kind.noun} it cannot use")
    return names + list(made.values())


def _when(raw: object) -> int:
    at = raw.get("at") if isinstance(raw, dict) else None
    return at[0] if isinstance(at, list) and at and type(at[0]) is int else 0


def files(folder: Path, problems: list[str]) -> list[Path]:
    """The ``.json`` files in ``folder``, at most ``FILE_CAP``."""
    try:
        with os.scandir(folder) as listing:
            names = sorted(entry.name for entry in listing)
    except (FileNotFoundError, NotADirectoryError):
        return []
    except OSError as error:
        problems.append(f"{folder} cannot be read ({error.strerror or error})")
        return []
    found = [folder / name for name in names if name.endswith(".json") and name[0] != "."]
    if len(found) > FILE_CAP:
        problems.append(
            f"{folder} holds {len(found):,} files, more than {FILE_CAP} laptops would write; "
            f"only the first {FILE_CAP} are read"
        )
    return found[:FILE_CAP]
