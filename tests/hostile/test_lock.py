"""Deleting ``lock`` while a writer is open (people do, to get past "already open") must
not let two writers save over each other: two real processes, in every order."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.reports.night_names import rename
from scorekeeper.store import Store, StoreError
from scorekeeper.wording import day
from tests.factories import MADE_3, UPPED_2, file_of, racehorse
from tests.store.crash_writer import nth_round

ROOT = Path(__file__).parents[2]
WRITER = Path(__file__).with_name("writer.py")


class Writer:
    """A scorekeeper writer in a process of its own, driven line by line."""

    def __init__(self, store: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(WRITER), str(store)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        self.greeting = self.answer()

    def answer(self) -> str:
        assert self.process.stdout is not None
        return self.process.stdout.readline().rstrip("\n")

    def ask(self, line: str) -> str:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        return self.answer()

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)
        if self.process.stdout is not None:
            self.process.stdout.close()


@pytest.fixture
def writers(tmp_path: Path) -> Iterator[list[Writer]]:
    started: list[Writer] = []
    yield started
    for writer in started:
        writer.close()


def start(writers: list[Writer], store: Path) -> Writer:
    writer = Writer(store)
    writers.append(writer)
    return writer


def on_disk(store: Path, session_id: str) -> list[dict[str, object]]:
    with Store(store, readonly=True) as reader:
        return reader.load(session_id).rounds


@pytest.mark.parametrize("first_saves", ["before the second opens", "after the second saved"])
def test_deleting_the_lock_loses_no_acknowledged_round(
    tmp_path: Path, writers: list[Writer], first_saves: str
) -> None:
    first = start(writers, tmp_path)
    assert first.greeting == "open"
    session_id = first.ask("add").split()[1]
    assert first.ask(f"record {session_id} 0") == f"saved {session_id} 1"
    assert start(writers, tmp_path).greeting.startswith("locked "), "the lock works at all"
    (tmp_path / "lock").unlink()

    if first_saves == "before the second opens":
        refused = first.ask(f"record {session_id} 1")
        assert refused.startswith("refused ") and "open it again" in refused
    second = start(writers, tmp_path)
    assert second.greeting == "open"
    assert second.ask(f"record {session_id} 1") == f"saved {session_id} 2"
    if first_saves == "after the second saved":
        refused = first.ask(f"record {session_id} 1")
        assert refused.startswith("refused ") and "lock" in refused
    assert first.ask("add").startswith("refused "), "nothing at all is saved any more"
    assert second.ask(f"record {session_id} 2") == f"saved {session_id} 3"
    assert on_disk(tmp_path, session_id) == [nth_round(n) for n in range(3)], "all acknowledged"


def test_a_writer_that_lost_its_lock_leaves_the_index_and_owner_alone(
    tmp_path: Path, writers: list[Writer]
) -> None:
    first = start(writers, tmp_path)
    session_id = first.ask("add").split()[1]
    (tmp_path / "lock").unlink()
    second = start(writers, tmp_path)
    assert second.ask(f"record {session_id} 0") == f"saved {session_id} 1"
    owner = (tmp_path / "writer.json").read_bytes()
    first.close()
    assert (tmp_path / "writer.json").read_bytes() == owner, "the second writer's, kept"
    with Store(tmp_path, readonly=True) as reader:
        assert [summary.rounds for summary in reader.summaries()] == [1]


def test_a_log_changed_behind_the_writer_is_not_saved_over(tmp_path: Path) -> None:
    """Even with the lock intact: another program replaced the log since it was read. The
    next round is written on top of the log as it is now, and the session is what it
    makes, so neither the other program's change nor the round is lost."""
    with Store(tmp_path) as store:
        session_id = store.add(racehorse(MADE_3))
        file = file_of(tmp_path, session_id)
        edited = file.read_bytes().replace(b'"bid":3', b'"bid":4')
        file.with_name("elsewhere").write_bytes(edited)
        os.replace(file.with_name("elsewhere"), file)
        assert store.record(session_id, UPPED_2).rounds == [{**MADE_3, "bid": 4}, UPPED_2]
        assert file.read_bytes().startswith(edited.removesuffix(b"}}"))
    with Store(tmp_path, readonly=True) as reader:
        assert reader.load(session_id).rounds == [{**MADE_3, "bid": 4}, UPPED_2]


def test_with_its_lock_deleted_a_writer_saves_no_night_name_either(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        session_id = store.add(racehorse(MADE_3))
        night = day(store.summaries()[0].started)
        (tmp_path / "lock").unlink()
        with pytest.raises(StoreError, match="open it again"):
            rename(store, night, "Poker night")
        with pytest.raises(StoreError, match="open it again"):
            store.record(session_id, UPPED_2)
    assert not (tmp_path / "nights.json").exists()
    with Store(tmp_path, readonly=True) as reader:
        assert reader.load(session_id).rounds == [MADE_3]
