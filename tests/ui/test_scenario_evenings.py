"""Two evenings at the table, every figure read off the screen as drawn: the scoresheet's
cells, the status line, the line under the grid, the panel and the settle-up payments. A
figure the screen does not show fails here. Sunday is typed from Home through the
keyboard; Friday opens on two Calcutta races already played (typed in
``test_play_calcutta``) and goes on to Racehorse with the same players."""

from __future__ import annotations

from textual.pilot import Pilot

from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.settle import SettleScreen
from tests.ui import evenings
from tests.ui.play import drawn, grid_rows, hand, put, said, sit_down, start_session

PARKS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
HANDS = [
    "two sets",
    "one set and one run",
    "two runs",
    "two sets and one run",
    "two runs and one set",
    "three sets, pat (no discard)",
    "three runs, pat (no discard)",
]


async def highlighted(pilot: Pilot[None], *keys: str) -> str:
    """The line under the grid once ``keys`` move the highlight onto a round."""
    await pilot.press(*keys)
    await pilot.pause()
    return said(pilot, "#detail")


def columns(pilot: Pilot[None], label: str) -> dict[str, list[str]]:
    """The cells of the grid's row ``label`` under each name the heading shows."""
    names = [word.lstrip("●★") for word in grid_rows(pilot)["#"] if word.lstrip("●★").isalpha()]
    cells = grid_rows(pilot)[label]
    each = len(cells) // len(names)
    return {name: cells[at * each : (at + 1) * each] for at, name in enumerate(names)}


async def test_friday_at_the_parks_calcutta_then_racehorse(store: Store) -> None:
    store.add(evenings.calcutta())  # the two races typed in test_play_calcutta
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_down(pilot)
        # Each player's race, then the running total: Flo +27, Ann −8, Cy −12, Bob −7.
        race_1 = ["−8", "−8", "−7", "−7", "−12", "−12", "0", "0", "0", "0", "+27", "+27"]
        assert grid_rows(pilot)["1"] == race_1
        race_2 = ["0", "−8", "−5", "−12", "0", "−12", "−5", "−5", "−9", "−9", "0", "+27"]
        assert grid_rows(pilot)["2"] == race_2
        assert grid_rows(pilot)["balance"] == ["−8", "−12", "−12", "−5", "−9", "+27"]
        panel = said(pilot, "#panel")
        assert "Stacks Ann 142, Bob 138, Cy 138, Di 145, Ed 141, Flo 177" in panel
        assert "Pool carried 19 chips into the next race" in panel
        assert "Dealer bids yes: Cy is the auctioneer" in panel
        assert said(pilot, "#status").startswith("Race 3 · ● Cy deals")
        assert await highlighted(pilot, "up") == (
            "Race 2 · Bob dealt · D won, S second; sold H Di 5, C Ed 9, S Bob 14, D unsold;"
            " pool 28: Bob takes 9; 19 chips carried"
        )
        assert await highlighted(pilot, "up") == (
            "Race 1 · Ann dealt · H won, C second; sold S Cy 12, H Flo 20, D Bob 7, C Ann 31;"
            " pool 70: Flo takes 47, Ann 23"
        )

        # Racehorse with the same six (n): Cy, who would deal next, deals first.
        await start_session(
            pilot, "racehorse", [], dealer_key="c", options={"stake": "0.25"}, again=True
        )
        assert said(pilot, "#status").startswith("Deal 1 · ● Cy deals")
        assert "Stake $0.25 per point" in said(pilot, "#panel")

        # Ed pitches 2 and makes it: everyone else pays Ed $0.50; Ed deals next.
        await pilot.press("r", "e", "down", "2", "down", "m", "enter")
        await pilot.pause()
        assert grid_rows(pilot)["1"] == ["−$0.50"] * 4 + ["+$2.50", "−$0.50"]
        assert said(pilot, "#status").startswith("Deal 2 · ● Ed deals")

        # Ann bids Smudge, takes all four points but loses a trick: upped, she pays $1.25 to
        # each of the five others; Flo, on her right, deals next.
        await pilot.press("r", "a", "down", "s", "down", "down")
        await put(pilot, "h l j g")
        await pilot.press("enter")
        await pilot.pause()
        assert grid_rows(pilot)["2"] == ["−$6.75", "+$0.75", "+$0.75", "+$0.75", "+$3.75", "+$0.75"]
        await pilot.press("t")  # each deal's money beside the balance, all six in view
        await pilot.pause()
        deal_2 = columns(pilot, "2")
        assert {name: cells[0] for name, cells in deal_2.items()} == {
            "Ann": "−$6.25",
            "Bob": "+$1.25",
            "Cy": "+$1.25",
            "Di": "+$1.25",
            "Ed": "+$1.25",
            "Flo": "+$1.25",
        }
        await pilot.press("t")
        await pilot.pause()
        balances = ["−$6.75", "+$0.75", "+$0.75", "+$0.75", "+$3.75", "+$0.75"]
        assert grid_rows(pilot)["balance"] == balances
        assert said(pilot, "#status").startswith("Deal 3 · ● Flo deals")

        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettleScreen)
        assert "Ann −$6.75 Bob +$0.75 Cy +$0.75 Di +$0.75 Ed +$3.75 Flo +$0.75" in (
            said(pilot, "#balances")
        )
        assert [line.strip() for line in drawn(pilot, "#payments")] == [
            "Ann pays Ed $3.75",
            "Ann pays Bob $0.75",
            "Ann pays Cy $0.75",
            "Ann pays Di $0.75",
            "Ann pays Flo $0.75",
        ]


