"""Home at start: its first frame already lists the recent sessions, and the key footer
rebuilds once for a burst of binding changes and still follows them."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from textual.app import App, ComposeResult

from scorekeeper.session import Session
from scorekeeper.store import Store, Summary, index
from screens.app import ScorekeeperApp
from screens.home import HomeScreen
from screens.home import screen as home_screen
from screens.widgets.footer import Footer
from screens.widgets.grid import ScoreGrid
from tests.textual_internals import on_each_frame
from tests.ui.play import settled

pytestmark = pytest.mark.frames  # what the first frame showed

T = TypeVar("T")


def keys(app: ScorekeeperApp) -> str:
    return " ".join(str(key.render()) for key in app.screen.query("FooterKey"))


async def test_home_opens_with_one_rebuild_of_its_keys_and_they_follow_the_list(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    session_id = store.add(Session.new("racehorse", ["Ann", "Bob", "Cy", "Di", "Ed"]))
    rebuilds = 0
    rebuild = Footer.recompose

    async def counted(footer: Footer) -> None:
        nonlocal rebuilds
        rebuilds += 1
        await rebuild(footer)

    monkeypatch.setattr(Footer, "recompose", counted)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert "Delete" in keys(app) and "New" in keys(app)
        assert rebuilds <= 2, "Textual's own footer rebuilt four or five times here"
        store.delete(session_id)
        await pilot.press("ctrl+n", "escape")  # back on Home: the list is read again
        await pilot.pause()
        await pilot.pause()
        assert "Delete" not in keys(app) and "New" in keys(app)


async def at_first_frame(
    app: ScorekeeperApp, monkeypatch: pytest.MonkeyPatch, look: Callable[[HomeScreen], T]
) -> T:
    """What ``look`` saw on Home as the app drew its first frame of Home."""
    seen: list[T] = []

    def first_frames(app: App[Any]) -> None:
        if not seen and isinstance(app.screen, HomeScreen):
            seen.append(look(app.screen))

    on_each_frame(monkeypatch, ScorekeeperApp, first_frames)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
    assert seen, "Home was never drawn"
    return seen[0]


async def test_the_first_frame_already_lists_the_recent_sessions(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Home reads the small recent file before its first frame, not after it."""
    store.add(Session.new("racehorse", ["Ann", "Bob", "Cy", "Di", "Ed"]))
    store.close()  # the recent file is written as the store closes
    with Store(store.path) as reopened:
        rows = await at_first_frame(
            ScorekeeperApp(reopened),
            monkeypatch,
            lambda home: list(home.query_one("#sessions", ScoreGrid).rows),
        )
    assert rows and "Ann, Bob" in rows[0][1]


async def test_a_first_run_says_how_to_start_in_the_first_frame(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = await at_first_frame(
        ScorekeeperApp(store), monkeypatch, lambda home: home.query_one("#empty").display
    )
    assert shown


async def test_a_small_store_is_listed_whole_in_the_first_frame_though_its_recent_file_is_old(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As after a crash: the recent file no longer names every session; a store of a
    screenful or less is then read whole before the first frame, not left for later."""
    store.add(Session.new("racehorse", ["Ann", "Bob", "Cy", "Di", "Ed"]))
    store.close()
    with Store(store.path) as reopened:
        reopened.add(Session.new("hot-rum", ["Zoe", "Max"]))  # the recent file is not rewritten
        rows = await at_first_frame(
            ScorekeeperApp(reopened),
            monkeypatch,
            lambda home: [row[1] for row in home.query_one("#sessions", ScoreGrid).rows],
        )
    assert rows == ["Zoe, Max", "Ann, Bob, Cy, Di, Ed"]


@pytest.mark.parametrize("stored", [30, 60], ids=["listed whole", "from the recent file"])
async def test_the_first_frame_fills_every_line_of_the_list_and_the_rest_follows(
    store: Store, monkeypatch: pytest.MonkeyPatch, stored: int
) -> None:
    """The first frame lays out only the rows it has room for, and every line of the list
    holds one; the rows below come once it is out."""
    for number in range(stored):
        store.add(Session.new("hot-rum", [f"Player {number}", "Max"]))
    store.close()
    first: list[tuple[int, int]] = []

    def first_frame(app: App[Any]) -> None:
        if not first and isinstance(app.screen, HomeScreen):
            grid = app.screen.query_one("#sessions", ScoreGrid)
            lines = grid.scrollable_content_region.height - grid.header_height
            first.append((len(grid.rows), lines))

    on_each_frame(monkeypatch, ScorekeeperApp, first_frame)
    with Store(store.path) as reopened:
        app = ScorekeeperApp(reopened)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(pilot)
            later = len(app.screen.query_one("#sessions", ScoreGrid).rows)
    ((laid_out, lines),) = first
    assert lines <= laid_out < stored, "the first frame: its lines filled, not every row"
    assert later == stored


async def test_the_whole_list_is_read_once_the_first_frame_is_out_however_slow_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a loaded machine Home's first frame takes longer to make than the read's head
    start (``FIRST_FRAME_OUT``, none here): a read started meanwhile, ten thousand
    sessions parsed, would take turns with that frame for the interpreter."""
    monkeypatch.setattr(index, "RECENT", 2)
    monkeypatch.setattr(home_screen, "FIRST_FRAME_OUT", 0.0)
    with Store(tmp_path / "db") as store:
        for name in ("Ann", "Bob", "Cy"):
            store.add(Session.new("hot-rum", [name, "Max"]))
    order: list[str] = []
    read = Store.summaries

    def summaries(store: Store, *so_far: Callable[[list[Summary]], None] | None) -> list[Summary]:
        order.append("read")
        return read(store, *so_far)

    def first_frame(app: App[Any]) -> None:
        if isinstance(app.screen, HomeScreen) and "frame" not in order:
            time.sleep(0.2)  # the frame is long in the making, as on a loaded machine
            order.append("frame")

    monkeypatch.setattr(Store, "summaries", summaries)
    on_each_frame(monkeypatch, ScorekeeperApp, first_frame)
    with Store(tmp_path / "db") as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(pilot)
            assert [row[1] for row in app.screen.query_one("#sessions", ScoreGrid).rows] == [
                "Cy, Max",
                "Bob, Max",
                "Ann, Max",
            ]
    assert order[:2] == ["frame", "read"]


async def test_the_collector_turned_off_to_start_is_back_on_after_the_first_frame(
    store: Store,
) -> None:
    """The launcher starts the app with the collector off; left off, an evening's
    garbage would never be collected."""
    gc.disable()
    try:
        async with ScorekeeperApp(store).run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert gc.isenabled()
    finally:
        gc.enable()


async def test_the_keys_of_the_screen_behind_are_not_rebuilt_while_it_is_behind(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Home's keys do nothing while New session is in front: rebuilding them there only
    held up New session's opening. They are right again once Home is back."""
    store.add(Session.new("racehorse", ["Ann", "Bob", "Cy", "Di", "Ed"]))
    rebuilt: list[str] = []
    keys_of = Footer.compose

    def counted(footer: Footer) -> ComposeResult:
        rebuilt.append(type(footer.screen).__name__)
        return keys_of(footer)

    monkeypatch.setattr(Footer, "compose", counted)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()  # Home's own rebuild, once its list is in
        rebuilt.clear()
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert "HomeScreen" not in rebuilt
        await pilot.press("escape")
        await pilot.pause()
        await pilot.pause()
        assert "Delete" in keys(app) and "New" in keys(app)
