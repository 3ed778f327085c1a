"""The store as each laptop's log of what it did: what a change writes, and what two
laptops holding each other's logs show.

Two store folders stand for two laptops (each folder is a laptop of its own: its id is
kept per store); ``mirror`` carries files between them as a sync engine does."""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tinydb import TinyDB

from scorekeeper.checks import JSONObject
from scorekeeper.store import Store, machine
from scorekeeper.store.events import Event
from scorekeeper.store.log import Made, OwnLog
from scorekeeper.store.machine import SHARED_FILE
from scorekeeper.store.resolve import BOTH, OTHER, SHOWN, resolve
from scorekeeper.store.store import CACHED_SESSIONS
from tests.factories import MADE_3, MADE_4, UPPED_2, racehorse
from tests.sync.copying import Engine, mirror

ROUNDS = (MADE_3, UPPED_2, MADE_4)


def laptop(folder: Path) -> Path:
    folder.mkdir()
    (folder / SHARED_FILE).touch()
    return folder


def one_game_on_two_laptops(tmp_path: Path) -> tuple[Path, Path, Engine, str]:
    """Two laptops kept in step, holding one game of one round set up on the first."""
    here, there = laptop(tmp_path / "here"), laptop(tmp_path / "there")
    engine = Engine(here, there)
    with Store(here) as store:
        session_id = store.add(racehorse(MADE_3))
    engine.sync()
    return here, there, engine, session_id


def log_of(store: Store, session_id: str) -> Path:
    return store.path / "logs" / f"{session_id}.{store.laptop.id}.json"


def test_a_round_is_one_event_appended_to_this_laptops_log_and_nothing_rewritten(
    tmp_path: Path,
) -> None:
    with Store(tmp_path) as store:
        session_id = store.add(racehorse(MADE_3))
        log = log_of(store, session_id)
        before = TinyDB(log).table("events").all()
        store.record(session_id, UPPED_2)
        store.undo(session_id)
        store.edit(session_id, 0, MADE_4)
        after = TinyDB(log).table("events").all()
        laptop = store.laptop.id
    assert after[: len(before)] == before
    added = after[len(before) :]
    assert [event["kind"] for event in added] == ["round", "undo", "edit"]
    assert [event["id"] for event in added] == [
        f"{laptop}:{number}" for number in range(len(before) + 1, len(before) + 4)
    ]
    assert added[1]["after"] == [added[0]["id"]] and added[2]["after"] == [added[1]["id"]]
    with Store(tmp_path, readonly=True) as reader:
        assert reader.load(session_id).rounds == [racehorse(MADE_4).rounds[0]]


@pytest.mark.parametrize("listed", [True, False], ids=["list read", "list not read"])
def test_a_look_for_arrivals_in_a_worker_mid_save_neither_loses_the_round_nor_calls_it_arrived(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, listed: bool
) -> None:
    """The table looks for other laptops' changes in a worker thread every few seconds:
    one that comes while a round is half saved (its log written, not yet listed) once
    took the session for another laptop's, forgot it mid-save and crashed the app. Home
    reads the whole list only where the sessions are few (else the index's first line)."""
    with Store(tmp_path) as store:
        session_id = store.add(racehorse(MADE_3))
        if listed:
            store.summaries()
        store.refresh()  # the table's first look
        seen = store.generation
        written = OwnLog.extend

        def extend_then_look(own: OwnLog, moved: list[JSONObject], made: list[Made]) -> list[Event]:
            events = written(own, moved, made)
            worker = threading.Thread(target=store.refresh)
            worker.start()
            worker.join(timeout=10)
            assert not worker.is_alive(), "the look waited on the save: it looks next time"
            return events

        monkeypatch.setattr(OwnLog, "extend", extend_then_look)
        shown = store.record(session_id, UPPED_2)
        monkeypatch.undo()
        assert shown.rounds == racehorse(MADE_3, UPPED_2).rounds
        store.refresh()
        assert not store.changed_since(seen, session_id), "its own round, not an arrival"
        assert store.load(session_id).rounds == shown.rounds
    with Store(tmp_path, readonly=True) as reader:
        assert reader.load(session_id).rounds == shown.rounds


def test_a_round_recorded_on_another_laptop_is_shown_here_and_counted_once(
    tmp_path: Path,
) -> None:
    here, there, engine, session_id = one_game_on_two_laptops(tmp_path)
    with Store(there) as store:
        store.record(session_id, UPPED_2)
    engine.sync()
    with Store(here) as store:
        session = store.load(session_id)
        assert len(session.rounds) == 2
        assert [summary.rounds for summary in store.summaries()] == [2]
        assert not store.waiting(session_id)


