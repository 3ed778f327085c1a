"""Kill a laptop recording into a shared store, where another laptop's copies of its
sessions keep arriving: every round said saved survives, on top of what arrived, and
nothing waits for a decision (the two laptops never went on differently).

Between kills the other laptop takes this one's copies, records the next round of one
session on top, and its copy lands here (written beside, then renamed in, as a sync
engine does): the writer killed next merges it in as it records.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
from pathlib import Path

import pytest

from scorekeeper.store import Store
from scorekeeper.store.machine import SHARED_FILE
from tests.store.crash_writer import nth_round
from tests.store.test_crash import run_until_killed

KILLS = 12


def arrive(source: Path, target: Path, own: str) -> None:
    """Carry the files of ``source``'s sessions folder named ``*.<own>.json`` to ``target``."""
    for file in (source / "sessions").glob(f"*.{own}.json"):
        temp = target / "sessions" / f".syncthing.{file.name}.tmp"
        shutil.copy2(file, temp)
        os.replace(temp, target / "sessions" / file.name)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_rounds_survive_sigkill_while_another_laptops_copies_arrive(tmp_path: Path) -> None:
    here, there = tmp_path / "here", tmp_path / "there"
    for folder in (here, there):
        (folder / "sessions").mkdir(parents=True)
        (folder / SHARED_FILE).touch()
    with Store(here) as store:
        mine = store.laptop.id
    with Store(there) as store:
        theirs = store.laptop.id
    pick = random.Random(20261202)
    saved: dict[str, int] = {}
    for kill in range(KILLS):
        for line in run_until_killed(here, 9000 + kill, pick):
            word, *rest = line.split()
            if word == "saved":
                saved[rest[0]] = int(rest[1])
        with Store(here) as store:
            assert store.damaged() == []
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
        kept = store.gathered(next(iter(saved))).copies
    assert {copy.laptop for copy in kept} <= {mine, theirs}
