"""How long the statistics and the CSV export take with many stored sessions.

Goals with 10,000 sessions: the statistics (``stats total``, what ``scorekeeper stats``
and the Stats screen's worker do) within 200 ms, no session file opened; every session
exported to CSV (``export all``, worker processes one a core) within 3 s; ``export 1
process`` is the same work in one process, for how it would spread over more cores.
Each figure is printed beside its goal.

The store is filled with an even mix of the games in ``MAKERS``, six players a table (five at
5000 Rummy), 30 rounds a session where the game runs that long; fsync is skipped while
filling, as only reading is timed. Each figure is the best of a few runs in a fresh
read-only store, as ``scorekeeper stats`` would open it.

``stats command`` is the whole ``scorekeeper stats`` in a new process, and ``python
start`` a bare ``python -c pass``, the floor under any command. Both run as installed:
with their compiled bytecode kept (in a temporary folder, after one run to fill it),
even where ``PYTHONDONTWRITEBYTECODE`` is set, else every import would be compiled anew.

Run: .venv/bin/python tests/bench/bench_stats.py [--quick] [--sessions N]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

from scorekeeper import Session
from scorekeeper.reports.export import export
from scorekeeper.reports.night_names import load_book
from scorekeeper.reports.nights import group
from scorekeeper.reports.stats import compute, gather, session_highlights
from scorekeeper.store import Store

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"]
ROUNDS = 30
GOALS = {"stats total": 200.0, "export all": 3_000.0}
"""Milliseconds each may take at ``GOAL_SESSIONS`` sessions."""
GOAL_SESSIONS = 10_000
NOTES = {
    "stats command": "process start and imports included",
    "python start": "the floor under any command",
    "export 1 process": "the same export without worker processes: its CPU time",
}
SUITS = "SHDC"


def _racehorse(seats: list[str], i: int) -> dict[str, Any]:
    return {"pitcher": seats[i % len(seats)], "bid": 2 + i % 4, "made": i % 3 != 0}


def _hot_rum(seats: list[str], i: int) -> dict[str, Any]:
    out = seats[i % len(seats)]
    deadwood = {name: (i + seat) % 40 for seat, name in enumerate(seats) if name != out}
    return {"out": out, "rummy": i % 5 == 0, "deadwood": deadwood}


def _horse_race(seats: list[str], i: int) -> dict[str, Any]:
    dealer = (i + 0) % len(seats)
    bets = [
        {"player": name, "horse": SUITS[(i + seat) % 4], "amount": 1 + seat}
        for seat, name in enumerate(seats)
        if seat != dealer
    ]
    return {"course": {"S": 2, "H": 1, "D": 3, "C": 1}, "bets": bets, "winner": SUITS[i % 4]}


def _calcutta(seats: list[str], i: int) -> dict[str, Any]:
    sales = {
        suit: None if (i + k) % 7 == 0 else {"owner": seats[(i + k) % 6], "price": 1 + (i + k) % 3}
        for k, suit in enumerate(SUITS)
    }
    return {
        "course": {"S": 2, "H": 2, "D": 2, "C": 1},
        "sales": sales,
        "first": SUITS[i % 4],
        "second": SUITS[(i + 1) % 4],
    }


def _seven_hand(seats: list[str], i: int) -> dict[str, Any]:
    out = seats[i % len(seats)]
    return {"out": out, "points": {name: 5 * (1 + (i + k) % 9) for k, name in enumerate(seats)}}


def _rummy_5000(seats: list[str], i: int) -> dict[str, Any]:
    out = seats[i % len(seats)]
    return {
        "wild": "5",
        "out": out,
        "melded": {name: 5 * (10 + (i + k) % 40) for k, name in enumerate(seats)},
        "in_hand": {name: 0 if name == out else 5 * ((i + k) % 5) for k, name in enumerate(seats)},
    }


MAKERS: dict[str, Callable[[list[str], int], dict[str, Any]]] = {
    "racehorse": _racehorse,
    "hot-rum": _hot_rum,
    "horse-race": _horse_race,
    "calcutta": _calcutta,
    "seven-hand": _seven_hand,
    "rummy-5000": _rummy_5000,
}


def _session(game: str, variant: int) -> Session:
    count = 5 if game == "rummy-5000" else 6
    seats = [NAMES[(variant + k) % len(NAMES)] for k in range(count)]
    session = Session.new(game, seats)
    make = MAKERS[game]
    for i in range(ROUNDS):
        if session.finished:
            break
        round_ = make(seats, i)
        if game == "seven-hand":
            round_["points"].pop(round_["out"])
        session.record(round_)
    return session


def fill(path: Path, count: int) -> None:
    """``count`` sessions, an even mix of the games, saved without fsync (setup only)."""
    models = [_session(game, variant) for variant in range(10) for game in MAKERS]
    with mock.patch("os.fsync"), Store(path) as store:
        for number in range(count):
            store.add(models[number % len(models)])
        store.summaries()  # the session list, cached as the app leaves it


def _best(run: Callable[[], object], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def _installed(bytecode: Path) -> dict[str, str]:
    """The environment of a command run as installed: its bytecode kept in ``bytecode``."""
    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(bytecode)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _process(command: list[str], env: dict[str, str]) -> Callable[[], object]:
    """A new process running ``command``, as typed in a shell."""
    return lambda: subprocess.run(command, capture_output=True, check=True, env=env)


def _stats_command(path: Path) -> list[str]:
    script = Path(sys.executable).with_name("scorekeeper")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "screens.console"]
    return [*command, "stats", "--db", str(path)]


def measure(path: Path, repeats: int) -> dict[str, float]:
    store = Store(path, readonly=True)
    summaries = store.summaries()
    highlights = session_highlights(store, summaries)
    figures = {
        "summaries": _best(lambda: Store(path, readonly=True).summaries(), repeats),
        # The only game with highlights to read from its rounds is Calcutta (its pools).
        "calcutta pools": _best(lambda: session_highlights(store, summaries), repeats),
        "compute": _best(lambda: compute(summaries, highlights), repeats),
        "nights": _best(lambda: group(summaries, load_book(path).names), repeats),
        "stats total": _best(lambda: gather(Store(path, readonly=True)), repeats),
    }
    with tempfile.TemporaryDirectory() as bytecode:
        env = _installed(Path(bytecode))
        for label, command in (
            ("stats command", _stats_command(path)),
            ("python start", [sys.executable, "-c", "pass"]),
        ):
            run = _process(command, env)
            run()  # fills the bytecode folder, as installing would have
            figures[label] = _best(run, repeats)
    figures["export all"] = _best(lambda: _export_all(path), 1)
    figures["export 1 process"] = _best(lambda: _export_all(path, processes=1), 1)
    return figures


def verdict(label: str, ms: float, sessions: int) -> str:
    """The goal beside a figure, and whether it is met (goals are set at 10,000)."""
    goal = GOALS.get(label)
    if goal is None:
        return NOTES.get(label, "")
    if sessions != GOAL_SESSIONS:
        return f"goal <= {goal:,.0f} ms at {GOAL_SESSIONS:,}"
    return f"goal <= {goal:,.0f} ms: {'met' if ms <= goal else 'NOT met'}"


def _export_all(path: Path, processes: int | None = None) -> None:
    """Every session, in worker processes (one a core) from 400 on unless ``processes``."""
    with tempfile.TemporaryDirectory() as out:
        export(Store(path, readonly=True), out, processes=processes)


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="60 sessions, to check it runs")
    parser.add_argument("--sessions", type=int, default=10_000)
    args = parser.parse_args(argv)
    count, repeats = (60, 1) if args.quick else (args.sessions, 3)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder)
        start = time.perf_counter()
        fill(path, count)
        print(f"filled a store with {count:,} sessions in {time.perf_counter() - start:.1f} s")
        figures = measure(path, repeats)
    print(f"{'':<15} {'ms':>8}  {'runs':>4}  goal")
    for label, ms in figures.items():
        runs = 1 if label.startswith("export") else repeats
        print(f"{label:<15} {ms:8.1f}  {runs:>4}  {verdict(label, ms, count)}")
    return figures


if __name__ == "__main__":
    main()
