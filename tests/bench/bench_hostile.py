"""What a hostile peer's files cost: a store folder holding 100,000 junk ``*.json`` files
beside one real session, and a house games file of 20,000 entries.

Figures, each against a reference measured in the same run:
- the app's first paint (launch to the session's player drawn, on an 80x24 pty) with
  the junk, against a bare Textual app; target under 2 s;
- ``scorekeeper list`` with the junk, against ``list`` of the same store without it, and
  how much it writes on stderr (target: one line per kind of problem);
- New session opened (Ctrl+N to its screen mounted, headless) with 20,000 house games in
  the store, against the same with none; target under 0.5 s.

Run: .venv/bin/python tests/bench/bench_hostile.py [--junk N] [--houses N] [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from scorekeeper import Session
from scorekeeper.store import Store
from tests.bench.bench_start import (
    BARE_MARK,
    LIST_MARK,
    bare_launch,
    painted_ms,
    scorekeeper_command,
)


def build(folder: Path, junk: int) -> None:
    """One real session (Zelda's table), and ``junk`` files named like sessions that hold
    no JSON a session is made of."""
    with Store(folder) as store:
        store.add(Session.new("racehorse", ["Zelda", "Ann", "Bob", "Cy", "Di"]))
    sessions = folder / "sessions"
    for number in range(junk):
        descriptor = os.open(sessions / f"junk{number:06d}.json", os.O_WRONLY | os.O_CREAT)
        os.write(descriptor, b"{not json" if number % 2 else b'{"schema": 1}')
        os.close(descriptor)


def listed(folder: Path) -> tuple[float, int, int]:
    """``scorekeeper list``: seconds, bytes on stderr, lines on stderr."""
    started = time.perf_counter()
    done = subprocess.run(
        [*scorekeeper_command(), "--db", str(folder), "list"], capture_output=True, check=True
    )
    return time.perf_counter() - started, len(done.stderr), done.stderr.count(b"\n")


def house_games_file(folder: Path, count: int) -> None:
    games = [
        {"name": f"House game {number}", "game": "score-pad", "options": {"stake": number % 9}}
        for number in range(count)
    ]
    (folder / "house_games.json").write_text(json.dumps({"schema": 1, "games": games}))


async def new_session_ms(folder: Path) -> float:
    """Ctrl+N on Home to the New session screen mounted, headless."""
    from screens.app import ScorekeeperApp
    from screens.new_session import NewSessionScreen

    with Store(folder) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            started = time.perf_counter()
            await pilot.press("ctrl+n")
            while not isinstance(app.screen, NewSessionScreen) or not app.screen.is_mounted:
                await asyncio.sleep(0.001)
            await pilot.pause()
            return (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--junk", type=int, default=100_000)
    parser.add_argument("--houses", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="10,000 junk files, one run")
    options = parser.parse_args()
    if options.quick:
        options.junk, options.runs = 10_000, 1
    with tempfile.TemporaryDirectory() as temp:
        root = Path(temp)
        clean, junk = root / "clean", root / "junk"
        build(clean, 0)
        started = time.perf_counter()
        build(junk, options.junk)
        print(f"{options.junk:,} junk files made in {time.perf_counter() - started:.1f} s")

        command, env = bare_launch(root)
        env = dict(env, SCOREKEEPER_STATE=str(root / "state"))
        bare = [painted_ms(command, BARE_MARK, env) for _ in range(options.runs)]
        paints = []
        for _ in range(options.runs):
            paints.append(
                painted_ms(scorekeeper_command(), LIST_MARK, dict(env, SCOREKEEPER_DB=str(junk)))
            )
        print(
            f"first paint with {options.junk:,} junk files: runs {[round(p) for p in paints]} ms "
            f"(the list as it was, the junk judged behind it); bare Textual app "
            f"{statistics.median(bare):.0f} ms; "
            f"worst {max(paints) / statistics.median(bare):.1f}x bare"
        )

        reference = listed(clean)[0]
        for label in ("first list", "second list"):
            seconds, size, lines = listed(junk)
            print(
                f"{label} with {options.junk:,} junk files: {seconds:.2f} s "
                f"({seconds / reference:.1f}x a clean store's {reference:.2f} s), "
                f"stderr {size:,} bytes in {lines} lines"
            )

        houses = root / "houses"
        shutil.copytree(clean, houses)
        house_games_file(houses, options.houses)
        empty = statistics.median(asyncio.run(new_session_ms(clean)) for _ in range(options.runs))
        full = statistics.median(asyncio.run(new_session_ms(houses)) for _ in range(options.runs))
        print(
            f"New session with {options.houses:,} house games: {full:.0f} ms "
            f"({full / empty:.1f}x with none: {empty:.0f} ms)"
        )


if __name__ == "__main__":
    main()
