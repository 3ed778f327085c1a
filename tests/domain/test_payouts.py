"""Who wins on the totals and what each pays: the rules the points games share."""

from __future__ import annotations

from scorekeeper.payouts import every_pair_settles, winners_by_total

SEATS = ("Ann", "Bob", "Cy", "Di")


def test_lowest_total_wins_and_tied_lowest_totals_share_in_seat_order() -> None:
    totals = {"Ann": 45, "Bob": 102, "Cy": 33, "Di": 33}
    assert winners_by_total(SEATS, totals, lowest_wins=True) == ("Cy", "Di")
    assert winners_by_total(SEATS, totals) == ("Bob",)


def test_nobody_wins_until_a_total_reaches_the_target_whichever_way_the_game_is_won() -> None:
    short = {"Ann": 1990, "Bob": 1500, "Cy": 0, "Di": 10}
    assert winners_by_total(SEATS, short, target=2000) == ()
    reached = {**short, "Bob": 2000}
    assert winners_by_total(SEATS, reached, target=2000) == ("Bob",)
    # Hearts: Bob reaching 100 ends it, and the lowest total, Di's, wins.
    hearts = {"Ann": 45, "Bob": 102, "Cy": 60, "Di": 33}
    assert winners_by_total(SEATS, hearts, lowest_wins=True, target=100) == ("Di",)
    assert winners_by_total(SEATS, {**hearts, "Bob": 99}, lowest_wins=True, target=100) == ()


def test_every_pair_settles_the_difference_of_its_totals() -> None:
    """Ann 10, Bob 4, Cy 1 at 5 a point: Ann takes 30 from Bob and 45 from Cy, Bob 15
    from Cy; where the lowest wins, the same the other way round."""
    totals = {"Ann": 10, "Bob": 4, "Cy": 1}
    players = list(totals)
    assert every_pair_settles(players, totals, 5) == {"Ann": 75, "Bob": -15, "Cy": -60}
    lowest = every_pair_settles(players, totals, 5, lowest_wins=True)
    assert lowest == {"Ann": -75, "Bob": 15, "Cy": 60}
