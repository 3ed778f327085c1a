"""Another laptop's work reaching this one, through the store's public API, the
``scorekeeper`` command and the app on a terminal, whatever files the store keeps.

- A round arriving on screen: two Syncthing daemons sync two store folders with the
  folder's watcher delay at 1 s (``tests/sync/daemons.py``); this laptop's app runs in
  tmux (80x24) with the game's table open, the other laptop (this process, its own state
  folder) records a round, and the clock runs from that round on the other laptop's
  disk to its total drawn on this laptop's screen. Printed against Syncthing's own part,
  measured in the same runs: from the round on disk there to the first file of it
  landed here. Target: on screen within 2 s.
- The first list after 10,000 sessions arrive from another laptop: the other laptop
  (a process of its own) adds them to its store, a copy tool (``rsync -a``, times kept)
  brings its folder into this laptop's, which had listed its own store before. Timed:
  ``scorekeeper list`` (the first since they arrived, and the next, against the other
  laptop's list of the sessions it made), and the open app's first look (``refresh``
  and ``summaries``, against a look after it).
  Target: the first list within 2 s.
- A round arriving from another laptop, in calls into scorekeeper's own modules (as
  ``bench_store`` counts one Enter): the open app's look that finds it and the list,
  and loading that session, on a store of 10 sessions copied with ``rsync -a``.

Both stores hold ``shared`` or sit under ``.stfolder``, as a synced store does, so what
belongs to each laptop lives in that laptop's state folder.

Run: .venv/bin/python -m tests.bench.bench_sync [--quick] [--rounds N] [--sessions N]
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from unittest import mock

from scorekeeper import Session
from scorekeeper.store import Store
from tests.bench.bench_start import PROJECT, scorekeeper_command
from tests.bench.bench_store import project_calls
from tests.sync.daemons import pair

TIMEOUT = 60.0
POLL = 0.02
"""Seconds between two looks at the screen and the folder."""
BUILD = """
import sys
from tests.bench.bench_start import build_store
build_store(__import__("pathlib").Path(sys.argv[1]), int(sys.argv[2]))
"""
"""The other laptop adding sessions to its own store, in a process of its own."""
RECORD = """
import sys
from pathlib import Path
from scorekeeper.store import Store
with Store(Path(sys.argv[1])) as store:
    session_id = store.summaries()[0].id
    rounds = len(store.load(session_id).rounds)
    store.record(session_id, {"pitcher": "Bob", "bid": 2 + rounds % 4, "made": True})
print(session_id)
"""
"""The other laptop recording a round into one of its sessions; prints the session's id."""


def laptop(state: Path) -> dict[str, str]:
    """The environment of a laptop whose own files live in ``state``."""
    return dict(os.environ, SCOREKEEPER_STATE=str(state), TERM="xterm-256color")


def snapshot(folder: Path) -> frozenset[tuple[str, int, int]]:
    """Every file under ``folder`` by path, size and time, leaving out what Syncthing
    keeps for itself and its files still arriving."""
    found = set()
    for path in folder.rglob("*"):
        if path.name.startswith((".syncthing.", ".stfolder", ".stversions", ".stignore")):
            continue
        try:
            with_stat = path.lstat()
        except FileNotFoundError:  # renamed or removed since it was listed
            continue
        found.add((str(path), with_stat.st_size, with_stat.st_mtime_ns))
    return frozenset(found)


