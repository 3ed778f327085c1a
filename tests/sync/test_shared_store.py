"""A store in a folder shared between laptops, with plain file copying as the sync engine.

Two laptops record at once, each through its own lock, while everything in each folder
is copied to the other: no "store is locked", nothing lost. What belongs to one machine
stays out of the folder; a store written before it was shared opens as it was. What a
sync engine leaves in the folder is never a session and never fails a command.
"""

from __future__ import annotations

import json
import os
import shutil
import threading
import time
from datetime import date, datetime
from pathlib import Path

import pytest

from scorekeeper.ids import new_id
from scorekeeper.session import Session
from scorekeeper.store import Store, StoreLocked
from scorekeeper.store.lock import WriterLock
from scorekeeper.store.machine import SHARED_FILE, STIGNORE, places
from scorekeeper.store.resolve import BOTH, OTHER, SHOWN, resolve
from tests.cli.in_process import scorekeeper
from tests.factories import MADE_3, MADE_4, UPPED_2, file_of, racehorse, summary_fields
from tests.sync.copying import Engine, conflict_name, mirror

SESSIONS_EACH = 12
ROOT = Path(__file__).parents[2]


def shared(folder: Path) -> Path:
    folder.mkdir(parents=True)
    (folder / SHARED_FILE).touch()
    return folder


def listed(folder: Path) -> dict[str, int]:
    with Store(folder, readonly=True) as store:
        return {summary.id: summary.rounds for summary in store.summaries()}


def test_two_laptops_record_at_once_while_their_folders_are_copied(tmp_path: Path) -> None:
    folders = (shared(tmp_path / "home"), shared(tmp_path / "grandma"))
    recorded: dict[str, int] = {}
    failures: list[BaseException] = []
    start = threading.Barrier(2)

    def play(folder: Path, first: dict[str, object]) -> None:
        try:
            with Store(folder) as store:
                start.wait()
                for number in range(SESSIONS_EACH):
                    session_id = store.add(racehorse(first))
                    if number % 2:
                        store.record(session_id, MADE_4)
                    recorded[session_id] = 1 + number % 2
        except BaseException as error:  # said in the test's own thread
            failures.append(error)

    laptops = [
        threading.Thread(target=play, args=(folder, first))
        for folder, first in zip(folders, (MADE_3, UPPED_2), strict=True)
    ]
    for laptop in laptops:
        laptop.start()
    engine = Engine(*folders)
    while any(laptop.is_alive() for laptop in laptops):
        engine.sync()
        laptops[0].join(timeout=0.01)  # the copying goes on while either records
    for laptop in laptops:
        laptop.join()
    engine.sync()

    assert not failures, failures
    assert len(recorded) == 2 * SESSIONS_EACH
    assert listed(folders[0]) == listed(folders[1]) == recorded
    settled = [scorekeeper(folder, "settle") for folder in folders]
    assert settled[0].returncode == 0, settled[0].stderr
    assert settled[0].stdout == settled[1].stdout

    moved = scorekeeper(folders[1], "night", "move", next(iter(recorded)), "new")
    assert moved.returncode == 0, moved.stderr
    engine.sync()  # the night's moves travel with the sessions
    for night in ("settle --night {}", "settle --night {}-2"):  # two nights: each by name
        wanted = night.format(date.today().isoformat()).split()
        outputs = [scorekeeper(folder, *wanted) for folder in folders]
        assert outputs[0].returncode == 0, outputs[0].stdout + outputs[0].stderr
        assert outputs[0].stdout == outputs[1].stdout


def test_a_shared_store_keeps_its_machine_files_out_of_the_folder(tmp_path: Path) -> None:
    folder = shared(tmp_path / "store")
    with Store(folder) as store:
        store.add(racehorse(MADE_3))
        store.summaries()
        own = store.places.index_folder
    assert sorted(os.listdir(folder)) == ["logs", SHARED_FILE]
    assert {"lock", "index.json"} <= set(os.listdir(own))
    assert not own.is_relative_to(folder)


