"""Basic Horse Race at Dee's: the book for each course, a bet over the limit, a fix."""

from __future__ import annotations

from textual.pilot import Pilot

from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.rounds.base import RoundEntry
from screens.settle import SettleScreen
from screens.table import TableScreen
from screens.widgets.grid import ScoreGrid
from tests.ui import evenings
from tests.ui.play import export_here, sit_down

TABLE = ["Al", "Bo", "Cy", "Dee"]


def entry(pilot: Pilot[None]) -> RoundEntry:
    screen = pilot.app.screen
    assert isinstance(screen, RoundEntry), f"on {screen!r}"
    return screen


def balances_shown(pilot: Pilot[None]) -> list[str]:
    """The chips under each name in the grid's heads, in seat order."""
    table = pilot.app.screen
    assert isinstance(table, TableScreen), f"on {table!r}"
    columns = table.query_one("#grid", ScoreGrid).columns
    return [column.heading[1] for column in columns[1 : 1 + len(TABLE)]]


async def race_2_bets(pilot: Pilot[None], bo: str) -> None:
    """Al deals and banks: course 2221 (S, H, D 3-1; C 2-1), Bo ``bo``, Cy s2, Dee h1 d1, C wins."""
    await pilot.press("r", *"2221", "down", *bo, "down", *"s2", "down", *"h1 d1", "down", "c")
    await pilot.pause()


async def test_an_evening_of_horse_race_with_a_bet_over_the_limit_and_a_wrong_winner(
    store: Store,
) -> None:
    session_id = store.add(evenings.horse_race(limit=5))  # race 1: test_entry_horse_race's
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_down(pilot)
        assert balances_shown(pilot) == ["−5", "+20", "−3", "−12"]

        # Race 2, Al pays 4-1 on C: Bo bets 6 on C, over the limit of 5: refused at his
        # row, nothing saved.
        await race_2_bets(pilot, "c6")
        assert entry(pilot).title_text() == "Race 2 · Al deals and is the bank"
        await pilot.press("down", *"c 4-1", "enter")
        await pilot.pause()
        assert entry(pilot).row("bets.Bo").error_text == "Bo: 6 is over the limit of 5 a bet"
        assert len(store.load(session_id).rounds) == 1
        await pilot.press(*"c5")  # the refused bet is selected: typing replaces it
        await pilot.pause()
        assert entry(pilot).row("bets.Bo").note_text == "5 on C at 4-1"
        await pilot.press("enter")
        await pilot.pause()
        assert balances_shown(pilot) == ["−21", "+40", "−5", "−14"]

        # Race 1 was won by H, not D: its line, Enter, down to the winner, h.
        await pilot.press("up", "up", "enter")
        await pilot.pause()
        assert entry(pilot).title_text() == "Edit race 1 · Dee was the bank"
        await pilot.press("down", "down", "down", "down", "h", "enter")
        await pilot.pause()
        assert balances_shown(pilot) == ["−11", "+18", "−5", "−2"]
        saved = store.load(session_id)
        assert saved.rounds[0]["winner"] == "H"
        assert saved.rounds[1]["odds"] == {"C": [4, 1]}
        assert saved.dealer == "Bo"

        await pilot.press("s")
        await pilot.pause()
        settle = app.screen
        assert isinstance(settle, SettleScreen)
        assert str(settle.query_one("#payments").content).splitlines() == [
            "Al pays Bo 11 chips",
            "Cy pays Bo 5 chips",
            "Dee pays Bo 2 chips",
        ]
        await pilot.press("escape")
        await pilot.pause()

        sessions, rounds = await export_here(pilot)
        assert [(row["game"], row["rounds"], row["unit"]) for row in sessions] == [
            ("Basic Horse Race", "2", "chips")
        ]
        race_2 = [row for row in rounds if row["round"] == "2"]
        assert [(row["player"], row["money"], row["dealer"]) for row in race_2] == [
            ("Al", "-16", "Al"),
            ("Bo", "20", "Al"),
            ("Cy", "-2", "Al"),
            ("Dee", "-2", "Al"),
        ]
        assert {row["detail:odds"] for row in race_2} == {"S 3-1, H 3-1, D 3-1, C 4-1"}
