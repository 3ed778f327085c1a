"""The odds advisor's plain figures: a fair price is what the horse is then worth in the
pool it joins, and the pool a price pays off at is the price over the horse's share."""

from __future__ import annotations

from fractions import Fraction

from scorekeeper.games.racing.odds import fair_price, pays_off_at


def test_a_fair_price_is_what_the_horse_is_worth_once_it_is_in_the_pool() -> None:
    share = Fraction(1, 4)
    fair = fair_price(30, share)
    assert fair == 10
    assert share * (30 + fair) == fair  # a quarter of the 40 chips the pool then holds


def test_a_price_pays_off_once_the_pool_is_the_price_over_the_share() -> None:
    assert pays_off_at(12, Fraction(1, 4)) == 48
    assert fair_price(0, Fraction(1, 4)) == 0
