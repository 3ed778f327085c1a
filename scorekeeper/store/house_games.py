"""House games: a game's options saved under a name of the table's own ("Hearts at
Grandma's"), kept so that every laptop may add, change and remove them.

Each is an entry (``entries``: every laptop's changes, folded entry by entry alike)
filed under its name in any case: ``{"name": ..., "game": <game id>, "options": {...}}``.
An older scorekeeper kept them in one ``house_games.json`` (``{"schema": 1, "games":
[...]}``), the release before in ``house_games/<laptop id>.json`` (``older_entries``).

Only a game with a label option (``Option.label``) has house games: the name is that
option's value, so a session started from one carries its name wherever its options go
(the list, the board, statistics, the export). Reading is careful: a damaged file, or an
entry that no longer reads under today's rules, is named and left out, and everything
else keeps working without it.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper import __version__
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
FOLDED = "house-games"
"""This laptop's note of the house games as it last folded them, with the fingerprint of
the files it folded them from: New session opens without reading a hundred laptops' logs
again while none of them changed."""
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


def _check(key: str, value: JSON) -> JSONObject:
    """An entry as a laptop's file holds it: a house game filed under its name in any
    case; ``ValueError`` for anything else."""
    try:
        house = house_game(value)
    except RuleError as error:
        raise ValueError(error.message) from None
    if key != _key(house.name):
        raise ValueError(f"{house.name!r} is filed under {key!r}")
    return house.to_dict()


def _read_legacy(file: Path) -> older_entries.Legacy:
    found, wrong = _read(file)
    entries = {_key(house.name): house.to_dict() for house in found}
    return file, entries, None if wrong is None else _lost(file, wrong)


KIND = older_entries.Kind("house", FOLDER, "house games", _check, CAP, HOUSE_FILE, _read_legacy)


def read_house_games(folder: Path) -> tuple[list[HouseGame], str | None]:
    """The house games saved in the store folder ``folder``, by name, and what is wrong
    on the way, if anything (one line, however many files). Damage costs only what
    cannot be read. While no file they are read from changed, what this laptop noted
    when it last read them is the answer (``FOLDED``)."""
    of = hashlib.sha256(repr((__version__, fingerprint(folder))).encode()).hexdigest()
    noted = _noted(folder, of)
    if noted is not None:
        return noted
    merged = entries.read(folder, KIND)
    games = [_from_dict(value) for value in merged.values.values()]
    games.sort(key=lambda house: house.name.casefold())
    found = _in_one_line(merged.problems) if merged.problems else None
    note = {"of": of, "games": [house.to_dict() for house in games], "problem": found}
    with contextlib.suppress(OSError, ValueError):
        machine.remember(folder, FOLDED, note, durable=False)
    return games, found


def _in_one_line(problems: list[str]) -> str:
    """What is wrong, in one line however many files."""
    first, more = problems[0], len(problems) - 1
    if not first.endswith("."):
        first += f", so {_NOT_OFFERED}"
    return first if not more else f"{first} ({more} more: `scorekeeper doctor` names them)"


def _noted(folder: Path, of: str) -> tuple[list[HouseGame], str | None] | None:
    """The house games as noted when the files were as they are now (``of``), each
    checked again as a file's would be; None if there is no such note."""
    note = machine.remembered(folder, FOLDED)
    if not isinstance(note, dict) or note.get("of") != of:
        return None
    games, found = note.get("games"), note.get("problem")
    if not isinstance(games, list) or not (found is None or isinstance(found, str)):
        return None
    try:
        return [house_game(value) for value in games], found
    except RuleError:
        return None


def fingerprint(folder: Path) -> object:
    """What the house games are now on disk, to tell whether they changed."""
    return entries.fingerprint(folder, KIND)


def _from_dict(value: JSONObject) -> HouseGame:
    return HouseGame(value["name"], value["game"], value["options"])


