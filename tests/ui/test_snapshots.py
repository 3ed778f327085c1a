"""What the screens look like at 80x24; regenerate with --snapshot-update and look at them."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from scorekeeper.games import GAMES
from scorekeeper.store import Store
from scorekeeper.store import store as store_module
from screens import table as table_module
from screens.app import ScorekeeperApp
from tests.ui.evenings import EVENINGS

pytestmark = pytest.mark.frames  # a snapshot is the frame as a terminal gets it

SIZE = (80, 24)


@pytest.fixture
def frozen_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    """A store whose clock ticks a minute per save from a fixed evening, so dates hold still."""
    minutes = iter(range(10_000))

    def now() -> tuple[int, str]:
        minute = next(minutes)
        return minute, f"2025-03-07T{19 + minute // 60:02d}:{minute % 60:02d}:00+00:00"

    monkeypatch.setattr(store_module, "_now", now)
    monkeypatch.setattr(table_module, "now", lambda: datetime(2025, 3, 7, 20, 25, tzinfo=UTC))
    with Store(tmp_path / "db") as store:
        yield store


async def steady_cursor(pilot: Pilot[None]) -> None:
    """Text cursors drawn, not blinking: a loaded machine must not change the picture."""
    await pilot.pause()
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False
    await pilot.pause()


def test_home_lists_the_evenings_sessions(snap_compare, frozen_store: Store) -> None:
    for evening in EVENINGS.values():
        frozen_store.add(evening())
    app = ScorekeeperApp(frozen_store)
    assert snap_compare(app, terminal_size=SIZE, run_before=steady_cursor)


def test_home_on_a_first_run(snap_compare, frozen_store: Store) -> None:
    app = ScorekeeperApp(frozen_store)
    assert snap_compare(app, terminal_size=SIZE, run_before=steady_cursor)


PICTURED_GAMES = frozenset(
    ("horse-race", "calcutta", "seven-hand", "rummy-5000", "racehorse", "hot-rum", "score-pad")
)
"""The games the New session pictures show: a game added later lengthens the real menu,
not these pictures."""


@pytest.fixture
def pictured_menu(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The menu holds the pictured games alone, in menu order."""
    menu = [game_id for game_id in GAMES if game_id in PICTURED_GAMES]
    monkeypatch.setattr(type(GAMES), "__iter__", lambda games: iter(menu))
    monkeypatch.setattr(type(GAMES), "__len__", lambda games: len(menu))
    return menu


def test_new_session_for_5000_with_the_last_variation_focused(
    snap_compare, frozen_store: Store, pictured_menu: list[str]
) -> None:
    async def fill(pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+n")
        await pilot.pause()
        await pilot.press(*["down"] * pictured_menu.index("rummy-5000"))
        await pilot.press("enter", *"Ann, Bob, Cy", "enter", "enter")
        await pilot.press(*["tab"] * 9, "space")
        await pilot.pause()

    assert snap_compare(ScorekeeperApp(frozen_store), terminal_size=SIZE, run_before=fill)


def test_new_session_with_the_players_typed(
    snap_compare, frozen_store: Store, pictured_menu: list[str]
) -> None:
    async def fill(pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+n")
        await pilot.pause()
        await pilot.press(*["down"] * pictured_menu.index("racehorse"))
        await pilot.press("enter", *"Ann, Bob, Cy, Di, Ed", "enter")
        await pilot.press("enter", "c")

    assert snap_compare(ScorekeeperApp(frozen_store), terminal_size=SIZE, run_before=fill)


@pytest.mark.parametrize("game_id", list(EVENINGS))
def test_the_table_mid_session(snap_compare, frozen_store: Store, game_id: str) -> None:
    frozen_store.add(EVENINGS[game_id]())
    assert snap_compare(ScorekeeperApp(frozen_store), terminal_size=SIZE, press=["enter"])


def test_the_table_in_the_light_theme(snap_compare, frozen_store: Store) -> None:
    frozen_store.add(EVENINGS["seven-hand"]())
    assert snap_compare(ScorekeeperApp(frozen_store), terminal_size=SIZE, press=["enter", "ctrl+t"])


def test_a_round_entry_showing_an_error_at_its_row(snap_compare, frozen_store: Store) -> None:
    frozen_store.add(EVENINGS["seven-hand"]())

    async def mistake(pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("r", "g", "down", *"K Q 3", "down", "enter")
        await pilot.pause()
        await steady_cursor(pilot)

    assert snap_compare(ScorekeeperApp(frozen_store), terminal_size=SIZE, run_before=mistake)


def test_settle_up_after_two_racehorse_deals(snap_compare, frozen_store: Store) -> None:
    frozen_store.add(EVENINGS["racehorse"]())
    assert snap_compare(ScorekeeperApp(frozen_store), terminal_size=SIZE, press=["enter", "s"])


def test_the_end_of_a_seven_hand_game_opens_settle_up(snap_compare, frozen_store: Store) -> None:
    session = EVENINGS["seven-hand"]()
    for out, held in (
        ("Grandma", {"Max": "10 10", "Zoe": "5"}),
        ("Max", {"Grandma": "A", "Zoe": "K"}),
        ("Zoe", {"Grandma": "2", "Max": "3"}),
        ("Grandma", {"Max": "J", "Zoe": "Q"}),
    ):
        session.record({"out": out, "cards": held})
    frozen_store.add(session)

    async def last_hand(pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("r", "m", "down", *"JK JK", "down", *"K K", "enter")
        await pilot.pause()

    assert snap_compare(ScorekeeperApp(frozen_store), terminal_size=SIZE, run_before=last_hand)
