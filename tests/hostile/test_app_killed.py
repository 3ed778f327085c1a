"""Kill the real app mid-record, through a terminal, at random moments: the store always
opens again and every round the screen showed as recorded is on disk.

The app runs on a pseudo-terminal as a person would use it: Enter opens the session, ``r``
the Racehorse entry, ``a``/``b``/... picks the pitcher, a digit the bid, ``m`` made, Enter
records. A round's keys go in one burst with the ``r`` that opens its entry, as ``tmux
send-keys`` or a quick typist sends them (the app takes a burst as the same keys one at a
time, ``r`` first); the last round's Enter goes alone, once the rest is drawn, so that
the kill comes at a random moment of its save. A round is acknowledged once the status
line moves on to the next deal ("Deal 4 ·" means three are recorded).

Twenty kills in all, as four stores killed five times each, so that the suite's workers
share them: a life is mostly waiting for the app to draw. Each life is the console
script's ``main`` in a process of its own, forked from one that has imported the app
already (``tests.forked``), in a session of its own whose terminal is the pty.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import random
import re
import select
import struct
import termios
import time
from pathlib import Path

import pytest

from scorekeeper import Session
from scorekeeper.store import Store
from tests.forked import CHILDREN, scorekeeper_on

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal"),
]

KILLS = 5
STORES = 4
TABLE = ("Ann", "Bob", "Cid", "Dee", "Eve")
DOWN, ENTER = b"\x1b[B", b"\r"
ANSI = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78])")
WAIT = 60.0
QUIET = 0.15
"""Seconds without drawing after which the app is done with a key: on a busy machine it
draws what one key did in bursts up to a tenth of a second apart."""
ASLEEP_QUIET = 0.05
"""The same where the app's threads can be watched (``/proc``) and every one of them
sleeps: a few frames' time is enough, as nothing is left running or waiting to run."""
THREADS = Path("/proc/self/task")


def nth_round(number: int) -> dict[str, object]:
    return {"pitcher": TABLE[number % 5], "bid": 2 + number % 3, "made": True}


def keys_for(number: int) -> list[bytes]:
    round_ = nth_round(number)
    pitcher, bid = str(round_["pitcher"])[0].lower(), str(round_["bid"])
    return [pitcher.encode(), DOWN, bid.encode(), DOWN, b"m", ENTER]


class Terminal:
    """The app on a pseudo-terminal of 100x30, and everything it has drawn so far."""

    def __init__(self, store: Path) -> None:
        leader, follower = os.openpty()
        fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        self.process = CHILDREN.Process(
            target=scorekeeper_on, args=(os.ttyname(follower), str(store))
        )
        self.process.start()
        os.close(follower)
        self.leader = leader
        self.drawn = b""

    def read(self, timeout: float) -> None:
        """Take in what the app drew within ``timeout`` seconds."""
        ready, _, _ = select.select([self.leader], [], [], timeout)
        if ready:
            with contextlib.suppress(OSError):  # the app is gone: nothing more to read
                self.drawn += ANSI.sub(b"", os.read(self.leader, 65536))

    def settle(self, start: float = 1.0) -> None:
        """Read until the app has drawn nothing for a moment: the screen is ready for keys.
        ``start``: how long the app may take to begin drawing (after a key, up to a second;
        once what was awaited is drawn, nothing: only the quiet moment is wanted)."""
        self.read(start)
        watched = THREADS.is_dir()
        while True:
            before = len(self.drawn)
            self.read(ASLEEP_QUIET if watched else QUIET)
            if len(self.drawn) == before and (not watched or self.asleep()):
                return

    def asleep(self) -> bool:
        """Whether every thread of the app sleeps: none runs, none waits for a CPU or a disk."""
        try:
            tasks = list(Path(f"/proc/{self.process.pid}/task").iterdir())
            states = [(task / "stat").read_text().rsplit(")", 1)[1].split()[0] for task in tasks]
        except (OSError, IndexError):  # a thread came or went meanwhile: look again
            return False
        return bool(states) and all(state == "S" for state in states)

    def wait_for(self, pattern: bytes, since: int = 0) -> None:
        deadline = time.monotonic() + WAIT
        while not re.search(pattern, self.drawn[since:]):
            assert time.monotonic() < deadline, f"never drew {pattern!r}: {self.drawn[-500:]!r}"
            assert self.process.is_alive(), f"the app ended: {self.drawn[-2000:]!r}"
            self.read(0.5)

    def press(self, *keys: bytes) -> None:
        """The keys in one burst, then read until the app has drawn what they did."""
        os.write(self.leader, b"".join(keys))
        self.settle()

    def deals_shown(self) -> int:
        """Rounds the status line has shown as recorded: the last deal it names, less one."""
        shown = [int(number) for number in re.findall(rb"Deal (\d+) \xc2\xb7", self.drawn)]
        return max(shown, default=1) - 1

    def kill(self) -> None:
        self.process.kill()
        self.process.join()
        while True:  # what the app drew before it died still counts
            before = len(self.drawn)
            self.read(0)
            if len(self.drawn) == before:
                break
        os.close(self.leader)


def one_life(store: Path, recorded: int, pick: random.Random) -> int:
    """Open the app, record a few rounds, kill it mid-way; returns the rounds it showed."""
    terminal = Terminal(store)
    try:
        terminal.wait_for(rb"Racehorse")
        terminal.press(ENTER)
        terminal.wait_for(rb"Deal \d+ \xc2\xb7")
        for number in range(recorded, recorded + pick.randint(0, 2)):
            since = len(terminal.drawn)
            terminal.press(b"r", *keys_for(number))
            terminal.wait_for(rb"Deal %d \xc2\xb7" % (number + 2), since)
        keys = keys_for(terminal.deals_shown())
        since = len(terminal.drawn)
        terminal.press(b"r", *keys[:-1])
        terminal.wait_for(rb"Pitcher", since)
        os.write(terminal.leader, keys[-1])  # Enter: the save is under way when the kill comes
        terminal.read(pick.uniform(0, 0.15))
    finally:
        terminal.kill()
    return terminal.deals_shown()


@pytest.mark.parametrize("store_number", range(STORES))
def test_the_app_killed_mid_record_loses_no_round_it_showed(
    tmp_path: Path, store_number: int
) -> None:
    pick = random.Random(20261130 + store_number)
    with Store(tmp_path) as store:
        session_id = store.add(Session.new("racehorse", TABLE))
    recorded = 0
    caught_in_flight = 0
    for kill in range(KILLS):
        shown = one_life(tmp_path, recorded, pick)
        with Store(tmp_path) as store:
            assert store.damaged() == [], f"kill {kill}"
            rounds = store.load(session_id).rounds
        assert len(rounds) >= shown, f"kill {kill}: the screen showed {shown}, disk has fewer"
        assert rounds == [nth_round(number) for number in range(len(rounds))]
        caught_in_flight += len(rounds) > shown
        recorded = len(rounds)
    assert recorded >= KILLS // 2, "the test did record rounds"
    print(f"{KILLS} kills, {recorded} rounds on disk, {caught_in_flight} saved but not yet shown")
