"""The race odds advisor: exact chances the table can trust, checked against dealt races."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator
from fractions import Fraction

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from scorekeeper import RuleError
from scorekeeper.games.racing.odds import (
    Chances,
    dealer_edge,
    expected_share,
    fair_odds,
    fair_price,
    finish_chances,
    pays_off_at,
    race_chances,
)

RACES = 200_000
EXAMPLE = {"S": 1, "H": 0, "D": 4, "C": 2}
"""docs/rules.md, Basic Horse Race, example: book S 2-1, H evens, D 10-1, C 3-1."""


def deal_races(course: dict[str, int], length: int, races: int, seed: int) -> dict[str, Chances]:
    """Shuffle the rest of the deck and deal it out, the way the dealer does. The shuffle
    is done as the cards are dealt (each card drawn at random from those left, as a
    shuffle would have put it there), so a race over before the deck is out shuffles no
    more of it: two thirds of the time of shuffling the whole deck each race."""
    mark = {7: 8, 6: 6}[length]
    suits = list(course)
    deck = [i for i, suit in enumerate(suits) for _ in range(12 - course[suit])]
    size = len(deck)
    firsts, seconds = [0] * len(suits), [0] * len(suits)
    draw = random.Random(seed).random
    for _ in range(races):
        dealt = [0] * len(suits)
        winner = None
        for at in range(size):
            pick = at + int(draw() * (size - at))
            deck[at], deck[pick] = deck[pick], deck[at]
            horse = deck[at]
            dealt[horse] += 1
            if dealt[horse] == mark:
                if winner is not None:
                    seconds[horse] += 1
                    break
                winner = horse
        firsts[winner] += 1
    return {
        suit: Chances(Fraction(firsts[i], races), Fraction(seconds[i], races))
        for i, suit in enumerate(suits)
    }


def within_sampling_error(exact: Fraction, seen: Fraction, races: int) -> bool:
    if exact == 0:
        return seen == 0
    error = math.sqrt(exact * (1 - exact) / races)
    return abs(float(seen - exact)) <= 4 * error


@pytest.mark.parametrize(
    ("course", "length", "seed"),
    [(EXAMPLE, 7, 1), ({"S": 3, "H": 0, "D": 2, "C": 1}, 6, 2)],
    ids=["7-card course with D at 4", "6-card course"],
)
def test_exact_chances_agree_with_200000_dealt_races(
    course: dict[str, int], length: int, seed: int
) -> None:
    exact = finish_chances(course, length)
    seen = deal_races(course, length, RACES, seed)
    for suit in course:
        assert within_sampling_error(exact[suit].first, seen[suit].first, RACES), suit
        assert within_sampling_error(exact[suit].second, seen[suit].second, RACES), suit


def test_d_at_4_cards_needs_all_8_left_and_is_the_long_shot_the_book_underpays() -> None:
    chances = finish_chances(EXAMPLE)
    assert 0 < chances["D"].first < min(chances[s].first for s in "SHC")
    assert chances["D"].first < Fraction(1, 50)
    # 10-1 on a horse that wins less than 1 race in 50 is a big edge for the dealer.
    assert dealer_edge(chances["D"].first, 10, 1) > Fraction(3, 4)
    assert fair_odds(chances["D"].first) > 50


def test_a_horse_short_of_cards_cannot_finish_and_the_others_share_every_place() -> None:
    # S 5 H 0 D 2 C 0 is a void deal at the table, but the race still makes sense:
    # 7 spades left cannot make 8.
    chances = race_chances({"S": 7, "H": 12, "D": 10, "C": 12}, 8)
    assert chances["S"] == Chances(Fraction(0), Fraction(0))
    assert sum(c.first for c in chances.values()) == 1
    assert sum(c.second for c in chances.values()) == 1
    assert chances["H"] == chances["C"]


def test_on_a_6_card_course_even_a_suit_with_all_6_out_can_win() -> None:
    chances = finish_chances({"S": 6, "H": 0, "D": 0, "C": 0}, 6)
    assert 0 < chances["S"].first < chances["H"].first
    assert chances["H"] == chances["D"] == chances["C"]


def courses(length: int) -> Iterator[dict[str, int]]:
    """Every course that stands: a 7-card course with 5+ of a suit is a redeal."""
    most = 4 if length == 7 else 6
    for counts in itertools.product(range(most + 1), repeat=4):
        if sum(counts) == length:
            yield dict(zip("SHDC", counts, strict=True))


@pytest.mark.parametrize("length", [7, 6])
def test_every_course_gives_exactly_one_first_and_one_second(length: int) -> None:
    for course in courses(length):
        chances = finish_chances(course, length)
        assert sum(c.first for c in chances.values()) == 1, course
        assert sum(c.second for c in chances.values()) == 1, course


@pytest.mark.parametrize(
    ("course", "length"),
    [
        ({"S": 2, "H": 2, "D": 2, "C": 1}, 7),
        ({"S": 1, "H": 4, "D": 1, "C": 1}, 7),
        ({"S": 3, "H": 3, "D": 0, "C": 0}, 6),
    ],
)
def test_horses_with_equal_course_counts_have_equal_chances(
    course: dict[str, int], length: int
) -> None:
    chances = finish_chances(course, length)
    for a, b in itertools.combinations("SHDC", 2):
        if course[a] == course[b]:
            assert chances[a] == chances[b], (a, b)


def test_fewer_cards_in_the_course_means_a_better_chance() -> None:
    chances = finish_chances({"S": 0, "H": 1, "D": 2, "C": 4})
    assert chances["S"].first > chances["H"].first > chances["D"].first > chances["C"].first


@pytest.mark.parametrize(
    ("left", "mark", "first", "second"),
    [
        # One card each, first card dealt wins: a coin toss for both places.
        ({"S": 1, "H": 1}, 1, (Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 2), Fraction(1, 2))),
        # S S H: the first card is S two times in three.
        ({"S": 2, "H": 1}, 1, (Fraction(2, 3), Fraction(1, 3)), (Fraction(1, 3), Fraction(2, 3))),
        # S S S H H, two to finish: H wins only in HHSSS, HSHSS, SHHSS — 3 of 10.
        (
            {"S": 3, "H": 2},
            2,
            (Fraction(7, 10), Fraction(3, 10)),
            (Fraction(3, 10), Fraction(7, 10)),
        ),
        # H has one card and needs two: S always wins, and nobody can come second.
        ({"S": 3, "H": 1}, 2, (Fraction(1), Fraction(0)), (Fraction(0), Fraction(0))),
    ],
)
def test_small_races_worked_by_hand(
    left: dict[str, int],
    mark: int,
    first: tuple[Fraction, Fraction],
    second: tuple[Fraction, Fraction],
) -> None:
    chances = race_chances(left, mark)
    assert (chances["S"].first, chances["H"].first) == first
    assert (chances["S"].second, chances["H"].second) == second


def every_order(left: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Each distinct order of a small deck once (each is equally likely)."""
    if not any(left):
        yield ()
        return
    for horse, count in enumerate(left):
        if count:
            rest = (*left[:horse], count - 1, *left[horse + 1 :])
            for order in every_order(rest):
                yield (horse, *order)


