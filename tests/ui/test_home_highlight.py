"""Home on a store another laptop syncs into: sessions that arrive above the highlighted
one move it down the list, and the highlight goes with it, so Enter opens the session
the person was looking at."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.home import HomeScreen
from screens.table import TableScreen
from tests.factories import MADE_3, MADE_4, UPPED_2, racehorse
from tests.sync.copying import mirror
from tests.ui.play import settled
from tests.ui.test_synced_store import follow, shared


async def test_sessions_arriving_above_keep_the_highlight_on_the_same_session(
    tmp_path: Path,
) -> None:
    here, there = shared(tmp_path / "here"), shared(tmp_path / "there")
    with Store(here) as store, Store(there) as other:
        older = store.add(racehorse(MADE_3))
        store.add(racehorse(MADE_3, UPPED_2))
        app = ScorekeeperApp(store)
        async with app.run_test(size=(100, 30)) as pilot:
            await follow(pilot)
            await pilot.press("down")
            home = app.screen
            assert isinstance(home, HomeScreen)
            highlighted = home.highlighted()
            assert highlighted is not None and highlighted.id == older
            other.add(racehorse(MADE_4))
            other.add(racehorse(UPPED_2))
            mirror(there, here)
            await follow(pilot)
            assert len(home.shown) == 4
            await pilot.press("enter")
            await settled(pilot)
            assert isinstance(app.screen, TableScreen)
            assert app.screen.session_id == older


async def test_the_list_read_again_on_coming_back_keeps_the_highlighted_session(
    tmp_path: Path,
) -> None:
    here, there = shared(tmp_path / "here"), shared(tmp_path / "there")
    with Store(here) as store, Store(there) as other:
        older = store.add(racehorse(MADE_3))
        store.add(racehorse(MADE_3, UPPED_2))
        app = ScorekeeperApp(store)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("down", "ctrl+l")
            await settled(pilot)
            other.add(racehorse(MADE_4))
            mirror(there, here)
            store.refresh()
            await pilot.press("escape")
            await settled(pilot)
            home = app.screen
            assert isinstance(home, HomeScreen) and len(home.shown) == 3
            await pilot.press("enter")
            await settled(pilot)
            assert isinstance(app.screen, TableScreen)
            assert app.screen.session_id == older
