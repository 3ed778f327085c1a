"""5000 Rummy's options and its own ``info``, as the type checker reads them: the rules,
their words and the hand counting each read them typed.

Kept out of ``scorekeeper/games/`` so it is not taken for a game of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import NotRequired, TypedDict, cast

from scorekeeper.game import Setup


class Options(TypedDict):
    target: int
    stake: int
    """Cents per point of difference, or per game point in the game-point variations."""
    play_to_win: bool
    must_go_out: bool
    michigan: bool
    money_cards: bool
    partners: bool
    doubling: bool
    limit_poker: bool


class Info(TypedDict):
    target: int
    wild: str | None
    """The wild rank of the last hand played; None before the first."""
    hands: int
    """Hands dealt: a michigan false claim is none."""
    game_points: NotRequired[Mapping[str, int | Fraction]]
    """In the game-point variations: games won (a shared one a fraction), or what a
    two-hand game's cube or pot moved, which is always whole."""
    partnerships: NotRequired[Mapping[str, int]]
    """With partners: each side's shared total, by its names ("Ann & Cy")."""
    stopped: NotRequired[bool]


def options_of(setup: Setup) -> Options:
    """The table's options, typed: what ``Game.options_of`` gives, for the hand counting
    outside the game's class (checked against the game's options as the table was set)."""
    return cast(Options, setup.options)


def whole_points(info: Info) -> dict[str, int]:
    """The game points of a two-hand game (the cube or the pot moves whole ones only)."""
    return {name: int(points) for name, points in info.get("game_points", {}).items()}
