"""A round entry open at this laptop's table while the other laptop records into the
same session, deletes it, or its file arrives damaged: what arrived shows at once, a
round typed on top of it is never recorded unasked, and nothing typed is lost."""

from __future__ import annotations

import threading
from collections.abc import Collection
from pathlib import Path

import pytest
from textual.widgets import Static

from scorekeeper.store import index
from screens.app import ScorekeeperApp
from screens.problem import ProblemScreen
from screens.rounds.base import RoundEntry
from screens.table_sync import StaleRound
from tests.factories import file_of
from tests.ui.play import settled
from tests.ui.test_nothing_lost import toasts
from tests.ui.test_synced_store import table_on_two_laptops

CID_MAKES_4 = ("c", "down", "4", "down", "m")


async def test_enter_on_the_stale_deal_asks_and_records_it_as_the_next(tmp_path: Path) -> None:
    async with table_on_two_laptops(tmp_path) as (pilot, table, arrives):
        await pilot.press("r", *CID_MAKES_4)
        arrives()
        await pilot.press("enter")
        await settled(pilot)
        asked = pilot.app.screen
        assert isinstance(asked, StaleRound)
        question = str(asked.query_one("#question", Static).content)
        assert question == "Deal 2 was just recorded on Grandma's laptop."
        detail = str(asked.query_one("#detail", Static).content)
        assert detail == "Record yours as deal 3, keep it for later, or drop it?"
        assert [r["pitcher"] for r in table.session.rounds] == ["Ann", "Bob"], "shown, not saved"
        await pilot.press("r")
        await settled(pilot)
        assert pilot.app.screen is table
        assert [r["pitcher"] for r in table.session.rounds] == ["Ann", "Bob", "Cid"]
        assert len(table.store.load(table.session_id).rounds) == 3


async def test_a_deal_arriving_under_an_open_entry_is_shown_and_said_by_the_name_as_text(
    tmp_path: Path,
) -> None:
    """The other laptop's name is shown as text, never obeyed."""
    async with table_on_two_laptops(tmp_path, notifications=True, other_name="[b]Den\x1b[2J") as (
        pilot,
        table,
        arrives,
    ):
        await pilot.press("r", *CID_MAKES_4)
        arrives()
        table.follow()
        await settled(pilot)
        assert isinstance(pilot.app.screen, RoundEntry), "the typing goes on"
        assert [r["pitcher"] for r in table.session.rounds] == ["Ann", "Bob"]
        app = pilot.app
        assert isinstance(app, ScorekeeperApp)
        assert "Deal 2 was just recorded on [b]Den␛[2J." in toasts(app)
        await pilot.press("enter")
        await settled(pilot)
        asked = app.screen
        assert isinstance(asked, StaleRound)
        question = str(asked.query_one("#question", Static).content)
        assert question == "Deal 2 was just recorded on [b]Den␛[2J."


async def test_a_stale_deal_kept_for_later_comes_back_as_the_next_deal(tmp_path: Path) -> None:
    async with table_on_two_laptops(tmp_path) as (pilot, table, arrives):
        await pilot.press("r", *CID_MAKES_4)
        arrives()
        await pilot.press("enter")
        await settled(pilot)
        await pilot.press("k")
        await settled(pilot)
        assert pilot.app.screen is table
        assert len(table.store.load(table.session_id).rounds) == 2, "nothing recorded"
        await pilot.press("r")
        await settled(pilot)
        entry = pilot.app.screen
        assert isinstance(entry, RoundEntry) and entry.title_text().startswith("Deal 3")
        await pilot.press("enter")
        await settled(pilot)
        assert [r["pitcher"] for r in table.session.rounds] == ["Ann", "Bob", "Cid"]


