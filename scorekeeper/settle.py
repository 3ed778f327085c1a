"""Who pays whom: the short list of payments that clears every balance."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping

from scorekeeper.game import Game
from scorekeeper.games import GAMES
from scorekeeper.money import format_amount
from scorekeeper.wording import visible

Payment = tuple[str, str, int]


@functools.cache
def kitties() -> dict[str, Game]:
    """Each game's kitty by the name it is a party under, so what is owed to it reads as its
    game says it, in a session's settle-up or a whole night's. Asked for, not built at
    import, as it imports every game."""
    return {game.kitty: game for game in GAMES.values() if game.kitty}


def settle(balances: Mapping[str, int]) -> list[Payment]:
    """Payments ``(payer, payee, amount)`` that bring every balance to zero.

    The biggest debtor pays the biggest creditor until one of them is square, so each
    payment clears at least one person: at most one fewer payment than people with a
    non-zero balance. Ties go in the mapping's (seat) order, so the list is stable.
    """
    if sum(balances.values()) != 0:
        raise ValueError(f"balances do not add up to zero: {dict(balances)}")
    order = {name: seat for seat, name in enumerate(balances)}
    debts = {name: -amount for name, amount in balances.items() if amount < 0}
    credits = {name: amount for name, amount in balances.items() if amount > 0}
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


def payment_line(payment: Payment, unit: str) -> str:
    """A payment as the table says it: "Ann pays Bob $3.00". What is owed to a game's
    kitty is no payment: those chips already lie in it, and its game says so."""
    payer, payee, value = payment
    kitty = kitties().get(payee)
    if kitty is not None:
        return kitty.leaves_in_kitty(visible(payer), format_amount(value, unit))
    return f"{visible(payer)} pays {visible(payee)} {format_amount(value, unit)}"


def payment_lines(payments: Iterable[Payment], unit: str) -> list[str]:
    """Every payment of a settle-up, one a line; a line saying so when there is none."""
    return [payment_line(payment, unit) for payment in payments] or [
        "Nobody owes anybody anything."
    ]
