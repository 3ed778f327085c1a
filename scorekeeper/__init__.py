"""Scorekeeper: the bookkeeping of card games, headless. Screens live in ``screens``.

``Session``, ``GAMES`` and ``RuleError`` are imported when first named here, not with the
package: the console script's first import (``collector``) must not read the games and
the session before it turns the garbage collector off for the app's start."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorekeeper.errors import RuleError
    from scorekeeper.games import GAMES
    from scorekeeper.session import Session

__all__ = ["GAMES", "RuleError", "Session"]
__version__ = "0.1.0"

_HOMES = {
    "GAMES": "scorekeeper.games",
    "RuleError": "scorekeeper.errors",
    "Session": "scorekeeper.session",
}


def __getattr__(name: str) -> object:
    """``scorekeeper.Session`` and the others, from their modules on first use."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'scorekeeper' has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