async def test_sunday_with_grandma_seven_hands_to_the_lowest_total(store: Store) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_session(pilot, "seven-hand", ["Grandma", "Max", "Zoe"])
        assert said(pilot, "#status").startswith("Hand 1 · ● Grandma deals · Max plays first")
        hands = [
            ("Max", "K K 4 JK", "A 9"),  # Grandma 10+10+5+20 = 45, Zoe 25
            ("Zoe", "5 5 5", "Q A"),  # Grandma 15, Max 25
            ("Grandma", "10 10", "5"),
            ("Max", "A", "K"),
            ("Zoe", "2", "3"),
            ("Grandma", "J", "Q"),
            ("Max", "JK JK", "K K"),
        ]
        for number, (out, *held) in enumerate(hands, start=1):
            panel = said(pilot, "#panel")
            assert f"Now Hand {number} of 7 — {HANDS[number - 1]}" in panel
            later = [f"{n}. {need}" for n, need in enumerate(HANDS, 1) if n > number]
            to_come = "; ".join(later) or "none: this is the last hand"
            assert f"Still to come {to_come}" in panel
            await hand(pilot, out, *held)
            if number == 1:
                assert grid_rows(pilot)["1"] == ["+45", "45", "0", "0", "+25", "25"]
                assert grid_rows(pilot)["total"] == ["45", "0", "25"]
                assert said(pilot, "#status").startswith("Hand 2 · ● Max deals · Zoe plays first")
                assert await highlighted(pilot, "up") == (
                    "Hand 1 · Grandma dealt · Max went out on two sets; Grandma held 45, Zoe 25"
                )
            if number == 2:
                assert grid_rows(pilot)["2"] == ["+15", "60", "+25", "25", "0", "25"]
                assert await highlighted(pilot, "up") == (
                    "Hand 2 · Max dealt · Zoe went out on one set and one run;"
                    " Grandma held 15, Max 25"
                )

        assert said(pilot, "#settle-title") == "Game over — Max wins"
        await pilot.press("escape")
        await pilot.pause()
        assert said(pilot, "#status").startswith("Game over after 7 hands · Max won")
        assert grid_rows(pilot)["total"] == ["120", "60", "70"]
        assert "Game over after hand 7 — lowest total wins Winner Max" in said(pilot, "#panel")
