"""Scorekeeper: the bookkeeping of six card games and any other, headless. Screens live
in ``screens``."""

from scorekeeper.errors import RuleError
from scorekeeper.games import GAMES
from scorekeeper.session import Session

__all__ = ["GAMES", "RuleError", "Session"]
__version__ = "0.1.0"
