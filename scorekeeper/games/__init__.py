"""Every game module in this package, found by name: a new game is one new module here.

A game's id is its module's name with ``-`` for ``_`` (``hot_rum`` is ``hot-rum``), so
looking one game up imports that game's module alone: the app starts with no game loaded,
and a list of one game's sessions loads that one. Going through them all (the New
session menu) imports every module once.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorekeeper.game import Game


class Games(Mapping[str, "Game"]):
    """The games by id, each module imported the first time its game is asked for.

    Iterating goes in menu order (``Game.menu_order``, then name). An id from outside (a
    stored file) only ever selects among this package's own modules."""

    def __init__(self, package: str, path: list[str]) -> None:
        self._package = package
        self._path = path
        self._listed: dict[str, str] | None = None
        self._found: dict[str, Game | None] = {}
        self._every: dict[str, Game] | None = None

    def rescan(self) -> None:
        """List the package's modules again when next asked: a module put on its path
        while running (a test's toy game) is found from then on, one taken off is forgotten."""
        self._listed = None
        self._found = {}
        self._every = None

    @property
    def _modules(self) -> dict[str, str]:
        """The package's modules by game id, listed the first time a game is asked for:
        an empty store's Home asks for none."""
        if self._listed is None:
            import pkgutil  # here, with the listing

            self._listed = {
                module.name.replace("_", "-"): module.name
                for module in pkgutil.iter_modules(self._path)
            }
        return self._listed

    def _game(self, game_id: object) -> Game | None:
        try:
            return self._found[game_id]  # type: ignore[index]
        except (KeyError, TypeError):  # not looked up yet, or not even hashable
            pass
        if not isinstance(game_id, str):
            return None
        module = self._modules.get(game_id)
        if module is None:
            return None
        # Here, with the first game: an empty store's Home reads no game contract.
        from scorekeeper.game import Game

        # No lock of our own: the import system makes a second thread wait for the module.
        found = getattr(importlib.import_module(f"{self._package}.{module}"), "GAME", None)
        game = found if isinstance(found, Game) else None
        if game is not None and game.id != game_id:
            raise ImportError(
                f"{self._package}.{module} defines the game {game.id!r}: a game's id is "
                f"its module's name with '-' for '_' ({game_id!r})"
            )
        self._found[game_id] = game
        return game

    def _all(self) -> dict[str, Game]:
        if self._every is None:
            found = [game for game in map(self._game, self._modules) if game is not None]
            ordered = sorted(found, key=lambda game: (game.menu_order, game.name))
            self._every = {game.id: game for game in ordered}
        return self._every

    def __getitem__(self, game_id: str) -> Game:
        game = self._game(game_id)
        if game is None:
            raise KeyError(game_id)
        return game

    def __contains__(self, game_id: object) -> bool:
        return self._game(game_id) is not None

    def get(self, game_id: str, default: Game | None = None) -> Game | None:  # type: ignore[override]
        """As ``Mapping.get``, without its detour through ``KeyError``: reports ask for a
        session's game tens of thousands of times."""
        game = self._game(game_id)
        return default if game is None else game

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


_GAMES = Games(__name__, __path__)
GAMES: Mapping[str, Game] = _GAMES


def rescan() -> None:
    """``Games.rescan`` for the one registry the app has."""
    _GAMES.rescan()
