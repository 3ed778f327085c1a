"""Settling up: a short list of "A pays B" that brings every balance to zero."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from scorekeeper.games.calcutta import POOL
from scorekeeper.settle import EXACT_UP_TO, payment_lines, settle


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


def test_ties_pay_in_seat_order() -> None:
    """Equal debts and credits: the first seated debtor pays the first seated creditor."""
    balances = {"Ann": 1, "Bob": 1, "Cy": -1, "Di": -1}
    assert settle(balances) == [("Cy", "Ann", 1), ("Di", "Bob", 1)]


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


@example({"P0": 0})  # one person, square
@example({"P0": 10_000, "P1": -10_000})  # the largest single debt drawn
@example({"P0": 1, "P1": 1, "P2": -1, "P3": -1})  # one unit each way, tied
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


def test_people_whose_balances_cancel_settle_among_themselves() -> None:
    """docs/rules.md, Settling up: Bob's 11 is what Di owes, so three payments, not four."""
    balances = {"Ann": 2, "Bob": 11, "Cy": 10, "Di": -11, "Ed": -12}
    assert payment_lines(settle(balances), "money") == [
        "Ed pays Cy $0.10",
        "Ed pays Ann $0.02",
        "Di pays Bob $0.11",
    ]


def _partitions(items: list[int]) -> Iterator[list[list[int]]]:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in _partitions(rest):
        yield [[first], *partition]
        for index in range(len(partition)):
            yield [*partition[:index], [first, *partition[index]], *partition[index + 1 :]]


def _most_groups_by_every_partition(amounts: list[int]) -> int:
    return max(
        len(partition)
        for partition in _partitions(amounts)
        if all(sum(group) == 0 for group in partition)
    )


def _most_groups_by_subsets(amounts: list[int]) -> int:
    """The same figure another way: the best split of each zero-sum set into a zero-sum
    set holding its first person and the best split of the rest (3^n steps)."""
    count = len(amounts)
    total = [
        sum(amounts[seat] for seat in range(count) if mask >> seat & 1)
        for mask in range(1 << count)
    ]
    best = [0] * (1 << count)
    for mask in range(1, 1 << count):
        if total[mask]:
            continue
        low = mask & -mask
        sub = mask
        while sub:
            if sub & low and total[sub] == 0:
                best[mask] = max(best[mask], 1 + best[mask ^ sub])
            sub = (sub - 1) & mask
    return best[(1 << count) - 1]


def _table(low: int, high: int) -> st.SearchStrategy[dict[str, int]]:
    """Balances of ``low``-``high`` people, none zero, in small amounts so that groups of
    them often cancel out."""

    @st.composite
    def table(draw: st.DrawFn) -> dict[str, int]:
        amount = st.integers(1, 12) | st.integers(-12, -1)
        amounts = draw(st.lists(amount, min_size=low - 1, max_size=high - 1))
        last = -sum(amounts)
        if last == 0:  # P0 gives one to the last seat, who would otherwise have no balance
            amounts[0] -= 1
            last = 1
        amounts.append(last)
        return {f"P{seat}": value for seat, value in enumerate(amounts) if value}

    return table()


def _check_payments(balances: dict[str, int], payments: list[tuple[str, str, int]]) -> None:
    assert set(_apply(balances, payments).values()) <= {0}
    assert all(
        balances[payer] < 0 < balances[payee] and amount > 0 for payer, payee, amount in payments
    )


@example({"P0": 1, "P1": 1, "P2": -2})  # the fewest people, one unit each
@example({f"P{seat}": (1, -1)[seat % 2] for seat in range(8)})  # the most, four pairs
@given(_table(3, 8))
def test_the_fewest_payments_match_a_search_of_every_grouping(balances: dict[str, int]) -> None:
    payments = settle(balances)
    _check_payments(balances, payments)
    amounts = list(balances.values())
    assert len(payments) == len(amounts) - _most_groups_by_every_partition(amounts)


def _seats(*amounts: int) -> dict[str, int]:
    return {f"P{seat}": amount for seat, amount in enumerate(amounts)}


TWELVE_IN_GROUPS = _seats(5, -3, -2, 4, -4, 7, -4, -3, 6, -6, 8, -8)
"""Twelve people with a balance, the most the search takes, in five groups that cancel out:
seven payments, where the biggest debtor paying the biggest creditor takes nine."""
TWELVE_TIED = _seats(*[1, 1, -2] * 4)
"""Twelve again, the balances tied in size: eight payments, ties in seat order."""
THIRTEEN = _seats(5, -3, -2, 4, -4, 7, -4, -3, 6, -6, 8, -9, 1)
"""One more than the search takes: the whole table is one group."""


@settings(max_examples=25, deadline=None)
@example(TWELVE_IN_GROUPS)
@example(TWELVE_TIED)
@given(_table(9, EXACT_UP_TO))
def test_the_fewest_payments_for_up_to_twelve_people(balances: dict[str, int]) -> None:
    payments = settle(balances)
    _check_payments(balances, payments)
    amounts = list(balances.values())
    assert len(payments) == len(amounts) - _most_groups_by_subsets(amounts)
    assert settle(balances) == payments


@example(THIRTEEN)
@example(_seats(*[1, 1, -2] * 4, 0, 3, -3))
@given(_table(EXACT_UP_TO + 1, 20))
def test_beyond_twelve_people_each_payment_clears_someone(balances: dict[str, int]) -> None:
    payments = settle(balances)
    _check_payments(balances, payments)
    assert len(payments) <= len(balances) - 1
