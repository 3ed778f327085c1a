"""Start-up as a person feels it: process launch to the first screen painted, in a terminal.

Launches the real ``scorekeeper`` and a bare Textual app (Header, Static, Footer) in a
pseudo-terminal, alternating A B A B so a drifting machine slows both alike, and stops
the clock when the terminal receives the text that says the screen is up: the bare
app's line, Home's empty-store message, or a player's name from the list of 10,000
sessions. Figures are medians; the ratio is taken pair by pair, then its median. Beside
the wall clock, the processor time each process spent until then (user and system, its
threads included): on a machine shared with others the wall clock of one run can double
while its processor time barely moves, so the two ratios together say what the app costs.

Textual's modules are read from the bytecode pip compiled when it installed them; the
project's own are compiled the same way first (``__pycache__``, as the first run on a
person's machine leaves them), so both sides start alike. ``--source`` leaves them out
and sets PYTHONDONTWRITEBYTECODE, so every start compiles the project from source.

``--compare CHECKOUT`` launches another checkout's app too, in the same rounds (before
and after a change; ``git worktree add /tmp/before <commit>``), each on a store of
10,000 sessions its own code built (``build_with``).

Run: .venv/bin/python tests/bench/bench_start.py [--runs N] [--quick] [--source]
     [--compare CHECKOUT]
"""

from __future__ import annotations

import argparse
import compileall
import fcntl
import os
import pty
import resource
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path
from typing import NamedTuple

BARE_APP = """
from textual.app import App
from textual.widgets import Footer, Header, Static


class Bare(App[None]):
    def compose(self):
        yield Header()
        yield Static("bare app painted")
        yield Footer()


Bare().run()
"""
BARE_MARK = b"bare app painted"
EMPTY_MARK = b"No sessions yet"
LIST_MARK = b"Zelda"
TIMEOUT = 30.0
GOAL = 1.10
"""At most this many times a bare Textual app's start, wall clock and processor time."""
PROJECT = Path(__file__).resolve().parents[2]


def console_of(checkout: Path) -> list[str]:
    """A checkout's console script run from its own folder (-P: not this one); older
    checkouts kept it in screens/launch.py."""
    module = (
        "screens.console" if (checkout / "screens" / "console.py").exists() else "screens.launch"
    )
    return [sys.executable, "-P", "-m", module]


def scorekeeper_command() -> list[str]:
    """The installed console script beside this interpreter, as a person would run it."""
    script = Path(sys.executable).with_name("scorekeeper")
    return [str(script)] if script.exists() else [sys.executable, "-m", "screens.console"]


def bare_launch(folder: Path) -> tuple[list[str], dict[str, str]]:
    """The bare Textual app written into ``folder``, and the environment both it and the
    app run in: an 80x24 xterm, no Textual devtools."""
    script = folder / "bare.py"
    script.write_text(BARE_APP)
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="80", LINES="24")
    env.pop("TEXTUAL", None)
    return [sys.executable, str(script)], env


def on_pty(command: list[str], env: dict[str, str]) -> tuple[subprocess.Popen[bytes], int]:
    """``command`` started in a session of its own on a fresh 80x24 pty, as from a
    terminal; the pty's side to read, not blocking."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    os.set_blocking(leader, False)
    process = subprocess.Popen(
        command,
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=env,
        start_new_session=True,
        close_fds=True,
    )
    os.close(follower)
    return process, leader


class Start(NamedTuple):
    """One launch until the screen was painted."""

    wall_ms: float
    cpu_ms: float
    """User and system time of the process and its threads, in milliseconds."""


def painted(
    command: list[str], mark: bytes, env: dict[str, str], timeout: float = TIMEOUT
) -> Start:
    """From spawning ``command`` on a fresh 80x24 pty until ``mark`` is drawn."""
    started = time.perf_counter()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    process, leader = on_pty(command, env)
    seen = b""
    wall_ms = None
    try:
        while time.perf_counter() - started < timeout:
            ready, _, _ = select.select([leader], [], [], 0.5)
            if not ready:
                continue
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            # Textual interleaves text with escape codes; the mark is one run of text.
            seen = (seen + chunk)[-65536:]
            if mark in seen:
                wall_ms = (time.perf_counter() - started) * 1000
                break
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        os.close(leader)
    if wall_ms is None:
        raise RuntimeError(f"{command[0]} never drew {mark!r}; last output: {seen[-400:]!r}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return Start(wall_ms, cpu * 1000)


def painted_ms(
    command: list[str], mark: bytes, env: dict[str, str], timeout: float = TIMEOUT
) -> float:
    """Milliseconds from spawning ``command`` on a fresh 80x24 pty until ``mark`` is drawn."""
    return painted(command, mark, env, timeout).wall_ms


def build_store(folder: Path, count: int) -> None:
    """``count`` finished-looking Racehorse sessions, added through the store (each save's
    fsync left out: building is not what is timed), then listed once, as after any
    earlier run: once the folder is old enough for the list's cache to vouch for it
    (``stamp.RACY_NS``), as a person's last run ended a while before this one starts."""
    from unittest import mock

    from scorekeeper import Session
    from scorekeeper.store import Store
    from scorekeeper.store.stamp import RACY_NS

    played = Session.new("racehorse", ["Zelda", "Ann", "Bob", "Cy", "Di"])
    for number in range(30):
        played.record({"pitcher": "Bob", "bid": 2 + number % 4, "made": number % 3 != 0})
    with mock.patch("os.fsync"), Store(folder) as store:
        for _ in range(count):
            store.add(played)
    time.sleep(RACY_NS / 1e9 + 0.5)
    with Store(folder) as store:
        assert len(store.summaries()) == count


