"""Memory as a person's machine sees it: the app's resident size once its first screen is up.

Launches the real ``scorekeeper`` and a bare Textual app (Header, Static, Footer) in a
pseudo-terminal, alternating A B A B as ``bench_start`` does, waits for the text that
says the screen is painted (the bare app's line, Home's empty-store message, or a
player's name from the list of 10,000 sessions), lets the app settle until the terminal
``SETTLE`` seconds more, and reads the process's resident size (VmRSS)
and its peak (VmHWM) from ``/proc``. Figures are medians over the runs, in MB; the
ratio is the app's resident size over the bare app's, taken pair by pair, then its
median (target: at most 1.3x with 10,000 sessions listed).

``--compare CHECKOUT`` launches another checkout's app too, in the same rounds (before
and after a change; ``git worktree add /tmp/before <commit>``), each on a store its own
code built (``bench_start.build_with``).

Run from the project folder:
    .venv/bin/python -m tests.bench.bench_memory [--runs N] [--quick] [--compare CHECKOUT]
"""

from __future__ import annotations

import argparse
import os
import select
import shutil
import signal
import statistics
import tempfile
import time
from pathlib import Path

from tests.bench.bench_start import (
    BARE_MARK,
    EMPTY_MARK,
    LIST_MARK,
    PROJECT,
    TIMEOUT,
    bare_launch,
    build_with,
    compile_project,
    console_of,
    on_pty,
    scorekeeper_command,
)

Launch = tuple[list[str], dict[str, str]]
"""A command and the environment it runs in."""
Figures = list[tuple[float, float]]
"""(resident, peak) MB, one pair a run."""

SETTLE = 1.5
"""Seconds after the mark: the list's worker and the first repaints done (a cursor keeps
blinking, so the terminal is never quiet)."""


def status_kb(pid: int, field: str) -> int:
    """A ``/proc/<pid>/status`` figure in kB (``VmRSS``: resident now, ``VmHWM``: peak)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise RuntimeError(f"no {field} for process {pid}")


def resident_mb(command: list[str], mark: bytes, env: dict[str, str]) -> tuple[float, float]:
    """MB resident, now and at its peak, once ``command`` has drawn ``mark`` on a fresh
    80x24 pty and run ``SETTLE`` seconds more."""
    started = time.perf_counter()
    process, leader = on_pty(command, env)
    seen = b""
    painted: float | None = None
    try:
        while time.perf_counter() - started < TIMEOUT:
            if painted is not None and time.perf_counter() - painted > SETTLE:
                pid = process.pid
                return status_kb(pid, "VmRSS") / 1024, status_kb(pid, "VmHWM") / 1024
            ready, _, _ = select.select([leader], [], [], 0.1)
            if not ready:
                continue
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            seen = (seen + chunk)[-65536:]
            if painted is None and mark in seen:
                painted = time.perf_counter()
        raise RuntimeError(f"{command[0]} never drew {mark!r}; last output: {seen[-400:]!r}")
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        os.close(leader)


def rounds(
    contenders: list[Launch], mark: bytes, bare: Launch, runs: int
) -> tuple[list[Figures], Figures]:
    """``runs`` rounds, each launching every contender and then the bare app; the
    figures of each contender, and of the bare app."""
    ours: list[Figures] = [[] for _ in contenders]
    floor: Figures = []
    for _ in range(runs):
        for figures, (command, env) in zip(ours, contenders, strict=True):
            figures.append(resident_mb(command, mark, env))
        floor.append(resident_mb(bare[0], BARE_MARK, bare[1]))
    return ours, floor


def report(label: str, app: Figures, floor: Figures) -> float:
    ratios = [a[0] / b[0] for a, b in zip(app, floor, strict=True)]
    ratio = statistics.median(ratios)
    print(
        f"{label:<40} resident {statistics.median(a[0] for a in app):6.1f} MB"
        f" (peak {statistics.median(a[1] for a in app):6.1f})"
        f"   bare {statistics.median(b[0] for b in floor):5.1f} MB"
        f" (peak {statistics.median(b[1] for b in floor):5.1f})"
        f"   ratio {ratio:.2f}x (target <= 1.3x)"
    )
    return ratio


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3, help="alternating pairs per figure")
    parser.add_argument("--quick", action="store_true", help="1 run, 30 sessions: does it run")
    parser.add_argument(
        "--compare",
        type=Path,
        metavar="CHECKOUT",
        help="also launch the app of another checkout of the project, in the same rounds",
    )
    args = parser.parse_args(argv)
    runs, many = (1, 30) if args.quick else (args.runs, 10_000)
    root = Path(tempfile.mkdtemp(prefix="bench-memory-"))
    try:
        bare, env = bare_launch(root)
        compile_project(PROJECT, source=False)
        contenders: list[tuple[str, Launch]] = [("scorekeeper", (scorekeeper_command(), env))]
        checkouts = [PROJECT]
        if args.compare is not None:
            compile_project(args.compare, source=False)
            checkouts.append(args.compare.resolve())
            contenders = [
                (checkout.name, (console_of(checkout), dict(env, PYTHONPATH=str(checkout))))
                for checkout in checkouts
            ]
        fulls = [root / f"full-{number}" for number in range(len(checkouts))]
        for checkout, full in zip(checkouts, fulls, strict=True):
            build_with(checkout, full, many)
        print(f"{runs} runs, 80x24 pty, {contenders[0][1][0][0]}")
        figures = {}
        for stores, mark, what in (
            ([root / "empty"] * len(fulls), EMPTY_MARK, "empty store, Home"),
            (fulls, LIST_MARK, f"{many:,} sessions, list"),
        ):
            launches = [
                (command, dict(on, SCOREKEEPER_DB=str(store)))
                for (_, (command, on)), store in zip(contenders, stores, strict=True)
            ]
            bare_on = (bare, dict(env, SCOREKEEPER_DB=str(stores[0])))
            ours, floor = rounds(launches, mark, bare_on, runs)
            for (name, _), app in zip(contenders, ours, strict=True):
                figures[f"{name}, {what}"] = report(f"{name}, {what}", app, floor)
        return figures
    finally:
        shutil.rmtree(root)


if __name__ == "__main__":
    main()
