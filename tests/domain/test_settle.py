"""Settling up: a short list of "A pays B" that brings every balance to zero."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.games.calcutta import POOL
from scorekeeper.settle import payment_lines, settle


def _apply(balances: dict[str, int], payments: list[tuple[str, str, int]]) -> dict[str, int]:
    after = dict(balances)
    for payer, payee, amount in payments:
        after[payer] += amount
        after[payee] -= amount
    return after


def test_the_biggest_debtor_pays_the_biggest_creditor_first() -> None:
    balances = {"Ann": -675, "Bob": 75, "Cy": 75, "Di": 75, "Ed": 375, "Flo": 75}
    assert settle(balances) == [
        ("Ann", "Ed", 375),
        ("Ann", "Bob", 75),
        ("Ann", "Cy", 75),
        ("Ann", "Di", 75),
        ("Ann", "Flo", 75),
    ]


def test_two_debtors_and_two_creditors() -> None:
    balances = {"Ann": -30, "Bob": -8, "Cy": 48, "Di": -10}
    assert settle(balances) == [("Ann", "Cy", 30), ("Di", "Cy", 10), ("Bob", "Cy", 8)]


def test_one_payment_can_clear_two_people() -> None:
    assert settle({"Ann": 5, "Bob": -5, "Cy": 0}) == [("Bob", "Ann", 5)]


def test_everyone_square_means_no_payments() -> None:
    assert settle({"Ann": 0, "Bob": 0}) == []
    assert settle({}) == []


def test_balances_that_do_not_add_up_are_refused() -> None:
    with pytest.raises(ValueError, match="do not add up to zero"):
        settle({"Ann": 5, "Bob": -4})


@st.composite
def _zero_sum(draw: st.DrawFn) -> dict[str, int]:
    amounts = draw(st.lists(st.integers(-10_000, 10_000), min_size=1, max_size=11))
    amounts.append(-sum(amounts))
    return {f"P{seat}": amount for seat, amount in enumerate(amounts)}


@given(_zero_sum())
def test_settling_zeroes_everyone_in_at_most_n_minus_1_positive_payments(
    balances: dict[str, int],
) -> None:
    payments = settle(balances)
    owing = sum(1 for amount in balances.values() if amount)
    assert len(payments) <= max(owing - 1, 0)
    assert all(amount > 0 and payer != payee for payer, payee, amount in payments)
    assert all(balances[payer] < 0 < balances[payee] for payer, payee, _ in payments)
    assert set(_apply(balances, payments).values()) <= {0}
    assert settle(balances) == payments


def test_payments_read_as_the_table_says_them_and_the_pool_takes_no_payment() -> None:
    """Chips owed to a carried Calcutta pool already lie in it: nobody pays "(pool)"."""
    payments = settle({"Bob": -12, "Cy": -12, "Flo": 12, POOL: 12})
    assert payment_lines(payments, "chips") == [
        "Bob pays Flo 12 chips",
        "Cy leaves 12 chips in the pool for the next race",
    ]
    assert payment_lines([("Ann", POOL, 1)], "chips") == [
        "Ann leaves 1 chip in the pool for the next race"
    ]
    assert payment_lines([("Ann", "Ed", 375)], "money") == ["Ann pays Ed $3.75"]
    assert payment_lines([], "money") == ["Nobody owes anybody anything."]
