"""One view of a session's numbers: what every screen and the board show, from the domain.

Totals, each round's change, the money beside points, places and who leads, in the game's
unit and words (``Session.figures``); what a round as typed would do (``Session.preview``)
is worked out on the path recording takes, so the entry's outcome line never disagrees
with the table after Enter.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import RuleError, Session
from scorekeeper.money import amount
from scorekeeper.view import Change
from tests.factories import racehorse

ROOT = Path(__file__).resolve().parents[2]
FIVE = ("Ann", "Bob", "Cy", "Di", "Ed")
MADE_3 = {"pitcher": "Bob", "bid": 3, "points": ["high", "jack", "game"]}


def seven_hand() -> Session:
    return Session.new("seven-hand", ["Ann", "Bob", "Cy"])


def hand_5000(melded: dict[str, int], held: dict[str, int]) -> dict[str, Any]:
    """A 5000 hand Ann goes out on, told as points."""
    return {"wild": "5", "out": "Ann", "melded": melded, "in_hand": held}


def rummy_5000() -> Session:
    """Ann, Bob and Cy play to 3000 at a cent a point."""
    return Session.new("rummy-5000", ["Ann", "Bob", "Cy"], options={"stake": 1})


# --- a money game: the balance is the score -----------------------------------------------


def test_in_a_money_game_each_figure_is_a_signed_balance() -> None:
    session = racehorse(players=FIVE)
    session.record(MADE_3)
    figures = session.figures()
    assert (figures.unit, figures.labels, figures.title) == ("money", ("balance",), "Balances")
    rows = {row.name: row for row in figures.standings()}
    assert rows["Bob"].figure == "+$12.00" and rows["Bob"].shown == ("+$12.00",)
    assert rows["Ann"].figure == "−$3.00"
    assert rows["Bob"].aside == "" and figures.apart() == []


def test_bob_makes_his_bid_so_he_leads_alone_and_the_rest_share_second_place() -> None:
    session = racehorse(players=FIVE)
    session.record(MADE_3)
    standings = session.figures().standings()
    assert [(row.place, row.name, row.leads) for row in standings] == [
        (1, "Bob", True),
        (2, "Ann", False),
        (2, "Cy", False),
        (2, "Di", False),
        (2, "Ed", False),
    ]
    assert session.figures().leaders == ("Bob",)


def test_each_round_s_change_in_money_and_the_history_from_the_start() -> None:
    session = racehorse(players=FIVE)
    session.record(MADE_3)
    figures = session.figures()
    assert figures.change(0).moves == (
        ("Ann", "−$3.00"),
        ("Bob", "+$12.00"),
        ("Cy", "−$3.00"),
        ("Di", "−$3.00"),
        ("Ed", "−$3.00"),
    )
    assert figures.change(0).money_moves == ()  # the money is the figure: said once
    assert figures.history("Bob") == [0, 1200]
    assert (figures.text(1200), figures.change_text(-300)) == ("+$12.00", "−$3.00")


def test_before_the_first_round_nobody_leads_and_everyone_shares_first_place() -> None:
    figures = racehorse(players=FIVE).figures()
    assert figures.leaders == ()
    assert {row.place for row in figures.standings()} == {1}
    assert [row.name for row in figures.standings()] == ["Ann", "Bob", "Cy", "Di", "Ed"]


# --- a points game, lowest total best -----------------------------------------------------


def test_seven_hand_lowest_total_leads_and_places_go_up_with_the_points() -> None:
    """docs/rules.md, Seven Hand Rummy: Bob goes out; Ann holds 35, Cy 25."""
    session = seven_hand()
    session.record({"out": "Bob", "cards": {"Ann": "9 9 A", "Cy": "JK 3"}})
    figures = session.figures()
    assert (figures.unit, figures.labels, figures.title) == ("points", ("total",), "Running totals")
    assert [(row.place, row.name, row.figure) for row in figures.standings()] == [
        (1, "Bob", "0"),
        (2, "Cy", "25"),
        (3, "Ann", "35"),
    ]
    assert figures.leaders == ("Bob",)
    assert figures.change(0).moves == (("Ann", "+35"), ("Cy", "+25"))
    assert figures.apart() == [("Ann", "35"), ("Bob", "0"), ("Cy", "25")]


def test_seven_hand_with_no_stake_shows_no_money_beside_the_points() -> None:
    session = seven_hand()
    session.record({"out": "Bob", "cards": {"Ann": "9 9 A", "Cy": "JK 3"}})
    bob = session.figures().by_seat()["Bob"]
    assert bob.shown == ("0",)  # no money row where no money would move
    assert bob.aside == ""


def test_seven_hand_for_stakes_shows_what_stopping_now_would_pay_not_zeros() -> None:
    session = Session.new("seven-hand", ["Ann", "Bob", "Cy"], options={"stake": 10})
    session.record({"out": "Bob", "cards": {"Ann": "9 9 A", "Cy": "JK 3"}})
    figures = session.figures()
    assert figures.labels == ("total", "if ended")
    ended = session.if_ended()
    assert ended is not None
    for name, row in figures.by_seat().items():
        assert row.shown[1] == amount(ended.balances[name], "money", signed=True)
    assert figures.by_seat()["Bob"].shown[1].startswith("+$")
    assert all(row.aside == "" for row in figures.standings())  # nothing has moved yet


def test_equal_lowest_totals_are_a_tie_for_the_lead_and_share_first_place() -> None:
    session = seven_hand()
    session.record({"out": "Bob", "points": {"Ann": 10, "Cy": 25}})
    session.record({"out": "Ann", "points": {"Bob": 10, "Cy": 5}})
    figures = session.figures()
    assert figures.leaders == ("Ann", "Bob")
    assert [(row.place, row.name, row.leads) for row in figures.standings()] == [
        (1, "Ann", True),
        (1, "Bob", True),
        (3, "Cy", False),
    ]


# --- a points game, highest total best, money beside it ------------------------------------


def test_5000_ends_at_the_target_and_the_money_shows_beside_the_points() -> None:
    session = rummy_5000()
    session.record(hand_5000({"Ann": 2300, "Bob": 2000, "Cy": 1500}, {"Ann": 0, "Bob": 0, "Cy": 0}))
    session.record(hand_5000({"Ann": 800, "Bob": 100, "Cy": 0}, {"Ann": 0, "Bob": 0, "Cy": 40}))
    figures = session.figures()
    assert [(row.place, row.name, row.shown, row.aside) for row in figures.standings()] == [
        (1, "Ann", ("3500", "+$34.40"), "+$34.40"),
        (2, "Bob", ("2100", "−$14.00"), "−$14.00"),
        (3, "Cy", ("1460", "−$20.40"), "−$20.40"),
    ]
    assert figures.leaders == ("Ann",)
    last = figures.change(1)
    assert last.moves == (("Ann", "+1000"), ("Bob", "+100"), ("Cy", "−40"))
    assert last.money_moves == (("Ann", "+$34.40"), ("Bob", "−$14.00"), ("Cy", "−$20.40"))
    assert (last.finished, last.winners) == (True, ("Ann",))


# --- the preview is the recording, without the recording -----------------------------------


@pytest.mark.parametrize(
    ("table", "rounds"),
    [
        pytest.param(
            functools.partial(racehorse, players=FIVE),
            [MADE_3, {"pitcher": "Cy", "bid": 2, "points": ["low"]}],
            id="racehorse-rounds0",
        ),
        (seven_hand, [{"out": "Bob", "points": {"Ann": 10, "Cy": 25}}]),
        (
            rummy_5000,
            [
                hand_5000({"Ann": 2300, "Bob": 2000, "Cy": 1500}, {"Ann": 0, "Bob": 0, "Cy": 0}),
                hand_5000({"Ann": 800, "Bob": 100, "Cy": 0}, {"Ann": 0, "Bob": 0, "Cy": 40}),
            ],
        ),
    ],
)
def test_a_preview_says_what_recording_the_round_then_does(
    table: Any, rounds: list[dict[str, Any]]
) -> None:
    session: Session = table()
    for number, round_ in enumerate(rounds):
        saved = session.to_dict()
        preview = session.preview(round_)
        assert session.to_dict() == saved, "a preview records nothing"
        session.record(round_)
        assert preview == session.figures().change(number)


def test_a_preview_of_an_edit_plays_the_round_where_it_stood() -> None:
    session = racehorse(players=FIVE)
    session.record(MADE_3)
    session.record({"pitcher": "Cy", "bid": 2, "points": ["low"]})
    preview = session.preview({"pitcher": "Bob", "bid": 3, "made": False}, index=0)
    assert isinstance(preview, Change)
    assert ("Bob", "−$12.00") in preview.moves
    session.edit(0, {"pitcher": "Bob", "bid": 3, "made": False})
    assert session.figures().change(0) == preview


def test_a_round_the_rules_refuse_is_refused_by_the_preview_as_by_recording() -> None:
    session = racehorse(players=FIVE)
    bad = {"pitcher": "Zed", "bid": 3, "made": True}
    with pytest.raises(RuleError) as previewed:
        session.preview(bad)
    with pytest.raises(RuleError) as recorded:
        session.record(bad)
    assert (previewed.value.field, previewed.value.message) == (
        recorded.value.field,
        recorded.value.message,
    )
    assert session.rounds == []


# --- screens show, the domain counts -------------------------------------------------------

SCORING = re.compile(r"\b(scored_in_points|lowest_wins)\b|\bgame\.play\(")


def test_no_screen_works_out_how_a_game_is_scored() -> None:
    """The table, the settle-up, the chart, the entries and the board ask the session's
    view; only the domain knows points from money, lowest from highest, and plays a round."""
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sorted((ROOT / "screens").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if SCORING.search(line)
    ]
    assert found == []