def _read(file: Path) -> tuple[list[HouseGame], str | None]:
    """The house games in an older single file, in one pass (a name seen once is not
    looked for again), at most ``CAP`` of them."""
    try:
        data = read_json(file, BYTE_CAP)
    except (DamagedFile, OSError) as error:
        return [], unreadable(error)
    if data is None:
        return [], None
    entries = data.get("games")
    if data.get("schema") != SCHEMA or not isinstance(entries, list):
        return [], "does not hold house games this scorekeeper reads"
    found: dict[str, HouseGame] = {}
    for entry in entries[:CAP]:
        try:
            kept = house_game(entry)
        except (RuleError, TypeError, ValueError):
            continue
        found.setdefault(_key(kept.name), kept)
    if len(entries) > CAP:
        wrong = f"holds {len(entries):,} house games; only the first {CAP:,} are read"
        return list(found.values()), wrong
    if len(found) < len(entries):
        return list(found.values()), f"holds {len(entries) - len(found)} entries it cannot use"
    return list(found.values()), None


def _lost(file: Path, reason: str) -> str:
    return f"{file} {reason}, so {_NOT_OFFERED}"


def _key(name: str) -> str:
    return name.casefold()


def house_games(store: Store) -> list[HouseGame]:
    """What can be read of the store's house games, by name."""
    return read_house_games(store.path)[0]


def _to_change(store: Store) -> dict[str, HouseGame]:
    """The house games as every laptop's files make them now, to change entry by entry."""
    if store.readonly:
        raise StoreError(f"The store {store.path} was opened read-only; house games cannot change.")
    store.ensure_writable()
    return {_key(house.name): house for house in read_house_games(store.path)[0]}


def _save(
    store: Store, changes: Mapping[str, HouseGame | None], keeps: str, laptop: Laptop | None
) -> None:
    changed = {key: None if house is None else house.to_dict() for key, house in changes.items()}
    entries.record(store.path, KIND, laptop or machine.laptop(store.path), changed, keeps)


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
    changes: dict[str, HouseGame | None] = {}
    if replacing is not None and _key(replacing) in games:
        changes[_key(replacing)] = None
    if _key(house.name) in games and _key(house.name) not in changes:
        raise RuleError("house_game.name", f"{name!r} is already a house game: give another name")
    changes[_key(house.name)] = house
    _save(store, changes, "The house games stay as they were.", laptop)
    return house


def delete_house_game(store: Store, name: str, laptop: Laptop | None = None) -> None:
    """Forget the house game ``name``; the sessions played as it keep its name."""
    games = _to_change(store)
    if _key(name) not in games:
        raise RuleError("house_game.name", f"there is no house game {name!r}")
    _save(store, {_key(name): None}, "The house game is still there.", laptop)


def add_house_games(store: Store, entries: Sequence[object]) -> tuple[int, list[str]]:
    """House games from another store (an import): each one not here yet by name is added,
    one here by that name is kept as it is. Returns how many were added and why each one
    that could not be read was left out."""
    if not entries:
        return 0, []
    games = _to_change(store)
    added: dict[str, HouseGame | None] = {}
    problems = []
    for number, entry in enumerate(entries[: CAP + 1], start=1):
        if number > CAP:
            problems.append(f"house games: only the first {CAP:,} are read")
            break
        try:
            house = house_game(entry, f"house game {number}")
        except RuleError as error:
            problems.append(f"{error.field}: {error.message}")
            continue
        if _key(house.name) not in games and _key(house.name) not in added:
            added[_key(house.name)] = house
    if added:
        _save(store, added, "No house game was added.", None)
    return len(added), problems


def replaced(folder: Path, laptop: Laptop | None = None) -> list[str]:
    """What the later change of a house game, made on a laptop that had not seen it,
    replaced: a line each, for this laptop until it has said so (``acknowledge``)."""
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
        f'The house game "{visible(name)}" was'
        f" changed on two laptops: {lost_words} "
        f"({visible(item.lost_by)}) was replaced by {kept_words} ({visible(item.kept_by)}), "
        "the later change."
    )


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
