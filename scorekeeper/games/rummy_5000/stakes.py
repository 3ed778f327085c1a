"""5000 Rummy's game points: the variations that play for them, and what a hand is worth
between two players, the doubling cube or the poker pot.

Kept out of ``scorekeeper/games/`` so it is not taken for a game of its own. Both
variations turn a hand into game points that one player wins from the other; the hand
scores themselves are counted as in the standard game. The cube is in ``cube``, the pot
in ``pot``; this module holds what they share.

Round fields, besides the hand's own:

- doubling: ``"stake"`` (the cube when the hand ended), ``"doubles"`` (who doubled, in
  order; a beaver is the doubled player's immediate double), ``"beavers"`` (the places in
  ``doubles``, from 0, that were beavers; missing means none), ``"folded"`` (name or
  null) and ``"automatic_double"`` (true only on the first hand, when the cut for deal
  tied).
- limit_poker: ``"pot"`` (chips each player put in, ante included), ``"raises"`` (how
  many times each raised; missing means none) and either ``"folded"`` (name or null: who
  folded during the betting) or ``"gave_up"`` (who gave up after the betting, while the
  hand was played: the pot as it stood is lost, as to a fold).
"""

from __future__ import annotations

from collections.abc import Sequence

DOUBLING_FIELDS = ("stake", "doubles", "beavers", "folded", "automatic_double")
POKER_FIELDS = ("pot", "raises", "folded", "gave_up")
GAME_POINT_OPTIONS = ("play_to_win", "must_go_out", "doubling", "limit_poker")
"""The variations that play for game points: the game is worth one, or each hand moves some."""
HANDS_PER_STAKES_GAME = 2


def other(players: Sequence[str], name: str) -> str:
    """The one other player of the two at the table."""
    return players[1] if name == players[0] else players[0]
