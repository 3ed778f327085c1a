"""Ending by the table's choice: the end of the evening, stopping early, and what follows.

docs/rules.md, Conventions, End of the evening; Calcutta Horse Race, End of the evening;
Seven Hand Rummy and 5000 Rummy, Stopping early.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scorekeeper import RuleError, Session
from scorekeeper.game import END_ROUND, Setup
from scorekeeper.games.calcutta import share_out_pool, shared_out_text
from scorekeeper.reports.export import export
from scorekeeper.reports.stats import gather
from scorekeeper.store import Store
from tests.domain.test_calcutta import FOUR, rules_race, sold
from tests.factories import PlainGame

END = dict(END_ROUND)


def snapshot(session: Session) -> tuple[Any, ...]:
    return (session.to_dict(), session.state)


def race_leaving_9() -> dict[str, Any]:
    """Bob auctions: S and C unsold, H -> Di 10, D -> Ann 4; pool 14, S first (9 stays in
    the pool, S being unsold), H second (Di collects 5)."""
    return {
        "course": {"S": 2, "H": 2, "D": 2, "C": 1},
        "sales": {"S": None, "H": sold("Di", 10), "D": sold("Ann", 4), "C": None},
        "first": "S",
        "second": "H",
    }


def calcutta_with_9_carried() -> Session:
    session = Session.new("calcutta", FOUR, dealer="Ann")
    session.record(rules_race())
    session.record(race_leaving_9())
    assert session.balances == {"Ann": -5, "Bob": 10, "Cy": -9, "Di": -5}
    assert session.pot == 9
    return session


def test_ending_a_calcutta_evening_shares_the_carried_pool_out_in_seat_order() -> None:
    """9 chips among four: 2 each, the odd chip to Ann, first in seat order. Bob wins."""
    session = calcutta_with_9_carried()
    session.record(END)
    assert session.finished and session.winners == ("Bob",)
    assert session.pot == 0
    assert session.balances == {"Ann": -2, "Bob": 12, "Cy": -7, "Di": -3}
    assert session.info["stacks"] == {"Ann": 148, "Bob": 162, "Cy": 143, "Di": 147}
    assert session.settlement() == [("Cy", "Bob", 7), ("Di", "Bob", 3), ("Ann", "Bob", 2)]
    panel = dict(session.game.panel(session.setup, session.state))
    assert panel["Pool shared out"] == "9 chips: 3 to Ann, 2 to the others"
    assert session.game.end_note(session.setup, session.state) == (
        "Pool of 9 chips shared out: 3 to Ann, 2 to the others"
    )
    facts = session.game.end_facts(session.setup, session.state_before(2), session.state)
    assert facts.table == {"end": "evening ended", "carry in": 9, "carry out": 0}
    assert facts.players["Ann"] == {"shared out": 3}


def test_14_chips_among_four_are_4_4_3_3() -> None:
    """docs/rules.md, Calcutta Horse Race, The end of the evening: the worked example."""
    shares = share_out_pool(14, FOUR)
    assert shares == {"Ann": 4, "Bob": 4, "Cy": 3, "Di": 3}
    assert shared_out_text(FOUR, shares) == "4 each to Ann and Bob, 3 to the others"


def test_a_race_after_the_end_and_a_second_end_are_refused_and_change_nothing() -> None:
    session = calcutta_with_9_carried()
    session.record(END)
    was = snapshot(session)
    with pytest.raises(RuleError) as race:
        session.record(rules_race())
    assert race.value.field == "round"
    assert race.value.message == ("evening ended after race 2 (Bob won): undo that to play on")
    with pytest.raises(RuleError) as again:
        session.record(END)
    assert again.value.field == "end"
    assert snapshot(session) == was


def test_undoing_the_end_reopens_the_evening_exactly_as_it_was() -> None:
    session = calcutta_with_9_carried()
    was = snapshot(session)
    session.record(END)
    assert session.undo() == END
    assert snapshot(session) == was
    assert session.pot == 9 and not session.finished
    session.record(rules_race())
    assert not session.finished


@pytest.mark.parametrize(
    ("round_", "field", "words"),
    [
        ({"end": False}, "end", "not False"),
        ({"end": "yes"}, "end", "not 'yes'"),
        ({"end": True, "winner": "Bob"}, "winner", "not a field"),
    ],
)
def test_a_malformed_end_is_refused_at_its_field(round_: Any, field: str, words: str) -> None:
    session = calcutta_with_9_carried()
    was = snapshot(session)
    with pytest.raises(RuleError, match=words) as error:
        session.record(round_)
    assert error.value.field == field
    assert snapshot(session) == was


def test_nothing_played_is_nothing_to_end() -> None:
    session = Session.new("hot-rum", ["Ann", "Bob"])
    with pytest.raises(RuleError, match="no hand has been played yet") as error:
        session.record(END)
    assert error.value.field == "end"
    assert session.rounds == []


def test_a_game_that_ends_by_its_rules_alone_refuses_an_end() -> None:
    """Every game the app offers today can be ended or stopped; the neutral hook refuses."""

    class Duel(PlainGame):
        name = "Duel"

    setup = Setup(("Ann", "Bob"), {}, "Ann")
    game = Duel()
    with pytest.raises(RuleError, match="ends by its own rules") as error:
        game.end(setup, game.start(setup))
    assert error.value.field == "end"


def test_the_biggest_balance_wins_and_equal_balances_tie() -> None:
    """Racehorse at $1: Bob makes 3, then Cy makes 3; the evening ends with them level."""
    table = ["Ann", "Bob", "Cy", "Di", "Ed"]
    session = Session.new("racehorse", table, options={"stake": 100})
    session.record({"pitcher": "Bob", "bid": 3, "made": True})
    session.record({"pitcher": "Cy", "bid": 3, "made": True})
    session.record(END)
    assert session.balances == {"Ann": -600, "Bob": 900, "Cy": 900, "Di": -600, "Ed": -600}
    assert session.winners == ("Bob", "Cy"), "equal balances tie"


def test_basic_horse_race_and_hot_rum_end_on_the_balances_as_they_stand() -> None:
    """docs/rules.md, Basic Horse Race, example: D wins, Bo +20; the evening ends there."""
    race = Session.new("horse-race", ["Dee", "Al", "Bo", "Cy"], dealer="Dee")
    race.record(
        {
            "course": {"S": 1, "H": 0, "D": 4, "C": 2},
            "bets": [
                {"player": "Al", "horse": "H", "amount": 5},
                {"player": "Bo", "horse": "D", "amount": 2},
                {"player": "Cy", "horse": "S", "amount": 3},
            ],
            "winner": "D",
        }
    )
    before = race.balances
    race.record(END)
    assert race.balances == before and race.winners == ("Bo",)
    rum = Session.new("hot-rum", ["Ann", "Bob", "Cy", "Di"])
    rum.record({"out": "Cy", "deadwood": {"Ann": 30, "Bob": 8, "Di": 10}})
    rum.record(END)
    assert rum.winners == ("Cy",) and rum.balances["Cy"] == 48


def test_stats_count_the_wins_of_evenings_that_were_ended(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        ended = store.add(calcutta_with_9_carried())
        store.record(ended, END)
        store.add(calcutta_with_9_carried())  # still going: no win counted
        stats = gather(store)
    bob = stats.player("Bob")
    assert bob is not None
    record = bob.games["calcutta"]
    assert (record.played, record.finished, record.won) == (2, 1, 1)
    ann = stats.player("Ann")
    assert ann is not None and ann.games["calcutta"].won == 0


def test_the_end_is_saved_reloaded_and_exported_like_any_round(tmp_path: Path) -> None:
    with Store(tmp_path / "db") as store:
        session_id = store.add(calcutta_with_9_carried())
        store.record(session_id, END)
    with Store(tmp_path / "db") as store:
        session = store.load(session_id)
        assert session.finished and session.balances["Ann"] == -2
        sessions_csv, rounds_csv = export(store, tmp_path / "out")
    rounds = rounds_csv.read_text(encoding="utf-8-sig").splitlines()
    header = rounds[0].split(",")
    last = [dict(zip(header, row.split(","), strict=True)) for row in rounds[-4:]]
    assert [row["round"] for row in last] == ["end"] * 4, "the end is no round played"
    assert [row["money"] for row in last] == ["3", "2", "2", "2"]
    assert {row["detail:end"] for row in last} == {"evening ended"}
    assert "yes" in sessions_csv.read_text(encoding="utf-8-sig").splitlines()[1].split(",")


# --- stopping early ---------------------------------------------------------------------


def seven_hand_first_hand(stake: int = 1) -> Session:
    """docs/rules.md, Seven Hand Rummy, example: Bob goes out; Ann 35, Cy 25."""
    session = Session.new("seven-hand", ["Ann", "Bob", "Cy"], options={"stake": stake})
    session.record({"out": "Bob", "cards": {"Ann": "9 9 A", "Cy": "JK 3"}})
    return session


def test_seven_hand_stopped_after_one_hand_ends_on_it_lowest_total_wins() -> None:
    session = seven_hand_first_hand()
    session.record(END)
    assert session.finished and session.winners == ("Bob",)
    assert session.totals == {"Ann": 35, "Bob": 0, "Cy": 25}
    assert session.balances == {"Ann": -35, "Bob": 60, "Cy": -25}
    panel = dict(session.game.panel(session.setup, session.state))
    assert panel["Game over"] == "after hand 1, stopped early — lowest total wins"
    session.undo()
    assert session.info["hand"] == 2 and not session.finished


def rummy_5000_first_hand(**options: Any) -> Session:
    """docs/rules.md, 5000 Rummy, example hand: Ann 645, Bob 390, Cy -205 (wild 10)."""
    session = Session.new("rummy-5000", ["Ann", "Bob", "Cy"], options={"stake": 1, **options})
    session.record(
        {
            "wild": "10",
            "out": "Ann",
            "cards": {
                "Ann": {"melded": "10 10 K K K 5 6 7"},
                "Bob": {"melded": "A A A", "hand": "10 Q"},
                "Cy": {"hand": "A 2"},
            },
        }
    )
    assert session.totals == {"Ann": 645, "Bob": 390, "Cy": -205}
    return session


def test_5000_stopped_before_the_target_is_paid_as_at_the_end() -> None:
    session = rummy_5000_first_hand()
    session.record(END)
    assert session.winners == ("Ann",)
    assert session.balances == {"Ann": 255 + 850, "Bob": -255, "Cy": -850}
    panel = dict(session.game.panel(session.setup, session.state))
    assert panel["Stopped"] == "early, on the 1 hand played"


def test_5000_stopped_on_a_tie_shares_the_win() -> None:
    session = Session.new("rummy-5000", ["Ann", "Bob", "Cy"], options={"stake": 1})
    hand = {
        "wild": "5",
        "out": None,
        "melded": {"Ann": 100, "Bob": 100, "Cy": 45},
        "in_hand": {"Ann": 0, "Bob": 0, "Cy": 0},
    }
    session.record(hand)
    session.record(END)
    assert session.winners == ("Ann", "Bob")
    assert sum(session.balances.values()) == 0
    assert session.balances["Cy"] == -55
    assert session.balances["Ann"] + session.balances["Bob"] == 55


def test_5000_play_to_win_stopped_early_is_paid_for_the_game() -> None:
    session = rummy_5000_first_hand(play_to_win=True)
    session.record(END)
    assert session.winners == ("Ann",)
    assert session.balances == {"Ann": 2, "Bob": -1, "Cy": -1}


def test_a_two_hand_doubling_game_stopped_after_one_hand_keeps_its_money() -> None:
    session = Session.new("rummy-5000", ["Ann", "Bob"], options={"doubling": True, "stake": 10})
    session.record(
        {
            "wild": "5",
            "out": "Ann",
            "melded": {"Ann": 100, "Bob": 0},
            "in_hand": {"Ann": 0, "Bob": 20},
            "stake": 1,
        }
    )
    before = session.balances
    session.record(END)
    assert session.winners == ("Ann",) and session.balances == before


# --- an edit that would end the game early ----------------------------------------------


def test_an_edit_that_ends_the_game_before_later_rounds_names_them() -> None:
    """docs/rules.md, Conventions: the message says which rounds to undo first."""
    session = Session.new("rummy-5000", ["Ann", "Bob", "Cy"], options={"target": 1000})
    small = {
        "wild": "5",
        "out": "Ann",
        "melded": {"Ann": 100, "Bob": 0, "Cy": 0},
        "in_hand": {"Ann": 0, "Bob": 0, "Cy": 0},
    }
    for _ in range(3):
        session.record(small)
    was = snapshot(session)
    big = {**small, "melded": {"Ann": 900, "Bob": 0, "Cy": 0}}
    with pytest.raises(RuleError) as error:
        session.edit(0, big)
    assert error.value.message == (
        "with this change the game ends at hand 1, but hands 2-3 were recorded after it: "
        "undo hands 2-3 first, then edit hand 1"
    )
    with pytest.raises(RuleError, match="but hand 3 was recorded after it: undo hand 3 first"):
        session.edit(1, big)
    assert snapshot(session) == was


def test_an_edit_before_an_end_replays_the_end() -> None:
    session = calcutta_with_9_carried()
    session.record(END)
    session.edit(1, {**race_leaving_9(), "first": "H", "second": "S"})
    assert session.finished and session.pot == 0
    assert sum(session.balances.values()) == 0
