"""Basic Horse Race as the table plays it: the dealer's book, the bank, the payoffs."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper import GAMES, RuleError, Session
from scorekeeper.games.horse_race import Bet, bet_payouts, book_odds, race_odds

TABLE = ["Al", "Bo", "Cy", "Dee"]
RULES_COURSE = {"S": 1, "H": 0, "D": 4, "C": 2}


def race(**changes: Any) -> dict[str, Any]:
    """docs/rules.md, Basic Horse Race, example: Dee deals, Al 5 on H, Bo 2 on D, Cy 3 on S;
    D wins."""
    round_: dict[str, Any] = {
        "course": dict(RULES_COURSE),
        "bets": [
            {"player": "Al", "horse": "H", "amount": 5},
            {"player": "Bo", "horse": "D", "amount": 2},
            {"player": "Cy", "horse": "S", "amount": 3},
        ],
        "winner": "D",
    }
    round_.update(changes)
    return round_


def dee_deals(**options: int) -> Session:
    return Session.new("horse-race", TABLE, dealer="Dee", options=options or None)


def test_the_game_is_counted_in_chips_and_listed_first() -> None:
    game = GAMES["horse-race"]
    assert (game.unit, game.menu_order, game.min_players, game.max_players) == (
        "chips",
        1,
        3,
        None,
    )
    assert dee_deals().options == {"course": 7, "limit": 0}


def test_the_book_follows_the_course_cards_of_each_suit() -> None:
    assert book_odds(RULES_COURSE, 7) == {"S": (2, 1), "H": (1, 1), "D": (10, 1), "C": (3, 1)}
    assert book_odds({"S": 3, "H": 2, "D": 1, "C": 0}, 6) == {
        "S": (5, 1),
        "H": (3, 1),
        "D": (2, 1),
        "C": (1, 1),
    }


def test_five_or_six_of_a_suit_on_a_six_card_course_has_no_book_odds() -> None:
    assert book_odds({"S": 5, "H": 1, "D": 0, "C": 0}, 6)["S"] is None
    assert book_odds({"S": 0, "H": 0, "D": 6, "C": 0}, 6)["D"] is None


def test_dee_banks_the_rules_example_and_al_deals_next() -> None:
    session = dee_deals()
    session.record(race())
    assert session.balances == {"Al": -5, "Bo": 20, "Cy": -3, "Dee": -12}
    assert session.totals == session.balances
    assert session.dealer == "Al"
    assert not session.finished and session.winners == ()


def test_the_deal_passes_left_round_the_table() -> None:
    session = dee_deals()
    dealers = []
    for dealer in ("Al", "Bo", "Cy", "Dee"):
        dealers.append(session.dealer)
        session.record(race(bets=[], winner="S"))
        assert session.dealer == dealer
    assert dealers == ["Dee", "Al", "Bo", "Cy"]


def test_a_winning_bet_at_odds_like_3_2_is_paid_rounded_down() -> None:
    session = dee_deals()
    session.record(race(odds={"D": [3, 2]}, bets=[{"player": "Bo", "horse": "D", "amount": 5}]))
    assert session.balances == {"Al": 0, "Bo": 7, "Cy": 0, "Dee": -7}


def test_the_dealers_override_replaces_the_book_for_that_race_only() -> None:
    session = dee_deals()
    session.record(race(odds={"D": [6, 1]}))
    assert session.balances["Bo"] == 12
    session.record(race(bets=[{"player": "Bo", "horse": "D", "amount": 2}]))
    assert session.balances["Bo"] == 32


def test_one_player_may_back_several_horses() -> None:
    session = dee_deals()
    bets = [
        {"player": "Cy", "horse": "D", "amount": 1},
        {"player": "Cy", "horse": "S", "amount": 4},
        {"player": "Cy", "horse": "D", "amount": 2},
    ]
    session.record(race(bets=bets))
    assert session.balances == {"Al": 0, "Bo": 0, "Cy": 26, "Dee": -26}


def test_a_six_card_course_never_redeals_but_needs_the_dealers_odds() -> None:
    session = dee_deals(course=6)
    course = {"S": 5, "H": 1, "D": 0, "C": 0}
    bet_on_s = [{"player": "Al", "horse": "S", "amount": 2}]
    with pytest.raises(RuleError, match="dealer must give odds") as caught:
        session.record(race(course=course, bets=bet_on_s, winner="S"))
    assert caught.value.field == "odds.S"
    assert session.rounds == []
    session.record(race(course=course, bets=bet_on_s, winner="S", odds={"S": [20, 1]}))
    assert session.balances == {"Al": 40, "Bo": 0, "Cy": 0, "Dee": -40}


def test_a_horse_with_no_odds_is_fine_when_nobody_backs_it() -> None:
    session = dee_deals(course=6)
    course = {"S": 0, "H": 6, "D": 0, "C": 0}
    session.record(race(course=course, bets=[{"player": "Cy", "horse": "C", "amount": 3}]))
    assert session.balances == {"Al": 0, "Bo": 0, "Cy": -3, "Dee": 3}


def test_a_bet_at_the_limit_stands() -> None:
    session = dee_deals(limit=5)
    session.record(race())
    assert session.balances["Al"] == -5


def test_the_pure_payoff_the_round_entry_can_show_live() -> None:
    odds = race_odds(book_odds(RULES_COURSE, 7), {})
    bets = [Bet("Al", "H", 5), Bet("Bo", "D", 2), Bet("Cy", "S", 3)]
    assert bet_payouts("Dee", bets, "D", odds) == {"Dee": -12, "Al": -5, "Bo": 20, "Cy": -3}


def test_the_panel_says_course_limit_and_who_is_the_bank() -> None:
    session = dee_deals(limit=10)
    panel = dict(session.game.panel(session.setup, session.state))
    assert panel["Course"] == "7 cards; first horse to 8 of its suit wins"
    assert panel["Limit"] == "10 chips a player on one horse"
    assert panel["Bank"] == "Dee deals and is the bank (does not bet)"
    six = dee_deals(course=6)
    panel = dict(six.game.panel(six.setup, six.state))
    assert panel["Course"] == "6 cards; first horse to 6 of its suit wins"
    assert panel["Limit"] == "no limit"


def test_details_for_the_spreadsheet() -> None:
    game = GAMES["horse-race"]
    assert game.details(race(odds={"H": [2, 1]})) == {
        "course": "S1 H0 D4 C2",
        "winner": "D",
        "odds": "S 2-1, H 2-1, D 10-1, C 3-1",
        "staked": 10,
    }
    six = race(course={"S": 5, "H": 1, "D": 0, "C": 0}, bets=[])
    assert game.details(six)["odds"] == "S no odds, H 2-1, D evens, C evens"


def bets_with(index: int, **changes: Any) -> list[dict[str, Any]]:
    bets = race()["bets"]
    bets[index] = {**bets[index], **changes}
    return bets


def without(key: str) -> dict[str, Any]:
    round_ = race()
    del round_[key]
    return round_


BAD_RACES = [
    pytest.param(race(course={**RULES_COURSE, "D": "4"}), "course.D", id="count as text"),
    pytest.param(race(course={**RULES_COURSE, "D": 4.0}), "course.D", id="count as float"),
    pytest.param(race(course={**RULES_COURSE, "H": True}), "course.H", id="count as bool"),
    pytest.param(race(course={**RULES_COURSE, "H": None}), "course.H", id="count as None"),
    pytest.param(race(course={**RULES_COURSE, "H": -1}), "course.H", id="negative count"),
    pytest.param(race(course={"S": 1, "D": 4, "C": 2}), "course.H", id="suit missing"),
    pytest.param(race(course={**RULES_COURSE, "X": 0}), "course.X", id="not a suit"),
    pytest.param(race(course={**RULES_COURSE, "C": 3}), "course", id="counts sum to 8"),
    pytest.param(race(course={"S": 5, "H": 1, "D": 1, "C": 0}), "course.S", id="5 of a suit"),
    pytest.param(race(course="S1 H0 D4 C2"), "course", id="course as text"),
    pytest.param(race(bets={"Al": 5}), "bets", id="bets not a list"),
    pytest.param(race(bets=["Al 5 on H"]), "bets[0]", id="bet not a mapping"),
    pytest.param(race(bets=bets_with(1, player="Zed")), "bets[1].player", id="unknown player"),
    pytest.param(race(bets=bets_with(2, player="Dee")), "bets[2].player", id="dealer bets"),
    pytest.param(race(bets=bets_with(0, horse="A")), "bets[0].horse", id="unknown horse"),
    pytest.param(race(bets=bets_with(0, horse="h")), "bets[0].horse", id="lower-case horse"),
    pytest.param(race(bets=bets_with(0, amount="5")), "bets[0].amount", id="amount as text"),
    pytest.param(race(bets=bets_with(0, amount=5.0)), "bets[0].amount", id="amount as float"),
    pytest.param(race(bets=bets_with(0, amount=True)), "bets[0].amount", id="amount as bool"),
    pytest.param(race(bets=bets_with(0, amount=None)), "bets[0].amount", id="amount as None"),
    pytest.param(race(bets=bets_with(0, amount=0)), "bets[0].amount", id="zero bet"),
    pytest.param(race(bets=bets_with(0, amount=-5)), "bets[0].amount", id="negative bet"),
    pytest.param(race(bets=bets_with(0, colour="red")), "bets[0].colour", id="unknown bet field"),
    pytest.param(race(winner="X"), "winner", id="winner not a horse"),
    pytest.param(race(winner=None), "winner", id="winner None"),
    pytest.param(race(odds={"D": [6, 0]}), "odds.D", id="odds over 0"),
    pytest.param(race(odds={"D": "6-1"}), "odds.D", id="odds as text"),
    pytest.param(race(odds={"D": [6.0, 1]}), "odds.D", id="odds as float"),
    pytest.param(race(odds={"D": [6, 1, 1]}), "odds.D", id="odds of three numbers"),
    pytest.param(race(odds={"Q": [6, 1]}), "odds.Q", id="odds for no horse"),
    pytest.param(race(odds=[6, 1]), "odds", id="odds not a mapping"),
    pytest.param(without("winner"), "winner", id="winner missing"),
    pytest.param(without("bets"), "bets", id="bets missing"),
    pytest.param(race(pot=3), "pot", id="unknown field"),
]


@pytest.mark.parametrize(("bad", "field"), BAD_RACES)
def test_a_bad_race_is_refused_by_name_and_changes_nothing(bad: dict[str, Any], field: str) -> None:
    session = Session.new("horse-race", TABLE, dealer="Cy")
    session.record(race(bets=[{"player": "Al", "horse": "D", "amount": 1}]))
    assert session.dealer == "Dee"
    before = session.to_dict(), session.state
    with pytest.raises(RuleError) as caught:
        session.record(bad)
    # Floats are refused while the round is copied, so their field comes as round.<path>.
    assert caught.value.field.startswith(field)
    assert (session.to_dict(), session.state) == before


def test_the_dealer_is_named_when_trying_to_bet() -> None:
    with pytest.raises(RuleError, match="Dee deals and is the bank"):
        dee_deals().record(race(bets=bets_with(0, player="Dee")))


def test_a_bet_over_the_limit_is_refused_and_says_the_limit() -> None:
    session = dee_deals(limit=4)
    with pytest.raises(RuleError, match="Al: 5 is over the limit of 4 a bet") as caught:
        session.record(race())
    assert caught.value.field == "bets[0].amount"
    assert session.rounds == [] and session.balances == dict.fromkeys(TABLE, 0)


def test_five_of_a_suit_on_seven_cards_is_a_void_deal() -> None:
    with pytest.raises(RuleError, match="void the deal: redeal"):
        dee_deals().record(race(course={"S": 0, "H": 5, "D": 1, "C": 1}))


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"course": 8}, "options.course"),
        ({"course": 5}, "options.course"),
        ({"course": "7"}, "options.course"),
        ({"limit": -1}, "options.limit"),
        ({"limit": 2.5}, "options.limit"),
        ({"chips": 150}, "options.chips"),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        Session.new("horse-race", TABLE, options=options)
    assert caught.value.field == field


def test_two_players_are_too_few() -> None:
    with pytest.raises(RuleError) as caught:
        Session.new("horse-race", ["Al", "Bo"])
    assert caught.value.field == "players"
