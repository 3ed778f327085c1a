"""What the board looks like: ten players at 80x24 and on a phone held upright (40x30),
eight at Calcutta, the light theme, and the big board on the table. Regenerate with
--snapshot-update and look at them."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.board.board_app import BoardApp
from tests.ui.board_tables import calcutta_for_eight, seven_hand_for_ten

pytestmark = pytest.mark.frames  # a snapshot is the frame as a terminal gets it


def test_the_board_with_ten_players_at_80x24(snap_compare, store: Store) -> None:
    store.add(seven_hand_for_ten())
    assert snap_compare(BoardApp(store.path), terminal_size=(80, 24))


def test_the_board_with_ten_players_on_a_phone(snap_compare, store: Store) -> None:
    store.add(seven_hand_for_ten())
    assert snap_compare(BoardApp(store.path), terminal_size=(40, 30))


def test_the_board_with_eight_at_calcutta_on_a_phone(snap_compare, store: Store) -> None:
    store.add(calcutta_for_eight())
    assert snap_compare(BoardApp(store.path), terminal_size=(40, 30))


def test_the_board_in_the_light_theme(snap_compare, store: Store) -> None:
    store.add(calcutta_for_eight())
    app = BoardApp(store.path, theme="textual-light")
    assert snap_compare(app, terminal_size=(80, 24))


def test_the_board_says_what_it_waits_for(snap_compare) -> None:
    assert snap_compare(BoardApp(Path("nothing-here")), terminal_size=(80, 24))


def test_the_big_board_on_the_table_mid_game(snap_compare, store: Store) -> None:
    store.add(seven_hand_for_ten())
    app = ScorekeeperApp(store)
    assert snap_compare(app, terminal_size=(80, 24), press=["enter", "b"])
