"""House games: a game's options saved under a name of the table's own ("Hearts at
Grandma's"), which every laptop may add, change and remove: each an entry (``entries``)
filed under its name in any case, ``{"name": ..., "game": <id>, "options": {...}}``.

Only a game with a label option (``Option.label``) has house games: the name is that
option's value, so a session started from one carries it wherever its options go.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper.checks import JSON, JSONMapping, JSONObject
from scorekeeper.errors import RuleError
from scorekeeper.game import Game
from scorekeeper.games import GAMES
from scorekeeper.names import check_name
from scorekeeper.seating import check_options
from scorekeeper.store import entries, machine, older_entries
from scorekeeper.store.careful_read import DamagedFile, read_json, unreadable
from scorekeeper.store.machine import Laptop
from scorekeeper.store.store_errors import StoreError
from scorekeeper.wording import visible

if TYPE_CHECKING:
    from scorekeeper.store import Store

HOUSE_FILE = "house_games.json"
FOLDER = "house_games"
SCHEMA = 1
CAP = 200
"""More house games than any table keeps; beyond this none is read, and the app says so."""
BYTE_CAP = 256 * 1024
"""The most of an older single file that is read: ample for ``CAP`` house games."""
_NOT_OFFERED = "the house games it cannot give are not offered. The sessions are not affected."
EXPORT_KEY = "house games"
"""Where an export file (``export --json``) holds the house games."""


@dataclass(frozen=True)
class HouseGame:
    """One saved house game: its name, its game and the options it starts with."""

    name: str
    game: str
    options: JSONMapping

    def to_dict(self) -> JSONObject:
        return {"name": self.name, "game": self.game, "options": dict(self.options)}


def label_option(game: Game) -> str | None:
    """The option that holds a house game's name, if the game has house games."""
    return next((name for name, option in game.options.items() if option.label), None)


def house_game(entry: object, field: str = "house game") -> HouseGame:
    """An entry as a file or an import holds it, checked against today's rules."""
    if not isinstance(entry, dict):
        raise RuleError(field, "is not a house game (a name, a game and its options)")
    name = check_name(entry.get("name"), f"{field}.name", "house game's name")
    game_id = entry.get("game")
    game = GAMES.get(game_id) if isinstance(game_id, str) else None
    label = None if game is None else label_option(game)
    if game is None or label is None:
        raise RuleError(f"{field}.game", f"{game_id!r} is no game with house games")
    given = entry.get("options", {})
    if not isinstance(given, dict):
        raise RuleError(f"{field}.options", "must be a mapping of option names to values")
    options = {**given, label: name}
    return HouseGame(name, game.id, check_options(options, game, game.min_players))


def _check(key: str, value: JSON) -> JSONObject:
    """An entry as a laptop's file holds it; ``ValueError`` for anything else."""
    try:
        house = house_game(value)
    except RuleError as error:
        raise ValueError(error.message) from None
    if key != _key(house.name):
        raise ValueError(f"{house.name!r} is filed under {key!r}")
    return house.to_dict()


def _read_legacy(file: Path) -> older_entries.Legacy:
    """An older scorekeeper's single file (``{"schema": 1, "games": [...]}``), by key."""
    try:
        data = read_json(file, BYTE_CAP)
    except (DamagedFile, OSError) as error:
        return file, {}, _lost(file, unreadable(error))
    if data is None:
        return file, {}, None
    listed = data.get("games")
    if data.get("schema") != SCHEMA or not isinstance(listed, list):
        return file, {}, _lost(file, "does not hold house games this scorekeeper reads")
    found: JSONObject = {}
    for entry in listed[:CAP]:
        with contextlib.suppress(RuleError, TypeError, ValueError):
            house = house_game(entry)
            found.setdefault(_key(house.name), house.to_dict())
    if len(listed) > CAP:
        wrong = f"holds {len(listed):,} house games; only the first {CAP:,} are read"
        return file, found, _lost(file, wrong)
    if len(found) < len(listed):
        return file, found, _lost(file, f"holds {len(listed) - len(found)} entries it cannot use")
    return file, found, None


KIND = older_entries.Kind("house", FOLDER, "house games", _check, CAP, HOUSE_FILE, _read_legacy)


def read_house_games(folder: Path) -> tuple[list[HouseGame], str | None]:
    """The house games saved in the store folder ``folder``, by name, and what is wrong
    on the way in one line however many files (``doctor`` names them all)."""
    merged = entries.read(folder, KIND)
    games = [HouseGame(**value) for value in merged.values.values()]
    games.sort(key=lambda house: house.name.casefold())
    if not merged.problems:
        return games, None
    first, more = merged.problems[0], len(merged.problems) - 1
    if not first.endswith("."):
        first += f", so {_NOT_OFFERED}"
    return games, first if not more else f"{first} ({more} more: `scorekeeper doctor` names them)"


