"""Many sessions arrived from another laptop, read on two cores: the list, what is
damaged and what came back older are the same as when one process reads them all, and a
copy that fails costs nothing but its time."""

from __future__ import annotations

import os
import pickle
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.store import Store, index, log
from scorekeeper.store.machine import SHARED_FILE
from tests.factories import MADE_3, MADE_4, UPPED_2, file_of, racehorse
from tests.sync.copying import mirror

PEER_JUNK = b"{not json" + b" " * 80


def arrived(tmp_path: Path, name: str) -> tuple[Path, list[str]]:
    """A laptop's store that listed its own session once, then received eight sessions
    of another laptop's, one of them with a damaged log beside a good one, and a junk
    file; its own log put back older than it left it."""
    there, here = tmp_path / f"{name}-there", tmp_path / name
    for folder in (there, here):
        folder.mkdir()
        (folder / SHARED_FILE).touch()
    with Store(here) as store:
        own = store.add(racehorse(MADE_3))
        older = shutil.copy2(file_of(here, own), tmp_path / f"{name}-older.json")
        store.record(own, UPPED_2)
        store.summaries()
    with Store(there) as store:
        ids = [store.add(racehorse(MADE_3)) for _ in range(8)]
        store.record(ids[0], MADE_4)
    mirror(there, here)
    peer = "aaaaaaaaaa"
    (here / "logs" / f"{ids[1]}.{peer}.json").write_bytes(PEER_JUNK)
    (here / "logs" / f"junk.{peer}.json").write_bytes(PEER_JUNK)
    os.replace(older, file_of(here, own))
    return here, [own, *ids]


Listed = tuple[list[tuple[str, int, dict[str, int]]], list[str], list[str]]


def listed(folder: Path, ids: list[str]) -> Listed:
    """The list, each damaged file's name and why, and the sessions found put back, each
    session named by its place in ``ids`` (two stores made alike have other ids)."""
    place = {session_id: f"session {number}" for number, session_id in enumerate(ids)}
    with Store(folder, readonly=True) as store:
        rows = sorted((place[s.id], s.rounds, s.balances) for s in store.summaries())
        damage = []
        for damaged in store.damage():
            named = damaged.name.partition(".")
            said = damaged.reason.partition(".")[0]
            damage.append(f"{place.get(named[0], named[0])}.{named[2]} {said}")
        back = [place[came.session_id] for came in store.put_back()]
    return rows, sorted(damage), back


@pytest.fixture
def forking(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Sessions read in two processes from two on (the test runner's own threads
    notwithstanding); the processes that read a log, by id, in the order they did."""
    monkeypatch.setattr(index, "AT_LEAST", 2)
    monkeypatch.setattr(index, "may_fork", lambda: True)
    readers = Path(os.environ["SCOREKEEPER_STATE"]) / f"readers-{os.getpid()}"
    readers.unlink(missing_ok=True)
    real = log.read

    def noted(file: Path, owner: str) -> log.Read:
        with readers.open("a") as kept:
            kept.write(f"{os.getpid()}\n")
        return real(file, owner)

    monkeypatch.setattr(log, "read", noted)
    yield readers
    readers.unlink(missing_ok=True)


def test_sessions_read_in_two_processes_list_as_they_do_read_in_one(
    tmp_path: Path, forking: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    two, ids = arrived(tmp_path, "two")
    in_two = listed(two, ids)
    assert len(set(forking.read_text().split())) == 2, "read by this process and a copy"
    monkeypatch.setattr(index, "AT_LEAST", 10**9)
    one, ids_of_one = arrived(tmp_path, "one")
    assert in_two == listed(one, ids_of_one)
    rows, damage, back = in_two
    assert [row[:2] for row in rows] == [("session 0", 1), ("session 1", 2)] + [
        (f"session {n}", 1) for n in range(2, 9)
    ]
    why = (
        "is not valid JSON (Expecting property name enclosed in double quotes at line 1, column 2)"
    )
    assert damage == [f"junk.aaaaaaaaaa.json {why}", f"session 2.aaaaaaaaaa.json {why}"]
    assert back == ["session 0"], "this laptop's log put back older, noted by whichever read it"


def test_a_copy_that_fails_leaves_its_half_read_here(
    tmp_path: Path, forking: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fails(*_: object, **__: object) -> bytes:
        raise MemoryError

    monkeypatch.setattr(pickle, "dumps", fails)
    folder, ids = arrived(tmp_path, "here")
    rows, damage, back = listed(folder, ids)
    assert len(rows) == 9 and len(damage) == 2 and back == ["session 0"]
    assert len(set(forking.read_text().split())) == 2, "the copy read its half, then failed"
