"""Start-up as a person feels it: process launch to the first screen painted, in a terminal.

Launches the real ``scorekeeper`` and a bare Textual app (Header, Static, Footer) in a
pseudo-terminal, alternating A B A B so a drifting machine slows both alike, and stops
the clock when the terminal receives the text that says the screen is up: the bare
app's line, Home's empty-store message, or a player's name from the list of 10,000
sessions. Figures are medians; the ratio is taken pair by pair, then its median.

Textual's modules are read from the bytecode pip compiled when it installed them; the
project's own are compiled the same way first (``__pycache__``, as the first run on a
person's machine leaves them), so both sides start alike. ``--source`` leaves them out
and sets PYTHONDONTWRITEBYTECODE, so every start compiles the project from source.

Run: .venv/bin/python tests/bench/bench_start.py [--runs N] [--quick] [--source]
"""

from __future__ import annotations

import argparse
import compileall
import fcntl
import os
import pty
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
PROJECT = Path(__file__).resolve().parents[2]


def scorekeeper_command() -> list[str]:
    """The installed console script beside this interpreter, as a person would run it."""
    script = Path(sys.executable).with_name("scorekeeper")
    return [str(script)] if script.exists() else [sys.executable, "-m", "screens.launch"]


def painted_ms(command: list[str], mark: bytes, env: dict[str, str]) -> float:
    """Milliseconds from spawning ``command`` on a fresh 80x24 pty until ``mark`` is drawn."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    os.set_blocking(leader, False)
    started = time.perf_counter()
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
    seen = b""
    try:
        while time.perf_counter() - started < TIMEOUT:
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
                return (time.perf_counter() - started) * 1000
        raise RuntimeError(f"{command[0]} never drew {mark!r}; last output: {seen[-400:]!r}")
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        os.close(leader)


def build_store(folder: Path, count: int) -> None:
    """``count`` finished-looking Racehorse sessions: one saved by the store, the rest copies."""
    from scorekeeper import Session
    from scorekeeper.store import Store

    played = Session.new("racehorse", ["Zelda", "Ann", "Bob", "Cy", "Di"])
    for number in range(30):
        played.record({"pitcher": "Bob", "bid": 2 + number % 4, "made": number % 3 != 0})
    with Store(folder) as store:
        first = folder / "sessions" / f"{store.add(played)}.json"
        for copy in range(count - 1):
            shutil.copyfile(first, first.with_name(f"copy-{copy:06d}.json"))
    with Store(folder) as store:  # the index is built once, as after any earlier run
        assert len(store.summaries()) == count


def pairs(
    command: list[str], mark: bytes, bare: list[str], env: dict[str, str], runs: int
) -> tuple[list[float], list[float]]:
    """``runs`` alternating launches of ``command`` and the bare app, after one warm-up each."""
    painted_ms(command, mark, env)
    painted_ms(bare, BARE_MARK, env)
    ours, floor = [], []
    for _ in range(runs):
        ours.append(painted_ms(command, mark, env))
        floor.append(painted_ms(bare, BARE_MARK, env))
    return ours, floor


def report(label: str, ours: list[float], floor: list[float]) -> None:
    ratios = [a / b for a, b in zip(ours, floor, strict=True)]
    print(
        f"{label:<34} {statistics.median(ours):7.0f} ms   bare {statistics.median(floor):6.0f} ms"
        f"   ratio {statistics.median(ratios):.2f}x (min {min(ratios):.2f}, max {max(ratios):.2f};"
        " goal <= 1.3x)"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=10, help="alternating pairs per figure")
    parser.add_argument("--quick", action="store_true", help="2 runs, 30 sessions: does it run")
    parser.add_argument(
        "--source", action="store_true", help="no bytecode: compile the project at each start"
    )
    args = parser.parse_args(argv)
    runs, many = (2, 30) if args.quick else (args.runs, 10_000)
    root = Path(tempfile.mkdtemp(prefix="bench-start-"))
    try:
        bare_script = root / "bare.py"
        bare_script.write_text(BARE_APP)
        bare = [sys.executable, str(bare_script)]
        env = dict(os.environ, TERM="xterm-256color", COLUMNS="80", LINES="24")
        env.pop("TEXTUAL", None)
        if args.source:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
            for package in ("scorekeeper", "screens"):
                for cache in (PROJECT / package).glob("**/__pycache__"):
                    shutil.rmtree(cache)
        else:
            for package in ("scorekeeper", "screens"):
                compileall.compile_dir(PROJECT / package, quiet=1)
        full = root / "full"
        build_store(full, many)
        command = scorekeeper_command()
        source = "from source" if args.source else "from bytecode"
        print(f"{runs} alternating pairs each, 80x24 pty, {command[0]}, project {source}")
        print(f"load average before: {os.getloadavg()[0]:.2f}")
        env["SCOREKEEPER_DB"] = str(root / "empty")
        report("scorekeeper, empty store, Home", *pairs(command, EMPTY_MARK, bare, env, runs))
        env["SCOREKEEPER_DB"] = str(full)
        report(f"scorekeeper, {many:,} sessions, list", *pairs(command, LIST_MARK, bare, env, runs))
        print(f"load average after: {os.getloadavg()[0]:.2f} (rerun when it is high)")
    finally:
        shutil.rmtree(root)


if __name__ == "__main__":
    main()
