"""5000 Rummy in one place: the rules (``rules``), what they decided in the table's words
(``words``), counting a hand from points or cards (``hands``), and what a hand is worth
in the two-player doubling and limit-poker games (``stakes``, with the doubling cube in
``cube`` and the poker pot in ``pot``)."""

from scorekeeper.games.rummy_5000.rules import GAME, Rummy5000

__all__ = ["GAME", "Rummy5000"]
