"""Every screen and dialog of the app drawn for real, frames and all, for every game at its
largest table on an 80x24 terminal: a widget that cannot be drawn fails here even where
no other test looks at it. What a game changes is drawn once per game, every game's table
in turn in one app; Home and what it opens, once, with every game's largest table in the
store."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from textual.command import CommandPalette
from textual.pilot import Pilot
from textual.screen import Screen

from scorekeeper.games import GAMES
from scorekeeper.store import Store
from screens import export_progress
from screens.app import ScorekeeperApp
from screens.board.big_board import BigBoardScreen
from screens.chart import ChartScreen
from screens.confirm import ConfirmScreen
from screens.conflict import ConflictScreen
from screens.currency import CurrencyScreen
from screens.export_progress import ExportProgress
from screens.exporting import ExportScreen
from screens.home import HomeScreen
from screens.new_session import NewSessionScreen
from screens.night_dialogs import MoveGameScreen, NameNightScreen
from screens.nights import NightsScreen
from screens.problem import LockedApp, ProblemApp, ProblemScreen
from screens.rounds.base import RoundEntry
from screens.settle import SettleScreen
from screens.stats import StatsScreen
from screens.table import TableScreen
from screens.table_sync import StaleRound
from tests.ui.hosts import at_table
from tests.ui.largest import largest
from tests.ui.play import said, settled
from tests.ui.test_synced_store import gone_on_differently

pytestmark = pytest.mark.frames  # the frames a terminal gets are what is looked at

SIZE = (80, 24)
STOPS_WHEN_ASKED = "import sys; sys.stdin.read()"
"""An exporting process that ends when its stdin closes, as the app asks an export to stop."""


async def shows(
    pilot: Pilot[None], keys: str | tuple[str, ...], kind: type[Screen[Any]], where: str = ""
) -> None:
    """``keys`` pressed (at ``where``, said if it fails), then the screen in front is a
    ``kind``, drawn as a terminal gets it (a widget whose drawing raises stops the app,
    and the test with it)."""
    await pilot.press(*((keys,) if isinstance(keys, str) else keys))
    await pilot.pause()
    screen = pilot.app.screen
    showed = f"{keys} showed {type(screen).__name__}, not {kind.__name__}"
    assert isinstance(screen, kind), f"{where}: {showed}" if where else showed


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_largest_table(game: str) -> None:
    """Its two rounds in tests/ui/largest/ (the message says which file to add), which
    its largest table records."""
    assert len(largest(game).rounds) == 2


async def test_every_screen_of_every_game_is_drawn_at_its_largest_table(store: Store) -> None:
    """What a game changes, at each game's largest table in turn, in one app (each table
    takes the last one's place): its table with each round's score and with the totals
    only, a round being edited, settle-up, chart, board, New session with its players and
    options, and the question about its end. Its blank round entry, its help and the
    question about an undo are drawn for every game in ``test_entry_stops`` and
    ``test_keys_shown``."""
    tables = {game: store.add(largest(game)) for game in GAMES}
    app = ScorekeeperApp(store)
    async with app.run_test(size=SIZE) as pilot:
        for game, session_id in tables.items():
            await at_table(pilot, store, session_id)
            for keys, kind in (
                ("e", RoundEntry),
                ("s", SettleScreen),
                ("c", ChartScreen),
                ("b", BigBoardScreen),
                ("n", NewSessionScreen),
            ):
                await shows(pilot, keys, kind, game)
                await shows(pilot, "escape", TableScreen, game)
            await shows(pilot, "t", TableScreen, game)  # each round's score, or the totals only
            if GAMES[game].ending is not None:
                await shows(pilot, "f", ConfirmScreen, game)
                await shows(pilot, "escape", TableScreen, game)


async def test_the_screens_no_game_changes_are_drawn(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Home, its questions, the stats and the nights, with every game's largest table in
    the store (one night of them all); the export under way (one that goes on until it
    is asked to stop, so its dialog is there to be drawn) and what a store's troubles
    bring up. The rules are drawn, frames and all, in ``test_rules_screen``."""
    monkeypatch.setattr(export_progress, "EXPORTER", [sys.executable, "-c", STOPS_WHEN_ASKED])
    for game in GAMES:
        store.add(largest(game))
    app = ScorekeeperApp(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        home: tuple[tuple[str, type[Screen[Any]]], ...] = (
            ("ctrl+d", ConfirmScreen),
            ("ctrl+e", ExportScreen),
            ("ctrl+s", StatsScreen),
            ("f2", CurrencyScreen),
            ("ctrl+p", CommandPalette),
        )
        for keys, kind in home:
            await shows(pilot, keys, kind)
            await shows(pilot, "escape", HomeScreen)
        await shows(pilot, "ctrl+l", NightsScreen)
        nights: tuple[tuple[str, type[Screen[Any]]], ...] = (
            ("r", NameNightScreen),
            ("m", MoveGameScreen),
        )
        for keys, kind in nights:
            await shows(pilot, keys, kind)
            await shows(pilot, "escape", NightsScreen)
        await shows(pilot, "escape", HomeScreen)
        for dialog in (
            ProblemScreen("The session was not saved", "No space left on device."),
            StaleRound("Round 3 arrived from Grandma's laptop", "round 4"),
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


async def test_the_decision_between_two_laptops_versions_is_drawn(tmp_path: Path) -> None:
    """A game that went on differently on two laptops: Home says so, Ctrl+K shows both."""
    here, _ = gone_on_differently(tmp_path, "Grandma's laptop")
    with Store(here) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=SIZE) as pilot:
            await settled(pilot)
            assert isinstance(app.screen, HomeScreen)
            app.screen.follow()  # its one-second look at the store, at once
            await settled(pilot)
            await shows(pilot, "ctrl+k", ConflictScreen)
            assert "Grandma's laptop" in said(pilot)
            await shows(pilot, "escape", HomeScreen)
