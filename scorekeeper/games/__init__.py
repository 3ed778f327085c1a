"""Every game module in this package, found by name: a new game is one new module here."""

from __future__ import annotations

import importlib
import pkgutil

from scorekeeper.game import Game


def _discover() -> dict[str, Game]:
    found: list[Game] = []
    for module in pkgutil.iter_modules(__path__):
        game = getattr(importlib.import_module(f"{__name__}.{module.name}"), "GAME", None)
        if isinstance(game, Game):
            found.append(game)
    return {game.id: game for game in sorted(found, key=lambda game: (game.menu_order, game.name))}


GAMES: dict[str, Game] = _discover()