def tmux(*command: str) -> str:
    """A tmux command to this bench's own tmux server (``-L``), never another one."""
    return subprocess.run(
        ["tmux", "-L", f"bench-sync-{os.getpid()}", *command],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def screen() -> str:
    return tmux("capture-pane", "-p", "-t", "app")


def wait_for(what: str, holds: Callable[[], bool]) -> float:
    """Seconds until ``holds()``, looking every ``POLL``."""
    started = time.perf_counter()
    while not holds():
        if time.perf_counter() - started > TIMEOUT:
            raise RuntimeError(f"not within {TIMEOUT:.0f} s: {what}")
        time.sleep(POLL)
    return time.perf_counter() - started


def round_on_screen(base: Path, rounds: int) -> None:
    """A round recorded on laptop B, on laptop A's screen through two Syncthing daemons."""
    pick = random.Random(rounds)
    with pair(base) as _, mock.patch.dict(os.environ, laptop(base / "b" / "state")):
        here, there = base / "a" / "store", base / "b" / "store"
        with Store(there) as other:
            session_id = other.add(Session.new("score-pad", ["Zelda", "Ann"]))
            total = 0
            state = f"SCOREKEEPER_STATE={base / 'a' / 'state'}"
            app = ["env", state, "TERM=xterm-256color", *scorekeeper_command(), "--db", str(here)]
            tmux("new-session", "-d", "-s", "app", "-x", "80", "-y", "24", shlex.join(app))
            try:
                wait_for("the session listed on A", lambda: "Zelda" in screen())
                tmux("send-keys", "-t", "app", "Enter")
                wait_for("the table open on A", lambda: "total" in screen())
                arrived: list[float] = []
                landed: list[float] = []
                for number in range(1, rounds + 1):
                    time.sleep(pick.uniform(1.5, 3.0))
                    score = 7_000 + number
                    total += score
                    before = snapshot(here)
                    other.record(session_id, {"scores": {"Zelda": score, "Ann": 0}})
                    started = time.perf_counter()
                    mark = f"{total}"
                    seen: float | None = None
                    while mark not in screen():
                        if seen is None and snapshot(here) != before:
                            seen = time.perf_counter() - started
                        if time.perf_counter() - started > TIMEOUT:
                            raise RuntimeError(f"round {number} never drawn on A")
                        time.sleep(POLL)
                    arrived.append(time.perf_counter() - started)
                    landed.append(arrived[-1] if seen is None else seen)
            finally:
                tmux("kill-server")
    syncthing = statistics.median(landed)
    print(
        f"a round from another laptop on screen (Syncthing, watcher at 1 s): median "
        f"{statistics.median(arrived):.2f} s, worst {max(arrived):.2f} s over {rounds} rounds; "
        f"{statistics.median(arrived) / syncthing:.2f}x Syncthing's own part "
        f"({syncthing:.2f} s to the first file landed); target <= 2 s"
    )


def listed(folder: Path, env: dict[str, str]) -> tuple[float, int]:
    """``scorekeeper list``: seconds, and how many lines it printed."""
    started = time.perf_counter()
    done = subprocess.run(
        [*scorekeeper_command(), "--db", str(folder), "list"],
        env=env,
        capture_output=True,
        check=True,
    )
    return time.perf_counter() - started, done.stdout.count(b"\n")


def timed_look(store: Store) -> float:
    started = time.perf_counter()
    store.refresh()
    store.summaries()
    return time.perf_counter() - started


def sessions_arrive(base: Path, count: int) -> None:
    """``count`` sessions of laptop B copied into two stores of laptop A: one closed
    (then ``scorekeeper list``), one open (the app's look)."""
    there = base / "b-store"
    there.mkdir()
    (there / "shared").touch()
    env_b = laptop(base / "b-state")
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", BUILD, str(there), str(count)], env=env_b, cwd=PROJECT, check=True
    )
    print(f"{count:,} sessions made on laptop B in {time.perf_counter() - started:.0f} s")
    env_a = laptop(base / "a-state")
    closed, open_ = base / "a-closed", base / "a-open"
    with mock.patch.dict(os.environ, env_a):
        for folder in (closed, open_):
            folder.mkdir()
            (folder / "shared").touch()
            with Store(folder) as store:
                store.add(Session.new("racehorse", ["Ann", "Bob", "Cy", "Di", "Ed"]))
                assert len(store.summaries()) == 1
        rsync = ["rsync", "-a", f"{there}/"]
        subprocess.run([*rsync, f"{closed}/"], check=True)
        first, lines = listed(closed, env_a)
        then = listed(closed, env_a)[0]
        made_there = statistics.median(listed(there, env_b)[0] for _ in range(3))
        print(
            f"first `scorekeeper list` after {count:,} sessions arrived from another laptop: "
            f"{first:.2f} s ({lines:,} lines; the next {then:.2f} s), {first / made_there:.2f}x "
            f"the other laptop's list of them ({made_there:.2f} s); target <= 2 s"
        )
        with Store(open_) as app:
            assert len(app.summaries()) == 1
            subprocess.run([*rsync, f"{open_}/"], check=True)
            look = timed_look(app)
            assert len(app.summaries()) == count + 1
            after = statistics.median(timed_look(app) for _ in range(5))
        print(
            f"the open app's first look after they arrived: {look:.2f} s, "
            f"{look / after:.1f}x a look after it ({after * 1000:.1f} ms); target <= 2 s"
        )


def look(app: Store) -> None:
    app.refresh()
    app.summaries()


def round_arrives_calls(base: Path) -> None:
    """What a round recorded on another laptop costs the open app here, on a store of 10
    sessions: calls into scorekeeper's modules of the look that finds it (``refresh``,
    ``summaries``) and of loading that session, as an open table does."""
    there, here = base / "b-store", base / "a-store"
    env_b = laptop(base / "b-state")
    there.mkdir()
    (there / "shared").touch()
    subprocess.run(
        [sys.executable, "-c", BUILD, str(there), "10"], env=env_b, cwd=PROJECT, check=True
    )
    rsync = ["rsync", "-a", f"{there}/", f"{here}/"]
    subprocess.run(rsync, check=True)
    with mock.patch.dict(os.environ, laptop(base / "a-state")), Store(here) as app:
        assert len(app.summaries()) == 10
        for _ in range(2):  # once to warm every cache, then counted
            done = subprocess.run(
                [sys.executable, "-c", RECORD, str(there)],
                env=env_b,
                cwd=PROJECT,
                capture_output=True,
                text=True,
                check=True,
            )
            session_id = done.stdout.strip()
            subprocess.run(rsync, check=True)
            looked = project_calls(functools.partial(look, app))
            loaded = project_calls(functools.partial(app.load, session_id))
        rounds = len(app.load(session_id).rounds)
    print(
        f"a round arriving from another laptop: {looked.calls + loaded.calls} calls into "
        f"scorekeeper's modules: {looked.calls} for the look that finds it and the list "
        f"(through {looked.modules} modules, {looked.store_modules} of the store's), "
        f"{loaded.calls} for loading its session of {rounds} rounds"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 rounds, 300 sessions")
    parser.add_argument("--rounds", type=int, default=8, help="rounds sent over Syncthing")
    parser.add_argument("--sessions", type=int, default=10_000, help="sessions arriving")
    parser.add_argument("--dir", type=Path, default=None, help="where the stores are built")
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds, args.sessions = 3, 300
    base = Path(tempfile.mkdtemp(prefix="bench-sync-", dir=args.dir))
    try:
        if shutil.which("syncthing") is None:
            print("syncthing is not installed: no round sent through it")
        else:
            round_on_screen(base / "syncthing", args.rounds)
        for part in ("arrivals", "calls"):
            (base / part).mkdir()
        sessions_arrive(base / "arrivals", args.sessions)
        round_arrives_calls(base / "calls")
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
