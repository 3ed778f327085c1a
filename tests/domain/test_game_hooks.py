"""What only some games have reaches generic code through hooks on ``Game``.

A game that overrides none of them carries nothing, has no target and no records; the
games that do have one say so in their own words.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any, TypedDict

import pytest

import scorekeeper.games
from scorekeeper import GAMES, RuleError, Session
from scorekeeper.checks import Round
from scorekeeper.game import Game, NoInfo, Option, Setup, State
from scorekeeper.games.calcutta import BIGGEST_POOL, POOL
from scorekeeper.settle import payment_lines
from tests.factories import PlainGame

PARKS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


def sold(owner: str, price: int) -> dict[str, Any]:
    return {"owner": owner, "price": price}


RACE_WITH_UNSOLD_WINNER = {
    "course": {"S": 1, "H": 3, "D": 1, "C": 2},
    "sales": {"S": sold("Bob", 14), "H": sold("Di", 5), "D": None, "C": sold("Ed", 9)},
    "first": "D",
    "second": "S",
}


def test_a_game_without_hooks_carries_nothing_and_has_no_target_or_records() -> None:
    bare = PlainGame()
    setup = Setup(("Ann", "Bob"), {}, "Ann")
    state = bare.start(setup)
    assert bare.kitty is None and bare.carried(setup, state) == 0
    assert bare.target(setup, state) is None
    assert bare.highlight_labels == () and bare.highlights(setup, []) == {}


def test_only_calcutta_carries_a_pool_and_only_it_keeps_a_record() -> None:
    assert {game.id for game in GAMES.values() if game.kitty} == {"calcutta"}
    assert {game.id for game in GAMES.values() if game.highlight_labels} == {"calcutta"}


def test_an_unsold_winner_leaves_its_share_in_the_pool_as_a_party_to_the_settle_up() -> None:
    """docs/rules.md, Calcutta: an unsold horse's share stays in the pool for the next race."""
    session = Session.new("calcutta", PARKS)
    session.record(RACE_WITH_UNSOLD_WINNER)
    assert session.pot == 19
    assert session.parties[POOL] == 19
    assert sum(session.parties.values()) == 0
    lines = payment_lines(session.settlement(), "chips")
    assert any(line.endswith("in the pool for the next race") for line in lines)
    assert GAMES["calcutta"].highlights(session.setup, session.rounds) == {BIGGEST_POOL: 28}


def test_a_game_that_carries_nothing_settles_between_players_only() -> None:
    session = Session.new("racehorse", ["Ann", "Bob", "Cy", "Di", "Ed"])
    assert session.pot == 0 and session.parties == session.balances


def test_the_pools_name_is_no_players_name_at_any_table() -> None:
    """A night settles every game together, so "(pool)" stays the pool's at every table."""
    for game in ("calcutta", "hot-rum"):
        with pytest.raises(RuleError, match="reserved") as caught:
            Session.new(game, ["Ann", POOL, "Cy"])
        assert caught.value.field == "players[2]"


def test_5000_rummys_target_is_a_line_except_in_the_two_hand_games() -> None:
    game = GAMES["rummy-5000"]
    for options, target in (
        ({}, 5000),
        ({"target": 1500}, 1500),
        ({"doubling": True}, None),
        ({"limit_poker": True}, None),
    ):
        session = Session.new("rummy-5000", ["Ann", "Bob"], options=options)
        assert game.target(session.setup, session.state) == target
    assert GAMES["seven-hand"].target(session.setup, session.state) is None


def test_a_package_of_shared_code_with_no_game_is_not_taken_for_one() -> None:
    packages = {m.name for m in pkgutil.iter_modules(scorekeeper.games.__path__) if m.ispkg}
    assert {"racing", "rummy_5000"} <= packages
    assert getattr(importlib.import_module("scorekeeper.games.racing"), "GAME", None) is None
    assert "rummy-5000" in GAMES and "racing" not in GAMES and "racing" not in list(GAMES)


class _PennyAnte(PlainGame):
    """A game that keeps the default ``option_words``, with a money option and others."""

    options = {
        "stake": Option(25, "money per point", minimum=0, cents=True),
        "target": Option(100, "points that end the game", minimum=1),
        "rotate": Option(True, "the deal passes left"),
    }


def test_the_default_option_words_say_a_money_option_in_dollars_as_the_games_do() -> None:
    game = _PennyAnte()
    setup = Setup(("Ann", "Bob"), {"stake": 25, "target": 100, "rotate": False}, "Ann")
    assert game.option_words(setup) == ["stake $0.25", "target 100", "rotate no"]
    free = Setup(("Ann", "Bob"), {"stake": 0, "target": 100, "rotate": True}, "Ann")
    assert game.option_words(free)[0] == "stake $0.00"


def test_a_game_missing_what_every_game_defines_fails_as_its_class_is_made() -> None:
    with pytest.raises(TypeError, match="the game Half does not define unit, play"):

        class Half(Game):
            id = "half"
            name = "Half a game"
            min_players = 2
            max_players = 4
            rules = "Whoever wins the hand takes the pot."


class Stakes(TypedDict):
    stake: int


def test_a_game_whose_options_type_names_other_options_fails_as_its_class_is_made() -> None:
    with pytest.raises(TypeError, match=r"options \['ante'\] are not those its Stakes names"):

        class Mismatched(Game[Stakes, NoInfo]):
            id = "mismatched"
            name = "Mismatched"
            min_players = 2
            max_players = 4
            unit = "chips"
            rules = "Whoever wins the hand takes the pot."
            options = {"ante": Option(1, "chips each player puts in", minimum=1)}

            def play(self, setup: Setup, state: State, round_: Round) -> State:
                return state


def test_an_options_limit_may_depend_on_the_players() -> None:
    """A hand no bigger than a deck shared out: 7 each for 7 players, 5 each for 10."""
    hand = Option(5, "cards dealt to each player", minimum=1, maximum=lambda players: 52 // players)
    assert hand.check("hand", 7, 7) == 7
    with pytest.raises(RuleError, match="must be at most 5, not 7") as refused:
        hand.check("hand", 7, 10)
    assert refused.value.field == "options.hand"
