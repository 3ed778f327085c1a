"""The outcome line of a round entry: what the round as typed would do, in a line."""

from __future__ import annotations

from scorekeeper.view import Change, Moves
from scorekeeper.wording import listed


def said(moves: Moves) -> list[str]:
    """``Ann +$3.00``, ``Bob −$3.00``: each player whose figure moved, in seat order."""
    return [f"{name} {change}" for name, change in moves]


def outcome_words(change: Change) -> tuple[str, ...]:
    """``→ Bob +$12.00 … · Bob deals next``, from the session's own preview, as items
    that a wrap keeps whole: a name stays with its figure."""
    # A points game pays at the end, or per hand (5000's cube or pot): both show.
    money = said(change.money_moves)
    if money:
        money[0] = f"money {money[0]}"
    parts = [items for items in (said(change.moves), money) if items] or [["no change"]]
    if change.finished:
        won = "won" if len(change.winners) == 1 else "share the win"
        parts.append([f"game over: {listed(change.winners)} {won}"])
    else:
        parts.append([f"{change.dealer} deals next"])
    items: list[str] = []
    for part in parts[:-1]:
        items += [*part[:-1], f"{part[-1]} ·"]
    first, *rest = [*items, *parts[-1]]
    return (f"→ {first}", *rest)
