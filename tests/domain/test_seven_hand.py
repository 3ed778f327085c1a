"""Seven Hand Rummy at the table: seven contracts, points for what you hold, lowest wins."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import example, given

from scorekeeper import GAMES, RuleError, Session
from scorekeeper.checks import held_typed
from scorekeeper.game import END_ROUND, is_end_round
from scorekeeper.games.seven_hand import CONTRACTS, card_points, decks_needed
from tests.strategies import at_edges, table_of
from tests.strategies.seven_hand import EDGES, EIGHT_TIED, plans

GAME = GAMES["seven-hand"]


def _table(*players: str, **options: Any) -> Session:
    return Session.new("seven-hand", list(players), options=options)


def _play_hands(session: Session, hands: list[tuple[str, dict[str, int]]]) -> None:
    for out, points in hands:
        session.record({"out": out, "points": points})


def _unchanged(session: Session, attempt: dict[str, Any]) -> RuleError:
    before = (session.to_dict(), session.state)
    with pytest.raises(RuleError) as caught:
        session.record(attempt)
    assert (session.to_dict(), session.state) == before
    return caught.value


def test_the_game_as_listed() -> None:
    assert GAME.name == "Seven Hand Rummy"
    assert (GAME.min_players, GAME.max_players) == (2, None)
    assert (GAME.unit, GAME.scored_in_points, GAME.menu_order) == ("money", True, 3)
    assert "three runs, pat" in GAME.rules


# --- card points -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("2", 5),
        ("7", 5),
        ("8", 10),
        ("10", 10),
        ("K", 10),
        ("A", 15),
        ("JK", 20),
        ("5 5 K A JK", 55),
        ("9 9 A", 35),
        ("JK 3", 25),
        ("", 0),
        ("qh, 7s,10♣", 25),
    ],
)
def test_cards_count_5_10_15_or_20(text: str, points: int) -> None:
    assert card_points(text) == points


def test_card_text_that_is_no_card_is_refused() -> None:
    with pytest.raises(RuleError, match="'11' is not a card"):
        card_points("5 11 K")


# --- docs/rules.md, Seven Hand Rummy, and a Friday evening -------------------------------


def test_rules_example_bob_goes_out_on_hand_one() -> None:
    """Ann deals: Bob goes out, Ann holds 9 9 A (35), Cy JK 3 (25); Bob deals hand 2."""
    session = _table("Ann", "Bob", "Cy")
    assert session.info["hand"] == 1 and session.info["contract"] == "two sets"
    session.record({"out": "Bob", "cards": {"Ann": "9 9 A", "Cy": "JK 3"}})
    assert session.totals == {"Ann": 35, "Bob": 0, "Cy": 25}
    assert session.dealer == "Bob"
    assert session.info["hand"] == 2
    assert session.info["contract"] == "one set and one run"
    assert session.first_player == "Cy"
    assert session.balances == {"Ann": 0, "Bob": 0, "Cy": 0}


def test_sunday_with_grandma() -> None:
    session = Session.new("seven-hand", ["Grandma", "Max", "Zoe"])
    assert session.dealer == "Grandma"
    session.record({"out": "Max", "cards": {"Grandma": "K K 4 JK", "Zoe": "A 9"}})
    assert session.totals == {"Grandma": 45, "Max": 0, "Zoe": 25}
    assert session.dealer == "Max"
    assert session.first_player == "Zoe"
    assert session.info["contract"] == "one set and one run"

    session.record({"out": "Zoe", "cards": {"Grandma": "5 5 5", "Max": "Q A"}})
    assert session.totals == {"Grandma": 60, "Max": 25, "Zoe": 25}
    assert session.info["hand"] == 3
    assert session.info["contract"] == "two runs"
    assert session.info["to_come"] == list(CONTRACTS[3:7])
    assert ("Now", "Hand 3 of 7 — two runs") in GAME.panel(session.setup, session.state)

    for out in ("Grandma", "Max", "Zoe", "Grandma", "Max"):
        others = {name: 5 for name in session.players if name != out}
        session.record({"out": out, "points": others})
    assert session.finished
    assert session.totals == {"Grandma": 75, "Max": 40, "Zoe": 45}
    assert session.winners == ("Max",)
    panel = dict(GAME.panel(session.setup, session.state))
    assert panel["Game over"] == "after hand 7 — lowest total wins"
    assert panel["Winner"] == "Max"


# --- the run of hands -----------------------------------------------------------------


def test_the_hand_number_contract_and_hands_to_come_advance_each_deal() -> None:
    session = _table("Ann", "Bob")
    for hand, contract in enumerate(CONTRACTS[:7], start=1):
        assert session.info["hand"] == hand
        assert session.info["hands"] == 7
        assert session.info["contract"] == contract
        assert session.info["to_come"] == list(CONTRACTS[hand:7])
        session.record({"out": "Ann", "points": {"Bob": 5}})
    assert session.finished
    assert session.info["hand"] == 7 and session.info["to_come"] == []


def test_a_full_game_for_a_stake_the_lowest_total_wins_and_is_paid_the_difference() -> None:
    """Stake 10¢ a point: Bob finishes lowest on 65; Ann on 100 pays 350¢, Cy on 70 pays 50¢."""
    session = _table("Ann", "Bob", "Cy", stake=10)
    _play_hands(
        session,
        [
            ("Bob", {"Ann": 20, "Cy": 15}),
            ("Cy", {"Ann": 10, "Bob": 25}),
            ("Ann", {"Bob": 5, "Cy": 30}),
            ("Bob", {"Ann": 40, "Cy": 10}),
            ("Cy", {"Ann": 15, "Bob": 10}),
            ("Ann", {"Bob": 20, "Cy": 15}),
            ("Cy", {"Ann": 15, "Bob": 5}),
        ],
    )
    assert session.finished
    assert session.totals == {"Ann": 100, "Bob": 65, "Cy": 70}
    assert session.winners == ("Bob",)
    assert session.balances == {"Ann": -350, "Bob": 400, "Cy": -50}
    assert session.settlement() == [("Ann", "Bob", 350), ("Cy", "Bob", 50)]


def test_money_waits_for_the_end() -> None:
    session = _table("Ann", "Bob", stake=10)
    _play_hands(session, [("Ann", {"Bob": 50})] * 6)
    assert session.balances == {"Ann": 0, "Bob": 0}
    session.record({"out": "Bob", "points": {"Ann": 5}})
    assert session.balances == {"Ann": 2950, "Bob": -2950}


def test_with_no_stake_there_is_no_money_only_points() -> None:
    session = _table("Ann", "Bob")
    assert session.options == {"stake": 0, "eighth_hand": False}
    _play_hands(session, [("Ann", {"Bob": 50})] * 7)
    assert session.winners == ("Ann",)
    assert session.totals == {"Ann": 0, "Bob": 350}
    assert session.balances == {"Ann": 0, "Bob": 0}


def test_a_tie_for_lowest_shares_the_win_and_the_money() -> None:
    """Ann and Cy tie on 35; Bob on 60 pays 25 x 3¢ = 75¢ once: 38 to Ann (first seat), 37 to Cy."""
    session = _table("Ann", "Bob", "Cy", stake=3)
    _play_hands(
        session,
        [
            ("Bob", {"Ann": 5, "Cy": 5}),
            ("Ann", {"Bob": 10, "Cy": 5}),
            ("Cy", {"Ann": 5, "Bob": 10}),
            ("Bob", {"Ann": 10, "Cy": 10}),
            ("Ann", {"Bob": 20, "Cy": 10}),
            ("Cy", {"Ann": 10, "Bob": 20}),
            ("Bob", {"Ann": 5, "Cy": 5}),
        ],
    )
    assert session.totals == {"Ann": 35, "Bob": 60, "Cy": 35}
    assert session.winners == ("Ann", "Cy")
    assert session.balances == {"Ann": 38, "Bob": -75, "Cy": 37}
    assert dict(GAME.panel(session.setup, session.state))["Winners"] == "Ann, Cy"


def test_tied_winners_share_the_total_the_others_pay() -> None:
    """docs/rules.md, At every table: Ann and Cy tie on 25; Bob and Di on 30 pay 5¢ each.
    The 10¢ is shared 5 and 5 (split payment by payment Ann would take 6 and Cy 4)."""
    session = _table("Ann", "Bob", "Cy", "Di", stake=1)
    _play_hands(
        session,
        [
            ("Ann", {"Bob": 5, "Cy": 5, "Di": 5}),
            ("Cy", {"Ann": 5, "Bob": 5, "Di": 5}),
            ("Ann", {"Bob": 5, "Cy": 5, "Di": 5}),
            ("Cy", {"Ann": 5, "Bob": 5, "Di": 5}),
            ("Bob", {"Ann": 5, "Cy": 5, "Di": 5}),
            ("Di", {"Ann": 10, "Bob": 5, "Cy": 5}),
            ("Ann", {"Bob": 5, "Cy": 5, "Di": 5}),
        ],
    )
    assert session.totals == {"Ann": 25, "Bob": 30, "Cy": 25, "Di": 30}
    assert session.winners == ("Ann", "Cy")
    assert session.balances == {"Ann": 5, "Bob": -5, "Cy": 5, "Di": -5}


def test_the_eighth_hand_is_one_run_pat_and_ends_the_game() -> None:
    session = _table("Ann", "Bob", "Cy", eighth_hand=True)
    assert session.info["hands"] == 8
    assert session.info["to_come"][-1].startswith("one run, pat")
    _play_hands(session, [("Ann", {"Bob": 5, "Cy": 10})] * 7)
    assert not session.finished
    assert session.info["hand"] == 8
    assert session.info["contract"] == CONTRACTS[7]
    assert session.info["to_come"] == []
    panel = dict(GAME.panel(session.setup, session.state))
    assert panel["Now"].startswith("Hand 8 of 8 — one run, pat")
    assert panel["Still to come"] == "none: this is the last hand"
    session.record({"out": "Cy", "points": {"Ann": 5, "Bob": 5}})
    assert session.finished
    assert session.winners == ("Ann",)


def test_no_round_is_taken_after_the_last_hand() -> None:
    session = _table("Ann", "Bob")
    _play_hands(session, [("Ann", {"Bob": 5})] * 7)
    error = _unchanged(session, {"out": "Bob", "points": {"Ann": 5}})
    assert "the game is over (Ann won)" in error.message


def test_undoing_the_last_hand_reopens_the_game() -> None:
    session = _table("Ann", "Bob", stake=1)
    _play_hands(session, [("Ann", {"Bob": 5})] * 7)
    session.undo()
    assert not session.finished
    assert session.winners == ()
    assert session.balances == {"Ann": 0, "Bob": 0}
    assert session.info["hand"] == 7


@pytest.mark.parametrize(("players", "decks"), [(2, 4), (8, 4), (9, 5), (10, 6), (12, 8)])
def test_four_decks_up_to_eight_players_then_one_more_each(players: int, decks: int) -> None:
    assert decks_needed(players) == decks
    names = [f"P{seat}" for seat in range(players)]
    assert Session.new("seven-hand", names).info["decks"] == decks


def test_rummy_calls_are_counted_but_score_nothing() -> None:
    session = _table("Ann", "Bob", "Cy")
    session.record({"out": "Ann", "points": {"Bob": 10, "Cy": 5}, "rummies": {"Bob": 2}})
    session.record({"out": "Bob", "points": {"Ann": 10, "Cy": 5}, "rummies": {"Bob": 1, "Cy": 1}})
    assert session.info["rummies"] == {"Ann": 0, "Bob": 3, "Cy": 1}
    assert session.totals == {"Ann": 10, "Bob": 10, "Cy": 10}
    assert dict(GAME.panel(session.setup, session.state))["Rummy calls"] == "Bob 3, Cy 1"


def test_one_player_by_points_and_another_by_cards_in_one_hand() -> None:
    session = Session.new("seven-hand", ["Ann", "Bob", "Cy"])
    session.record({"out": "Cy", "points": {"Ann": 45}, "cards": {"Bob": "A 9"}})
    assert session.totals == {"Ann": 45, "Bob": 25, "Cy": 0}


def test_typed_held_reads_a_count_as_points_and_a_lone_card_as_the_card() -> None:
    typed = {"Ann": "30", "Bob": "K 9", "Cy": "7", "Di": "9, 9"}
    assert held_typed(typed, "points") == {
        "points": {"Ann": 30},
        "cards": {"Bob": "K 9", "Cy": "7", "Di": "9, 9"},
    }


def test_points_and_cards_score_alike() -> None:
    by_points = _table("Ann", "Bob", "Cy")
    by_points.record({"out": "Cy", "points": {"Ann": 55, "Bob": 5}})
    by_cards = _table("Ann", "Bob", "Cy")
    by_cards.record({"out": "Cy", "cards": {"Ann": "5s,5H kd AC jk", "Bob": "2♣"}})
    assert by_points.totals == by_cards.totals == {"Ann": 55, "Bob": 5, "Cy": 0}


def test_the_panel_shows_the_hand_what_is_to_come_the_decks_and_who_plays_first() -> None:
    session = Session.new("seven-hand", ["Ann", "Bob", "Cy"], dealer="Cy", options={"stake": 5})
    _play_hands(session, [("Ann", {"Bob": 5, "Cy": 5})] * 2)
    assert GAME.panel(session.setup, session.state) == [
        ("Now", "Hand 3 of 7 — two runs"),
        (
            "Still to come",
            "4. two sets and one run; 5. two runs and one set; "
            "6. three sets, pat (no discard); 7. three runs, pat (no discard)",
        ),
        ("Decks", "4 with jokers, 11 cards each"),
        ("Plays first", "Cy"),
        ("Stake", "$0.05 per point of difference, paid at the end"),
    ]


def test_details_name_who_went_out_and_any_rummy_calls() -> None:
    assert GAME.details({"out": "Bob", "points": {"Ann": 5}}) == {"out": "Bob"}
    assert GAME.details({"out": "Bob", "points": {"Ann": 5}, "rummies": {"Ann": 2, "Bob": 0}}) == {
        "out": "Bob",
        "rummies": "Ann 2",
    }


# --- bad input -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("round_", "field"),
    [
        ({"out": "Ann", "points": {"Bob": "5", "Cy": 5}}, "points.Bob"),
        ({"out": "Ann", "points": {"Bob": 5.0, "Cy": 5}}, "points.Bob"),
        ({"out": "Ann", "points": {"Bob": True, "Cy": 5}}, "points.Bob"),
        ({"out": "Ann", "points": {"Bob": None, "Cy": 5}}, "points.Bob"),
        ({"out": "Ann", "points": {"Bob": -5, "Cy": 5}}, "points.Bob"),
        ({"out": "Ann", "points": {"Bob": 0, "Cy": 5}}, "points.Bob"),
        ({"out": "Ann", "points": {"Bob": 7, "Cy": 5}}, "points.Bob"),
        ({"out": "Ann", "points": {"Bob": 5}}, "points.Cy"),
        ({"out": "Ann", "points": {"Bob": 5, "Cy": 5, "Ann": 0}}, "points.Ann"),
        ({"out": "Ann", "points": {"Bob": 5, "Cy": 5, "Dan": 5}}, "points.Dan"),
        ({"out": "Ann", "points": [5, 5]}, "points"),
        ({"out": "Dan", "points": {"Bob": 5, "Cy": 5}}, "out"),
        ({"out": None, "points": {"Bob": 5, "Cy": 5}}, "out"),
        ({"points": {"Bob": 5, "Cy": 5}}, "out"),
        ({"out": "Ann"}, "points"),
        (
            {"out": "Ann", "points": {"Bob": 5, "Cy": 5}, "cards": {"Bob": "5", "Cy": "5"}},
            "points.Bob",
        ),
        ({"out": "Ann", "points": {"Bob": 5}, "cards": {"Bob": "5"}}, "points.Bob"),
        ({"out": "Ann", "cards": {"Bob": "5 X", "Cy": "5"}}, "cards.Bob"),
        ({"out": "Ann", "cards": {"Bob": "", "Cy": "5"}}, "cards.Bob"),
        ({"out": "Ann", "cards": {"Bob": 5, "Cy": "5"}}, "cards.Bob"),
        ({"out": "Ann", "cards": {"Cy": "5"}}, "cards.Bob"),
        ({"out": "Ann", "cards": {"Ann": "", "Bob": "5", "Cy": "5"}}, "cards.Ann"),
        ({"out": "Ann", "points": {"Bob": 5, "Cy": 5}, "rummies": {"Bob": -1}}, "rummies.Bob"),
        ({"out": "Ann", "points": {"Bob": 5, "Cy": 5}, "rummies": {"Bob": "1"}}, "rummies.Bob"),
        ({"out": "Ann", "points": {"Bob": 5, "Cy": 5}, "rummies": {"Dan": 1}}, "rummies.Dan"),
        ({"out": "Ann", "points": {"Bob": 5, "Cy": 5}, "rummy": True}, "rummy"),
        ({"out": "Ann", "points": {"Bob": 5, "Cy": 5}, "hand": 2}, "hand"),
    ],
)
def test_a_bad_hand_is_refused_and_changes_nothing(round_: dict[str, Any], field: str) -> None:
    session = _table("Ann", "Bob", "Cy")
    session.record({"out": "Cy", "points": {"Ann": 10, "Bob": 5}})
    assert _unchanged(session, round_).field.endswith(field)


def test_the_messages_name_the_player_and_the_rule() -> None:
    session = _table("Ann", "Bob", "Cy")
    error = _unchanged(session, {"out": "Ann", "points": {"Bob": 7, "Cy": 5}})
    assert error.message == "Bob: 7 is not a multiple of 5 — cards count 5, 10, 15 or 20"
    error = _unchanged(session, {"out": "Ann", "points": {"Bob": 5, "Cy": 5, "Ann": 0}})
    assert error.message == "Ann went out: give only the other players"
    error = _unchanged(session, {"out": "Ann", "points": {"Bob": 5}})
    assert error.message == "Cy is missing: give every player but Ann"


@pytest.mark.parametrize(
    ("players", "options", "field"),
    [
        (["Ann"], {}, "players"),
        ([], {}, "players"),
        (["Ann", " "], {}, "players[2]"),
        (["Ann", ""], {}, "players[2]"),
        (["Ann", "ann"], {}, "players[2]"),
        (["Ann", "Bob"], {"stake": -1}, "options.stake"),
        (["Ann", "Bob"], {"stake": "5"}, "options.stake"),
        (["Ann", "Bob"], {"stake": 2.5}, "options.stake"),
        (["Ann", "Bob"], {"eighth_hand": "yes"}, "options.eighth_hand"),
        (["Ann", "Bob"], {"eighth_hand": 1}, "options.eighth_hand"),
        (["Ann", "Bob"], {"ninth_hand": True}, "options.ninth_hand"),
    ],
)
def test_a_bad_table_is_refused(players: list[str], options: dict[str, Any], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        Session.new("seven-hand", players, options=options)
    assert caught.value.field == field


# --- properties ------------------------------------------------------------------------


@at_edges(EDGES)
@given(plans())
def test_totals_are_the_points_held_and_only_the_last_hand_or_a_stop_ends_it(
    plan: dict[str, Any],
) -> None:
    session = table_of(plan)
    hands = [round_ for round_ in plan["rounds"] if not is_end_round(round_)]
    for round_ in hands:
        before = session.totals
        session.record(round_)
        assert session.totals[round_["out"]] == before[round_["out"]]
        assert all(session.totals[name] > before[name] for name in before if name != round_["out"])
    assert session.finished == (len(hands) == session.info["hands"])
    if len(hands) < len(plan["rounds"]):
        session.record(END_ROUND)
        assert session.finished and session.info["hand"] == len(hands)
    if session.finished:
        lowest = min(session.totals.values())
        assert session.winners == tuple(n for n in session.players if session.totals[n] == lowest)
        assert sum(session.balances.values()) == 0
    else:
        assert set(session.balances.values()) == {0}


def _shared_evenly(money: dict[str, int], winners: tuple[str, ...]) -> None:
    """Tied winners split what the others pay in all: shares differ by at most one unit,
    the odd units to the first in seat order."""
    shares = [money[name] for name in winners]
    assert sum(shares) == -sum(amount for name, amount in money.items() if name not in winners)
    assert shares == sorted(shares, reverse=True) and shares[0] - shares[-1] <= 1


THREE_TIED = {
    "game": "seven-hand",
    "players": ["Ann", "Bob", "Cy", "Di"],
    "dealer": "Ann",
    "options": {"stake": 1},
    "rounds": [
        {"out": "Ann", "points": {"Bob": 5, "Cy": 5, "Di": 5}},
        {"out": "Bob", "points": {"Ann": 5, "Cy": 5, "Di": 5}},
        {"out": "Cy", "points": {"Ann": 5, "Bob": 5, "Di": 5}},
        dict(END_ROUND),
    ],
}
"""Ann, Bob and Cy tie on 10 and Di pays 5 for 15: two units left over, one each to Ann
and Bob."""


@example(THREE_TIED)
@example(EIGHT_TIED)
@given(plans(finished=True))
def test_tied_winners_share_what_the_others_pay_evenly(plan: dict[str, Any]) -> None:
    """docs/rules.md, At every table: splitting among tied winners."""
    session = table_of(plan)
    for round_ in plan["rounds"]:
        session.record(round_)
    assert session.finished
    _shared_evenly(session.balances, session.winners)
