"""Hot Rum at the table: the one who goes out is paid for the others' unmatched cards."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given

from scorekeeper import GAMES, RuleError, Session
from scorekeeper.game import is_end_round
from scorekeeper.games.hot_rum import cards_dealt, deadwood_points
from tests.strategies import at_edges, table_of
from tests.strategies.hot_rum import EDGES, plans

GAME = GAMES["hot-rum"]
FOUR = ["Ann", "Bob", "Cy", "Di"]


def _unchanged(session: Session, attempt: dict[str, Any]) -> RuleError:
    before = (session.to_dict(), session.state)
    with pytest.raises(RuleError) as caught:
        session.record(attempt)
    assert (session.to_dict(), session.state) == before
    return caught.value


def test_the_game_as_listed() -> None:
    assert GAME.name == "Hot Rum"
    assert (GAME.min_players, GAME.max_players) == (2, 6)
    assert (GAME.unit, GAME.scored_in_points, GAME.menu_order) == ("money", False, 6)
    assert "paid double" in GAME.rules


# --- deadwood ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "pips"),
    [
        ("A", 11),
        ("K", 10),
        ("Q", 10),
        ("J", 10),
        ("10", 10),
        ("9", 9),
        ("2", 2),
        ("K 9 A", 30),
        ("4 4", 8),
        ("7h, 8♠", 15),
        ("", 0),
    ],
)
def test_unmatched_cards_count_their_pips(text: str, pips: int) -> None:
    assert deadwood_points(text) == pips


@pytest.mark.parametrize("text", ["JK", "5 jk", "Q JK K"])
def test_a_joker_is_refused_there_are_none_in_hot_rum(text: str) -> None:
    with pytest.raises(RuleError, match="without jokers"):
        deadwood_points(text)


def test_card_text_that_is_no_card_is_refused() -> None:
    with pytest.raises(RuleError, match="'1' is not a card"):
        deadwood_points("K 1")


# --- docs/rules.md, Hot Rum, examples ----------------------------------------------------


def test_rules_example_cy_goes_out_and_collects_48() -> None:
    """Ann deals; Cy goes out: Ann K 9 A (30), Bob 4 4 (8), Di Q (10). Cy +48, Bob deals."""
    session = Session.new("hot-rum", FOUR, options={"stake": 1})
    session.record(
        {"out": "Cy", "rummy": False, "cards": {"Ann": "K 9 A", "Bob": "4 4", "Di": "Q"}}
    )
    assert session.balances == {"Ann": -30, "Bob": -8, "Cy": 48, "Di": -10}
    assert session.totals == session.balances
    assert session.dealer == "Bob"


def test_rules_example_two_players_bob_goes_rummy_and_is_paid_double() -> None:
    """Ann deals to two; Bob goes rummy, Ann holds 7 8 (15): Ann pays 30, Bob deals next."""
    session = Session.new("hot-rum", ["Ann", "Bob"])
    session.record({"out": "Bob", "rummy": True, "cards": {"Ann": "7 8"}})
    assert session.balances == {"Ann": -30, "Bob": 30}
    assert session.dealer == "Bob"
    assert session.first_player == "Ann"


def test_with_two_players_the_winner_deals_even_twice_running() -> None:
    session = Session.new("hot-rum", ["Ann", "Bob"], dealer="Bob")
    for out, dealer in (("Ann", "Ann"), ("Ann", "Ann"), ("Bob", "Bob")):
        other = "Bob" if out == "Ann" else "Ann"
        session.record({"out": out, "deadwood": {other: 5}})
        assert session.dealer == dealer


def test_with_three_or_more_the_deal_passes_left_whoever_wins() -> None:
    session = Session.new("hot-rum", ["Ann", "Bob", "Cy"], dealer="Cy")
    session.record({"out": "Cy", "deadwood": {"Ann": 1, "Bob": 2}})
    assert session.dealer == "Ann"
    session.record({"out": "Cy", "deadwood": {"Ann": 1, "Bob": 2}})
    assert session.dealer == "Bob"


def test_the_stake_multiplies_every_pip_and_a_rummy_doubles_it() -> None:
    """Stake 5¢: Bob 12 pips, Cy 3 pips, rummy: Bob pays 120¢, Cy 30¢, Ann takes 150¢."""
    session = Session.new("hot-rum", ["Ann", "Bob", "Cy"], options={"stake": 5})
    session.record({"out": "Ann", "rummy": True, "deadwood": {"Bob": 12, "Cy": 3}})
    assert session.balances == {"Ann": 150, "Bob": -120, "Cy": -30}
    session.record({"out": "Bob", "deadwood": {"Ann": 4, "Cy": 0}})
    assert session.balances == {"Ann": 130, "Bob": -100, "Cy": -30}


def test_no_rummy_said_means_no_rummy() -> None:
    session = Session.new("hot-rum", ["Ann", "Bob"])
    session.record({"out": "Ann", "deadwood": {"Bob": 9}})
    assert session.balances == {"Ann": 9, "Bob": -9}


def test_the_game_never_ends_on_its_own() -> None:
    session = Session.new("hot-rum", ["Ann", "Bob"])
    for _ in range(30):
        session.record({"out": "Ann", "deadwood": {"Bob": 100}})
    assert not session.finished and session.winners == ()


@pytest.mark.parametrize(("players", "cards"), [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_the_deal_size_goes_by_the_number_of_players(players: int, cards: int) -> None:
    assert cards_dealt(players) == cards
    session = Session.new("hot-rum", [*FOUR, "Ed", "Flo"][:players])
    assert session.info["cards_dealt"] == cards
    assert ("Deal", f"{cards} cards each") in GAME.panel(session.setup, session.state)


def test_the_panel_tells_the_deal_the_stake_and_who_deals_next() -> None:
    two = Session.new("hot-rum", ["Ann", "Bob"], options={"stake": 25})
    assert GAME.panel(two.setup, two.state) == [
        ("Deal", "10 cards each"),
        ("Stake", "$0.25 per pip of unmatched cards; a rummy is paid double"),
        ("Next deal", "the winner of each hand deals the next"),
        ("Plays first", "Bob"),
    ]
    four = Session.new("hot-rum", FOUR)
    assert dict(GAME.panel(four.setup, four.state))["Next deal"] == "passes to the left"


def test_once_the_evening_is_ended_the_panel_names_nobody_to_play_first() -> None:
    session = Session.new("hot-rum", FOUR)
    session.record({"out": "Cy", "deadwood": {"Ann": 30, "Bob": 8, "Di": 10}})
    session.record({"end": True})
    assert "Plays first" not in dict(GAME.panel(session.setup, session.state))


def test_details_name_who_went_out_and_whether_it_was_rummy() -> None:
    assert GAME.details({"out": "Bob", "rummy": True, "deadwood": {}}) == {
        "out": "Bob",
        "rummy": "yes",
    }
    assert GAME.details({"out": "Bob", "deadwood": {}}) == {"out": "Bob", "rummy": "no"}


# --- bad input --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("round_", "field"),
    [
        ({"out": "Ann", "deadwood": {"Bob": "3", "Cy": 1, "Di": 1}}, "deadwood.Bob"),
        ({"out": "Ann", "deadwood": {"Bob": 3.0, "Cy": 1, "Di": 1}}, "deadwood.Bob"),
        ({"out": "Ann", "deadwood": {"Bob": True, "Cy": 1, "Di": 1}}, "deadwood.Bob"),
        ({"out": "Ann", "deadwood": {"Bob": None, "Cy": 1, "Di": 1}}, "deadwood.Bob"),
        ({"out": "Ann", "deadwood": {"Bob": -3, "Cy": 1, "Di": 1}}, "deadwood.Bob"),
        ({"out": "Ann", "deadwood": {"Bob": 3, "Cy": 1}}, "deadwood.Di"),
        ({"out": "Ann", "deadwood": {"Ann": 0, "Bob": 3, "Cy": 1, "Di": 1}}, "deadwood.Ann"),
        ({"out": "Ann", "deadwood": {"Bob": 3, "Cy": 1, "Di": 1, "Ed": 1}}, "deadwood.Ed"),
        ({"out": "Ed", "deadwood": {"Bob": 3, "Cy": 1, "Di": 1}}, "out"),
        ({"out": 1, "deadwood": {"Bob": 3, "Cy": 1, "Di": 1}}, "out"),
        ({"deadwood": {"Bob": 3, "Cy": 1, "Di": 1}}, "out"),
        ({"out": "Ann", "rummy": False}, "deadwood"),
        (
            {"out": "Ann", "deadwood": {"Bob": 3, "Cy": 1, "Di": 1}, "cards": {"Bob": "3"}},
            "deadwood.Bob",
        ),
        ({"out": "Ann", "rummy": "yes", "deadwood": {"Bob": 3, "Cy": 1, "Di": 1}}, "rummy"),
        ({"out": "Ann", "rummy": 1, "deadwood": {"Bob": 3, "Cy": 1, "Di": 1}}, "rummy"),
        ({"out": "Ann", "rummy": None, "deadwood": {"Bob": 3, "Cy": 1, "Di": 1}}, "rummy"),
        ({"out": "Ann", "cards": {"Bob": "K JK", "Cy": "2", "Di": "2"}}, "cards.Bob"),
        ({"out": "Ann", "cards": {"Bob": "K 1", "Cy": "2", "Di": "2"}}, "cards.Bob"),
        ({"out": "Ann", "cards": {"Bob": 3, "Cy": "2", "Di": "2"}}, "cards.Bob"),
        ({"out": "Ann", "cards": {"Cy": "2", "Di": "2"}}, "cards.Bob"),
        ({"out": "Ann", "deadwood": {"Bob": 3, "Cy": 1, "Di": 1}, "gin": True}, "gin"),
    ],
)
def test_a_bad_hand_is_refused_and_changes_nothing(round_: dict[str, Any], field: str) -> None:
    session = Session.new("hot-rum", FOUR)
    session.record({"out": "Bob", "deadwood": {"Ann": 3, "Cy": 4, "Di": 5}})
    assert _unchanged(session, round_).field.endswith(field)


def test_the_messages_name_the_player_and_the_rule() -> None:
    session = Session.new("hot-rum", FOUR)
    error = _unchanged(session, {"out": "Ann", "deadwood": {"Bob": 3, "Cy": 1}})
    assert error.message == "Di is missing: give every player but Ann"
    error = _unchanged(session, {"out": "Ann", "cards": {"Bob": "JK", "Cy": "2", "Di": "2"}})
    assert error.message == "Hot Rum is played without jokers: take the JK out"


@pytest.mark.parametrize(
    ("players", "options", "field"),
    [
        (["Ann"], {}, "players"),
        (["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"], {}, "players"),
        (["Ann", "  "], {}, "players[2]"),
        (["Ann", "Ann"], {}, "players[2]"),
        (["Ann", "Bob"], {"stake": 0}, "options.stake"),
        (["Ann", "Bob"], {"stake": "1"}, "options.stake"),
        (["Ann", "Bob"], {"stake": True}, "options.stake"),
        (["Ann", "Bob"], {"double": True}, "options.double"),
    ],
)
def test_a_bad_table_is_refused(players: list[str], options: dict[str, Any], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        Session.new("hot-rum", players, options=options)
    assert caught.value.field == field


# --- properties -------------------------------------------------------------------------


@at_edges(EDGES)
@given(plans())
def test_the_one_out_is_paid_exactly_what_the_others_lose(plan: dict[str, Any]) -> None:
    session = table_of(plan)
    for round_ in plan["rounds"]:
        before, dealer = session.balances, session.dealer
        session.record(round_)
        if is_end_round(round_):
            assert session.finished and session.balances == before
            continue
        out = round_["out"]
        gains = {name: session.balances[name] - before[name] for name in before}
        assert gains[out] >= 0
        assert all(gains[name] <= 0 for name in gains if name != out)
        assert sum(gains.values()) == 0
        if round_.get("rummy"):
            assert gains[out] % (2 * session.options["stake"]) == 0
        expected = out if len(session.players) == 2 else session.setup.left_of(dealer)
        assert session.dealer == expected
