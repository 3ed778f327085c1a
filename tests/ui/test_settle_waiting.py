"""A settle-up that includes a game gone on differently on two laptops says so plainly,
so nobody pays on figures that may change once the table decides; one that includes no
such game says nothing of it."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from textual.widgets import Static

from scorekeeper.cli import main
from scorekeeper.share import chat_day
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.nights import NightsScreen
from screens.settle import SettleScreen
from screens.table import TableScreen
from tests.factories import MADE_3, racehorse
from tests.sync.test_shared_store import diverged
from tests.ui.play import settled


async def test_the_settle_up_of_a_game_waiting_for_a_decision_says_its_figures_may_change(
    tmp_path: Path,
) -> None:
    here, _ = diverged(tmp_path)
    with Store(here) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter")
            await settled(pilot)
            assert isinstance(app.screen, TableScreen)
            await pilot.press("s")
            await settled(pilot)
            settle = app.screen
            assert isinstance(settle, SettleScreen)
            said = str(settle.query_one("#settle-waiting", Static).content)
            assert said.startswith("⚠ Waiting for a decision")
            assert "may change" in said
            await pilot.press("c")
            await pilot.pause()
            today = chat_day(date.today())
            copied = str(app.clipboard)
            assert copied.startswith(f"Racehorse, {today}: ")
            assert copied.endswith(". (may change: waiting for a decision)")


async def test_a_settle_up_with_nothing_waiting_says_nothing_of_it(tmp_path: Path) -> None:
    with Store(tmp_path / "store") as store:
        store.add(racehorse(MADE_3))
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter")
            await settled(pilot)
            await pilot.press("s")
            await settled(pilot)
            assert isinstance(app.screen, SettleScreen)
            assert not app.screen.query("#settle-waiting")


async def test_a_nights_settle_up_says_how_many_of_its_games_wait_for_a_decision(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    here, _ = diverged(tmp_path)
    with Store(here) as store:
        store.add(racehorse(MADE_3))
        app = ScorekeeperApp(store)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("ctrl+l")
            await settled(pilot)
            assert isinstance(app.screen, NightsScreen)
            title = str(app.screen.query_one("#night-title", Static).content)
            assert title.endswith(
                "2 games, settled as one\n⚠ 1 game waiting for a decision: these figures may "
                "change (Home: Ctrl+K)."
            )
            await pilot.press("c")
            await pilot.pause()
            assert str(app.clipboard).endswith(". (may change: 1 game waiting for a decision)")
    assert main(["settle", "--text", "--db", str(here)]) == 0
    printed = capsys.readouterr().out.strip()
    assert printed == str(app.clipboard), "the command line says what the screen copies"
