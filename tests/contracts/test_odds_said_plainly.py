"""The odds advisor's plain figures: a fair price is where the price verdict turns, and
the pool a price pays off at is the price over the horse's share."""

from __future__ import annotations

from fractions import Fraction

from scorekeeper.games.racing.odds import fair_price, pays_off_at, price_verdict


def test_a_fair_price_is_where_a_price_turns_from_below_to_above() -> None:
    share = Fraction(1, 4)
    fair = fair_price(30, share)
    assert fair == 10
    assert price_verdict(10, 30, share).verdict == "equal"
    assert price_verdict(9, 30, share).verdict == "below"
    assert price_verdict(11, 30, share).verdict == "above"


def test_a_price_pays_off_once_the_pool_is_the_price_over_the_share() -> None:
    assert pays_off_at(12, Fraction(1, 4)) == 48
    assert fair_price(0, Fraction(1, 4)) == 0
