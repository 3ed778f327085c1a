"""Friday at the Parks': Calcutta's race 2 at the table after race 1, a price mistyped and
fixed, undone and done again, settled and exported."""

from __future__ import annotations

from textual.pilot import Pilot

from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.rounds.base import RoundEntry
from screens.settle import SettleScreen
from screens.table import TableScreen
from screens.widgets.grid import ScoreGrid
from tests.ui.evenings import PARKS_RACE_1
from tests.ui.play import export_here, said, sell, sit_down

PARKS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
AFTER_RACE_1 = ["−8", "−7", "−12", "0", "0", "+27"]
AFTER_RACE_2 = ["−8", "−12", "−12", "−5", "−9", "+27"]
STACKS_AFTER_RACE_2 = "Ann 142, Bob 138, Cy 138, Di 145, Ed 141, Flo 177"


def entry(pilot: Pilot[None]) -> RoundEntry:
    screen = pilot.app.screen
    assert isinstance(screen, RoundEntry), f"on {screen!r}"
    return screen


def table(pilot: Pilot[None]) -> TableScreen:
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen), f"on {screen!r}"
    return screen


def balances_shown(pilot: Pilot[None]) -> list[str]:
    """The running balance under each name in the grid's heads, in seat order."""
    columns = table(pilot).query_one("#grid", ScoreGrid).columns
    return [column.heading[1] for column in columns[1 : 1 + len(PARKS)]]


def panel(pilot: Pilot[None]) -> dict[str, str]:
    text = str(table(pilot).query_one("#panel").content)
    return {line[:13].strip(): line[14:] for line in text.splitlines()}


async def race_2_sold(pilot: Pilot[None], s_price: str) -> None:
    """Race 2, Bob deals: H Di 5, C Ed 9, S Bob at ``s_price``, D unsold; D first, S second."""
    await pilot.press("r", *"1312", "down")
    await pilot.pause()
    assert entry(pilot).row("course").note_text == "auction H, C, S, D"
    assert "Course S H D C 1312 auction H, C, S, D" in said(pilot), "as drawn"
    await sell(pilot, ("d", "5"), ("e", "9"), ("b", s_price), ("u", ""))
    await pilot.press("d", "down", "s")
    await pilot.pause()


async def test_friday_at_the_parks_calcutta_with_race_2_mistyped_and_fixed(store: Store) -> None:
    session = Session.new("calcutta", PARKS)
    session.record(PARKS_RACE_1)  # typed key by key in test_entry_calcutta
    session_id = store.add(session)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_down(pilot)
        assert balances_shown(pilot) == AFTER_RACE_1
        assert "Bob deals" in str(table(pilot).query_one("#status").content)
        assert "Dealer bids yes: Bob is the auctioneer" in said(pilot, "#panel")

        # Race 2, Bob deals; S's price is typed 41 instead of 14.
        await race_2_sold(pilot, "41")
        assert entry(pilot).row("first").note_text == "37 chips carried (unsold)"
        assert entry(pilot).row("second").note_text == "18 chips to Bob"
        assert "Second S ♠ H ♥ D ♦ C ♣ 18 chips to Bob" in said(pilot), "as drawn"
        await pilot.press("enter")
        await pilot.pause()
        assert balances_shown(pilot) == ["−8", "−30", "−12", "−5", "−9", "+27"]
        assert panel(pilot)["Pool carried"] == "37 chips into the next race"

        # Fix it: race 2's line, Enter, down to S's price, 14 replaces 41.
        await pilot.press("up", "enter")
        await pilot.pause()
        assert entry(pilot).title_text() == "Edit race 2 · Bob auctioned"
        assert said(pilot).count("Edit race 2 · Bob auctioned") == 1, "drawn once"
        assert entry(pilot).text("sales.S.price") == "41"
        await pilot.press(*["down"] * 6, "ctrl+u", *"14")
        await pilot.pause()
        assert entry(pilot).row("first").note_text == "19 chips carried (unsold)"
        assert entry(pilot).row("second").note_text == "9 chips to Bob"
        await pilot.press("enter")
        await pilot.pause()
        assert balances_shown(pilot) == AFTER_RACE_2
        assert panel(pilot)["Stacks"] == STACKS_AFTER_RACE_2
        assert panel(pilot)["Pool carried"] == "19 chips into the next race"
        assert "Cy deals" in str(table(pilot).query_one("#status").content)
        saved = store.load(session_id)
        assert saved.rounds[1]["sales"]["S"] == {"owner": "Bob", "price": 14}
        assert (saved.pot, saved.dealer) == (19, "Cy")

        # Undo race 2 (confirmed): race 1's figures; then Ctrl+Y records it again.
        await pilot.press("u", "y")
        await pilot.pause()
        assert balances_shown(pilot) == AFTER_RACE_1
        assert panel(pilot)["Pool carried"] == "0 chips into the next race"
        assert store.load(session_id).dealer == "Bob"
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert balances_shown(pilot) == AFTER_RACE_2
        assert panel(pilot)["Stacks"] == STACKS_AFTER_RACE_2

        await pilot.press("s")
        await pilot.pause()
        settle = app.screen
        assert isinstance(settle, SettleScreen)
        balances = str(settle.query_one("#balances").content)
        assert "pool" in balances.casefold() and "+19" in balances
        # The 19 chips carried in the pool are owed to it, but nobody hands them over:
        # they already lie in the pool, waiting for the next race.
        assert str(settle.query_one("#payments").content).splitlines() == [
            "Bob pays Flo 12 chips",
            "Cy leaves 12 chips in the pool for the next race",
            "Ed pays Flo 9 chips",
            "Ann leaves 7 chips in the pool for the next race",
            "Di pays Flo 5 chips",
            "Ann pays Flo 1 chip",
        ]
        await pilot.press("escape")
        await pilot.pause()

        sessions, rounds = await export_here(pilot)
        assert [(row["game"], row["rounds"], row["balance 6"]) for row in sessions] == [
            ("Calcutta Horse Race", "2", "27")
        ]
        assert [row["balance"] for row in rounds if row["round"] == "2"] == [
            "-8",
            "-12",
            "-12",
            "-5",
            "-9",
            "27",
        ]
        assert {row["detail:prices"] for row in rounds if row["round"] == "2"} == {
            "S Bob 14, H Di 5, D unsold, C Ed 9"
        }
