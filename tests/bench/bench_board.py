"""Board figures: how long a round recorded through the Store takes to reach the board.

- terminal: a ``Store`` writer and the terminal ``BoardApp`` (its real follow timer) in
  one event loop under Textual's headless driver; timed from ``Store.record`` returning to
  the board's status line naming the next round.
- the reference: one look at the store after a change by the served board
  (``BoardState.look``: stat, replay the session, the JSON for every page), in process.
- served: ``scorekeeper board --serve`` in a subprocess; 1, 10, 30 and 100 viewers. Up to
  30 are pages of Debian's headless Chromium (360×640), each timed from ``Store.record``
  returning to the next round's status drawn (the animation frame after the page set
  it); the viewers past 30 are plain WebSocket clients in this process that answer
  their heartbeats as a page does, timed to the message's arrival. The server's resident
  memory with every viewer watching, beside a bare Python that imported aiohttp.

Figures are printed, never asserted. Run: .venv/bin/python -m tests.bench.bench_board [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import aiohttp
from textual.widgets import Static

from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.board.board_app import FOLLOW_INTERVAL, BoardApp
from screens.board.follow import Follower
from screens.board.state import BoardState
from tests.browser.served import chromium, free_port, launch, resident_mb, served_board

PLAYERS = ["Grandma", "Max", "Zoe", "Christopher", "Elizabeth", "Jo", "Al", "Bo", "Cy", "Di"]
PAGES_AT_MOST = 30
"""Chromium pages at once on a two-core machine; viewers past these are plain clients."""
DRAWN = """(wanted) => new Promise((done) => {
  const status = document.getElementById("status");
  const seen = () => status.textContent.startsWith(wanted);
  const watch = new MutationObserver(() => {
    if (!seen()) return;
    watch.disconnect();
    requestAnimationFrame(() => { window.drawnAt = Date.now(); });
  });
  window.drawnAt = 0;
  watch.observe(status, { childList: true, characterData: true, subtree: true });
  done();
})"""


def hand(number: int) -> dict[str, Any]:
    """A Seven Hand round: one player out, everyone else holding a king."""
    out = PLAYERS[number % len(PLAYERS)]
    return {"out": out, "cards": {name: "K" for name in PLAYERS if name != out}}


async def terminal(store: Store, rounds: int) -> list[float]:
    """Seconds from record to the terminal board's status line (each round undone after)."""
    arrivals: list[float] = []
    session_id = store.add(Session.new("seven-hand", PLAYERS))
    store.record(session_id, hand(0))
    app = BoardApp(store.path)
    async with app.run_test(size=(80, 24)) as pilot:

        async def shows(wanted: str) -> None:
            deadline = time.perf_counter() + 5
            while not str(app.query_one(".status", Static).content).startswith(wanted):
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
    return arrivals


def looks(store: Store, rounds: int) -> list[float]:
    """Seconds for the served board's one look at the store after a change."""
    session_id = store.add(Session.new("seven-hand", PLAYERS))
    store.record(session_id, hand(0))
    board = BoardState(Follower(store.path))
    board.look()
    took = []
    for number in range(rounds):
        store.record(session_id, hand(number + 1))
        started = time.perf_counter()
        assert board.look()
        took.append(time.perf_counter() - started)
        store.undo(session_id)
        board.look()
    return took


class Clients:
    """WebSocket viewers in a thread of their own, answering heartbeats as a page does;
    each notes the wall-clock time the status it waits for arrived."""

    def __init__(self, url: str, origin: str, count: int) -> None:
        self.url, self.origin, self.count = url, origin, count
        self.wanted = ""
        self.arrived: dict[int, float] = {}
        self.ready = threading.Event()
        self.loop = asyncio.new_event_loop()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=lambda: self.loop.run_until_complete(self.run()))

    async def run(self) -> None:
        async with aiohttp.ClientSession() as http:
            tasks = [asyncio.create_task(self.viewer(http, number)) for number in range(self.count)]
            while len(self.arrived) < self.count:
                await asyncio.sleep(0.05)
            self.ready.set()
            while not self.stop.is_set():
                await asyncio.sleep(0.05)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    async def viewer(self, http: aiohttp.ClientSession, number: int) -> None:
        name = f"bench-client-{number:04d}"
        live = f"{self.url}live"
        async with http.ws_connect(live, params={"viewer": name}, origin=self.origin) as socket:
            async for message in socket:
                kind, _, data = str(message.data).partition(" ")
                if kind == "board" and f'"status":"{self.wanted}' in data:
                    self.arrived.setdefault(number, time.time())
                elif kind == "beat":
                    await socket.send_str("seen " + data)

    def expect(self, wanted: str) -> None:
        self.arrived = {}
        self.wanted = wanted


