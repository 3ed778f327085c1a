"""House games: a game's options saved under a name of the table's own ("Hearts at
Grandma's"), kept in ``house_games.json`` beside the sessions.

The file is written through the store's one atomic write (with a ``.bak``) and holds
``{"schema": 1, "games": [{"name": ..., "game": <game id>, "options": {...}}, ...]}``.
Only a game with a label option (``Option.label``) has house games: the name is that
option's value, so a session started from one carries its name wherever its options go
(the list, the board, statistics, the export). Reading is careful: a damaged file, or an
entry that no longer reads under today's rules, is named and left out, and everything
else keeps working without it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper.checks import JSONMapping, JSONObject
from scorekeeper.errors import RuleError
from scorekeeper.game import Game
from scorekeeper.games import GAMES
from scorekeeper.names import check_name
from scorekeeper.seating import check_options
from scorekeeper.store.durable import backup_of, encode, write_atomically
from scorekeeper.store.errors import StoreDamaged, StoreError
from scorekeeper.store.reading import DamagedFile, read_json

if TYPE_CHECKING:
    from scorekeeper.store import Store

HOUSE_FILE = "house_games.json"
SCHEMA = 1
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
    """An entry as the file or an import holds it, checked against today's rules: a fit
    name, a game that has house games, and options that game takes."""
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


def house_file(folder: Path) -> Path:
    return folder / HOUSE_FILE


def read_house_games(folder: Path) -> tuple[list[HouseGame], str | None]:
    """The house games saved in the store folder ``folder``, and what is wrong with the
    file, if anything. Damage costs only what cannot be read."""
    file = house_file(folder)
    found, wrong = _read(file)
    return found, None if wrong is None else _lost(file, wrong)


def problem(file: Path) -> str | None:
    """What is wrong with the house games file ``file`` (also a ``.bak``), or None."""
    return _read(file)[1]


def _read(file: Path) -> tuple[list[HouseGame], str | None]:
    try:
        data = read_json(file)
    except DamagedFile as error:
        return [], error.reason
    except OSError as error:
        return [], f"cannot be read ({error.strerror or error})"
    if data is None:
        return [], None
    entries = data.get("games")
    if data.get("schema") != SCHEMA or not isinstance(entries, list):
        return [], "does not hold house games this scorekeeper reads"
    found: list[HouseGame] = []
    for entry in entries:
        try:
            kept = house_game(entry)
        except (RuleError, TypeError, ValueError):
            continue
        if not any(_same_name(kept.name, other.name) for other in found):
            found.append(kept)
    if len(found) < len(entries):
        return found, f"holds {len(entries) - len(found)} entries it cannot use"
    return found, None


def _lost(file: Path, reason: str) -> str:
    return (
        f"{file} {reason}, so the house games in it are not offered. The sessions are not "
        "affected; its backup is beside it, ending in .bak."
    )


def _same_name(one: str, other: str) -> bool:
    return one.casefold() == other.casefold()


def house_games(store: Store) -> list[HouseGame]:
    """What can be read of the store's house games, by name."""
    return read_house_games(store.path)[0]


def _to_change(store: Store) -> list[HouseGame]:
    """The house games to change and save: refused while the file is damaged, as saving
    would put what could not be read out of reach."""
    if store.readonly:
        raise StoreError(f"The store {store.path} was opened read-only; house games cannot change.")
    found, problem = read_house_games(store.path)
    if problem is not None:
        raise StoreDamaged(problem + " Nothing was changed.", house_file(store.path), None)
    return found


def _save(store: Store, games: Sequence[HouseGame], keeps: str) -> None:
    store.ensure_writable()
    file = house_file(store.path)
    ordered = sorted(games, key=lambda house: house.name.casefold())
    data = {"schema": SCHEMA, "games": [house.to_dict() for house in ordered]}
    try:
        write_atomically(file, encode(data), backup=backup_of(file))
    except OSError as error:
        raise StoreError(
            f"Could not save {file}: {error.strerror or error}. {keeps}", file
        ) from error


def save_house_game(
    store: Store, name: str, game_id: str, options: JSONMapping, replacing: str | None = None
) -> HouseGame:
    """Save ``options`` of ``game_id`` as the house game ``name``; ``replacing`` names the
    house game this one takes the place of (renamed, or its options changed)."""
    house = house_game({"name": name, "game": game_id, "options": dict(options)}, "house_game")
    games = _to_change(store)
    kept = [other for other in games if replacing is None or not _same_name(other.name, replacing)]
    if any(_same_name(other.name, house.name) for other in kept):
        raise RuleError("house_game.name", f"{name!r} is already a house game: give another name")
    _save(store, [*kept, house], "The house games stay as they were.")
    return house


def delete_house_game(store: Store, name: str) -> None:
    """Forget the house game ``name``; the sessions played as it keep its name."""
    games = _to_change(store)
    kept = [other for other in games if not _same_name(other.name, name)]
    if len(kept) == len(games):
        raise RuleError("house_game.name", f"there is no house game {name!r}")
    _save(store, kept, "The house game is still there.")


def add_house_games(store: Store, entries: Sequence[object]) -> tuple[int, list[str]]:
    """House games from another store (an import): each one not here yet by name is added,
    one here by that name is kept as it is. Returns how many were added and why each one
    that could not be read was left out (every one, where the file here is damaged)."""
    if not entries:
        return 0, []
    games, damage = read_house_games(store.path)
    if damage is not None:
        return 0, [damage]
    added, problems = 0, []
    for number, entry in enumerate(entries, start=1):
        try:
            house = house_game(entry, f"house game {number}")
        except RuleError as error:
            problems.append(f"{error.field}: {error.message}")
            continue
        if not any(_same_name(other.name, house.name) for other in games):
            games.append(house)
            added += 1
    if added:
        _save(store, games, "No house game was added.")
    return added, problems


def house_games_in(source: Path) -> list[object]:
    """The house games another store or an export file (``"house games"``) holds, as
    entries for ``add_house_games``; none where it holds none or cannot be read (the
    sessions' import says what is wrong with it)."""
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
