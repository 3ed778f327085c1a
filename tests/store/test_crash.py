"""Kill a recording process at random moments: every saved round survives, at most one is lost.

The child (tests/store/crash_writer.py) says a round is saved only after ``record`` returned, so
a round it said is one the user saw saved (each child is forked from a process that has
imported the store already: ``tests.forked``). After each SIGKILL the store must open,
list, and replay every session, holding every round said saved and at most the one in
flight. Sixty kills in all, as three stores killed twenty times each, which the workers
share; the last store is shared between laptops, where each save also notes how far this
laptop's copy reached: a kill never leaves that note ahead of the copy, so nothing is ever
said to have come back older.
"""

from __future__ import annotations

import json
import os
import random
import signal
import time
from pathlib import Path

import pytest

from scorekeeper.store import Store
from scorekeeper.store.machine import SHARED_FILE
from tests.forked import CHILDREN
from tests.store import crash_writer
from tests.store.crash_writer import nth_round

KILLS = 20
STORES = 3


def run_until_killed(store: Path, seed: int, pick: random.Random) -> list[str]:
    """Start the writer, kill it with SIGKILL at a random moment, return what it said."""
    reading, writing = CHILDREN.Pipe(duplex=False)
    child = CHILDREN.Process(target=crash_writer.main, args=(str(store), seed, writing))
    child.start()
    writing.close()  # the child's end alone: the kill ends what there is to read
    said: list[str] = []
    with open(os.dup(reading.fileno()), encoding="utf-8") as lines:
        reading.close()
        if pick.random() < 0.2:
            time.sleep(pick.uniform(0, 0.3))
        else:
            assert lines.readline() == "ready\n"
            # A few saves first, however busy the machine, so the kill meets a store in use.
            for _ in range(pick.randint(0, 3)):
                said.append(lines.readline().rstrip("\n"))
                if said[-1].startswith("added"):
                    said.append(lines.readline().rstrip("\n"))
            time.sleep(pick.uniform(0, 0.03))
        child.kill()
        said += lines.read().split("\n")[:-1]  # a line cut off by the kill does not count
    child.join()
    assert child.exitcode == -signal.SIGKILL, "the writer ended before it was killed"
    return said


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("store_number", range(STORES))
def test_rounds_survive_sigkill_at_random_moments(tmp_path: Path, store_number: int) -> None:
    pick = random.Random(20240517 + store_number)
    if store_number == STORES - 1:
        (tmp_path / SHARED_FILE).touch()
    saved: dict[str, int] = {}
    unconfirmed = 0
    for kill in range(KILLS):
        for line in run_until_killed(tmp_path, store_number * KILLS + kill, pick):
            word, *rest = line.split()
            if word == "saved":
                saved[rest[0]] = int(rest[1])
        with Store(tmp_path) as store:
            assert store.damaged() == []
            listed = {summary.id: summary.rounds for summary in store.summaries()}
            assert store.came_back() == [], f"kill {kill}: nothing was put back older"
            for session_id, rounds in listed.items():
                session = store.load(session_id)
                assert session.rounds == [nth_round(number) for number in range(rounds)]
                printed = saved.get(session_id, 0)
                assert printed <= rounds <= printed + 1, f"kill {kill}: {session_id}"
                unconfirmed += rounds - printed
                saved[session_id] = rounds
        assert set(saved) <= set(listed)
    # Kills must have landed among saves, not only before the first: on a loaded machine
    # the writer saves fewer rounds per window, so ask for some, not for a machine's speed.
    assert sum(saved.values()) >= KILLS // 2
    assert unconfirmed <= KILLS


def run_entries_until_killed(store: Path, seed: int, pick: random.Random) -> list[str]:
    """The house games writer, killed with SIGKILL at a random moment; what it said."""
    reading, writing = CHILDREN.Pipe(duplex=False)
    child = CHILDREN.Process(target=crash_writer.entries_main, args=(str(store), seed, writing))
    child.start()
    writing.close()
    with open(os.dup(reading.fileno()), encoding="utf-8") as lines:
        reading.close()
        assert lines.readline() == "ready\n"
        time.sleep(pick.uniform(0, 0.05))
        child.kill()
        said = lines.read().split("\n")[:-1]
    child.join()
    assert child.exitcode == -signal.SIGKILL, "the writer ended before it was killed"
    return said


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_house_games_survive_sigkill_while_the_log_is_appended_to(tmp_path: Path) -> None:
    from scorekeeper.store.house_games import read_house_games

    pick = random.Random(20261206)
    saved: set[str] = set()
    for kill in range(10):
        saved |= {line[6:] for line in run_entries_until_killed(tmp_path, kill, pick)}
        found, problem = read_house_games(tmp_path)
        assert problem is None, f"kill {kill}: {problem}"
        names = {house.name for house in found}
        assert saved <= names and len(names - saved) <= 1, f"kill {kill}"
        saved = names


def older_layouts(store: Path) -> dict[str, str]:
    """A store as the releases before left it: nights.json, and two laptops' files of
    night names; returns the names they hold."""
    names = {f"2024-05-{day:02d}": f"Night {day}" for day in range(1, 29)}
    first = dict(list(names.items())[:14])
    (store / "nights.json").write_text(json.dumps({"schema": 2, "names": first, "moves": {}}))
    (store / "nights").mkdir()
    stamp = 1_700_000_000_000_000_000
    for number, laptop in enumerate(("cccccccccc", "dddddddddd")):
        changes = [
            {"key": f"name/{night}", "value": name, "at": [stamp + step, laptop], "seen": None}
            for step, (night, name) in enumerate(list(names.items())[14 + 7 * number :][:7])
        ]
        journal = {"schema": 1, "name": laptop, "changes": changes}
        (store / "nights" / f"{laptop}.json").write_text(json.dumps(journal))
    return names


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_night_names_moving_over_survive_sigkill_at_random_moments(tmp_path: Path) -> None:
    from scorekeeper.reports.night_names import KIND, load_book
    from scorekeeper.store import entries

    pick = random.Random(20261207)
    for kill in range(8):
        store = tmp_path / f"store{kill}"
        store.mkdir()
        names = older_layouts(store)
        reading, writing = CHILDREN.Pipe(duplex=False)
        child = CHILDREN.Process(
            target=crash_writer.take_over_main, args=(str(store), kill, writing)
        )
        child.start()
        writing.close()
        with open(os.dup(reading.fileno()), encoding="utf-8") as lines:
            reading.close()
            assert lines.readline() == "ready\n"
            time.sleep(pick.uniform(0, 0.02))
            child.kill()
        child.join()
        assert load_book(store).names == names, f"kill {kill}: nothing lost on the way"
        with Store(store) as writer:
            entries.take_over(writer.path, KIND, writer.laptop)
        assert load_book(store).names == names and not (store / "nights.json").exists()
