"""Who may sit at a table, and with which house options: the checks a new session makes.

A name fit to be seen (``names``), unique at the table in any capitals and no kitty's
name; a player count the game allows; only options the game knows, each in its range.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.errors import RuleError
from scorekeeper.game import Game, OptionValue
from scorekeeper.json_copy import json_copy
from scorekeeper.names import NAME_LENGTH, check_name
from scorekeeper.settle import kitties
from scorekeeper.wording import clipped

SHOWN_NAME = 8
"""The cells of a refused name its message quotes (the rest cut with "…"): a long paste
is said on one line beside the seats, not repeated over five."""


def check_seat(name: object, seated: Sequence[object], field: str = "players") -> None:
    """Refuse a name that cannot join ``seated`` at a new table (the same name in other
    capitals, too): a form checks each name as it is typed with the session's own rule."""
    if not isinstance(name, str) or not name.strip():
        raise RuleError(field, "every player needs a name")
    if name != name.strip():
        raise RuleError(field, f"{name!r} has spaces at its start or end")
    shown = repr(clipped(name, SHOWN_NAME))
    if len(name) > NAME_LENGTH:
        raise RuleError(field, f"{shown} is over {NAME_LENGTH} characters")
    check_name(name, field, f"name {shown}")
    if any(isinstance(other, str) and other.casefold() == name.casefold() for other in seated):
        raise RuleError(field, f"{name!r} is already at the table")
    kitty = kitties().get(name)
    if kitty is not None:
        raise RuleError(field, f"{name!r} is reserved: {kitty.name} settles up with it as a party")


def check_players(players: object, game: Game, new: bool) -> tuple[str, ...]:
    """The seats, each a fit name (``names``) at a new table; a table saved before names
    had that rule keeps the names it was started with."""
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise RuleError("players", "must be a list of names in clockwise seat order")
    seen: set[str] = set()
    reserved = kitties()
    for seat, name in enumerate(players, start=1):
        if not isinstance(name, str) or not name.strip():
            raise RuleError(f"players[{seat}]", "every player needs a name")
        if name != name.strip():
            raise RuleError(f"players[{seat}]", f"{name!r} has spaces at its start or end")
        if new:
            check_name(name, f"players[{seat}]", f"name of player {seat}")
        if name.casefold() in seen:
            raise RuleError(f"players[{seat}]", f"{name!r} is already at the table")
        kitty = reserved.get(name)
        if kitty is not None:
            raise RuleError(
                f"players[{seat}]",
                f"{name!r} is reserved: {kitty.name} settles up with it as a party",
            )
        seen.add(name.casefold())
    count = len(players)
    upper = game.max_players
    if count < game.min_players or (upper is not None and count > upper):
        span = f"{game.min_players}-{upper}" if upper else f"{game.min_players} or more"
        raise RuleError("players", f"{game.name} is for {span} players, not {count}")
    return tuple(players)


def check_options(options: object, game: Game, count: int) -> dict[str, OptionValue]:
    given = json_copy(options or {}, "options")
    if not isinstance(given, dict):
        raise RuleError("options", "must be a mapping of option names to values")
    for name in given:
        if name not in game.options:
            known = ", ".join(game.options) or "none"
            raise RuleError(f"options.{name}", f"{game.name} has no such option (known: {known})")
    return {
        name: option.check(name, given[name], count) if name in given else option.default_for(count)
        for name, option in game.options.items()
    }
