"""Every game's round-entry modal, found by module: a new game's entry is one new module here.

Each module defines ``ENTRY``, a ``RoundEntry`` subclass whose ``game_id`` names the game.
An entry is imported the first time its game needs it, from the module named after the
game id (``-`` as ``_``); only a lookup that misses, or a walk over them all, imports
every module, so opening one table never loads the other games' entries.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from screens.rounds.base import RoundEntry


def _entry_in(name: str) -> type[RoundEntry] | None:
    from screens.rounds.base import RoundEntry  # here: the base loads the widgets

    entry = getattr(importlib.import_module(f"{__name__}.{name}"), "ENTRY", None)
    return entry if isinstance(entry, type) and issubclass(entry, RoundEntry) else None


class _Entries(Mapping[str, "type[RoundEntry]"]):
    """Game id to entry class, filled as games are asked for."""

    def __init__(self) -> None:
        self._found: dict[str, type[RoundEntry]] = {}
        self._complete = False

    def rescan(self) -> None:
        """Look for the entries again: a module put on the package's path while running
        (a test's toy game) is found from now on, one taken off is forgotten."""
        self._found = {}
        self._complete = False

    def _discover(self) -> None:
        if self._complete:
            return
        for module in pkgutil.iter_modules(__path__):
            if module.name != "base":
                entry = _entry_in(module.name)
                if entry is not None:
                    self._found.setdefault(entry.game_id, entry)
        self._complete = True

    def __getitem__(self, game_id: str) -> type[RoundEntry]:
        if game_id not in self._found and not self._complete:
            name = game_id.replace("-", "_")
            known = {module.name for module in pkgutil.iter_modules(__path__)}
            entry = _entry_in(name) if name in known and name != "base" else None
            if entry is not None and entry.game_id == game_id:
                self._found[game_id] = entry
            else:
                self._discover()
        return self._found[game_id]

    def __contains__(self, game_id: object) -> bool:
        if not isinstance(game_id, str):
            return False
        try:
            self[game_id]
        except KeyError:
            return False
        return True

    def __iter__(self) -> Iterator[str]:
        self._discover()
        return iter(self._found)

    def __len__(self) -> int:
        self._discover()
        return len(self._found)


_ENTRIES = _Entries()
ENTRIES: Mapping[str, type[RoundEntry]] = _ENTRIES


def rescan() -> None:
    """``_Entries.rescan`` for the one registry the app has."""
    _ENTRIES.rescan()