BUILD = """
import runpy, sys
from pathlib import Path
runpy.run_path(sys.argv[1])["build_store"](Path(sys.argv[2]), int(sys.argv[3]))
"""


def build_with(checkout: Path, folder: Path, count: int) -> None:
    """``build_store`` by ``checkout``'s own scorekeeper, in a process of its own: each
    release lists a store it wrote itself, its list's cache kept its own way (another
    release's would be read as a cache to rebuild)."""
    subprocess.run(
        [sys.executable, "-P", "-c", BUILD, __file__, str(folder), str(count)],
        env=dict(os.environ, PYTHONPATH=str(checkout.resolve())),
        check=True,
    )


Launch = tuple[list[str], dict[str, str]]
"""A command and the environment it runs in."""


def rounds(
    contenders: list[Launch], mark: bytes, bare: Launch, runs: int
) -> tuple[list[list[Start]], list[Start]]:
    """``runs`` rounds, each launching every contender and then the bare app, after one
    warm-up each; the starts of each contender, and of the bare app."""
    for command, env in contenders:
        painted(command, mark, env)
    painted(bare[0], BARE_MARK, bare[1])
    ours: list[list[Start]] = [[] for _ in contenders]
    floor = []
    for _ in range(runs):
        for starts, (command, env) in zip(ours, contenders, strict=True):
            starts.append(painted(command, mark, env))
        floor.append(painted(bare[0], BARE_MARK, bare[1]))
    return ours, floor


def report(label: str, ours: list[Start], floor: list[Start]) -> None:
    print(label)
    for what, figure in (("wall", 0), ("cpu", 1)):
        mine = statistics.median(start[figure] for start in ours)
        bare = statistics.median(start[figure] for start in floor)
        ratios = [a[figure] / b[figure] for a, b in zip(ours, floor, strict=True)]
        spread = f"min {min(ratios):.2f}, max {max(ratios):.2f}; goal <= {GOAL:.2f}x"
        print(
            f"  {what:<5} {mine:6.0f} ms   bare {bare:5.0f} ms"
            f"   ratio {statistics.median(ratios):.2f}x ({spread})"
        )


def compile_project(root: Path, source: bool) -> None:
    """Bytecode for the project's packages under ``root``, or none at all (``--source``)."""
    for package in ("scorekeeper", "screens"):
        if source:
            for cache in (root / package).glob("**/__pycache__"):
                shutil.rmtree(cache)
        else:
            compileall.compile_dir(root / package, quiet=1)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=10, help="alternating pairs per figure")
    parser.add_argument("--quick", action="store_true", help="2 runs, 30 sessions: does it run")
    parser.add_argument(
        "--source", action="store_true", help="no bytecode: compile the project at each start"
    )
    parser.add_argument(
        "--compare",
        type=Path,
        metavar="CHECKOUT",
        help="also launch the app of another checkout of the project (an older commit), "
        "in the same rounds",
    )
    args = parser.parse_args(argv)
    runs, many = (2, 30) if args.quick else (args.runs, 10_000)
    root = Path(tempfile.mkdtemp(prefix="bench-start-"))
    try:
        bare, env = bare_launch(root)
        if args.source:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        compile_project(PROJECT, args.source)
        contenders: list[tuple[str, Launch]] = [("scorekeeper", (scorekeeper_command(), env))]
        checkouts = [PROJECT]
        if args.compare is not None:
            checkouts.append(args.compare)
            # Both started the same way, each from its own checkout (-P: not this folder).
            compile_project(args.compare, args.source)
            contenders = [
                (
                    f"{checkout.name}",
                    (console_of(checkout), dict(env, PYTHONPATH=str(checkout.resolve()))),
                )
                for checkout in (PROJECT, args.compare)
            ]
        fulls = [root / f"full-{number}" for number in range(len(checkouts))]
        for checkout, full in zip(checkouts, fulls, strict=True):
            build_with(checkout, full, many)
        source = "from source" if args.source else "from bytecode"
        print(f"{runs} rounds, 80x24 pty, {contenders[0][1][0][0]}, project {source}")
        print(f"load average before: {os.getloadavg()[0]:.2f}")
        for stores, mark, what in (
            ([root / "empty"] * len(fulls), EMPTY_MARK, "empty store, Home"),
            (fulls, LIST_MARK, f"{many:,} sessions, list"),
        ):
            for (_, (_, launch_env)), store in zip(contenders, stores, strict=True):
                launch_env["SCOREKEEPER_DB"] = str(store)
            env["SCOREKEEPER_DB"] = str(stores[0])
            ours, floor = rounds([launch for _, launch in contenders], mark, (bare, env), runs)
            for (name, _), starts in zip(contenders, ours, strict=True):
                report(f"{name}, {what}", starts, floor)
        print(f"load average after: {os.getloadavg()[0]:.2f} (rerun when it is high)")
    finally:
        shutil.rmtree(root)


if __name__ == "__main__":
    main()
