"""Home on a store another laptop syncs into: sessions that arrive above the highlighted
one move it down the list, and the highlight goes with it, so Enter opens the session
the person was looking at."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from textual.pilot import Pilot

from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.home import HomeScreen
from screens.table import TableScreen
from tests.factories import MADE_3, MADE_4, UPPED_2, racehorse
from tests.sync.copying import mirror
from tests.ui.play import settled, start_session
from tests.ui.test_synced_store import follow, shared


@dataclass
class Laptops:
    """This laptop's store, with two sessions, and the other laptop's, synced into it."""

    here: Store
    there: Store
    older: str
    """The session below the newest here: highlighted with one Down."""

    def arrive(self, *sessions: Session) -> None:
        """Sessions recorded on the other laptop, then its files copied here."""
        for session in sessions:
            self.there.add(session)
        mirror(self.there.path, self.here.path)


@pytest.fixture
def laptops(tmp_path: Path) -> Iterator[Laptops]:
    with Store(shared(tmp_path / "here")) as here, Store(shared(tmp_path / "there")) as there:
        older = here.add(racehorse(MADE_3))
        here.add(racehorse(MADE_3, UPPED_2))
        yield Laptops(here, there, older)


async def enter_opens(pilot: Pilot[None], session_id: str) -> None:
    await pilot.press("enter")
    await settled(pilot)
    table = pilot.app.screen
    assert isinstance(table, TableScreen) and table.session_id == session_id


async def test_sessions_arriving_above_keep_the_highlight_on_the_same_session(
    laptops: Laptops,
) -> None:
    app = ScorekeeperApp(laptops.here)
    async with app.run_test(size=(100, 30)) as pilot:
        await follow(pilot)
        await pilot.press("down")
        home = app.screen
        assert isinstance(home, HomeScreen)
        highlighted = home.highlighted()
        assert highlighted is not None and highlighted.id == laptops.older
        laptops.arrive(racehorse(MADE_4), racehorse(UPPED_2))
        await follow(pilot)
        assert len(home.listing.shown) == 4
        await enter_opens(pilot, laptops.older)


async def test_the_list_read_again_on_coming_back_keeps_the_highlighted_session(
    laptops: Laptops,
) -> None:
    app = ScorekeeperApp(laptops.here)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("down", "ctrl+l")
        await settled(pilot)
        laptops.arrive(racehorse(MADE_4))
        laptops.here.refresh()
        await pilot.press("escape")
        await settled(pilot)
        home = app.screen
        assert isinstance(home, HomeScreen) and len(home.listing.shown) == 3
        await enter_opens(pilot, laptops.older)


async def test_coming_back_from_a_game_just_started_highlights_it(laptops: Laptops) -> None:
    app = ScorekeeperApp(laptops.here)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        await pilot.press("down")  # the older game highlighted, then a new one started
        table = await start_session(pilot, "score-pad", ["Ann", "Bob"])
        await pilot.press("escape")
        await settled(pilot)
        await enter_opens(pilot, table.session_id)