def at_hand(page: Any, wanted: str) -> None:
    """Wait for the page's status line (a locator: the page's policy forbids the string
    evaluation a waiting function would need)."""
    page.locator("#status", has_text=wanted).wait_for(timeout=30_000)


def served(store: Store, rounds: int, viewers: int) -> dict[str, Any] | str:
    """Seconds from record to every viewer, and the server's memory; or why not measured."""
    browser_path = chromium()
    if browser_path is None:
        return "no chromium binary found"
    from playwright.sync_api import sync_playwright

    session_id = store.add(Session.new("seven-hand", PLAYERS))
    store.record(session_id, hand(0))
    drawn: list[float] = []
    received: list[float] = []
    pages_count = min(viewers, PAGES_AT_MOST)
    with (
        served_board(store.path, free_port(), "--viewers", str(viewers)) as board,
        sync_playwright() as playwright,
    ):
        browser = launch(playwright, browser_path)
        pages = []
        for _ in range(pages_count):
            page = browser.new_context(viewport={"width": 360, "height": 640}).new_page()
            page.goto(board.url, wait_until="commit")
            pages.append(page)
        for page in pages:
            at_hand(page, "Hand 2 ")
        clients = Clients(board.url, board.origin, viewers - pages_count)
        clients.expect("Hand 2 ")
        if clients.count:
            clients.thread.start()
            clients.ready.wait(60)
        server_mb = resident_mb(board.process.pid)
        for number in range(rounds):
            for page in pages:
                page.evaluate(DRAWN, "Hand 3 ")
            clients.expect("Hand 3 ")
            pages[0].wait_for_timeout(random.uniform(100, 300))  # any phase of the poll
            store.record(session_id, hand(number + 1))
            recorded = time.time()
            for page in pages:
                while not page.evaluate("() => window.drawnAt"):
                    page.wait_for_timeout(5)
                drawn.append(page.evaluate("() => window.drawnAt") / 1000 - recorded)
            while len(clients.arrived) < clients.count:
                time.sleep(0.01)
            received += [moment - recorded for moment in clients.arrived.values()]
            store.undo(session_id)
            for page in pages:
                at_hand(page, "Hand 2 ")
        server_mb = max(server_mb, resident_mb(board.process.pid))
        clients.stop.set()
        if clients.count:
            clients.thread.join(30)
        browser.close()
    results: dict[str, Any] = {"pages": pages_count, "clients": viewers - pages_count}
    results |= {f"drawn_{key}": value for key, value in figures_ms(drawn).items()}
    if received:
        results |= {f"received_{key}": value for key, value in figures_ms(received).items()}
    return results | {"server_mb": server_mb}


def bare_aiohttp_mb() -> float:
    """A Python that imported aiohttp and nothing else: the floor under the server."""
    probe = "import aiohttp.web; print(open('/proc/self/status').read())"
    status = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True).stdout
    line = next(line for line in status.splitlines() if line.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


def figures_ms(seconds: list[float]) -> dict[str, float]:
    ordered = sorted(seconds)
    return {
        "median": statistics.median(ordered) * 1000,
        "p90": ordered[max(int(len(ordered) * 0.9) - 1, 0)] * 1000,
        "max": ordered[-1] * 1000,
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="4 rounds, no browser")
    parser.add_argument("--viewers", type=int, nargs="*", default=[1, 10, 30, 100])
    args = parser.parse_args(argv)
    rounds = 4 if args.quick else 10
    results: dict[str, Any] = {}
    print(f"{rounds} rounds, 10 players")
    with tempfile.TemporaryDirectory() as folder, Store(Path(folder) / "db") as store:
        results["terminal_ms"] = figures_ms(asyncio.run(terminal(store, rounds)))
        results["look_ms"] = figures_ms(looks(store, rounds))
        results["bare_aiohttp"] = {"mb": bare_aiohttp_mb()}
        if not args.quick:
            for viewers in args.viewers:
                results[f"served_{viewers}_viewers"] = served(store, rounds, viewers)
    for name, value in results.items():
        if isinstance(value, str):
            print(f"{name:>19}: not measured ({value})")
        else:
            print(
                f"{name:>19}: " + ", ".join(f"{key} {figure:.1f}" for key, figure in value.items())
            )
    return results


if __name__ == "__main__":
    main()
