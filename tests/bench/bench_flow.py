"""Instructions the app spends on a short evening's keys, as valgrind counts them: a
figure that repeats to a tenth of a percent where this machine's clock drifts by a third.

The app runs headless under Pilot, as it does in the UI tests (its frames worked out as
a terminal's would be), through one flow: Home, New session and back, a score pad for
four, its round entry, a round typed and recorded, the entry again and closed (each flow
adds a round, alike for every checkout). The flow
runs ``--times`` times after two unmeasured runs, in one process counted twice: once with
the flow, once without it, so what is printed is the flow's own instructions, imports and
start-up left out. ``--compare CHECKOUT`` counts another checkout (a worktree of an earlier
commit) the same way, in the same sitting, and prints the ratio.

Needs valgrind (Debian's ``valgrind``); without it, says so and exits 1.

Run: .venv/bin/python -m tests.bench.bench_flow [--compare CHECKOUT] [--times N]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[2]
WARM = 2
"""Runs of the flow before those counted: the first opens of each screen read its CSS."""
FLOW = """
import asyncio, os, sys, tempfile
from pathlib import Path
from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp

KEYS = ("ctrl+n", "escape", "enter", "r", "5", "down", "3", "down", "0", "down", "2", "enter")
KEYS += ("r", "escape")


async def flow(store):
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        for key in KEYS:
            await pilot.press(key)
            await pilot.pause()


with Store(Path(tempfile.mkdtemp()) / "db") as store:
    store.add(Session.new("score-pad", ["Ann", "Bob", "Cy", "Di"]))
    for _ in range(int(sys.argv[1])):
        asyncio.run(flow(store))
"""


def counted(checkout: Path, runs: int, log: Path) -> int:
    """Instructions of a process running the flow ``runs`` times on ``checkout``'s code."""
    env = dict(os.environ, PYTHONPATH=str(checkout), PYTHONHASHSEED="0")
    env["SCOREKEEPER_CONFIG"] = env["SCOREKEEPER_STATE"] = str(log.parent / "config")
    valgrind = ["valgrind", "--tool=cachegrind", "--cache-sim=no"]
    valgrind += ["--cachegrind-out-file=/dev/null", f"--log-file={log}"]
    command = [*valgrind, sys.executable, "-c", FLOW, str(runs)]
    subprocess.run(command, cwd=checkout, env=env, check=True, capture_output=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", log.read_text())
    if found is None:
        raise RuntimeError(f"valgrind counted nothing; its log: {log}")
    return int(found.group(1).replace(",", ""))


def per_flow(checkout: Path, times: int, work: Path) -> float:
    """Instructions of one flow on ``checkout``: the counted runs less the warm ones alone."""
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", "scorekeeper", "screens"], cwd=checkout
    )
    warm = counted(checkout, WARM, work / "warm.log")
    every = counted(checkout, WARM + times, work / "every.log")
    return (every - warm) / times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--times", type=int, default=4, help="flows counted (default 4)")
    parser.add_argument(
        "--compare", type=Path, metavar="CHECKOUT", help="also count another checkout"
    )
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
    work = Path(tempfile.mkdtemp(prefix="bench-flow-"))
    try:
        here = per_flow(PROJECT, args.times, work)
        print(f"this checkout: {here / 1e6:,.1f} M instructions a flow")
        if args.compare is not None:
            there = per_flow(args.compare.resolve(), args.times, work)
            print(f"{args.compare}: {there / 1e6:,.1f} M instructions a flow")
            print(f"this checkout / {args.compare.name}: {here / there:.3f}x")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
