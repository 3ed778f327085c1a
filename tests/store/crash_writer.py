"""The processes the kill tests kill (test_crash.py, test_logs_crash.py): each says what it
saved only once it is saved, so every such thing must survive the kill.

``main(store, seed, out)`` runs in a process of its own; each line ``saved <id> <rounds>``
is written to ``out`` only after ``Store.record`` returned. The others save house games,
move night names or sessions of an older layout over, or decide sessions waiting.
"""

from __future__ import annotations

import os
import random
import signal
from multiprocessing.connection import Connection

from scorekeeper import Session
from scorekeeper.store import Store
from scorekeeper.store.resolve import CHOICES, resolve

TABLE = ("Ann", "Bob", "Cid", "Dee", "Eve")
SESSIONS = 4


def nth_round(number: int) -> dict[str, object]:
    """Round ``number`` (0-based) of every session here, so the test knows what to expect."""
    return {"pitcher": TABLE[number % 5], "bid": 2 + number % 4, "made": number % 3 != 0}


def main(path: str, seed: int, out: Connection) -> None:
    """Record rounds into the store at ``path`` until killed, saying so down ``out``."""

    def say(line: str) -> None:
        """One write per line, so a kill can cut a line short but never interleave two."""
        os.write(out.fileno(), (line + "\n").encode())

    pick = random.Random(seed)
    with Store(path) as store:
        rounds = {summary.id: summary.rounds for summary in store.summaries()}
        say("ready")
        while True:
            if len(rounds) < SESSIONS:
                session_id = store.add(Session.new("racehorse", TABLE))
                rounds[session_id] = 0
                say(f"added {session_id}")
            session_id = pick.choice(sorted(rounds))
            store.record(session_id, nth_round(rounds[session_id]))
            rounds[session_id] += 1
            say(f"saved {session_id} {rounds[session_id]}")


def entries_main(path: str, seed: int, out: Connection) -> None:
    """Save house games into the store at ``path`` until killed, saying each one saved."""
    from scorekeeper.store.house_games import save_house_game

    def say(line: str) -> None:
        os.write(out.fileno(), (line + "\n").encode())

    number = random.Random(seed).randint(0, 10**6)
    with Store(path) as store:
        say("ready")
        while True:
            number += 1
            save_house_game(store, f"Game {number}", "score-pad", {"stake": number % 7})
            say(f"saved Game {number}")


def take_over_main(path: str, seed: int, out: Connection) -> None:
    """Move the earlier layouts' night names into this laptop's log, then wait to be killed."""
    from scorekeeper.reports.night_names import KIND
    from scorekeeper.store import entries, machine

    del seed
    with Store(path) as store:
        os.write(out.fileno(), b"ready\n")
        entries.take_over(store.path, KIND, machine.laptop(store.path))
        os.write(out.fileno(), b"moved\n")
        while True:
            os.read(out.fileno(), 1)  # blocks: the end is the kill


def decide_main(path: str, seed: int, out: Connection) -> None:
    """Decide each session waiting in the store at ``path`` (this version, the other, or
    both, at random), saying each decision once it is made; then wait to be killed."""
    pick = random.Random(seed)
    with Store(path) as store:
        os.write(out.fileno(), b"ready\n")
        for conflict in store.conflicts():
            choice = pick.choice(CHOICES)
            resolve(store, conflict.session_id, choice)
            os.write(out.fileno(), f"decided {conflict.session_id} {choice}\n".encode())
        os.write(out.fileno(), b"done\n")
        while True:
            signal.pause()


def move_over_main(path: str, seed: int, out: Connection) -> None:
    """Open the store at ``path``, which moves its older layout's sessions over, saying
    so once it is open; then wait to be killed."""
    del seed
    os.write(out.fileno(), b"ready\n")
    with Store(path):
        os.write(out.fileno(), b"moved\n")
        while True:
            signal.pause()
