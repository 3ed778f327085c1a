"""The outcome line of a round entry: what the round as typed would do, in a line."""

from __future__ import annotations

from scorekeeper.view import Change, Moves
from scorekeeper.wording import listed


def said(moves: Moves) -> str:
    """``Ann +$3.00 Bob −$3.00``: each player whose figure moved, in seat order."""
    return " ".join(f"{name} {change}" for name, change in moves)


def outcome_words(change: Change) -> str:
    """``→ Bob +$12.00 … · Bob deals next``, from the session's own preview."""
    # A points game pays at the end, or per hand (5000's cube or pot): both show.
    money = change.money_moves and f"money {said(change.money_moves)}"
    parts = [text for text in (said(change.moves), money) if text] or ["no change"]
    if change.finished:
        won = "won" if len(change.winners) == 1 else "share the win"
        parts.append(f"game over: {listed(change.winners)} {won}")
    else:
        parts.append(f"{change.dealer} deals next")
    return "→ " + " · ".join(parts)
