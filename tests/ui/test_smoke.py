"""Every screen and dialog of the app drawn for real, frames and all, for every game at its
largest table on an 80x24 terminal: a widget that cannot be drawn fails here even where
no other test looks at it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen

from scorekeeper.games import GAMES
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.board.big_board import BigBoardScreen
from screens.chart import ChartScreen
from screens.confirm import ConfirmScreen
from screens.export_progress import ExportProgress
from screens.exporting import ExportScreen
from screens.help import HelpScreen
from screens.home import HomeScreen
from screens.new_session import NewSessionScreen
from screens.nights import MoveGameScreen, NameNightScreen, NightsScreen
from screens.problem import LockedApp, ProblemApp, ProblemScreen
from screens.rounds.base import RoundEntry
from screens.rules import RulesScreen
from screens.settle import SettleScreen
from screens.stats import StatsScreen
from screens.table import TableScreen
from tests.ui.largest import ROUNDS, largest
from tests.ui.play import said

pytestmark = pytest.mark.frames  # the frames a terminal gets are what is looked at

SIZE = (80, 24)


async def shows(pilot: Pilot[None], keys: str | tuple[str, ...], kind: type[Screen[Any]]) -> None:
    """``keys`` pressed, then the screen in front is a ``kind``, drawn as a terminal gets it
    (a widget whose drawing raises stops the app, and the test with it)."""
    await pilot.press(*((keys,) if isinstance(keys, str) else keys))
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, kind), f"{keys} showed {type(screen).__name__}, not {kind.__name__}"


def test_every_game_has_a_largest_table() -> None:
    assert sorted(ROUNDS) == sorted(GAMES)


@pytest.mark.parametrize("game", GAMES)
async def test_every_screen_of_a_game_is_drawn_at_its_largest_table(
    store: Store, game: str
) -> None:
    store.add(largest(game))
    app = ScorekeeperApp(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await shows(pilot, "enter", TableScreen)
        for keys, kind in (
            ("r", RoundEntry),
            ("e", RoundEntry),
            ("s", SettleScreen),
            ("c", ChartScreen),
            ("b", BigBoardScreen),
            ("x", ExportScreen),
            ("u", ConfirmScreen),
            ("n", NewSessionScreen),
        ):
            await shows(pilot, keys, kind)
            await shows(pilot, "escape", TableScreen)
        await shows(pilot, "t", TableScreen)  # each round's score, or the totals only
        await shows(pilot, "f1", HelpScreen)  # the rules it opens: one document, drawn below
        await shows(pilot, "escape", TableScreen)
        if GAMES[game].ending is not None:
            await shows(pilot, "f", ConfirmScreen)
            await shows(pilot, "escape", TableScreen)
        await shows(pilot, "escape", HomeScreen)
        await shows(pilot, "ctrl+d", ConfirmScreen)
        await shows(pilot, "escape", HomeScreen)
        await shows(pilot, "ctrl+s", StatsScreen)
        await shows(pilot, "escape", HomeScreen)
        await shows(pilot, "ctrl+l", NightsScreen)
        await shows(pilot, "r", NameNightScreen)
        await shows(pilot, "escape", NightsScreen)


async def test_the_dialogs_no_game_opens_are_drawn(store: Store, tmp_path: Path) -> None:
    """The rules, and what a store's troubles and a night of two games bring up."""
    store.add(largest("racehorse"))
    store.add(largest("hot-rum"))
    app = ScorekeeperApp(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await shows(pilot, ("enter", "f1", "r"), RulesScreen)
        await shows(pilot, ("escape", "escape", "escape"), HomeScreen)
        await shows(pilot, "ctrl+l", NightsScreen)
        await shows(pilot, "m", MoveGameScreen)
        await shows(pilot, "escape", NightsScreen)
        await shows(pilot, "escape", HomeScreen)
        for dialog in (
            ProblemScreen("The session was not saved", "No space left on device."),
            ExportProgress(store, tmp_path / "export", None),  # left to end with the app
        ):
            app.push_screen(dialog)
            await pilot.pause()
            assert app.screen is dialog and said(pilot)
            if not isinstance(dialog, ExportProgress):
                await shows(pilot, "escape", HomeScreen)


@pytest.mark.parametrize("kind", [LockedApp, ProblemApp])
async def test_the_apps_shown_when_the_store_cannot_be_opened_are_drawn(
    kind: type[LockedApp] | type[ProblemApp],
) -> None:
    app = (
        LockedApp("Open since 19:02 on table-laptop.")
        if kind is LockedApp
        else (ProblemApp("The scores cannot be opened", "The store folder is a file."))
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ProblemScreen) and said(pilot)  # type: ignore[arg-type]
