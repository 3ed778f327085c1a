"""When the disk fails or a file is damaged, the error says so and nothing good is lost."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from scorekeeper import Session
from scorekeeper.store import (
    MIGRATIONS,
    SessionNotFound,
    Store,
    StoreDamaged,
    StoreError,
    StoreLocked,
)
from scorekeeper.store.sidecar import rows_file
from tests.cli.in_process import scorekeeper
from tests.factories import MADE_3, MADE_4, UPPED_2, file_of, older_document, racehorse


def disk_full(*args: object, **kwargs: object) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def write_half_then_fail() -> Callable[[int, bytes], int]:
    real_write = os.write

    def write(descriptor: int, data: bytes) -> int:
        if len(data) > 1:
            return real_write(descriptor, data[: len(data) // 2])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    return write


FAULTS = {
    "os.replace": ("replace", lambda: disk_full),
    "os.fsync": ("fsync", lambda: disk_full),
    "os.write": ("write", lambda: disk_full),
    "os.write, half done": ("write", write_half_then_fail),
}


@pytest.mark.parametrize("fault", FAULTS)
def test_a_failed_write_surfaces_and_the_file_keeps_the_previous_state(
    store: Store, monkeypatch: pytest.MonkeyPatch, fault: str
) -> None:
    session_id = store.add(racehorse(MADE_3))
    store.record(session_id, UPPED_2)
    file = file_of(store.path, session_id)
    before = file.read_bytes()
    name, make_fault = FAULTS[fault]
    with monkeypatch.context() as patched:
        patched.setattr(os, name, make_fault())
        with pytest.raises(StoreError) as failed:
            store.record(session_id, MADE_4)
    assert str(file) in str(failed.value)
    assert "No space left on device" in str(failed.value)
    assert "not saved" in str(failed.value)
    assert isinstance(failed.value.__cause__, OSError)
    assert file.read_bytes() == before
    kept = [file.name, f"{file.name}.bak", rows_file(file).name]  # the rows: those of before
    assert sorted(path.name for path in file.parent.iterdir()) == kept
    assert store.load(session_id).rounds == [MADE_3, UPPED_2]
    store.record(session_id, MADE_4)
    assert store.load(session_id).rounds == [MADE_3, UPPED_2, MADE_4]


@pytest.mark.parametrize("change", ["undo", "edit", "add"])
def test_a_failed_undo_edit_or_add_leaves_disk_and_memory_as_they_were(
    store: Store, monkeypatch: pytest.MonkeyPatch, change: str
) -> None:
    session_id = store.add(racehorse(MADE_3, UPPED_2))
    before = file_of(store.path, session_id).read_bytes()
    with monkeypatch.context() as patched:
        patched.setattr(os, "replace", disk_full)
        with pytest.raises(StoreError, match="No space left on device"):
            if change == "undo":
                store.undo(session_id)
            elif change == "edit":
                store.edit(session_id, 0, MADE_4)
            else:
                store.add(racehorse())
    assert file_of(store.path, session_id).read_bytes() == before
    assert store.load(session_id).rounds == [MADE_3, UPPED_2]
    assert [summary.id for summary in store.summaries()] == [session_id]


def test_a_file_system_without_hard_links_still_gets_a_backup(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    session_id = store.add(racehorse(MADE_3))
    before = file_of(store.path, session_id).read_bytes()
    monkeypatch.setattr(os, "link", lambda *args: (_ for _ in ()).throw(PermissionError()))
    store.record(session_id, UPPED_2)
    assert file_of(store.path, session_id).with_suffix(".json.bak").read_bytes() == before


def _document(session: Session, schema: int) -> bytes:
    """A session file of the older layout (``sessions/<id>.json``) as one writer saved it."""
    when = "2024-05-03T20:00:00+02:00"
    document = {
        **older_document(session, 1, when),
        "schema": schema,
    }
    return json.dumps({"session": {"1": document}}).encode()


def _older_store(root: Path, **files: bytes) -> dict[str, Path]:
    """A store of the older layout holding ``files`` (by session id), as they lie."""
    (root / "sessions").mkdir(parents=True)
    placed = {session_id: root / "sessions" / f"{session_id}.json" for session_id in files}
    for session_id, data in files.items():
        placed[session_id].write_bytes(data)
    return placed


DAMAGE: dict[str, Callable[[bytes], bytes]] = {
    "empty": lambda good: b"",
    "truncated": lambda good: good[: len(good) // 2],
    "NUL bytes": lambda good: b"\x00" * len(good),
    "not JSON": lambda good: b"Ann 12, Bob -3, Cid 9\n",
    "not UTF-8": lambda good: b"\xff\xfe" + good,
    "JSON but not TinyDB": lambda good: b'{"session": [1, 2, 3]}',
    "no set-up": lambda good: good.replace(b'"kind":"setup"', b'"kind":"undo"'),
    "does not replay": lambda good: good.replace(b'"bid":3', b'"bid":7'),
}
REASONS = {
    "empty": "is empty",
    "truncated": "is cut short",
    "NUL bytes": "contains NUL bytes",
    "not JSON": "is not valid JSON",
    "not UTF-8": "is not text",
    "JSON but not TinyDB": "is JSON but not a TinyDB database",
    "no set-up": "holds no set-up of a session",
    "does not replay": "does not replay",
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_session_is_reported_left_untouched_and_the_rest_still_works(
    tmp_path: Path, damage: str
) -> None:
    with Store(tmp_path) as store:
        hit = store.add(racehorse(MADE_3))
        store.record(hit, UPPED_2)
        spared = store.add(racehorse(MADE_3))
    file = file_of(tmp_path, hit)
    damaged = DAMAGE[damage](file.read_bytes())
    file.write_bytes(damaged)

    with Store(tmp_path) as store:
        for attempt in (lambda: store.load(hit), lambda: store.record(hit, MADE_4)):
            with pytest.raises(StoreDamaged) as refused:
                attempt()
            error = refused.value
            assert error.path == file
            assert error.backup == file.with_suffix(".json.bak")
            assert str(error).startswith(f"{file} {REASONS[damage]}")
            assert "left it untouched" in str(error)
            assert f"`scorekeeper doctor --fix`: it puts back {file.name}.bak" in str(error)
        assert store.damaged() == [file]
        assert [summary.id for summary in store.summaries()] == [spared]
        store.record(spared, UPPED_2)
    with Store(tmp_path, readonly=True) as reader:
        with pytest.raises(StoreDamaged):
            reader.load(hit)
        assert reader.damaged() == [file]
        assert reader.load(spared).rounds == [MADE_3, UPPED_2]
    assert file.read_bytes() == damaged


def test_a_file_replaced_by_a_damaged_one_is_flagged_before_it_is_opened(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        hit = store.add(racehorse(MADE_3))
        spared = store.add(racehorse())
    file = file_of(tmp_path, hit)
    (tmp_path / "synced.part").write_bytes(file.read_bytes()[:20])
    os.replace(tmp_path / "synced.part", file)
    with Store(tmp_path) as store:
        assert store.damaged() == [file]
        assert [summary.id for summary in store.summaries()] == [spared]
    with Store(tmp_path, readonly=True) as reader:
        assert reader.damaged() == [file]


def test_restoring_the_backup_brings_the_session_back_less_its_last_change(
    tmp_path: Path,
) -> None:
    with Store(tmp_path) as store:
        session_id = store.add(racehorse(MADE_3))
        store.record(session_id, UPPED_2)
    file = file_of(tmp_path, session_id)
    file.write_bytes(b"")
    file.write_bytes(file.with_suffix(".json.bak").read_bytes())
    with Store(tmp_path) as store:
        assert store.damaged() == []
        assert store.load(session_id).rounds == [MADE_3]


def test_moving_a_damaged_file_aside_hides_it(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        session_id = store.add(racehorse(MADE_3))
    file = file_of(tmp_path, session_id)
    file.write_bytes(b"\x00" * 10)
    file.rename(tmp_path / "set-aside.json")
    with Store(tmp_path, readonly=True) as store:
        assert store.damaged() == []
        assert store.summaries() == []
        with pytest.raises(SessionNotFound):
            store.load(session_id)


def test_an_event_a_newer_scorekeeper_wrote_is_refused_shown_nowhere_and_kept(
    tmp_path: Path,
) -> None:
    """Written into this laptop's log by a newer scorekeeper run here before: the rounds
    this one knows still show and take more, its event stays in the log as it was, and
    no id is made twice (the newer one, reading both, would keep one content of the two)."""
    with Store(tmp_path) as store:
        session_id = store.add(racehorse(MADE_3))
        head = store.gathered(session_id).merged.shown.head
    file = file_of(tmp_path, session_id)
    raw = json.loads(file.read_text())
    laptop, _, number = head.partition(":")
    made = f"{laptop}:{int(number) + 1}"
    newer = {"id": made, "after": [head], "at": 1, "kind": "tip", "body": {"to": "Ann"}}
    raw["events"][str(len(raw["events"]) + 1)] = newer
    file.write_text(json.dumps(raw))
    with Store(tmp_path) as store:
        assert store.record(session_id, UPPED_2).rounds == [MADE_3, UPPED_2]
        assert store.gathered(session_id).refused == {
            "of a kind this scorekeeper does not know (a newer one wrote it?)": 1
        }
        assert store.damaged() == []
    kept = list(json.loads(file.read_text())["events"].values())
    assert newer in kept
    ids = [event["id"] for event in kept]
    assert len(ids) == len(set(ids)), ids


def test_a_session_of_a_newer_schema_in_the_older_layout_is_left_as_it_is(
    tmp_path: Path,
) -> None:
    newer = _document(racehorse(MADE_3), schema=2)
    older = _older_store(tmp_path, newer1=newer, plain1=_document(racehorse(MADE_3), schema=1))
    with Store(tmp_path) as store:
        assert [summary.id for summary in store.summaries()] == ["plain1"]
        with pytest.raises(SessionNotFound):
            store.load("newer1")
    assert older["newer1"].read_bytes() == newer
    assert not older["plain1"].exists()


def test_an_older_session_is_migrated_as_it_moves_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    older = _older_store(tmp_path, old1=_document(racehorse(MADE_3), schema=1))

    def dealer_from_the_rounds(document: dict[str, object]) -> dict[str, object]:
        session = dict(document["session"])  # type: ignore[call-overload]
        return {**document, "session": {**session, "dealer": "Bob"}}

    monkeypatch.setattr("scorekeeper.store.documents.SCHEMA", 2)
    monkeypatch.setitem(MIGRATIONS, 1, dealer_from_the_rounds)
    with Store(tmp_path) as store:
        assert store.summaries()[0].rounds == 1
        assert store.record("old1", UPPED_2).rounds == [MADE_3, UPPED_2]
        assert store.load("old1").players[0] == "Ann"
        assert store.saved("old1")["dealer"] == "Bob"
    assert not older["old1"].exists()


def test_a_schema_nothing_can_read_is_left_where_it_is(tmp_path: Path) -> None:
    unreadable = _document(racehorse(), schema=0)
    older = _older_store(tmp_path, zero1=unreadable)
    with Store(tmp_path) as store:
        assert store.summaries() == []
    assert older["zero1"].read_bytes() == unreadable


HOLDER = """
import sys
from scorekeeper.store import Store
with Store(sys.argv[1]):
    print("holding", flush=True)
    sys.stdin.readline()