@pytest.mark.parametrize("choice", [SHOWN, OTHER, BOTH])
@pytest.mark.parametrize("deciding", ["here", "there"])
def test_every_decision_made_on_either_laptop_shows_the_same_on_both(
    tmp_path: Path, choice: str, deciding: str
) -> None:
    here, there, engine, session_id = one_game_on_two_laptops(tmp_path)
    with Store(here) as store:
        store.record(session_id, UPPED_2)
    with Store(there) as store:
        store.record(session_id, MADE_4)
        store.record(session_id, MADE_3)
    engine.sync()
    for folder in (here, there):
        with Store(folder, readonly=True) as reader:
            reader.summaries()
            assert reader.waiting(session_id)
    with Store(here if deciding == "here" else there) as store:
        store.refresh()
        resolve(store, session_id, choice)
    engine.sync()
    shown = []
    for folder in (here, there):
        with Store(folder, readonly=True) as reader:
            reader.summaries()
            assert not reader.waiting(session_id)
            session = reader.load(session_id)
            shown.append((session.rounds, session.balances))
    assert shown[0] == shown[1]
    assert len(shown[0][0]) == {SHOWN: 3, OTHER: 2, BOTH: 4}[choice]


def test_another_laptops_log_coming_back_shorter_takes_nothing_shown_here(
    tmp_path: Path,
) -> None:
    here, there = laptop(tmp_path / "here"), laptop(tmp_path / "there")
    with Store(here) as store:
        session_id = store.add(racehorse(MADE_3))
    mirror(here, there)
    with Store(there) as store:
        store.record(session_id, UPPED_2)
        theirs = log_of(store, session_id)
    older = tmp_path / "older.json"
    shutil.copy2(theirs, older)
    with Store(there) as store:
        store.record(session_id, MADE_4)
    mirror(there, here)
    with Store(here) as store:
        assert len(store.load(session_id).rounds) == 3
    arrived = here / "logs" / theirs.name
    os.replace(shutil.copy2(older, tmp_path / "put-back.json"), arrived)
    with Store(here) as store:
        assert len(store.load(session_id).rounds) == 3


def three_rounds_and_a_copy_of_one(store: Store, tmp_path: Path) -> tuple[str, Path, Path]:
    """A session of three rounds: its id, this laptop's log, and a copy of the log when
    it held one round (what a sync tool may put back)."""
    session_id = store.add(racehorse(MADE_3))
    own = log_of(store, session_id)
    older = Path(shutil.copy2(own, tmp_path / "older.json"))
    store.record(session_id, UPPED_2)
    store.record(session_id, MADE_4)
    return session_id, own, older


def test_this_laptops_log_put_back_older_is_said_and_written_back_as_it_was(
    tmp_path: Path,
) -> None:
    here = laptop(tmp_path / "here")
    with Store(here) as store:
        session_id, own, older = three_rounds_and_a_copy_of_one(store, tmp_path)
        written = TinyDB(own).table("events").all()
    os.replace(older, own)  # a sync tool renaming an older copy over it
    with Store(here) as store:
        store.summaries()
        said = store.came_back()
        assert [(back.session_id, back.rounds, back.reached) for back in said] == [
            (session_id, 1, 3)
        ]
        assert len(store.load(session_id).rounds) == 3
    ids = {event["id"] for event in TinyDB(own).table("events").all()}
    assert {event["id"] for event in written} <= ids


def test_the_log_written_back_is_the_copy_kept_beside_the_folder_at_once(
    tmp_path: Path,
) -> None:
    """What a write-back wrote is what this laptop keeps beside the folder before any
    next change: put back older again with the app closed, it comes back whole even where
    the copy kept before was gone (a state folder restored, an older layout moved)."""
    here = laptop(tmp_path / "here")
    with Store(here) as store:
        session_id, own, older = three_rounds_and_a_copy_of_one(store, tmp_path)
    kept = machine.machine_folder(here) / "reach" / f"{session_id}.copy"
    kept.unlink()  # nothing kept beside: the open session is what still holds the rounds
    with Store(here) as store:
        store.refresh()  # a first look, as the app's at its start
        assert len(store.load(session_id).rounds) == 3
        os.replace(shutil.copy2(older, tmp_path / "put-back.json"), own)
        store.refresh()
        (back,) = store.came_back(session_id)
        assert back.back == 3, "written back from the session open here"
        assert kept.exists() and os.path.samefile(kept, own), "kept as written back"
    os.replace(shutil.copy2(older, tmp_path / "put-back.json"), own)  # and once more
    with Store(here) as store:
        store.summaries()
        assert [back.back for back in store.came_back()] == [3]
        assert len(store.load(session_id).rounds) == 3


