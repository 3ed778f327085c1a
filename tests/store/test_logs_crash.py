"""Kill a laptop at random moments on each path that writes its logs: nothing said saved
is lost, and nothing recorded is lost at all.

- Recording, in a shared store where another laptop's log of its sessions keeps
  arriving: every round said saved survives, on top of what arrived, and nothing waits
  for a decision (the two laptops never went on differently).
- Deciding sessions that went on differently: each decision said made stands, at most
  the one in flight besides, and every version's rounds are still shown, waiting or set
  aside.
- Moving an older store's sessions over: at every moment each session is whole in its
  older file or in the log, and the next open finishes the move.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path

import pytest

from scorekeeper import Session
from scorekeeper.store import Store, log
from scorekeeper.store.machine import SHARED_FILE
from scorekeeper.store.merge import Version
from tests.factories import older_document
from tests.forked import CHILDREN
from tests.store import crash_writer
from tests.store.crash_writer import TABLE, nth_round
from tests.store.test_crash import run_until_killed

KILLS = 12
needs_sigkill = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def arrive(source: Path, target: Path, own: str) -> None:
    """Carry ``source``'s logs of laptop ``own`` to ``target``, as a sync engine does:
    written beside, then renamed in."""
    (target / "logs").mkdir(exist_ok=True)
    for file in (source / "logs").glob(f"*.{own}.json"):
        temp = target / "logs" / f".syncthing.{file.name}.tmp"
        shutil.copy2(file, temp)
        os.replace(temp, target / "logs" / file.name)


def killed(
    target: Callable[[str, int, Connection], None],
    store: Path,
    seed: int,
    wait: float,
    first: int = 0,
) -> list[str]:
    """Run ``target`` on ``store``, kill it with SIGKILL ``wait`` seconds after it is
    ready and said ``first`` lines (however busy the machine, so the kill meets the
    store in use), and return the lines it said whole."""
    reading, writing = CHILDREN.Pipe(duplex=False)
    child = CHILDREN.Process(target=target, args=(str(store), seed, writing))
    child.start()
    writing.close()
    with open(os.dup(reading.fileno()), encoding="utf-8") as lines:
        reading.close()
        assert lines.readline() == "ready\n"
        said = [lines.readline().rstrip("\n") for _ in range(first)]
        time.sleep(wait)
        child.kill()
        said += lines.read().split("\n")[:-1]
    child.join()
    assert child.exitcode == -signal.SIGKILL, "the writer ended before it was killed"
    return said


def two_laptops(tmp_path: Path) -> tuple[Path, Path, str, str]:
    """Two laptops' stores of one shared folder: their paths and laptop ids."""
    here, there = tmp_path / "here", tmp_path / "there"
    for folder in (here, there):
        folder.mkdir()
        (folder / SHARED_FILE).touch()
    with Store(here) as store:
        mine = store.laptop.id
    with Store(there) as store:
        theirs = store.laptop.id
    return here, there, mine, theirs


@needs_sigkill
def test_rounds_survive_sigkill_while_another_laptops_logs_arrive(tmp_path: Path) -> None:
    here, there, mine, theirs = two_laptops(tmp_path)
    pick = random.Random(20261202)
    saved: dict[str, int] = {}
    for kill in range(KILLS):
        for line in run_until_killed(here, 9000 + kill, pick):
            word, *rest = line.split()
            if word == "saved":
                saved[rest[0]] = int(rest[1])
        with Store(here) as store:
            assert store.damaged() == []
            assert store.came_back() == [], f"kill {kill}: nothing was put back older"
            listed = {summary.id: summary for summary in store.summaries()}
            for session_id, summary in listed.items():
                assert not summary.waiting, f"kill {kill}: {session_id}"
                session = store.load(session_id)
                assert session.rounds == [nth_round(n) for n in range(summary.rounds)]
                printed = saved.get(session_id, 0)
                assert printed <= summary.rounds <= printed + 1, f"kill {kill}: {session_id}"
                saved[session_id] = summary.rounds
        assert set(saved) <= set(listed)
        if not saved:
            continue
        arrive(here, there, mine)
        chosen = pick.choice(sorted(saved))
        with Store(there) as store:
            store.record(chosen, nth_round(saved[chosen]))
        saved[chosen] += 1
        arrive(there, here, theirs)
    with Store(here, readonly=True) as store:
        assert {s.id: s.rounds for s in store.summaries()} == saved
        made = {event.laptop for event in store.gathered(next(iter(saved))).events.values()}
    assert made <= {mine, theirs}