@example(left=[0, 0], mark=1)  # nothing left to deal: no horse finishes
@example(left=[3, 3, 2, 0], mark=3)  # the largest race worked out here
@given(
    left=st.lists(st.integers(0, 3), min_size=2, max_size=4).filter(lambda x: sum(x) <= 8),
    mark=st.integers(1, 3),
)
def test_small_races_match_dealing_out_every_possible_order(left: list[int], mark: int) -> None:
    firsts, seconds = [0] * len(left), [0] * len(left)
    orders = 0
    for order in every_order(tuple(left)):
        orders += 1
        dealt = [0] * len(left)
        finished = []
        for horse in order:
            dealt[horse] += 1
            if dealt[horse] == mark:
                finished.append(horse)
        if finished:
            firsts[finished[0]] += 1
        if len(finished) > 1:
            seconds[finished[1]] += 1
    chances = race_chances({str(i): n for i, n in enumerate(left)}, mark)
    assert [c.first for c in chances.values()] == [Fraction(n, orders) for n in firsts]
    assert [c.second for c in chances.values()] == [Fraction(n, orders) for n in seconds]


def test_fair_odds_and_the_dealers_edge() -> None:
    assert fair_odds(Fraction(1, 2)) == 1  # evens
    assert fair_odds(Fraction(1, 3)) == 2  # 2-1
    assert dealer_edge(Fraction(1, 3), 2, 1) == 0
    assert dealer_edge(Fraction(1, 4), 2, 1) == Fraction(1, 4)
    assert dealer_edge(Fraction(1, 2), 1, 1) == 0
    assert dealer_edge(Fraction(1, 2), 3, 2) == Fraction(-1, 4)  # a generous book loses
    with pytest.raises(ValueError, match="no fair odds"):
        fair_odds(Fraction(0))


def test_expected_shares_hand_out_the_whole_pool() -> None:
    assert expected_share(Chances(Fraction(1, 2), Fraction(1, 4))) == Fraction(5, 12)
    shares = [expected_share(c) for c in finish_chances({"S": 3, "H": 2, "D": 1, "C": 1}).values()]
    assert sum(shares) == 1
    assert shares == sorted(shares)  # the auction runs long shots first


def test_a_price_is_judged_against_the_pool_it_joins() -> None:
    # A quarter of the pool: after 30 chips of sales, 10 is exactly worth it (¼ of 40).
    share = Fraction(1, 4)
    assert fair_price(30, share) == 10
    assert fair_price(0, share) == 0  # nothing sold yet: nothing in the pool to pay for
    assert pays_off_at(12, share) == 48  # 12 chips bring back a quarter of 48


@pytest.mark.parametrize("price", [0, "5", 2.5, -3])
def test_a_price_that_is_no_bid_is_refused(price: object) -> None:
    with pytest.raises(RuleError) as caught:
        pays_off_at(price, Fraction(1, 4))  # type: ignore[arg-type]
    assert caught.value.field == "price"


@pytest.mark.parametrize("pool", [-1, "30", 2.5])
def test_a_pool_that_is_no_count_of_chips_is_refused(pool: object) -> None:
    with pytest.raises(RuleError) as caught:
        fair_price(pool, Fraction(1, 4))  # type: ignore[arg-type]
    assert caught.value.field == "pool"


@pytest.mark.parametrize(
    ("course", "length", "field"),
    [
        ({"S": 1, "H": 0, "D": 4, "X": 2}, 7, "course.X"),
        ({"S": 1, "H": 0, "D": 4, "C": 1}, 7, "course"),
        ({"S": -1, "H": 4, "D": 4, "C": 0}, 7, "course.S"),
        ({"S": "3", "H": 2, "D": 1, "C": 1}, 7, "course.S"),
        ({"S": 3, "H": 2, "D": 2}, 7, "course.C"),
        ({"S": 5, "H": 0, "D": 2, "C": 0}, 7, "course.S"),
        ({"S": 5, "H": 0, "D": 0, "C": 0}, 5, "options.course"),
    ],
)
def test_a_course_that_cannot_be_raced_is_refused(
    course: dict[str, object], length: int, field: str
) -> None:
    with pytest.raises(RuleError) as caught:
        finish_chances(course, length)  # type: ignore[arg-type]
    assert caught.value.field == field