"""


def test_a_second_process_is_refused_while_the_first_writes(tmp_path: Path) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "holding\n"
        with pytest.raises(StoreLocked) as locked:
            Store(tmp_path)
        message = str(locked.value)
        assert message.startswith(f"The store {tmp_path} is already open for writing by process")
        assert f"process {holder.pid} on " in message
        assert "only reads works meanwhile: `scorekeeper list`, `export`, `settle`" in message
        with Store(tmp_path, readonly=True) as reader:
            assert reader.summaries() == []
    finally:
        holder.communicate("done\n", timeout=10)
    with Store(tmp_path) as store:
        store.add(racehorse())


@pytest.mark.parametrize("damage", DAMAGE)
def test_doctor_names_what_the_app_calls_damaged_and_puts_back_the_backup(
    tmp_path: Path, damage: str
) -> None:
    """Whatever the app calls damaged, doctor names too (a log that reads as a file but
    whose rounds do not replay included), and --fix does what the app's message says."""
    with Store(tmp_path) as store:
        hit = store.add(racehorse(MADE_3))
        store.record(hit, UPPED_2)
    file = file_of(tmp_path, hit)
    file.write_bytes(DAMAGE[damage](file.read_bytes()))
    found = scorekeeper(tmp_path, "doctor")
    assert found.returncode == 1 and f"{file} {REASONS[damage]}" in found.stdout, found.stdout
    assert scorekeeper(tmp_path, "doctor", "--fix").returncode == 0
    with Store(tmp_path, readonly=True) as reader:
        assert reader.load(hit).rounds == [MADE_3], "the version before the last change"
    assert scorekeeper(tmp_path, "doctor").returncode == 0


def test_a_set_up_of_a_kind_a_newer_release_writes_says_upgrade_and_is_left_as_it_is(
    tmp_path: Path,
) -> None:
    """The app and doctor say the same of it: a newer scorekeeper wrote it, so upgrade;
    neither offers to put a backup in its place, and --fix leaves it byte for byte."""
    with Store(tmp_path) as store:
        hit = store.add(racehorse(MADE_3))
    file = file_of(tmp_path, hit)
    newer = file.read_bytes().replace(b'"kind":"setup"', b'"kind":"setup-v9"')
    file.write_bytes(newer)
    with Store(tmp_path) as store, pytest.raises(StoreDamaged) as refused:
        store.load(hit)
    assert "a newer one wrote it?): upgrade scorekeeper to read it" in str(refused.value)
    assert "doctor --fix" not in str(refused.value) and refused.value.backup is None
    found = scorekeeper(tmp_path, "doctor")
    assert found.returncode == 0 and "upgrade scorekeeper to read it" in found.stdout
    assert scorekeeper(tmp_path, "doctor", "--fix").returncode == 0
    assert file.read_bytes() == newer
