"""Every game's round-entry modal, found by module: a new game's entry is one new module here.

Each module defines ``ENTRY``, a ``RoundEntry`` subclass whose ``game_id`` names the game.
"""

from __future__ import annotations

import importlib
import pkgutil

from screens.rounds.base import RoundEntry


def _discover() -> dict[str, type[RoundEntry]]:
    found: dict[str, type[RoundEntry]] = {}
    for module in pkgutil.iter_modules(__path__):
        if module.name == "base":
            continue
        entry = getattr(importlib.import_module(f"{__name__}.{module.name}"), "ENTRY", None)
        if isinstance(entry, type) and issubclass(entry, RoundEntry):
            found[entry.game_id] = entry
    return found


ENTRIES: dict[str, type[RoundEntry]] = _discover()