def went_on_differently(here: Path, there: Path, mine: str, theirs: str, count: int) -> None:
    """``count`` sessions begun here and seen there, then a different round on each."""
    with Store(here) as store:
        ids = [store.add(Session.new("racehorse", TABLE)) for _ in range(count)]
        for session_id in ids:
            store.record(session_id, nth_round(0))
    arrive(here, there, mine)
    with Store(there) as store:
        for session_id in ids:
            store.record(session_id, nth_round(2))
    with Store(here) as store:
        for session_id in ids:
            store.record(session_id, nth_round(1))
    arrive(there, here, theirs)


def kept(version: Version, among: list[Version]) -> bool:
    """Whether every round of ``version`` is in one of the versions ``among``."""
    return any(set(version.made) <= set(other.made) for other in among)


@needs_sigkill
def test_decisions_survive_sigkill_and_no_version_is_lost(tmp_path: Path) -> None:
    here, there, mine, theirs = two_laptops(tmp_path)
    went_on_differently(here, there, mine, theirs, 10)
    with Store(here, readonly=True) as store:
        before = {c.session_id: c.merged.versions for c in store.conflicts()}
    assert len(before) == 10
    pick = random.Random(20261208)
    decided: set[str] = set()
    for kill in range(KILLS):
        first = pick.randint(0, 1)
        said = killed(crash_writer.decide_main, here, kill, pick.uniform(0, 0.02), first)
        decided |= {line.split()[1] for line in said if line.startswith("decided")}
        with Store(here) as store:
            assert store.damaged() == []
            now = {session_id: store.gathered(session_id).merged for session_id in before}
        waiting = {session_id for session_id, merged in now.items() if merged.waiting}
        assert not waiting & decided, f"kill {kill}: a decision said made stands"
        assert len(set(before) - waiting - decided) <= 1, f"kill {kill}: one in flight at most"
        decided = set(before) - waiting
        for session_id, merged in now.items():
            every = [*merged.versions, *merged.aside]
            assert all(kept(version, every) for version in before[session_id]), session_id
        if not waiting:
            break
    assert decided, "the kills must land among decisions, not only before the first"


def older_store(folder: Path, count: int) -> dict[str, int]:
    """A store of the older layout (one writer's ``sessions/<id>.json``): ``count``
    sessions of 0 to 11 rounds; returns each one's rounds."""
    (folder / "sessions").mkdir(parents=True)
    when = "2024-05-03T20:00:00+02:00"
    rounds = {}
    for number in range(count):
        session = Session.new("racehorse", TABLE)
        for played in range(number):
            session.record(nth_round(played))
        document = older_document(session, number, when)
        session_id = f"01d{number:05d}"
        file = folder / "sessions" / f"{session_id}.json"
        file.write_text(json.dumps({"session": {"1": document}}))
        rounds[session_id] = number
    return rounds


def in_log(store: Path, session_id: str) -> int | None:
    """How many rounds this laptop's log of the session holds (None: there is no log)."""
    found = list((store / "logs").glob(f"{session_id}.*.json"))
    if not found:
        return None
    (file,) = found
    events = log.read(file, file.name.split(".")[1]).events
    return sum(event.kind == "round" for event in events)


@needs_sigkill
def test_moving_an_older_store_over_survives_sigkill_at_random_moments(tmp_path: Path) -> None:
    template = tmp_path / "template"
    rounds = older_store(template, 12)
    pick = random.Random(20261209)
    for kill in range(10):
        store = tmp_path / f"store{kill}"
        shutil.copytree(template, store)
        said = killed(crash_writer.move_over_main, store, kill, pick.uniform(0, 0.08))
        old = {file.name for file in (store / "sessions").glob("*.json")}
        if said == ["moved"]:
            assert not old, f"kill {kill}: moved over, every older file removed"
        for session_id, count in rounds.items():
            whole = f"{session_id}.json" in old or in_log(store, session_id) == count
            assert whole, f"kill {kill}: {session_id} is whole in its older file or its log"
        with Store(store) as writer:
            assert writer.damaged() == []
            assert {s.id: s.rounds for s in writer.summaries()} == rounds, f"kill {kill}"
            for session_id, count in rounds.items():
                assert writer.load(session_id).rounds == [nth_round(n) for n in range(count)]
        assert list((store / "sessions").glob("*.json")) == [], f"kill {kill}"
