"""The score grid as a paper scoresheet and the largest tables, at 80x24; regenerate with
--snapshot-update and look at them."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from tests.ui.board_tables import calcutta_for_eight, seven_hand_for_ten
from tests.ui.evenings import calcutta
from tests.ui.test_snapshots import SIZE, frozen_store, steady_cursor

pytestmark = pytest.mark.frames  # a snapshot is the frame as a terminal gets it

__all__ = ["frozen_store"]


def test_the_grid_shows_each_races_chips_and_the_highlighted_race_in_words(
    snap_compare, frozen_store: Store
) -> None:
    frozen_store.add(calcutta())
    app = ScorekeeperApp(frozen_store)
    assert snap_compare(app, terminal_size=SIZE, press=["enter", "up"])


def test_seven_hand_for_ten_players(snap_compare, frozen_store: Store) -> None:
    frozen_store.add(seven_hand_for_ten())
    assert snap_compare(ScorekeeperApp(frozen_store), terminal_size=SIZE, press=["enter"])


def test_seven_hand_for_ten_players_each_hand(snap_compare, frozen_store: Store) -> None:
    frozen_store.add(seven_hand_for_ten())
    app = ScorekeeperApp(frozen_store)
    assert snap_compare(app, terminal_size=SIZE, press=["enter", "t"])


def test_the_calcutta_entry_for_eight_players(snap_compare, frozen_store: Store) -> None:
    frozen_store.add(calcutta_for_eight())
    app = ScorekeeperApp(frozen_store)

    async def entry_with_a_steady_cursor(pilot: Pilot[None]) -> None:
        await pilot.press("enter", "r")
        await steady_cursor(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=entry_with_a_steady_cursor)