def test_a_store_written_before_it_was_shared_opens_as_it_was(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    with Store(folder) as store:
        first = store.add(racehorse(MADE_3))
        store.summaries()
    assert (folder / "index.json").exists()
    (folder / ".stfolder").mkdir()  # the folder is now one Syncthing shares
    with Store(folder) as store:
        assert [summary.id for summary in store.summaries()] == [first]
        store.record(first, UPPED_2)
    assert not (folder / "index.json").exists()
    assert (places(folder).index_folder / "index.json").exists()
    assert listed(folder) == {first: 2}


def test_an_older_scorekeeper_writing_here_still_keeps_a_shared_store_closed(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "store"
    Store(folder).close()
    older = WriterLock(folder / "lock")  # the lock an older version takes, beside the sessions
    older.acquire()
    try:
        (folder / SHARED_FILE).touch()
        with pytest.raises(StoreLocked):
            Store(folder)
    finally:
        older.release()
    Store(folder).close()


def older(session: Session, order: int, **summary: object) -> bytes:
    """A session's file as an older scorekeeper wrote it (one writer's
    ``sessions/<id>.json``: no ``copy`` part), last saved at ``order`` (nanoseconds), with
    the summary that release kept (``summary``: what it said otherwise)."""
    saved = datetime.fromtimestamp(order / 1e9).astimezone().isoformat(timespec="seconds")
    fields = {**summary_fields(session, saved, saved), **summary}
    document = {"schema": 1, "order": order, "summary": fields, "session": session.to_dict()}
    return json.dumps({"session": {"1": document}}).encode()


def diverged(tmp_path: Path) -> tuple[Path, str]:
    """A store an older scorekeeper kept, whose session went on differently on another
    laptop (Bob upped 2 there, a minute before Cid made 4 here), which sent its version
    back as a conflict copy."""
    here = shared(tmp_path / "here")
    session_id = new_id()
    now = time.time_ns()
    (here / "sessions").mkdir()
    mine = here / "sessions" / f"{session_id}.json"
    mine.write_bytes(older(racehorse(MADE_3, MADE_4), now))
    theirs = older(racehorse(MADE_3, UPPED_2), now - 60 * 10**9)
    (here / "sessions" / conflict_name(session_id)).write_bytes(theirs)
    return here, session_id


def test_an_old_conflict_counts_once_until_decided_and_both_loses_nothing(
    tmp_path: Path,
) -> None:
    here, session_id = diverged(tmp_path)
    assert listed(here) == {session_id: 2}
    found = scorekeeper(here, "conflicts")
    assert found.returncode == 1
    assert f"Session {session_id} went on differently on two laptops" in found.stdout
    doctor = scorekeeper(here, "doctor")
    assert doctor.returncode == 0 and conflict_name(session_id) not in doctor.stdout

    kept = scorekeeper(here, "conflicts", "--keep", BOTH, session_id)
    assert kept.returncode == 0, kept.stderr
    assert listed(here) == {session_id: 3}
    with Store(here, readonly=True) as store:
        pitchers = [r["pitcher"] for r in store.saved(session_id)["rounds"]]
        assert store.conflicts() == []
    assert sorted(pitchers[1:]) == ["Bob", "Cid"]
    assert scorekeeper(here, "conflicts").returncode == 0


@pytest.mark.parametrize(("choice", "pitcher"), [(SHOWN, "Cid"), (OTHER, "Bob")])
def test_keep_one_leaves_one_session(tmp_path: Path, choice: str, pitcher: str) -> None:
    here, session_id = diverged(tmp_path)
    with Store(here) as store:
        resolve(store, session_id, choice)
        assert store.load(session_id).rounds[-1]["pitcher"] == pitcher
        assert store.conflicts() == []
    assert listed(here) == {session_id: 2}


def test_a_conflict_copy_of_the_same_rounds_waits_for_nothing(tmp_path: Path) -> None:
    here = shared(tmp_path / "here")
    with Store(here) as store:
        session_id = store.add(racehorse(MADE_3))
        mine = file_of(here, session_id)
        shutil.copyfile(mine, mine.with_name(conflict_name(mine.name.removesuffix(".json"))))
        assert store.conflicts() == []
    assert listed(here) == {session_id: 1}


def test_what_a_sync_engine_leaves_is_no_session_and_fails_no_command(tmp_path: Path) -> None:
    folder = shared(tmp_path / "store")
    with Store(folder) as store:
        session_id = store.add(racehorse(MADE_3))
    logs = folder / "logs"
    mine = file_of(folder, session_id)
    good = mine.read_bytes()
    (logs / f".syncthing.{mine.name}.tmp").write_bytes(good[:40])
    (folder / ".stfolder").mkdir()
    (folder / ".stversions" / "logs").mkdir(parents=True)
    (folder / ".stversions" / "logs" / f"{mine.stem}~20261201-101010.json").write_bytes(good)
    copy = conflict_name(mine.stem)
    (logs / copy).write_bytes(good)
    (folder / "nights.sync-conflict-20261201-203015-ABCDEF7.json").write_text("{}")
    newer = json.loads(older(racehorse(MADE_3), time.time_ns()))
    newer["session"]["1"]["schema"] = 99
    (folder / "sessions").mkdir()
    (folder / "sessions" / "f00dcafe.json").write_text(json.dumps(newer))

    shown = scorekeeper(folder, "list")
    assert shown.returncode == 0, shown.stderr
    assert session_id in shown.stdout and "sync-conflict" not in shown.stdout
    assert listed(folder) == {session_id: 1}
    for command in (("stats",), ("settle",), ("export", "--out", str(tmp_path / "out"))):
        done = scorekeeper(folder, *command)
        assert "Traceback" not in done.stderr and "went wrong" not in done.stderr, command
    doctor = scorekeeper(folder, "doctor").stdout
    assert copy not in doctor  # one more copy of this laptop's log: the union loses nothing
    assert "nights.sync-conflict" in doctor
    assert "f00dcafe.json was saved by a newer scorekeeper" in doctor
    assert ".syncthing." not in doctor and ".stversions" not in doctor
    scorekeeper(folder, "doctor", "--fix")
    assert (folder / "sessions" / "f00dcafe.json").read_text() == json.dumps(newer)


def test_an_older_session_file_that_cannot_be_moved_over_is_named_by_doctor(
    tmp_path: Path,
) -> None:
    """Its JSON reads, but it is no session (its summary gone): nothing of it moves, and
    doctor says so rather than that every file is fine."""
    folder = shared(tmp_path / "store")
    (folder / "sessions").mkdir()
    bad = folder / "sessions" / "bad0cafe.json"
    document = json.loads(older(racehorse(MADE_3), time.time_ns()))
    del document["session"]["1"]["summary"]
    bad.write_text(json.dumps(document))
    Store(folder).close()
    assert bad.exists(), "what could not be moved over is left where it was"
    said = scorekeeper(folder, "doctor")
    assert said.returncode == 1 and f"{bad} lacks its 'summary' part" in said.stdout, said.stdout
    assert scorekeeper(folder, "doctor", "--fix").returncode == 0
    assert not bad.exists() and len(list((folder / "damaged").iterdir())) == 1


def test_the_readme_gives_every_stignore_line() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "## Several laptops" in readme
    for line in STIGNORE:
        assert f"\n{line}\n" in readme, line


def test_a_file_syncthing_is_still_receiving_is_left_to_it(tmp_path: Path) -> None:
    folder = shared(tmp_path / "store")
    Store(folder).close()
    receiving = folder / "logs" / ".syncthing.abcd1234.aaaaaaaaaa.json.tmp"
    ours = folder / "logs" / "abcd1234.aaaaaaaaaa.json.0123456789abcdef.tmp"
    for file in (receiving, ours):
        file.write_bytes(b"{")
        os.utime(file, (1, 1))  # long past the hour after which a crash's leftovers go
    Store(folder).close()
    assert receiving.exists()
    assert not ours.exists()


def test_the_only_version_left_is_a_session(tmp_path: Path) -> None:
    here, session_id = diverged(tmp_path)
    (here / "sessions" / f"{session_id}.json").unlink()
    assert listed(here) == {session_id: 2}
    with Store(here) as store:
        assert store.conflicts() == []


def test_doctor_names_the_ignore_lines_a_syncthing_folder_lacks(tmp_path: Path) -> None:
    top = tmp_path / "Sync"
    (top / ".stfolder").mkdir(parents=True)
    folder = top / "scores"  # the store is a folder inside the one Syncthing shares
    Store(folder).close()
    (top / ".stignore").write_text("*.tmp\n", encoding="utf-8")
    said = scorekeeper(folder, "doctor")
    assert said.returncode == 0
    assert ".stignore lacks scorekeeper's lines *.bak, *.rows, lock" in said.stdout
    (top / ".stignore").write_text("\n".join(STIGNORE) + "\n", encoding="utf-8")
    assert ".stignore" not in scorekeeper(folder, "doctor").stdout


def test_two_laptops_keeping_both_make_the_same_session_counted_once(tmp_path: Path) -> None:
    here, session_id = diverged(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(here, elsewhere)  # the other laptop, with the same two versions
    kept = []
    for folder in (here, elsewhere):
        with Store(folder) as store:
            resolve(store, session_id, BOTH)
        kept.append(listed(folder))
    assert kept[0] == kept[1] == {session_id: 3}
    mirror(elsewhere, here)
    assert listed(here) == kept[0]
