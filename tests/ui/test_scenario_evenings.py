"""Friday at the Parks', every figure read off the screen as drawn: the
scoresheet's cells, the status line, the line under the grid, the panel and the settle-up
payments. A figure the screen does not show fails here. The evening opens on two Calcutta
races already played (typed in ``test_entry_calcutta`` and ``test_play_calcutta``) and goes
on to Racehorse with the same players, started from the table with New session: this
Racehorse is that game's whole evening through the app, a refused entry, an edit and the
export included. (Sunday with Grandma is ``test_play_seven_hand``.)"""

from __future__ import annotations

from textual.pilot import Pilot

from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.rounds.base import RoundEntry
from screens.settle import SettleScreen
from tests.ui import evenings
from tests.ui.play import (
    drawn,
    export_here,
    grid_rows,
    highlighted,
    put,
    said,
    sit_down,
    start_session,
)

PARKS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


def columns(pilot: Pilot[None], label: str) -> dict[str, list[str]]:
    """The cells of the grid's row ``label`` under each name the heading shows."""
    names = [word.lstrip("●★") for word in grid_rows(pilot)["#"] if word.lstrip("●★").isalpha()]
    cells = grid_rows(pilot)[label]
    each = len(cells) // len(names)
    return {name: cells[at * each : (at + 1) * each] for at, name in enumerate(names)}


async def test_friday_at_the_parks_calcutta_then_racehorse(store: Store) -> None:
    store.add(evenings.calcutta())  # the two races, as test_play_calcutta leaves them
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
        table = await start_session(
            pilot, "racehorse", [], dealer_key="c", options={"stake": "0.25"}, again=True
        )
        session_id = table.session_id
        assert store.load(session_id).dealer == "Cy"
        assert said(pilot, "#status").startswith("Deal 1 · ● Cy deals")
        assert "Stake $0.25 per point" in said(pilot, "#panel")

        # Ed pitches 2 and makes it: everyone else pays Ed $0.50; Ed deals next.
        await pilot.press("r", "e", "down", "2", "down", "m", "enter")
        await pilot.pause()
        assert grid_rows(pilot)["1"] == ["−$0.50"] * 4 + ["+$2.50", "−$0.50"]
        assert said(pilot, "#status").startswith("Deal 2 · ● Ed deals")
        assert store.load(session_id).balances["Ed"] == 250

        # Ann bids Smudge, takes all four points but loses a trick: upped, she pays $1.25 to
        # each of the five others; Flo, on her right, deals next.
        # Her result is forgotten at first: refused at the Result row, nothing saved.
        await pilot.press("r", "a", "down", "s", "enter")
        await pilot.pause()
        entry = app.screen
        assert isinstance(entry, RoundEntry)
        assert entry.row("made").error_text
        assert len(store.load(session_id).rounds) == 1
        await pilot.press("down")
        await put(pilot, "h l j g")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is table
        assert store.load(session_id).balances == {
            "Ann": -675,
            "Bob": 75,
            "Cy": 75,
            "Di": 75,
            "Ed": 375,
            "Flo": 75,
        }
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
        await pilot.press("escape")
        await pilot.pause()

        # Ed's pitch was really a 3: his deal's line, Enter opens it prefilled, fix the bid.
        await pilot.press("up", "up", "enter")
        await pilot.pause()
        entry = app.screen
        assert isinstance(entry, RoundEntry)
        assert entry.title_text().startswith("Edit deal 1")
        await pilot.press("down", "3", "enter")
        await pilot.pause()
        saved = store.load(session_id)
        assert saved.rounds[0] == {"pitcher": "Ed", "bid": 3, "made": True}
        assert saved.balances["Ed"] == 5 * 75 + 125
        assert saved.dealer == "Flo"
        await pilot.press("s")
        await pilot.pause()
        payments = said(pilot, "#payments")
        assert "Ann pays Ed $5.00" in payments
        assert payments.count("Ann pays") == 5
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table

        sessions, rounds = await export_here(pilot)
        assert [
            (row["game"], row["rounds"], row["player 5"], row["balance 5"]) for row in sessions
        ] == [("Racehorse", "2", "Ed", "5.00")]
        assert len(rounds) == 2 * len(PARKS)
        assert {row["detail:bid"] for row in rounds} == {"3", "Smudge"}
