"""Racehorse at the table: only the pitcher pays or is paid, and the deal follows them."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given

from scorekeeper import GAMES, RuleError, Session
from scorekeeper.game import is_end_round
from scorekeeper.games.racehorse import bid_made
from tests.strategies import at_edges, table_of
from tests.strategies.racehorse import EDGES, plans

GAME = GAMES["racehorse"]
FIVE = ["Ann", "Bob", "Cy", "Di", "Ed"]
PARKS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


def _unchanged(session: Session, attempt: dict[str, Any]) -> RuleError:
    before = (session.to_dict(), session.state)
    with pytest.raises(RuleError) as caught:
        session.record(attempt)
    assert (session.to_dict(), session.state) == before
    return caught.value


def test_the_game_as_listed() -> None:
    assert GAME.name == "Racehorse"
    assert (GAME.min_players, GAME.max_players) == (5, 8)
    assert (GAME.unit, GAME.scored_in_points) == ("money", False)
    assert Session.new("racehorse", FIVE).options == {"stake": 100}


def test_rules_example_bob_makes_3_then_di_is_upped_on_4() -> None:
    session = Session.new("racehorse", FIVE)
    session.record({"pitcher": "Bob", "bid": 3, "points": ["high", "jack", "game"]})
    assert session.balances == {"Ann": -300, "Bob": 1200, "Cy": -300, "Di": -300, "Ed": -300}
    assert session.dealer == "Bob"
    assert session.first_player == "Cy"

    session.record({"pitcher": "Di", "bid": 4, "points": ["high", "low", "game"]})
    assert session.balances == {"Ann": 100, "Bob": 1600, "Cy": 100, "Di": -1900, "Ed": 100}
    assert session.dealer == "Cy"
    assert session.totals == session.balances


def test_friday_at_the_parks_racehorse_and_settling_up() -> None:
    """Stake $0.25, Cy deals: Ed makes 2, Ann's Smudge is upped; Ann pays five people."""
    session = Session.new("racehorse", PARKS, dealer="Cy", options={"stake": 25})
    session.record({"pitcher": "Ed", "bid": 2, "made": True})
    assert session.balances == {
        "Ann": -50,
        "Bob": -50,
        "Cy": -50,
        "Di": -50,
        "Ed": 250,
        "Flo": -50,
    }
    assert session.dealer == "Ed"

    smudge = {"pitcher": "Ann", "bid": 5, "points": ["high", "low", "jack", "game"]}
    session.record({**smudge, "all_tricks": False})
    assert session.balances == {
        "Ann": -675,
        "Bob": 75,
        "Cy": 75,
        "Di": 75,
        "Ed": 375,
        "Flo": 75,
    }
    assert session.dealer == "Flo"

    assert session.settlement() == [
        ("Ann", "Ed", 375),
        ("Ann", "Bob", 75),
        ("Ann", "Cy", 75),
        ("Ann", "Di", 75),
        ("Ann", "Flo", 75),
    ]


def test_a_smudge_with_every_point_and_every_trick_is_made() -> None:
    session = Session.new("racehorse", FIVE, options={"stake": 10})
    session.record(
        {"pitcher": "Cy", "bid": 5, "points": ["game", "jack", "low", "high"], "all_tricks": True}
    )
    assert session.balances == {"Ann": -50, "Bob": -50, "Cy": 200, "Di": -50, "Ed": -50}
    assert session.dealer == "Cy"


def test_a_smudge_without_saying_all_tricks_is_upped() -> None:
    session = Session.new("racehorse", FIVE, options={"stake": 10})
    session.record({"pitcher": "Ann", "bid": 5, "points": ["high", "low", "jack", "game"]})
    assert session.balances["Ann"] == -200
    assert session.dealer == "Ed"


@pytest.mark.parametrize(
    ("bid", "points", "all_tricks", "made"),
    [
        (2, ["high", "low"], False, True),
        (2, ["jack"], False, False),
        (3, ["high", "low", "jack", "game"], False, True),
        (4, ["high", "low", "jack"], True, False),
        (4, ["high", "low", "jack", "game"], False, True),
        (5, ["high", "low", "jack", "game"], True, True),
        (5, ["high", "low", "jack"], True, False),
    ],
)
def test_a_bid_is_made_with_enough_points(
    bid: int, points: list[str], all_tricks: bool, made: bool
) -> None:
    assert bid_made(bid, points, all_tricks) is made


