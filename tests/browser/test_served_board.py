"""The served board in a real browser: a round recorded through the Store reaches the page.

Runs where Debian's ``chromium`` is installed (CI installs it); skipped elsewhere.
"""

from __future__ import annotations

import signal
import time
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.session import Session
from scorekeeper.store import Store
from tests.browser.served import (
    CHROMIUM_FLAGS,
    Frames,
    chromium,
    descendants,
    free_port,
    served_board,
)

BROWSER = chromium()
pytestmark = pytest.mark.skipif(BROWSER is None, reason="no chromium binary found")

MAX_OUT = {"out": "Max", "cards": {"Grandma": "K K 4 JK", "Zoe": "A 9"}}


def test_a_round_recorded_reaches_the_browser_within_two_seconds(tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    port = free_port()
    address = f"http://127.0.0.1:{port}"
    with Store(tmp_path / "db") as store:
        session_id = store.add(Session.new("seven-hand", ["Grandma", "Max", "Zoe"]))
        with served_board(store.path, port) as server, sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=BROWSER, args=CHROMIUM_FLAGS)

            def watch(path: str) -> tuple[Any, Frames]:
                page = browser.new_page(viewport={"width": 1000, "height": 620})
                # Nothing but the board's own server: the page's web font stays offline.
                page.route(
                    "**/*",
                    lambda route: (
                        route.continue_()
                        if route.request.url.startswith(address)
                        else route.abort()
                    ),
                )
                frames = Frames()
                page.on("websocket", lambda socket: socket.on("framereceived", frames.add))
                page.goto(address + path)
                return page, frames

            page, frames = watch("/?delay=1")
            page.click("#start")  # textual-serve's start screen
            frames.wait_for("Hand 1 · ● Grandma deals", 15, page.wait_for_timeout)
            one_viewer = descendants(server.pid)
            assert one_viewer, "a board process runs for the page"

            store.record(session_id, MAX_OUT)
            recorded = time.perf_counter()
            frames.wait_for("Hand 2 · ● Max deals", 2, page.wait_for_timeout)
            assert time.perf_counter() - recorded < 2
            page.screenshot(path=tmp_path / "served-board.png")

            other, other_frames = watch("/")
            other_frames.wait_for("Hand 2 · ● Max deals", 15, other.wait_for_timeout)
            page.close()
            assert gone(one_viewer), "a page's board process ends when the page goes"
            still_watching = descendants(server.pid)
            assert still_watching

            server.send_signal(signal.SIGINT)
            server.wait(10)
            assert gone(still_watching), "stopping the server ends the boards still watched"
            browser.close()
    assert (tmp_path / "served-board.png").stat().st_size > 0


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
