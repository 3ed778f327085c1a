"""Who pays whom: the short list of payments that clears every balance."""

from __future__ import annotations

from collections.abc import Mapping

Payment = tuple[str, str, int]


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
