"""Board figures: how long a round recorded through the Store takes to reach the board.

- in process: a ``Store`` writer and the ``BoardApp`` (its real follow timer) in one event
  loop under Textual's headless driver; timed from ``Store.record`` returning to the
  board's status line naming the next round. Each round is recorded at a random point of
  the follow timer's cycle, so expect about half the interval plus the cost of one read.
- the read itself: one ``follow()`` after a change (stat, replay the session, lay out).
- browser: ``scorekeeper board --serve`` in a subprocess, Debian's headless Chromium
  with 1 and then 10 phone pages (390×844, scale 3) watching (skipped without it), timed
  from ``Store.record`` to the next round's status line arriving in each page's WebSocket
  frames; and each board process's resident memory (a viewer's cost) and the server's.

Figures are printed, never asserted. Run: .venv/bin/python -m tests.bench.bench_board [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from textual.widgets import Static

from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.board.app import FOLLOW_INTERVAL, BoardApp
from tests.browser.served import (
    CHROMIUM_FLAGS,
    Frames,
    chromium,
    descendants,
    free_port,
    resident_mb,
    served_board,
)

PLAYERS = ["Grandma", "Max", "Zoe", "Christopher", "Elizabeth", "Jo", "Al", "Bo", "Cy", "Di"]


def hand(number: int) -> dict[str, Any]:
    """A Seven Hand round: one player out, everyone else holding a king."""
    out = PLAYERS[number % len(PLAYERS)]
    return {"out": out, "cards": {name: "K" for name in PLAYERS if name != out}}


def status(app: BoardApp) -> str:
    return str(app.query_one(".status", Static).content)


async def in_process(store: Store, rounds: int) -> tuple[list[float], list[float]]:
    """Seconds from record to the board, and seconds for one ``follow()`` that reads.

    Each timed round is undone (untimed) before the next, so the game never ends."""
    arrivals: list[float] = []
    reads: list[float] = []
    session_id = store.add(Session.new("seven-hand", PLAYERS))
    store.record(session_id, hand(0))
    app = BoardApp(store.path)
    async with app.run_test(size=(80, 24)) as pilot:

        async def shows(wanted: str) -> None:
            deadline = time.perf_counter() + 5
            while not status(app).startswith(wanted):
                if time.perf_counter() > deadline:
                    raise TimeoutError(f"the board never showed {wanted!r}")
                await asyncio.sleep(0.002)

        await pilot.pause()
        for number in range(rounds):
            await asyncio.sleep(random.uniform(0, FOLLOW_INTERVAL))  # any phase of the timer
            store.record(session_id, hand(number + 1))
            recorded = time.perf_counter()
            await shows("Hand 3 ")
            arrivals.append(time.perf_counter() - recorded)
            store.undo(session_id)
            await shows("Hand 2 ")
        for number in range(rounds):
            store.record(session_id, hand(number + 1))
            started = time.perf_counter()
            app.follow()
            reads.append(time.perf_counter() - started)
            store.undo(session_id)
            app.follow()
            await pilot.pause()
    return arrivals, reads


class TimedFrames(Frames):
    """Frames with the moment each arrived, so each page's arrival is its own, not the
    moment the bench got round to looking at it."""

    def __init__(self) -> None:
        super().__init__()
        self.times: list[float] = []

    def add(self, payload: str | bytes) -> None:
        super().add(payload)
        self.times.append(time.perf_counter())

    def arrived(self, wanted: str) -> float:
        for count, moment in enumerate(self.times, 1):
            if wanted in b"".join(self.chunks[:count]).decode("utf-8", "replace"):
                return moment
        raise ValueError(f"{wanted!r} has not arrived")

    def clear(self) -> None:
        self.chunks.clear()
        self.times.clear()


PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}


def in_browser(store: Store, rounds: int, viewers: int) -> dict[str, Any] | str:
    """Seconds from record to each phone page's WebSocket frames with ``viewers`` pages
    watching, and the board processes' memory; or why it was not measured."""
    browser_path = chromium()
    if browser_path is None:
        return "no chromium binary found"
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return "playwright is not installed"
    session_id = store.add(Session.new("seven-hand", PLAYERS))
    store.record(session_id, hand(0))
    arrivals: list[float] = []
    with (
        served_board(store.path, free_port(), "--viewers", str(viewers)) as served,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=browser_path, args=CHROMIUM_FLAGS)
        pages = []
        for _ in range(viewers):
            page = browser.new_context(**PHONE).new_page()
            frames = TimedFrames()
            page.on("websocket", lambda socket, f=frames: socket.on("framereceived", f.add))
            page.goto(served.url)
            frames.wait_for("Hand 2 · ", 30, page.wait_for_timeout)
            pages.append((page, frames))
        boards = descendants(served.process.pid)
        memory = sum(resident_mb(pid) for pid in boards)
        server_mb = resident_mb(served.process.pid)
        pump = pages[0][0].wait_for_timeout
        for number in range(rounds):
            for _, frames in pages:
                frames.clear()
            pump(random.uniform(0, FOLLOW_INTERVAL) * 1000)
            store.record(session_id, hand(number + 1))
            recorded = time.perf_counter()
            for _, frames in pages:
                frames.wait_for("Hand 3 · ", 10, pump)
            arrivals += [frames.arrived("Hand 3 · ") - recorded for _, frames in pages]
            for _, frames in pages:
                frames.clear()
            store.undo(session_id)
            for _, frames in pages:
                frames.wait_for("Hand 2 · ", 10, pump)
        browser.close()
    return {
        **figures_ms(arrivals),
        "board_mb_each": memory / max(len(boards), 1),
        "boards": len(boards),
        "server_mb": server_mb,
    }


def figures_ms(seconds: list[float]) -> dict[str, float]:
    ordered = sorted(seconds)
    return {
        "median": statistics.median(ordered) * 1000,
        "p90": ordered[int(len(ordered) * 0.9) - 1] * 1000,
        "max": ordered[-1] * 1000,
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="4 rounds, no browser")
    args = parser.parse_args(argv)
    rounds = 4 if args.quick else 20
    results: dict[str, Any] = {}
    print(f"follow interval {FOLLOW_INTERVAL * 1000:.0f} ms; {rounds} rounds, 10 players")
    with tempfile.TemporaryDirectory() as folder, Store(Path(folder) / "db") as store:
        arrivals, reads = asyncio.run(in_process(store, rounds))
        results["in_process_ms"] = figures_ms(arrivals)
        results["read_ms"] = figures_ms(reads)
        if not args.quick:
            for viewers in (1, 10):
                results[f"phone_{viewers}_viewers"] = in_browser(store, rounds, viewers)
    for name, value in results.items():
        if isinstance(value, str):
            print(f"{name:>18}: not measured ({value})")
        else:
            print(
                f"{name:>18}: " + ", ".join(f"{key} {figure:.1f}" for key, figure in value.items())
            )
    return results


if __name__ == "__main__":
    main()
