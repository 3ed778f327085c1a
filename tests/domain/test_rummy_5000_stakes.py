"""5000 Rummy for two: the doubling cube (gammons, folds, beavers, the automatic double)
and limit poker (antes, one betting round, the pot). A game is two hands, settled in money
at the option ``stake`` per game point (per chip in limit poker)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import GAMES, RuleError, Session
from scorekeeper.games.rummy_5000.cube import Cube, cube_after, next_doubler
from scorekeeper.games.rummy_5000.pot import Pot, check_bet, pot_after

TWO = ["Ann", "Bob"]
RUMMY = GAMES["rummy-5000"]


def doubling(**options: Any) -> Session:
    return Session.new("rummy-5000", TWO, options={"doubling": True, **options})


def poker(**options: Any) -> Session:
    return Session.new("rummy-5000", TWO, options={"limit_poker": True, **options})


def played(ann: int, bob: int, **extra: Any) -> dict[str, Any]:
    """A played-out hand: Ann goes out (her 200 bonus on top of ``ann``), Bob melds ``bob``."""
    return {
        "wild": "5",
        "out": "Ann",
        "melded": {"Ann": ann, "Bob": bob},
        "in_hand": {"Ann": 0, "Bob": 0},
        **extra,
    }


def folded(name: str, **extra: Any) -> dict[str, Any]:
    return {"wild": "5", "folded": name, **extra}


def snapshot(session: Session) -> tuple[Any, ...]:
    return (session.to_dict(), session.state)


def refused(session: Session, round_: dict[str, Any], field: str) -> RuleError:
    """The round is refused naming ``field``, and the session is just as it was."""
    was = snapshot(session)
    with pytest.raises(RuleError) as caught:
        session.record(round_)
    assert caught.value.field == field
    assert snapshot(session) == was
    return caught.value


@pytest.mark.parametrize(
    ("players", "options", "field"),
    [
        (["Ann", "Bob", "Cy"], {"doubling": True}, "options.doubling"),
        (["Ann", "Bob", "Cy"], {"limit_poker": True}, "options.limit_poker"),
        (TWO, {"doubling": True, "limit_poker": True}, "options.limit_poker"),
        (TWO, {"doubling": True, "play_to_win": True}, "options.play_to_win"),
        (TWO, {"limit_poker": True, "must_go_out": True}, "options.must_go_out"),
    ],
)
def test_the_two_player_variations_refuse_other_tables(
    players: list[str], options: dict[str, Any], field: str
) -> None:
    with pytest.raises(RuleError) as caught:
        Session.new("rummy-5000", players, options=options)
    assert caught.value.field == field


# Doubling


@pytest.mark.parametrize(
    ("ann", "bob", "won"),
    [
        (245, 200, 1),  # Ann 445 to 200: by 245, a plain win
        (250, 200, 2),  # by exactly 250: a gammon
        (495, 200, 2),  # by 495: still a gammon
        (500, 200, 3),  # by exactly 500: a backgammon
        (2000, 0, 3),
    ],
)
def test_a_played_out_hand_pays_the_stake_gammon_x2_backgammon_x3(
    ann: int, bob: int, won: int
) -> None:
    session = doubling(stake=100)
    session.record(played(ann, bob, stake=1))
    assert session.info["game_points"] == {"Ann": won, "Bob": -won}
    assert session.balances == {"Ann": 100 * won, "Bob": -100 * won}


def test_the_lower_hand_score_loses_even_when_the_winner_did_not_go_out() -> None:
    session = doubling()
    session.record(played(100, 500, stake=2, doubles=["Bob"]))
    assert session.totals == {"Ann": 300, "Bob": 500}
    assert session.info["game_points"] == {"Ann": -2, "Bob": 2}


def test_equal_hand_scores_move_nothing() -> None:
    session = doubling()
    session.record(played(300, 500, stake=4, doubles=["Ann", "Bob"]))
    assert session.totals == {"Ann": 500, "Bob": 500}
    assert session.info["game_points"] == {"Ann": 0, "Bob": 0}
    assert session.balances == {"Ann": 0, "Bob": 0}


def test_bob_folds_to_the_first_double_and_loses_the_stake_of_1() -> None:
    session = doubling(stake=50)
    session.record(folded("Bob", stake=1, doubles=["Ann"]))
    assert session.info["game_points"] == {"Ann": 1, "Bob": -1}
    assert session.balances == {"Ann": 50, "Bob": -50}
    assert session.totals == {"Ann": 0, "Bob": 0}
    assert session.dealer == "Bob"


def test_ann_folds_to_a_redouble_after_accepting_a_double_and_loses_2() -> None:
    session = doubling()
    session.record(folded("Ann", stake=2, doubles=["Ann", "Bob"]))
    assert session.info["game_points"] == {"Ann": -2, "Bob": 2}


def test_after_a_beaver_the_beaverer_doubles_next_and_the_first_doubler_may_not() -> None:
    """docs/rules.md, 5000 Rummy, doubling: Ann doubles, Bob beavers, Bob doubles: allowed;
    Ann doubles, Bob beavers, Ann doubles: refused."""
    session = doubling()
    allowed = played(100, 800, stake=8, doubles=["Ann", "Bob", "Bob"], beavers=[1])
    refused(session, {**allowed, "doubles": ["Ann", "Bob", "Ann"]}, "doubles[2]")
    error = refused(session, {**allowed, "beavers": [1, 2]}, "doubles[2]")
    assert error.message == "Bob's beaver may not be beavered: Ann accepts or folds"
    session.record(allowed)
    assert session.info["game_points"] == {"Ann": -24, "Bob": 24}  # lost by 500: x3
    assert RUMMY.details(session.rounds[0])["doubles"] == "Ann Bob (beaver) Bob"
    assert session.describe(0).startswith("5s wild; Ann went out; ")
    assert session.describe(0).endswith("; cube at 8; game points Ann −24, Bob +24")


def test_a_beaver_of_a_beaver_is_refused() -> None:
    round_ = played(100, 0, stake=8, doubles=["Ann", "Bob", "Ann"], beavers=[1, 2])
    error = refused(doubling(), round_, "doubles[2]")
    assert "Bob's beaver may not be beavered" in error.message


def test_a_double_twice_in_a_row_is_no_beaver() -> None:
    refused(doubling(), played(100, 0, stake=4, doubles=["Ann", "Ann"], beavers=[1]), "doubles[1]")
    refused(doubling(), played(100, 0, stake=2, doubles=["Ann"], beavers=[0]), "beavers")


def test_a_player_cannot_double_twice_in_a_row() -> None:
    error = refused(doubling(), played(100, 0, stake=4, doubles=["Ann", "Ann"]), "doubles[1]")
    assert "twice in a row" in error.message


def test_the_automatic_double_makes_the_first_hand_worth_2_once_only() -> None:
    session = doubling()
    session.record(played(5, 0, stake=4, doubles=["Bob"], automatic_double=True))
    assert session.info["game_points"] == {"Ann": 4, "Bob": -4}
    refused(session, played(5, 0, stake=2, automatic_double=True), "automatic_double")
    session.record(played(5, 0, stake=1, automatic_double=False))
    assert session.info["game_points"] == {"Ann": 5, "Bob": -5}


def test_a_fold_against_the_automatic_double_alone_is_refused() -> None:
    session = doubling()
    refused(session, folded("Bob", stake=2, automatic_double=True), "folded")
    session.record(folded("Bob", stake=2, doubles=["Ann"], automatic_double=True))
    assert session.info["game_points"] == {"Ann": 2, "Bob": -2}


@pytest.mark.parametrize(
    ("round_", "field"),
    [
        (played(100, 0, stake=2), "stake"),
        (played(100, 0, stake=3, doubles=["Ann"]), "stake"),
        (played(100, 0, stake="1"), "stake"),
        (played(100, 0), "stake"),
        (played(100, 0, stake=2, doubles="Ann"), "doubles"),
        (played(100, 0, stake=2, doubles=["Zed"]), "doubles[0]"),
        (played(100, 0, stake=2, doubles=["Ann"], beavers=1), "beavers"),
        (played(100, 0, stake=2, doubles=["Ann"], beavers=[1]), "beavers[0]"),
        (played(100, 0, stake=4, doubles=["Ann", "Bob"], beavers=[1, 1]), "beavers[1]"),
        (played(100, 0, stake=4, doubles=["Ann", "Bob"], beavers=["1"]), "beavers[0]"),
        (played(100, 0, stake=1, automatic_double="yes"), "automatic_double"),
        (folded("Bob", stake=1), "folded"),
        (folded("Ann", stake=1, doubles=["Ann"]), "folded"),
        (folded("Zed", stake=1, doubles=["Ann"]), "folded"),
        ({**played(100, 0), **folded("Bob", stake=1, doubles=["Ann"])}, "out"),
        (played(100, 0, stake=1, pot={"Ann": 1, "Bob": 1}), "pot"),
    ],
)
def test_bad_doubling_rounds_are_refused(round_: dict[str, Any], field: str) -> None:
    refused(doubling(), round_, field)


def test_a_doubling_game_is_two_hands_then_settled_at_the_stake_per_game_point() -> None:
    session = doubling(stake=250)
    session.record(played(300, 0, stake=2, doubles=["Bob"]))  # Ann by 500: 2 x3
    assert not session.finished
    session.record(folded("Ann", stake=4, doubles=["Bob", "Ann", "Bob"]))  # Ann loses 4
    assert session.finished and session.winners == ("Ann",)
    assert session.info["game_points"] == {"Ann": 2, "Bob": -2}
    assert session.balances == {"Ann": 500, "Bob": -500}
    assert session.settlement() == [("Bob", "Ann", 500)]
    refused(session, played(100, 0, stake=1), "round")
    panel = dict(RUMMY.panel(session.setup, session.state))
    assert panel["Hand"] == "game over"
    assert panel["Game points"] == "Ann +2, Bob −2"
    assert RUMMY.details(session.rounds[1]) == {
        "wild": "5",
        "folded": "Ann",
        "stake": 4,
        "doubles": "Bob Ann Bob",
    }


def test_two_even_hands_end_the_game_tied() -> None:
    session = doubling()
    session.record(played(100, 0, stake=1))
    session.record(played(5, 500, stake=1))
    assert session.winners == ("Ann", "Bob") and session.balances == {"Ann": 0, "Bob": 0}


# Limit poker


def test_antes_only_the_higher_hand_takes_the_pot() -> None:
    session = poker(stake=10)
    session.record(played(100, 0, pot={"Ann": 1, "Bob": 1}))
    assert session.info["game_points"] == {"Ann": 1, "Bob": -1}
    assert session.balances == {"Ann": 10, "Bob": -10}


def test_a_bet_and_a_raise_each_called_win_the_loser_s_chips() -> None:
    session = poker()
    # Ann bets 10, Bob raises 10, Ann raises 10, Bob raises 10, Ann raises 10, Bob calls.
    session.record(played(5, 300, pot={"Ann": 51, "Bob": 51}, raises={"Ann": 2, "Bob": 2}))
    assert session.info["game_points"] == {"Ann": -51, "Bob": 51}


def test_a_tie_splits_the_pot_back_to_the_players() -> None:
    session = poker()
    session.record(played(300, 500, pot={"Ann": 8, "Bob": 8}, raises={"Bob": 1}))
    assert session.info["game_points"] == {"Ann": 0, "Bob": 0}


def test_a_fold_to_a_raise_gives_the_pot_to_the_raiser() -> None:
    session = poker(stake=5)
    # Ann bets 4, Bob raises 6 (puts in 10), Ann folds: she loses her ante and 4.
    session.record(folded("Ann", pot={"Ann": 5, "Bob": 11}, raises={"Bob": 1}))
    assert session.info["game_points"] == {"Ann": -5, "Bob": 5}
    assert session.balances == {"Ann": -25, "Bob": 25}
    assert RUMMY.details(session.rounds[0]) == {"wild": "5", "folded": "Ann", "pot": 16}


def test_giving_up_during_play_loses_the_pot_as_it_stands() -> None:
    """docs/rules.md, 5000 Rummy, limit poker: after the betting either player may give up."""
    session = poker(stake=5)
    # Bob bets 2, Ann calls; while the hand is played Bob gives up his 3 chips.
    session.record({"wild": "9", "pot": {"Ann": 3, "Bob": 3}, "gave_up": "Bob"})
    assert session.info["game_points"] == {"Ann": 3, "Bob": -3}
    assert session.balances == {"Ann": 15, "Bob": -15}
    assert session.totals == {"Ann": 0, "Bob": 0}
    assert session.dealer == "Bob" and not session.finished
    assert RUMMY.details(session.rounds[0]) == {"wild": "9", "gave up": "Bob", "pot": 6}
    assert session.describe(0) == (
        "9s wild; Bob gave up after the betting; pot 6 chips; chips Ann +3, Bob −3"
    )
    session.record({"wild": "2", "pot": {"Ann": 1, "Bob": 1}, "gave_up": "Ann"})
    assert session.finished and session.winners == ("Ann",)
    assert session.info["game_points"] == {"Ann": 2, "Bob": -2}


@pytest.mark.parametrize(
    ("round_", "field"),
    [
        # Bob bet 4 and Ann has not answered: the betting is not over, so Ann folds.
        ({"wild": "9", "pot": {"Ann": 1, "Bob": 5}, "gave_up": "Ann"}, "gave_up"),
        ({"wild": "9", "pot": {"Ann": 1, "Bob": 5}, "gave_up": "Bob"}, "gave_up"),
        ({"wild": "9", "pot": {"Ann": 3, "Bob": 3}, "gave_up": "Zed"}, "gave_up"),
        ({"wild": "9", "pot": {"Ann": 3, "Bob": 3}, "gave_up": "Ann", "folded": "Bob"}, "gave_up"),
        ({**played(100, 0, pot={"Ann": 3, "Bob": 3}), "gave_up": "Ann"}, "out"),
        ({"wild": "9", "pot": {"Ann": 12, "Bob": 12}, "gave_up": "Ann"}, "pot"),
    ],
)
def test_a_give_up_before_the_betting_closed_or_with_a_scored_hand_is_refused(
    round_: dict[str, Any], field: str
) -> None:
    refused(poker(), round_, field)


def test_only_a_limit_poker_hand_is_given_up() -> None:
    refused(doubling(), {"wild": "9", "stake": 1, "gave_up": "Ann"}, "gave_up")


@pytest.mark.parametrize(
    ("pot", "raises", "who_folded", "field"),
    [
        ({"Ann": 12, "Bob": 12}, {}, None, "pot"),  # a bet of 11
        ({"Ann": 32, "Bob": 32}, {"Ann": 1, "Bob": 1}, None, "pot"),  # 31 in three steps
        ({"Ann": 5, "Bob": 5}, {"Ann": 3, "Bob": 2}, None, "raises.Ann"),
        ({"Ann": 20, "Bob": 20}, {"Ann": 2}, None, "raises"),  # raises take turns
        ({"Ann": 1, "Bob": 1}, {"Bob": 1}, None, "raises"),  # no bet, no raise
        ({"Ann": 0, "Bob": 1}, {}, None, "pot.Ann"),  # no ante
        ({"Ann": 1}, {}, None, "pot.Bob"),
        ({"Ann": 3, "Bob": 5}, {}, None, "pot.Ann"),  # unequal, nobody folded
        ({"Ann": 3, "Bob": 5}, {}, "Bob", "pot.Ann"),  # the one who put in more folded
        ({"Ann": 1, "Bob": 12}, {}, "Ann", "pot.Bob"),  # a bet of 11 folded to
        ({"Ann": 5, "Bob": 6}, {"Ann": 1}, "Ann", "raises"),
        ({"Ann": "3", "Bob": 3}, {}, None, "pot.Ann"),
        ({"Ann": 3, "Bob": 3, "Zed": 3}, {}, None, "pot.Zed"),
    ],
)
def test_pots_that_break_the_betting_limits_are_refused(
    pot: dict[str, Any], raises: dict[str, int], who_folded: str | None, field: str
) -> None:
    if who_folded:
        round_ = folded(who_folded, pot=pot, raises=raises)
    else:
        round_ = played(100, 0, pot=pot, raises=raises)
    refused(poker(), round_, field)


def test_a_poker_hand_must_give_the_pot_and_no_cube() -> None:
    refused(poker(), played(100, 0), "pot")
    refused(poker(), played(100, 0, pot={"Ann": 1, "Bob": 1}, stake=1), "stake")


def test_a_limit_poker_game_is_two_hands_even_chips_tie() -> None:
    session = poker(stake=100)
    session.record(played(5, 500, pot={"Ann": 11, "Bob": 11}))  # Bob takes 11
    assert not session.finished
    session.record(folded("Bob", pot={"Ann": 21, "Bob": 11}, raises={"Ann": 1}))  # Ann takes 11
    assert session.finished and session.winners == ("Ann", "Bob")
    assert session.balances == {"Ann": 0, "Bob": 0}


def test_a_limit_poker_game_settles_the_net_chips_at_the_stake() -> None:
    session = poker(stake=100)
    session.record(played(5, 500, pot={"Ann": 11, "Bob": 11}))
    session.record(played(400, 0, pot={"Ann": 4, "Bob": 4}))
    assert session.finished and session.winners == ("Bob",)
    assert session.info["game_points"] == {"Ann": -7, "Bob": 7}
    assert session.settlement() == [("Ann", "Bob", 700)]
    panel = dict(RUMMY.panel(session.setup, session.state))
    assert panel["Chips won"] == "Ann −7, Bob +7"
    assert panel["Stake"] == "$1.00 per chip"


# The cube as the talk at the table turns it


def test_a_double_accepted_then_a_beaver_turn_the_cube_to_8() -> None:
    said = [
        ("double", "Ann"),
        ("accept", "Bob"),
        ("double", "Bob"),
        ("beaver", "Ann"),
        ("accept", "Bob"),
    ]
    cube = cube_after(said, TWO, automatic=False)
    assert cube == Cube(8, ("Ann", "Bob", "Ann"), beavers=(2,))
    assert next_doubler(TWO, cube.doubles, cube.beavers) == "Ann"


def test_a_beaver_not_yet_answered_waits_for_the_doubler() -> None:
    cube = cube_after([("double", "Bob"), ("beaver", "Ann")], TWO, automatic=False)
    assert cube == Cube(2, ("Bob", "Ann"), pending="Ann", beavers=(1,))


def test_the_beaverer_doubles_next_and_a_beaver_is_never_beavered() -> None:
    beavered = [("double", "Ann"), ("beaver", "Bob"), ("accept", "Ann")]
    cube = cube_after([*beavered, ("double", "Bob"), ("accept", "Ann")], TWO, automatic=False)
    assert cube == Cube(8, ("Ann", "Bob", "Bob"), beavers=(1,))
    with pytest.raises(RuleError, match="after Bob's beaver, Bob doubles next, not Ann"):
        cube_after([*beavered, ("double", "Ann")], TWO, automatic=False)
    with pytest.raises(RuleError, match="Bob's beaver may not be beavered"):
        cube_after([("double", "Ann"), ("beaver", "Bob"), ("beaver", "Ann")], TWO, False)


def test_a_fold_leaves_the_cube_where_it_stood_before_the_refused_double() -> None:
    said = [("double", "Ann"), ("accept", "Bob"), ("double", "Bob"), ("fold", "Ann")]
    assert cube_after(said, TWO, automatic=False) == Cube(2, ("Ann", "Bob"), folded="Ann")


def test_the_automatic_double_starts_the_cube_at_2() -> None:
    assert cube_after([], TWO, automatic=True) == Cube(2)
    assert cube_after([("double", "Bob"), ("accept", "Ann")], TWO, automatic=True).face == 4


@pytest.mark.parametrize(
    ("said", "field", "words"),
    [
        ([("accept", "Bob")], "doubles", "nobody has doubled"),
        ([("double", "Ann"), ("accept", "Ann")], "doubles", "only Bob answers"),
        ([("double", "Ann"), ("double", "Bob")], "doubles", "Bob must answer Ann's double"),
        ([("double", "Ann"), ("accept", "Bob"), ("double", "Ann")], "doubles[1]", "twice"),
        ([("double", "Ann"), ("fold", "Bob"), ("double", "Ann")], "doubles", "Bob folded"),
        ([("double", "Zed")], "doubles", "'Zed' is not at this table"),
        ([("raise", "Ann")], "doubles", "'raise' is not said"),
    ],
)
def test_talk_out_of_turn_is_refused(said: list[tuple[str, str]], field: str, words: str) -> None:
    with pytest.raises(RuleError) as caught:
        cube_after(said, TWO, automatic=False)
    assert caught.value.field == field
    assert words in caught.value.message


def other(name: str) -> str:
    return TWO[1] if name == TWO[0] else TWO[0]


@given(st.data(), st.booleans())
def test_the_cube_the_talk_leaves_is_the_stake_the_game_takes(
    data: st.DataObject, automatic: bool
) -> None:
    """Whatever is said in turn, the hand it makes is taken at exactly that cube."""
    said: list[tuple[str, str]] = []
    cube = cube_after(said, TWO, automatic)
    while cube.folded is None and (cube.pending or data.draw(st.booleans(), label="doubled")):
        if cube.pending is None:
            allowed = next_doubler(TWO, cube.doubles, cube.beavers)
            said.append(("double", allowed or data.draw(st.sampled_from(TWO))))
        else:
            answers = ["accept", "fold"]
            if len(cube.doubles) - 1 not in cube.beavers:
                answers.append("beaver")
            said.append((data.draw(st.sampled_from(answers)), other(cube.pending)))
        cube = cube_after(said, TWO, automatic)
    extra = {
        "stake": cube.face,
        "doubles": list(cube.doubles),
        "beavers": list(cube.beavers),
        "automatic_double": automatic,
    }
    session = doubling()
    if cube.folded:
        session.record(folded(cube.folded, **extra))
        assert session.info["game_points"][cube.folded] == -cube.face
    else:
        session.record(played(100, 0, **extra))  # Ann 300 to 0: a gammon
        assert session.info["game_points"]["Ann"] == 2 * cube.face


@pytest.mark.parametrize(("chips", "ok"), [(0, False), (1, True), (10, True), (11, False)])
def test_a_single_bet_or_raise_is_1_to_10_chips(chips: int, ok: bool) -> None:
    if ok:
        assert check_bet("Bob", chips) == chips
        return
    with pytest.raises(RuleError) as caught:
        check_bet("Bob", chips)
    assert caught.value.message == f"Bob bets {chips}: a bet or raise is 1-10 chips"


# The pot as the betting at the table builds it (Ann deals, so Bob acts first)


def test_bob_bets_3_ann_raises_5_bob_calls_9_chips_each_and_the_betting_is_over() -> None:
    said = [("bet", "Bob", 3), ("raise", "Ann", 5), ("call", "Bob", 0)]
    pot = pot_after(said, TWO, dealer="Ann")
    assert pot == Pot({"Ann": 9, "Bob": 9}, {"Ann": 1, "Bob": 0}, None, bet=True)
    assert pot.over and pot.total == 18


def test_the_player_left_of_the_dealer_acts_first_and_two_checks_leave_the_antes() -> None:
    assert pot_after([], TWO, dealer="Ann").to_act == "Bob"
    assert pot_after([], TWO, dealer="Bob").to_act == "Ann"
    checked = pot_after([("check", "Bob", 0)], TWO, dealer="Ann")
    assert (checked.to_act, checked.facing) == ("Ann", False)
    both = pot_after([("check", "Bob", 0), ("check", "Ann", 0)], TWO, dealer="Ann")
    assert both.over and both.chips == {"Ann": 1, "Bob": 1}


def test_after_the_betting_either_player_may_give_up_the_pot_as_it_stands() -> None:
    said = [("bet", "Bob", 3), ("call", "Ann", 0), ("give up", "Ann", 0)]
    pot = pot_after(said, TWO, dealer="Ann")
    assert pot.gave_up == "Ann" and pot.lost_by == "Ann" and pot.chips == {"Ann": 4, "Bob": 4}


def test_a_bet_waits_for_an_answer_and_a_fold_ends_the_betting() -> None:
    bet = pot_after([("check", "Bob", 0), ("bet", "Ann", 4)], TWO, dealer="Ann")
    assert (bet.chips, bet.to_act, bet.facing) == ({"Ann": 5, "Bob": 1}, "Bob", True)
    folded_to = pot_after([("check", "Bob", 0), ("bet", "Ann", 4), ("fold", "Bob", 0)], TWO, "Ann")
    assert folded_to.over and folded_to.folded == "Bob" and folded_to.chips["Bob"] == 1


@pytest.mark.parametrize(
    ("said", "words"),
    [
        ([("check", "Ann", 0)], "it is Bob's turn to act, not Ann's"),
        ([("call", "Bob", 0)], "there is no bet for Bob to call"),
        ([("bet", "Bob", 3), ("check", "Ann", 0)], "Ann faces a bet"),
        ([("raise", "Bob", 3)], "nobody has bet yet"),
        ([("bet", "Bob", 3), ("bet", "Ann", 3)], "Bob has bet: Ann raises"),
        ([("bet", "Bob", 11)], "Bob bets 11: a bet or raise is 1-10 chips"),
        ([("bet", "Bob", 2), ("raise", "Ann", 11)], "Ann bets 11"),
        ([("fold", "Bob", 0), ("check", "Ann", 0)], "the betting is over"),
        ([("bet", "Bob", 1), ("call", "Ann", 0), ("raise", "Bob", 1)], "the betting is over"),
        ([("check", "Zed", 0)], "'Zed' is not at this table"),
        ([("bet", "Bob", 3), ("give up", "Ann", 0)], "Ann can give up only once the betting"),
        ([("give up", "Bob", 0)], "is over (Bob to act)"),
        ([("fold", "Bob", 0), ("give up", "Ann", 0)], "Bob folded: the hand is over"),
        (
            [
                ("check", "Bob", 0),
                ("check", "Ann", 0),
                ("give up", "Ann", 0),
                ("give up", "Bob", 0),
            ],
            "Ann gave up: the hand is over",
        ),
        ([("pass", "Bob", 0)], "'pass' is not said"),
        (
            [
                ("bet", "Bob", 1),
                *[("raise", name, 1) for name in ("Ann", "Bob") * 2],
                ("raise", "Ann", 1),
            ],
            "Ann raised 3 times: at most 2 raises each",
        ),
    ],
)
def test_betting_out_of_turn_or_past_the_limits_is_refused(
    said: list[tuple[str, str, int]], words: str
) -> None:
    with pytest.raises(RuleError) as caught:
        pot_after(said, TWO, dealer="Ann")
    assert words in caught.value.message


@given(st.data())
def test_the_pot_the_betting_leaves_is_the_pot_the_game_takes(data: st.DataObject) -> None:
    """Whatever is bet in turn and within the limits, the hand it makes is taken as is."""
    said: list[tuple[str, str, int]] = []
    pot = pot_after(said, TWO, dealer="Ann")
    while pot.to_act is not None:
        who = pot.to_act
        steps: list[tuple[str, str, int]] = [("fold", who, 0)]
        chips = data.draw(st.integers(1, 10), label="chips")
        if pot.facing:
            steps.append(("call", who, 0))
            if pot.raises[who] < 2:
                steps.append(("raise", who, chips))
        else:
            steps += [("check", who, 0), ("bet", who, chips)]
        said.append(data.draw(st.sampled_from(steps), label="step"))
        pot = pot_after(said, TWO, dealer="Ann")
    if not pot.folded and data.draw(st.booleans(), label="gave up"):
        said.append(("give up", data.draw(st.sampled_from(TWO)), 0))
        pot = pot_after(said, TWO, dealer="Ann")
    extra: dict[str, Any] = {"pot": dict(pot.chips), "raises": dict(pot.raises)}
    session = poker()
    if pot.gave_up:
        session.record({"wild": "9", "gave_up": pot.gave_up, **extra})
        assert session.info["game_points"][pot.gave_up] == -pot.chips[pot.gave_up]
    elif pot.folded:
        session.record(folded(pot.folded, **extra))
        assert session.info["game_points"][pot.folded] == -pot.chips[pot.folded]
    else:
        session.record(played(100, 0, **extra))
        assert session.info["game_points"]["Ann"] == pot.chips["Bob"]


def test_the_rules_doubling_example_bob_pays_ann_150() -> None:
    """docs/rules.md, 5000 Rummy, doubling: stake 25; Ann doubles, Bob beavers (cube 4) and
    loses by 300, a gammon: 8 game points. Then Ann doubles, Bob accepts, Bob doubles and
    Ann folds: 2. Ann is 6 up and Bob pays her $1.50."""
    session = doubling(stake=25)
    first = played(300, 200, stake=4, doubles=["Ann", "Bob"], beavers=[1])  # 500 to 200
    session.record(first)
    assert session.info["game_points"] == {"Ann": 8, "Bob": -8}
    assert session.balances == {"Ann": 200, "Bob": -200}
    session.record(folded("Ann", stake=2, doubles=["Ann", "Bob"]))
    assert session.info["game_points"] == {"Ann": 6, "Bob": -6}
    assert session.finished and session.winners == ("Ann",)
    assert session.settlement() == [("Bob", "Ann", 150)]


def test_the_rules_limit_poker_example_ann_wins_bob_s_4_chips() -> None:
    """docs/rules.md, 5000 Rummy, limit poker: Bob bets 3, Ann calls; Ann's hand is higher:
    Ann +4, Bob -4; at a stake of 5 that is 20 cents."""
    said = [("bet", "Bob", 3), ("call", "Ann", 0)]
    pot = pot_after(said, TWO, dealer="Ann")
    session = poker(stake=5)
    session.record(played(300, 100, pot=dict(pot.chips)))
    assert session.info["game_points"] == {"Ann": 4, "Bob": -4}
    assert session.balances == {"Ann": 20, "Bob": -20}


def test_a_two_hand_game_stopped_early_says_the_chips_that_decided_it() -> None:
    """docs/rules.md, 5000 Rummy, limit poker: the chips won decide the game, not the
    points; stopped after hand 1, Bob folded in the betting and Ann took the antes."""
    session = poker(stake=25)
    session.record(folded("Bob", pot={"Ann": 1, "Bob": 1}))
    session.record({"end": True})
    assert session.winners == ("Ann",)
    game = session.game
    assert game.end_note(session.setup, session.state) == "Decided by the chips won: Ann +1, Bob −1"
    facts = game.end_facts(session.setup, session.state_before(1), session.state)
    # Numbers, so a spreadsheet's column of them adds up (-1, not the text '-1).
    assert {name: row["game points"] for name, row in facts.players.items()} == {
        "Ann": 1,
        "Bob": -1,
    }