def test_rounds_held_for_writing_back_outlast_the_sessions_opened_meanwhile(
    tmp_path: Path,
) -> None:
    """Nothing kept beside the folder, the log put back older while the session was open:
    the table then opens more sessions than the writer keeps open before the write-back,
    and the rounds this laptop held are still what it writes back."""
    here = laptop(tmp_path / "here")
    with Store(here) as store:
        session_id, own, older = three_rounds_and_a_copy_of_one(store, tmp_path)
        others = [store.add(racehorse(UPPED_2)) for _ in range(CACHED_SESSIONS + 1)]
    (machine.machine_folder(here) / "reach" / f"{session_id}.copy").unlink()
    with Store(here) as store:
        store.refresh()
        assert len(store.load(session_id).rounds) == 3
        os.replace(older, own)
        store.refresh()
        for other in others:
            store.record(other, MADE_3)
        (back,) = store.came_back(session_id)
        assert back.back == 3, "written back from what this laptop held"
        assert len(store.load(session_id).rounds) == 3


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2)), max_size=12))
def test_the_session_as_changed_here_is_what_its_logs_make_read_afresh(
    tmp_path_factory: pytest.TempPathFactory, steps: list[tuple[int, int]]
) -> None:
    """A change on top of the version shown steps the fold in memory: the session kept
    open is the one a fresh read of the logs makes, after every kind of change."""
    folder = tmp_path_factory.mktemp("store")
    with Store(folder) as store:
        session_id = store.add(racehorse())
        for kind, which in steps:
            rounds = store.load(session_id).rounds
            if kind == 0 or not rounds:
                store.record(session_id, ROUNDS[which])
            elif kind == 1:
                store.undo(session_id)
            else:
                store.edit(session_id, which % len(rounds), ROUNDS[which])
            with Store(folder, readonly=True) as reader:
                assert reader.load(session_id) == store.load(session_id)


def test_sessions_from_another_laptop_are_listed_reading_this_laptops_id_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    here, there = laptop(tmp_path / "here"), laptop(tmp_path / "there")
    with Store(there) as store:
        for _ in range(3):
            store.add(racehorse(MADE_3))
    mirror(there, here)
    asked: list[Path] = []
    real = machine.laptop
    monkeypatch.setattr(machine, "laptop", lambda root: asked.append(root) or real(root))
    with Store(here, readonly=True) as store:
        assert len(store.summaries()) == 3
        assert store.damage() == []
    assert len(asked) == 1


def test_what_a_crash_tore_of_another_laptops_events_kept_here_is_kept_again_whole(
    tmp_path: Path,
) -> None:
    here, there = laptop(tmp_path / "here"), laptop(tmp_path / "there")
    with Store(there) as store:
        session_id = store.add(racehorse(MADE_3))
        theirs = log_of(store, session_id)
        older = shutil.copy2(theirs, tmp_path / "older.json")
        store.record(session_id, UPPED_2)
    mirror(there, here)
    with Store(here, readonly=True) as store:
        assert [summary.rounds for summary in store.summaries()] == [2]
    kept = machine.machine_folder(here) / "reach" / f"{session_id}.others"
    kept.write_bytes(kept.read_bytes()[:40])  # the first keep, torn mid-write
    with Store(here, readonly=True) as store:
        assert [summary.rounds for summary in store.summaries()] == [2]
    os.replace(older, here / "logs" / theirs.name)  # their log put back shorter
    with Store(here, readonly=True) as store:
        assert [summary.rounds for summary in store.summaries()] == [2]


def test_sessions_arrived_from_another_laptop_are_kept_beside_the_folder_as_they_came(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first list after another laptop's sessions arrived keeps each of its logs as
    the bytes it read, making no event's record again: ten thousand arrived sessions cost
    ten thousand copies, not ten thousand encodings."""
    here, there = laptop(tmp_path / "here"), laptop(tmp_path / "there")
    with Store(there) as store:
        made = [store.add(racehorse(MADE_3, UPPED_2)) for _ in range(3)]
        theirs = [log_of(store, session_id) for session_id in made]
    mirror(there, here)
    records: list[Event] = []
    real = Event.record
    monkeypatch.setattr(Event, "record", lambda event: records.append(event) or real(event))
    with Store(here, readonly=True) as store:
        assert [summary.rounds for summary in store.summaries()] == [2, 2, 2]
    assert records == []
    reach = machine.machine_folder(here) / "reach"
    for session_id, log in zip(made, theirs, strict=True):
        assert (reach / f"{session_id}.others").read_bytes() == log.read_bytes()


def test_another_laptops_log_grown_then_put_back_shorter_loses_nothing_kept(
    tmp_path: Path,
) -> None:
    here, there, elsewhere = (laptop(tmp_path / name) for name in ("here", "there", "elsewhere"))
    with Store(there) as store:
        session_id = store.add(racehorse(MADE_3))
        theirs = log_of(store, session_id)
    older = shutil.copy2(theirs, tmp_path / "older.json")
    mirror(there, here)
    with Store(here, readonly=True) as store:
        assert [summary.rounds for summary in store.summaries()] == [1]
    with Store(there) as store:
        store.record(session_id, UPPED_2)
    mirror(there, here)
    mirror(there, elsewhere)
    with Store(elsewhere) as store:  # a third laptop plays on: two other laptops' logs
        store.record(session_id, MADE_4)
    mirror(elsewhere, here)
    with Store(here, readonly=True) as store:
        assert [summary.rounds for summary in store.summaries()] == [3]
    arrived = here / "logs" / theirs.name
    os.replace(shutil.copy2(older, tmp_path / "put-back.json"), arrived)
    (here / "logs" / f"{session_id}.{machine.laptop(elsewhere).id}.json").unlink()
    with Store(here, readonly=True) as store:
        assert [summary.rounds for summary in store.summaries()] == [3]
