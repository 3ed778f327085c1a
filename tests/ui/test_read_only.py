"""When another window records, this one can still read: browse, statistics, export."""

from __future__ import annotations

from pathlib import Path

from scorekeeper import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.home import HomeScreen
from screens.problem import LockedApp
from screens.stats import StatsScreen
from screens.table import TableScreen


async def test_a_store_open_elsewhere_offers_to_be_read_only() -> None:
    app = LockedApp("The scores in /tmp/db are open in another window (pid 12).")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "read-only" in str(app.screen.query_one("#problem-keys").render())
        await pilot.press("r")
        await pilot.pause()
    assert app.return_value is True


async def test_read_only_browses_and_counts_but_records_nothing(tmp_path: Path) -> None:
    with Store(tmp_path / "db") as writer:
        session_id = writer.add(Session.new("hot-rum", ["Ann", "Bob"]))
        reader = Store(tmp_path / "db", readonly=True)
        app = ScorekeeperApp(reader)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            assert app.screen.sub_title == "sessions, read-only"
            await pilot.press("ctrl+n", "ctrl+d")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            await pilot.press("enter")
            await pilot.pause()
            table = app.screen
            assert isinstance(table, TableScreen)
            assert "read-only" in table.sub_title
            shown = {b.binding.description for b in table.active_bindings.values()}
            assert not shown & {"Hand", "Undo", "Edit", "Same players"}
            await pilot.press("r", "enter", "u", "n")
            await pilot.pause()
            assert app.screen is table
            await pilot.press("escape", "ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, StatsScreen)
        assert writer.load(session_id).rounds == []
