"""Each game at its largest table (its most players, or ten where it has no most), two
rounds in: the tightest fit of every screen at 80x24.

Each game's two rounds are its own module here, named as its module in
``scorekeeper/games/`` (``rounds(players)``): a game added brings its own, and nothing
here names a game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from scorekeeper.games import GAMES
from scorekeeper.session import Session
from tests.strategies import NAMES

NO_MOST = 10
"""Players at a game that sets no most: as many as a big family table seats."""

Rounds = Callable[[list[str]], list[dict[str, Any]]]


def rounds_of(game: str) -> Rounds:
    """The game's two rounds at its largest table, from its module here."""
    module = game.replace("-", "_")
    try:
        found = importlib.import_module(f"{__name__}.{module}")
    except ModuleNotFoundError:
        raise LookupError(
            f"tests/ui/largest/{module}.py: add it, with rounds(players), two rounds of "
            f"{GAMES[game].name} at its largest table"
        ) from None
    made: Rounds = found.rounds
    return made


def largest(game: str) -> Session:
    """``game`` at its largest table, two rounds recorded."""
    players = list(NAMES[: GAMES[game].max_players or NO_MOST])
    session = Session.new(game, players, dealer=players[0])
    for round_ in rounds_of(game)(players):
        session.record(round_)
    return session