def fingerprint(folder: Path) -> object:
    """What the house games are now on disk, to tell whether they changed."""
    return entries.fingerprint(folder, KIND)


def _lost(file: Path, reason: str) -> str:
    return f"{file} {reason}, so {_NOT_OFFERED}"


def _key(name: str) -> str:
    return name.casefold()


def house_games(store: Store) -> list[HouseGame]:
    """What can be read of the store's house games, by name."""
    return read_house_games(store.path)[0]


def _to_change(store: Store) -> dict[str, HouseGame]:
    """The house games as every laptop's files make them now, to change."""
    if store.readonly:
        raise StoreError(f"The store {store.path} was opened read-only; house games cannot change.")
    store.ensure_writable()
    return {_key(house.name): house for house in read_house_games(store.path)[0]}


def _save(store: Store, changes: Mapping[str, JSON], keeps: str, laptop: Laptop | None) -> None:
    entries.record(store.path, KIND, laptop or machine.laptop(store.path), changes, keeps)


def save_house_game(
    store: Store,
    name: str,
    game_id: str,
    options: JSONMapping,
    replacing: str | None = None,
    laptop: Laptop | None = None,
) -> HouseGame:
    """Save ``options`` of ``game_id`` as the house game ``name``; ``replacing`` names the
    house game this one takes the place of (renamed, or its options changed)."""
    house = house_game({"name": name, "game": game_id, "options": dict(options)}, "house_game")
    games = _to_change(store)
    changes: JSONObject = {}
    if replacing is not None and _key(replacing) in games:
        changes[_key(replacing)] = None
    if _key(house.name) in games and _key(house.name) not in changes:
        raise RuleError("house_game.name", f"{name!r} is already a house game: give another name")
    changes[_key(house.name)] = house.to_dict()
    _save(store, changes, "The house games stay as they were.", laptop)
    return house


def delete_house_game(store: Store, name: str, laptop: Laptop | None = None) -> None:
    """Forget the house game ``name``; the sessions played as it keep its name."""
    games = _to_change(store)
    if _key(name) not in games:
        raise RuleError("house_game.name", f"there is no house game {name!r}")
    _save(store, {_key(name): None}, "The house game is still there.", laptop)


def add_house_games(store: Store, entries: Sequence[object]) -> tuple[int, list[str]]:
    """Add the house games of another store (an import) not here yet by name; how many
    were added, and why each that could not be read was left out."""
    if not entries:
        return 0, []
    games = _to_change(store)
    added: JSONObject = {}
    problems = []
    for number, entry in enumerate(entries[:CAP], start=1):
        try:
            house = house_game(entry, f"house game {number}")
        except RuleError as error:
            problems.append(f"{error.field}: {error.message}")
            continue
        if _key(house.name) not in games:
            added.setdefault(_key(house.name), house.to_dict())
    if len(entries) > CAP:
        problems.append(f"house games: only the first {CAP:,} are read")
    if added:
        _save(store, added, "No house game was added.", None)
    return len(added), problems


def replaced(folder: Path, laptop: Laptop | None = None) -> list[str]:
    """A line for each change of a house game that a later one made apart replaced, until
    this laptop has said it (``acknowledge``)."""
    found = entries.read(folder, KIND, laptop or machine.laptop(folder)).replaced
    return [_said(item) for item in found]


def acknowledge(store: Store, laptop: Laptop | None = None) -> None:
    """Note that this laptop has said what ``replaced`` says, so it says it once."""
    if store.readonly:
        return
    laptop = laptop or machine.laptop(store.path)
    entries.acknowledge(store.path, entries.read(store.path, KIND, laptop).replaced)


def _said(item: entries.Replaced) -> str:
    lost, kept = item.lost.value, item.kept.value
    name = (kept or lost or {}).get("name", item.kept.key)
    lost_words = "removing it" if lost is None else "its options then"
    kept_words = "its removal" if kept is None else "the options now kept"
    return (
        f'The house game "{visible(name)}" was changed on two laptops: {lost_words} '
        f"({visible(item.lost_by)}) was replaced by {kept_words} ({visible(item.kept_by)}), "
        "the later change."
    )


def house_games_in(source: Path) -> list[object]:
    """The house games another store or an export file holds; none where it cannot be
    read (the sessions' import says why)."""
    if source.is_dir():
        return [house.to_dict() for house in read_house_games(source)[0]]
    try:
        data = read_json(source)
    except (DamagedFile, OSError):
        return []
    entries = None if data is None else data.get(EXPORT_KEY)
    return list(entries) if isinstance(entries, list) else []


def export_entries(store: Store) -> list[JSONObject]:
    """The store's house games as an export file holds them under ``EXPORT_KEY``."""
    return [house.to_dict() for house in house_games(store)]
