"""Board figures: how long a round recorded through the Store takes to reach the board.

- in process: a ``Store`` writer and the ``BoardApp`` (its real follow timer) in one event
  loop under Textual's headless driver; timed from ``Store.record`` returning to the
  board's status line naming the next round. Each round is recorded at a random point of
  the follow timer's cycle, so expect about half the interval plus the cost of one read.
- the read itself: one ``follow()`` after a change (stat, replay the session, lay out).
- browser: ``scorekeeper board --serve`` in a subprocess, Debian's headless Chromium on
  the page (skipped without it), timed from ``Store.record`` to the next round's status
  line arriving in the page's WebSocket frames.

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
from tests.browser.served import CHROMIUM_FLAGS, Frames, chromium, free_port, served_board

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


def in_browser(store: Store, rounds: int) -> list[float] | str:
    """Seconds from record to the page's WebSocket frames, or why it was not measured."""
    browser_path = chromium()
    if browser_path is None:
        return "no chromium binary found"
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return "playwright is not installed"
    port = free_port()
    address = f"http://127.0.0.1:{port}"
    session_id = store.add(Session.new("seven-hand", PLAYERS))
    store.record(session_id, hand(0))
    arrivals = []
    with served_board(store.path, port), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=browser_path, args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": 1000, "height": 620})
        page.route(
            "**/*",
            lambda route: (
                route.continue_() if route.request.url.startswith(address) else route.abort()
            ),
        )
        frames = Frames()
        page.on("websocket", lambda socket: socket.on("framereceived", frames.add))
        page.goto(address)
        frames.wait_for("Hand 2 · ", 15, page.wait_for_timeout)
        for number in range(rounds):
            frames.chunks.clear()
            page.wait_for_timeout(random.uniform(0, FOLLOW_INTERVAL) * 1000)
            store.record(session_id, hand(number + 1))
            recorded = time.perf_counter()
            frames.wait_for("Hand 3 · ", 5, page.wait_for_timeout)
            arrivals.append(time.perf_counter() - recorded)
            frames.chunks.clear()
            store.undo(session_id)
            frames.wait_for("Hand 2 · ", 5, page.wait_for_timeout)
        browser.close()
    return arrivals


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
            browser = in_browser(store, rounds)
            results["browser_ms"] = browser if isinstance(browser, str) else figures_ms(browser)
    for name, value in results.items():
        if isinstance(value, str):
            print(f"{name:>15}: not measured ({value})")
        else:
            print(f"{name:>15}: " + ", ".join(f"{key} {ms:.1f} ms" for key, ms in value.items()))
    return results


if __name__ == "__main__":
    main()