def test_an_upped_pitcher_in_the_first_seat_hands_the_deal_to_the_last_seat() -> None:
    session = Session.new("racehorse", FIVE, dealer="Cy")
    session.record({"pitcher": "Ann", "bid": 2, "made": False})
    assert session.dealer == "Ed"
    assert session.balances["Ann"] == -800


def test_the_panel_and_details() -> None:
    session = Session.new("racehorse", FIVE, options={"stake": 25})
    assert dict(GAME.panel(session.setup, session.state))["Stake"] == (
        "$0.25 per point ($0.50 to $1.25 a player per deal)"
    )
    assert GAME.details({"pitcher": "Ann", "bid": 5, "made": True}) == {
        "pitcher": "Ann",
        "bid": "Smudge",
    }
    assert GAME.details({"pitcher": "Bob", "bid": 3, "points": ["high", "game"]}) == {
        "pitcher": "Bob",
        "bid": "3",
        "points": "high game",
    }


@pytest.mark.parametrize(
    ("round_", "field"),
    [
        ({"pitcher": "Ann", "bid": 1, "made": True}, "bid"),
        ({"pitcher": "Ann", "bid": 6, "made": True}, "bid"),
        ({"pitcher": "Ann", "bid": "3", "made": True}, "bid"),
        ({"pitcher": "Ann", "bid": 3.0, "made": True}, "bid"),
        ({"pitcher": "Ann", "bid": True, "made": True}, "bid"),
        ({"pitcher": "Ann", "bid": None, "made": True}, "bid"),
        ({"pitcher": "Zed", "bid": 3, "made": True}, "pitcher"),
        ({"pitcher": None, "bid": 3, "made": True}, "pitcher"),
        ({"bid": 3, "made": True}, "pitcher"),
        ({"pitcher": "Ann", "made": True}, "bid"),
        ({"pitcher": "Ann", "bid": 3}, "made"),
        ({"pitcher": "Ann", "bid": 3, "made": "yes"}, "made"),
        ({"pitcher": "Ann", "bid": 3, "made": 1}, "made"),
        ({"pitcher": "Ann", "bid": 3, "made": True, "points": ["high"]}, "made"),
        ({"pitcher": "Ann", "bid": 3, "made": True, "all_tricks": True}, "made"),
        ({"pitcher": "Ann", "bid": 3, "points": ["high", "trump"]}, "points"),
        ({"pitcher": "Ann", "bid": 3, "points": ["high", "high", "low"]}, "points"),
        ({"pitcher": "Ann", "bid": 3, "points": "high low jack"}, "points"),
        ({"pitcher": "Ann", "bid": 5, "points": ["high"], "all_tricks": "yes"}, "all_tricks"),
        ({"pitcher": "Ann", "bid": 3, "made": True, "steal": True}, "steal"),
    ],
)
def test_a_bad_deal_is_refused_and_changes_nothing(round_: dict[str, Any], field: str) -> None:
    session = Session.new("racehorse", FIVE)
    session.record({"pitcher": "Bob", "bid": 2, "made": True})
    assert _unchanged(session, round_).field.endswith(field)


@pytest.mark.parametrize(
    ("players", "options", "field"),
    [
        (["Ann", "Bob", "Cy", "Di"], {}, "players"),
        ([*PARKS, "Gus", "Hal", "Ivy"], {}, "players"),
        (["Ann", "Bob", "Cy", "Di", ""], {}, "players[5]"),
        (["Ann", "Bob", "Cy", "Di", "BOB"], {}, "players[5]"),
        (FIVE, {"stake": 0}, "options.stake"),
        (FIVE, {"stake": "100"}, "options.stake"),
        (FIVE, {"smudge": 6}, "options.smudge"),
    ],
)
def test_a_bad_table_is_refused(players: list[str], options: dict[str, Any], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        Session.new("racehorse", players, options=options)
    assert caught.value.field == field


@at_edges(EDGES)
@given(plans())
def test_only_the_pitcher_wins_or_loses_what_the_others_lose_or_win(plan: dict[str, Any]) -> None:
    session = table_of(plan)
    stake = session.options["stake"]
    for round_ in plan["rounds"]:
        before = session.balances
        session.record(round_)
        if is_end_round(round_):
            assert session.finished and session.balances == before
            continue
        pitcher, bid = round_["pitcher"], round_["bid"]
        gains = {name: session.balances[name] - before[name] for name in before}
        made = gains[pitcher] > 0
        others = [name for name in session.players if name != pitcher]
        assert all(gains[name] == (-bid * stake if made else bid * stake) for name in others)
        assert gains[pitcher] == -sum(gains[name] for name in others)
        assert session.dealer == (pitcher if made else session.setup.right_of(pitcher))
