"""Each game tells a round in the table's own words (``Game.describe``): what the grid's
detail line, the undo prompt and the CSV say. Worked examples from docs/rules.md."""

from __future__ import annotations

import importlib
import re
from typing import Any

import pytest
from hypothesis import given

from scorekeeper import Session
from scorekeeper.game import Setup
from tests.domain.test_properties import PLAN_MODULES, RUNS
from tests.factories import PlainGame
from tests.strategies import at_edges, played
from tests.ui import evenings

PARKS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


def told(session: Session) -> list[str]:
    return [session.describe(index) for index in range(len(session.rounds))]


def test_racehorse_says_made_or_upped_and_all_six_tricks() -> None:
    """docs/rules.md, Racehorse: a Smudge needs all four points and all six tricks."""
    session = Session.new("racehorse", PARKS, dealer="Cy", options={"stake": 25})
    session.record({"pitcher": "Bob", "bid": 3, "points": ["high", "jack", "game"]})
    session.record({"pitcher": "Bob", "bid": 5, "points": ["high", "low", "jack", "game"]})
    session.record(
        {"pitcher": "Flo", "bid": 5, "points": ["high", "low", "jack", "game"], "all_tricks": True}
    )
    session.record({"pitcher": "Flo", "bid": 2, "made": True})
    session.record({"pitcher": "Flo", "bid": 4, "points": ["low"]})
    assert told(session) == [
        "Bob pitched 3 and made it: high, jack, game",
        "Bob bid Smudge and was upped: all four points but not all six tricks",
        "Flo made a Smudge: all four points and all six tricks",
        "Flo pitched 2 and made it",
        "Flo pitched 4 and was upped: low",
    ]


def test_calcutta_names_the_sales_the_shares_and_the_carry() -> None:
    """docs/rules.md, Calcutta: an unsold winner's share stays in the pool."""
    assert told(evenings.calcutta()) == [
        "H won, C second; sold S Cy 12, H Flo 20, D Bob 7, C Ann 31; pool 70: Flo takes 47, Ann 23",
        "D won, S second; sold H Di 5, C Ed 9, S Bob 14, D unsold; "
        "pool 28: Bob takes 9; 19 chips carried",
    ]


def test_the_rummies_say_who_went_out_and_what_the_others_held() -> None:
    assert told(evenings.seven_hand()) == [
        "Max went out on two sets; Grandma held 45, Zoe 25",
        "Zoe went out on one set and one run; Grandma held 15, Max 25",
    ]
    hot = Session.new("hot-rum", ["Ann", "Bob", "Di"])
    hot.record({"out": "Bob", "deadwood": {"Ann": 30, "Di": 10}})
    hot.record({"out": "Ann", "rummy": True, "deadwood": {"Bob": 5, "Di": 4}})
    assert told(hot) == [
        "Bob went out; Ann held 30, Di 10",
        "Ann went out with a rummy, paid double; Bob held 5, Di 4",
    ]


def test_5000_says_the_wild_rank_the_bonus_and_a_false_claim_in_words() -> None:
    session = Session.new("rummy-5000", ["Ann", "Bob", "Cy"], options={"michigan": True})
    session.record({"false_claim": "Bob"})
    session.record(
        {
            "wild": "A",
            "out": "Cy",
            "bonus": "first_turn",
            "melded": {"Ann": 20, "Bob": 0, "Cy": 440},
            "in_hand": {"Ann": 15, "Bob": 30, "Cy": 0},
        }
    )
    assert told(session) == [
        "Bob: false claim, +50 to each other player",
        "aces wild; Cy went out on the first turn; "
        "Ann melded 20 and held 15, Bob melded 0 and held 30, Cy melded 440",
    ]


def test_the_basic_horse_race_names_the_odds_and_the_bank() -> None:
    assert told(evenings.horse_race()) == [
        "D won at 10-1; Al lost 5 on H, Bo 2 on D won 20, Cy lost 3 on S; Dee's bank −12"
    ]


def test_a_game_that_tells_nothing_of_its_own_lists_its_facts_by_name() -> None:
    class Bare(PlainGame):
        def details(self, round_: Any) -> dict[str, str | int]:
            return {"first_turn": "Ann", "bid": 3}

    setup = Setup(("Ann", "Bob"), {}, "Ann")
    state = Bare().start(setup)
    assert Bare().describe(setup, state, {}, state) == "first turn Ann; bid 3"


INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b|\brummy no\b|\bnone\b|\bTrue\b|\bFalse\b")


@pytest.mark.parametrize("module", PLAN_MODULES)
def test_no_round_is_told_with_an_option_id_or_a_round_key(module: str) -> None:
    strategy = importlib.import_module(f"tests.strategies.{module}")

    @RUNS
    @at_edges(strategy.EDGES)
    @given(strategy.plans())
    def check(plan: dict[str, Any]) -> None:
        session = played(plan)
        for text in told(session):
            assert text and not INTERNAL.search(text), text

    check()


def test_every_example_evening_is_told() -> None:
    for make in evenings.EVENINGS.values():
        assert all(told(make()))


def test_the_5000_panel_names_its_variations_in_words() -> None:
    session = Session.new(
        "rummy-5000", ["Ann", "Bob", "Cy"], options={"play_to_win": True, "money_cards": True}
    )
    panel = dict(session.game.panel(session.setup, session.state))
    assert panel["Variations"] == "Money cards, play to win"
