"""Who pays whom: the fewest payments that clear every balance."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence

from scorekeeper.game import Game
from scorekeeper.games import GAMES
from scorekeeper.money import format_amount
from scorekeeper.wording import visible

Payment = tuple[str, str, int]
NOBODY_OWES = "Nobody owes anybody anything."


@functools.cache
def kitties() -> dict[str, Game]:
    """Each game's kitty by the name it is a party under, so what is owed to it reads as its
    game says it, in a session's settle-up or a whole night's. Asked for, not built at
    import, as it imports every game."""
    return {game.kitty: game for game in GAMES.values() if game.kitty}


EXACT_UP_TO = 12
"""The most people with a balance for whom the fewest payments are searched for exactly:
2^12 groupings of them are weighed, a few milliseconds; beyond, each payment clears one."""


def settle(balances: Mapping[str, int]) -> list[Payment]:
    """The fewest payments ``(payer, payee, amount)`` that bring every balance to zero.

    People whose balances add up to zero among themselves settle among themselves, so the
    fewest payments are the people with a balance less the most groups of them that sum
    to zero (``zero_sum_groups``); within a group the biggest debtor pays the biggest
    creditor until one of them is square. Beyond ``EXACT_UP_TO`` people with a balance the
    whole table is one group: at most one payment fewer than them. Groups go in seat order
    of their first member and ties in the mapping's (seat) order, so the list is stable.
    """
    if sum(balances.values()) != 0:
        raise ValueError(f"balances do not add up to zero: {dict(balances)}")
    owing = [name for name, amount in balances.items() if amount]
    groups = zero_sum_groups([balances[name] for name in owing])
    payments: list[Payment] = []
    for group in groups:
        payments += _pay_within({owing[seat]: balances[owing[seat]] for seat in group})
    return payments


def zero_sum_groups(amounts: Sequence[int]) -> list[list[int]]:
    """The positions of ``amounts`` (none zero, summing to zero) split into the most
    groups that each sum to zero, each group in position order and the groups in order of
    their first position; one group of them all beyond ``EXACT_UP_TO``.

    ``most[mask]`` is the most zero-sum groups a set can be cut into when taken one person
    at a time: a set's best is its best without one person, plus one where the set itself
    sums to zero (every grouping is such a chain of ever larger zero-sum sets). Walking the
    chain back from everyone gives the groups.
    """
    count = len(amounts)
    if count == 0:
        return []
    if count > EXACT_UP_TO:
        return [list(range(count))]
    full = (1 << count) - 1
    total = [0] * (full + 1)
    most = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        total[mask] = total[mask ^ low] + amounts[low.bit_length() - 1]
        best = 0
        rest = mask
        while rest:
            bit = rest & -rest
            best = max(best, most[mask ^ bit])
            rest ^= bit
        most[mask] = best + (total[mask] == 0)
    groups: list[list[int]] = []
    mask, since = full, full
    while mask:
        goal = most[mask] - (total[mask] == 0)
        if total[mask] == 0 and mask != since:
            groups.append(_positions(since ^ mask))
            since = mask
        seat = max(
            seat for seat in range(count) if mask >> seat & 1 and most[mask ^ 1 << seat] == goal
        )
        mask ^= 1 << seat
    groups.append(_positions(since))
    return sorted(groups)


def _positions(mask: int) -> list[int]:
    return [seat for seat in range(mask.bit_length()) if mask >> seat & 1]


def _pay_within(group: dict[str, int]) -> list[Payment]:
    """One zero-sum group settled: the biggest debtor pays the biggest creditor until one
    of them is square, so each payment clears at least one person (ties in seat order)."""
    order = {name: seat for seat, name in enumerate(group)}
    debts = {name: -amount for name, amount in group.items() if amount < 0}
    credits = {name: amount for name, amount in group.items() if amount > 0}
    payments: list[Payment] = []
    while debts:
        payer = max(debts, key=lambda name: (debts[name], -order[name]))
        payee = max(credits, key=lambda name: (credits[name], -order[name]))
        amount = min(debts[payer], credits[payee])
        payments.append((payer, payee, amount))
        for book, name in ((debts, payer), (credits, payee)):
            book[name] -= amount
            if book[name] == 0:
                del book[name]
    return payments


def payment_parts(payment: Payment, unit: str) -> tuple[str, ...]:
    """A payment as the table says it ("Ann pays", "Bob $3.00"), in the parts a narrow
    screen may wrap it between: a name is never cut in two, nor parted from its amount.
    What is owed to a game's kitty is no payment: those chips already lie in it, and its
    game says so."""
    payer, payee, value = payment
    kitty = kitties().get(payee)
    if kitty is not None:
        return (kitty.leaves_in_kitty(visible(payer), format_amount(value, unit)),)
    return f"{visible(payer)} pays", f"{visible(payee)} {format_amount(value, unit)}"


def payment_line(payment: Payment, unit: str) -> str:
    """ "Ann pays Bob $3.00" """
    return " ".join(payment_parts(payment, unit))


def payments_in_parts(payments: Iterable[Payment], unit: str) -> list[tuple[str, ...]]:
    """Every payment of a settle-up, one a line, each in its ``payment_parts``; a line
    saying so when there is none."""
    return [payment_parts(payment, unit) for payment in payments] or [(NOBODY_OWES,)]


def payment_lines(payments: Iterable[Payment], unit: str) -> list[str]:
    """Every payment of a settle-up, one a line; a line saying so when there is none."""
    return [" ".join(parts) for parts in payments_in_parts(payments, unit)]