async def test_a_stale_deal_dropped_is_forgotten(tmp_path: Path) -> None:
    async with table_on_two_laptops(tmp_path) as (pilot, table, arrives):
        await pilot.press("r", *CID_MAKES_4)
        arrives()
        await pilot.press("enter")
        await settled(pilot)
        await pilot.press("d")
        await settled(pilot)
        assert pilot.app.screen is table and len(table.session.rounds) == 2
        await pilot.press("r")
        await settled(pilot)
        entry = pilot.app.screen
        assert isinstance(entry, RoundEntry) and not entry.changed_since_opened()


async def test_the_session_deleted_under_an_open_entry_keeps_the_typed_deal(
    tmp_path: Path,
) -> None:
    async with table_on_two_laptops(tmp_path) as (pilot, table, _):
        await pilot.press("r", *CID_MAKES_4)
        file_of(table.store.path, table.session_id).unlink()
        await pilot.press("enter")
        await settled(pilot)
        problem = pilot.app.screen
        assert isinstance(problem, ProblemScreen)
        assert "was deleted" in problem.message and "What you typed is kept" in problem.message
        await pilot.press("escape")
        await settled(pilot)
        assert pilot.app.screen is table
        app = pilot.app
        assert isinstance(app, ScorekeeperApp)
        drafts = list(app.drafts.values())
        assert drafts and any("Cid" in str(draft) for draft in drafts)


async def test_a_damaged_file_under_an_open_entry_keeps_the_typed_deal(tmp_path: Path) -> None:
    async with table_on_two_laptops(tmp_path) as (pilot, table, _):
        await pilot.press("r", *CID_MAKES_4)
        file_of(table.store.path, table.session_id).write_bytes(b"{")
        await pilot.press("enter")
        await settled(pilot)
        problem = pilot.app.screen
        assert isinstance(problem, ProblemScreen)
        assert "can no longer be read" in problem.message


async def test_the_session_deleted_at_the_undo_prompt_is_said_not_a_traceback(
    tmp_path: Path,
) -> None:
    async with table_on_two_laptops(tmp_path) as (pilot, table, _):
        await pilot.press("u")
        await settled(pilot)
        file_of(table.store.path, table.session_id).unlink()
        await pilot.press("y")
        await settled(pilot)
        assert isinstance(pilot.app.screen, ProblemScreen)
        assert pilot.app.return_code is None, "the app goes on"


@pytest.mark.usefixtures("settled_at_once")  # the folder as it is two seconds on
@pytest.mark.parametrize("arrived", ["nothing", "a log of its own", "into its log"])
async def test_enter_on_a_round_sweeps_the_folder_only_once_something_came(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, arrived: str
) -> None:
    """What arrived is looked for once per Enter, and the round goes on top of what that
    look found: while no log came into the folder and the session's own are as read, a
    few stats and no sweep of the folder, however many sessions it holds; once the
    other laptop's deal came, in a log of its own or written into the one already here,
    one sweep, and the table asks before going on top. The table's own look once a second
    runs in a worker and is not counted."""
    async with table_on_two_laptops(tmp_path) as (pilot, table, arrives):
        if arrived == "into its log":
            arrives()  # its first deal here, the other laptop's log with it
            table.follow()
            await settled(pilot)
        deals = len(table.session.rounds)
        sweeps: list[Path] = []
        sweep = index.folded

        def counted(folder: Path, leave_out: Collection[str] = ()) -> int:
            if threading.current_thread() is threading.main_thread():
                sweeps.append(folder)
            return sweep(folder, leave_out)

        monkeypatch.setattr(index, "folded", counted)
        await pilot.press("r", *CID_MAKES_4)
        table.follow()  # the table's look, as once a second
        await settled(pilot)
        sweeps.clear()
        if arrived != "nothing":
            arrives(in_place=arrived == "into its log")
        await pilot.press("enter")
        await settled(pilot)
        if arrived == "nothing":
            assert sweeps == []
            assert pilot.app.screen is table
            assert len(table.store.load(table.session_id).rounds) == deals + 1
        else:
            assert len(sweeps) == 1
            assert isinstance(pilot.app.screen, StaleRound), "asked before going on top"
            assert len(table.session.rounds) == deals + 1, "the deal that came, shown"
