"""Who wins at the end of a game and what each player pays: whole units, zero-sum.

Pure functions on totals in seat order, shared by the games: a points game settles by
them (the best total wins, at a target or after the last hand, and the others pay the
difference x stake, or every pair settles the difference of its totals).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def winners_by_total(
    players: Sequence[str],
    totals: Mapping[str, int],
    *,
    lowest_wins: bool = False,
    target: int | None = None,
) -> tuple[str, ...]:
    """Who wins on these totals, in seat order: the best total (the highest, or the lowest
    where ``lowest_wins``), tied best totals all winning. With a ``target``, nobody until
    some total has reached it (at or above it, whichever way the game is won)."""
    if target is not None and max(totals[name] for name in players) < target:
        return ()
    best = (min if lowest_wins else max)(totals[name] for name in players)
    return tuple(name for name in players if totals[name] == best)


def add(totals: Mapping[str, int], deltas: Mapping[str, int]) -> dict[str, int]:
    """New totals with each player's change added (missing players change by 0)."""
    return {name: amount + deltas.get(name, 0) for name, amount in totals.items()}


def share_out(total: int, winners: Sequence[str]) -> dict[str, int]:
    """``total`` divided evenly among tied winners; the units left over go one each to the
    winners in seat order (``winners`` is in seat order)."""
    share, left_over = divmod(total, len(winners))
    return {winner: share + (1 if seat < left_over else 0) for seat, winner in enumerate(winners)}


def pay_the_difference(
    players: Sequence[str], totals: Mapping[str, int], winners: Sequence[str], stake: int
) -> dict[str, int]:
    """End-of-game money: each non-winner pays the gap to the winning total x stake.

    Tied winners share what the non-winners pay in all: the total is split once, never
    payment by payment, so two winners paid 1 each by two losers get 1 each (split one
    payment at a time, the first seat would take both odd units).
    """
    best = totals[winners[0]]
    money = {name: 0 if name in winners else -abs(best - totals[name]) * stake for name in players}
    return add(money, share_out(-sum(money.values()), winners))


def every_pair_settles(
    players: Sequence[str], totals: Mapping[str, int], stake: int, *, lowest_wins: bool = False
) -> dict[str, int]:
    """Each player's balance when every pair settles the difference of its totals x
    stake: stake x (n x total - sum of totals) where the highest wins, the opposite where
    the lowest does. Zero-sum whatever the totals."""
    count, whole = len(players), sum(totals[name] for name in players)
    sign = -1 if lowest_wins else 1
    return {name: sign * stake * (count * totals[name] - whole) for name in players}
