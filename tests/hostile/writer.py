"""A second process for the lock tests: opens a store, then obeys lines on stdin.

Run as ``python tests/hostile/writer.py STORE``. ``add`` starts a session, ``record ID N``
records round N of it; each answer is one line: ``saved ...`` only once the store has
returned, else ``refused <message>``. ``open`` failures are answered ``locked <message>``.
"""

from __future__ import annotations

import sys

from scorekeeper import Session
from scorekeeper.store import Store, StoreError
from tests.store.crash_writer import TABLE, nth_round


def say(line: str) -> None:
    sys.stdout.write(line.replace("\n", " ") + "\n")
    sys.stdout.flush()


def main(path: str) -> None:
    try:
        store = Store(path)
    except StoreError as error:
        say(f"locked {error}")
        return
    say("open")
    with store:
        for line in sys.stdin:
            command, *rest = line.split()
            try:
                if command == "add":
                    say(f"saved {store.add(Session.new('racehorse', TABLE))}")
                elif command == "record":
                    session_id, number = rest[0], int(rest[1])
                    rounds = len(store.record(session_id, nth_round(number)).rounds)
                    say(f"saved {session_id} {rounds}")
            except StoreError as error:
                say(f"refused {error}")


if __name__ == "__main__":
    main(sys.argv[1])
