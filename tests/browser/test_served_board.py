"""The served board in a real browser: it fits a phone and a TV, reaches the page within
two seconds of a round recorded, and says so when a round is undone.

Needs Debian's ``chromium`` (``tests/needs.py``). The screenshots are kept in the run's
temporary folder (``board-screenshots``, under ``/tmp/pytest-of-<user>/``).
"""

from __future__ import annotations

import asyncio
import json
import signal
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.board.app import BoardApp
from tests.browser.served import (
    CHROMIUM_FLAGS,
    Frames,
    Served,
    chromium,
    descendants,
    free_port,
    served_board,
)
from tests.needs import needs

BROWSER = chromium()
pytestmark = needs("chromium", BROWSER is not None)

TEN = ["Grandma", "Max", "Zoe", "Christopher", "Elizabeth", "Jo", "Al", "Bo", "Cy", "Di"]
MAX_OUT = {"out": "Max", "cards": {"Grandma": "K K 4 JK", "Zoe": "A 9"}}
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}
TV = {"viewport": {"width": 1920, "height": 1080}}

MEASURE = """() => {
  const screen = document.querySelector(".xterm-screen").getBoundingClientRect();
  const canvas = document.querySelector(".xterm-screen canvas").getBoundingClientRect();
  return {
    page: document.documentElement.clientWidth,
    terminal: [screen.width, screen.height],
    canvas: [canvas.left, canvas.right],
    font: parseFloat(document.getElementById("terminal").dataset.fontSize),
  };
}"""


@dataclass
class Watched:
    """A page on the board, what reached it and what it asked of the server."""

    page: Any
    frames: Frames = field(default_factory=Frames)
    sizes: list[tuple[int, int]] = field(default_factory=list)
    elsewhere: list[str] = field(default_factory=list)

    def track(self, socket: Any) -> None:
        socket.on("framereceived", self.frames.add)
        socket.on("framesent", self.sent)

    def sent(self, payload: str | bytes) -> None:
        message = json.loads(payload)
        if message[0] == "resize":
            self.sizes.append((message[1]["width"], message[1]["height"]))


@pytest.fixture
def browser() -> Iterator[Any]:
    from playwright import sync_api  # a test dependency: missing, the test fails

    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=BROWSER, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.getbasetemp() / "board-screenshots"
    folder.mkdir(exist_ok=True)
    return folder


def watch(browser: Any, served: Served, device: dict[str, Any]) -> Watched:
    """Open the printed address; any request that would leave the laptop is noted and
    refused."""
    page = browser.new_context(**device).new_page()
    watched = Watched(page)
    origin = served.origin

    def route(request: Any) -> None:
        if request.request.url.startswith(origin):
            request.continue_()
        else:
            watched.elsewhere.append(request.request.url)
            request.abort()

    page.route("**/*", route)
    page.on("websocket", watched.track)
    page.goto(served.url)
    return watched


def test_on_an_upright_phone_the_board_is_the_phones_width_with_readable_names(
    store: Store, browser: Any, screenshots: Path
) -> None:
    store.add(Session.new("seven-hand", ["Grandma", "Max", "Zoe"]))
    with served_board(store.path, free_port()) as served:
        phone = watch(browser, served, PHONE)
        phone.frames.wait_for("Hand 1 · ● Grandma deals", 20, phone.page.wait_for_timeout)
        phone.frames.wait_for("Zoe", 20, phone.page.wait_for_timeout)
        measured = phone.page.evaluate(MEASURE)
        phone.page.screenshot(path=screenshots / "phone-390x844-scale-3.png")
    assert measured["page"] == 390, "laid out at the phone's width, not shrunk from 980"
    columns, rows = phone.sizes[-1]
    assert columns <= 50 and rows >= 30
    assert measured["font"] >= 14, "names at least 14 CSS px"
    left, right = measured["canvas"]
    assert left >= 0 and right <= 390, "drawn within the screen, not enlarged and cropped"
    assert right - left >= 0.95 * 390
    assert phone.elsewhere == []


def test_on_a_tv_the_board_fills_the_width_in_big_letters(
    store: Store, browser: Any, screenshots: Path
) -> None:
    store.add(Session.new("seven-hand", TEN))
    with served_board(store.path, free_port()) as served:
        tv = watch(browser, served, TV)
        tv.frames.wait_for("Hand 1 · ● Grandma deals", 20, tv.page.wait_for_timeout)
        tv.frames.wait_for("Christopher", 20, tv.page.wait_for_timeout)
        measured = tv.page.evaluate(MEASURE)
        tv.page.screenshot(path=screenshots / "tv-1920x1080-ten-players.png")
    width, height = measured["terminal"]
    assert width >= 0.95 * 1920 and height >= 0.95 * 1080, "the board's terminal fills the screen"
    assert measured["font"] >= 24, "names at least 24 CSS px"
    columns, rows = tv.sizes[-1]
    assert 50 <= columns <= 90 and rows >= 16, "a layout the board is made for, not 200 columns"
    # The cards' share of those columns, laid out by the same board at the same size.
    with ThreadPoolExecutor(1) as apart:  # Playwright's own loop runs in this thread
        left, right = apart.submit(asyncio.run, cards_span(store.path, columns, rows)).result()
    assert (right - left) / columns >= 0.8, "the cards span most of the width"
    assert tv.elsewhere == []


async def cards_span(path: Path, columns: int, rows: int) -> tuple[int, int]:
    """Where the columns of cards start and end, in cells, on a board of that size."""
    app = BoardApp(path)
    async with app.run_test(size=(columns, rows)) as pilot:
        await pilot.pause()
        await pilot.pause()
        regions = [column.region for column in app.query(".column")]
        return min(r.x for r in regions), max(r.right for r in regions)


def test_a_round_recorded_reaches_the_browser_and_an_undo_is_said(
    store: Store, browser: Any
) -> None:
    session_id = store.add(Session.new("seven-hand", ["Grandma", "Max", "Zoe"]))
    with served_board(store.path, free_port()) as served:
        first = watch(browser, served, TV)
        first.frames.wait_for("Hand 1 · ● Grandma deals", 20, first.page.wait_for_timeout)
        one_viewer = descendants(served.process.pid)
        assert one_viewer, "a board process runs for the page"

        store.record(session_id, MAX_OUT)
        recorded = time.perf_counter()
        first.frames.wait_for("Hand 2 · ● Max deals", 2, first.page.wait_for_timeout)
        assert time.perf_counter() - recorded < 2

        store.undo(session_id)
        first.frames.wait_for("Hand 1 was undone", 2, first.page.wait_for_timeout)

        second = watch(browser, served, PHONE)
        second.frames.wait_for("Hand 1 · ● Grandma deals", 20, second.page.wait_for_timeout)
        first.page.close()
        assert gone(one_viewer), "a page's board process ends when the page goes"
        still_watching = descendants(served.process.pid)
        assert still_watching

        served.process.send_signal(signal.SIGINT)  # Ctrl+C
        served.process.wait(10)
        assert gone(still_watching), "stopping the server ends the boards still watched"


def gone(processes: set[int], within: float = 10) -> bool:
    """Whether every one of ``processes`` has ended (a zombie counts as ended)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if not any(running(pid) for pid in processes):
            return True
        time.sleep(0.1)
    return False


def running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
