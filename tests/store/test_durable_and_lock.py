"""A save survives a power cut, and one writer at a time: every file is synced before it
takes its name and its folder after, a folder that cannot be synced is a save refused,
and the writer's lock holds the very file at its name even when that file is deleted or
replaced while the lock is being taken."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.store import Store, StoreError, lock
from scorekeeper.store.durable import replacing_texts, write_atomically
from scorekeeper.store.lock import LockHeld, WriterLock
from tests.factories import file_of, racehorse

MADE_3 = {"pitcher": "Bob", "bid": 3, "made": True}


def journal(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int, int]]:
    """What reaches the disk, in order: ``("sync", inode, is a folder)`` for each fsync,
    ``("rename", inode, folder's inode)`` for each file taking a name."""
    events: list[tuple[str, int, int]] = []
    fsync, replace = os.fsync, os.replace

    def synced(descriptor: int) -> None:
        found = os.fstat(descriptor)
        fsync(descriptor)
        events.append(("sync", found.st_ino, stat.S_ISDIR(found.st_mode)))

    def renamed(source: Any, target: Any, **kwargs: Any) -> None:
        moved = os.lstat(source).st_ino
        replace(source, target, **kwargs)
        events.append(("rename", moved, os.stat(Path(target).parent).st_ino))

    monkeypatch.setattr(os, "fsync", synced)
    monkeypatch.setattr(os, "replace", renamed)
    return events


def synced_around(events: list[tuple[str, int, int]], file: Path) -> None:
    """The file now at ``file`` was synced before it took the name, and its folder after."""
    inode, folder = file.stat().st_ino, file.parent.stat().st_ino
    at = events.index(("rename", inode, folder))
    assert ("sync", inode, False) in events[:at], f"{file.name} renamed before it was synced"
    assert ("sync", folder, True) in events[at:], f"{file.name}'s folder not synced after"


def test_a_file_written_is_synced_then_renamed_then_its_folder_synced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = tmp_path / "session.json"
    write_atomically(file, b"{}")
    events = journal(monkeypatch)
    write_atomically(file, b'{"a":1}', backup=tmp_path / "session.json.bak")
    synced_around(events, file)


def test_files_replaced_together_are_each_synced_and_their_folders_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "b").mkdir()
    paths = [tmp_path / "sessions.csv", tmp_path / "b" / "rounds.csv"]
    events = journal(monkeypatch)
    with replacing_texts(paths, encoding="utf-8") as handles:
        for handle in handles:
            handle.write("id\n")
    for path in paths:
        synced_around(events, path)


def test_a_round_recorded_is_synced_with_its_folder(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    session_id = store.add(racehorse())
    events = journal(monkeypatch)
    store.record(session_id, MADE_3)
    file = file_of(store.path, session_id)
    synced_around(events, file)


def test_a_folder_that_cannot_be_synced_is_a_round_not_saved(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk refuses to sync the folder: the rename may not survive a power cut, so
    the round is not said to be saved."""
    session_id = store.add(racehorse())
    fsync = os.fsync

    def folder_fails(descriptor: int) -> None:
        if stat.S_ISDIR(os.fstat(descriptor).st_mode):
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        fsync(descriptor)

    monkeypatch.setattr(os, "fsync", folder_fails)
    with pytest.raises(StoreError, match="Input/output error"):
        store.record(session_id, MADE_3)


def meddling(monkeypatch: pytest.MonkeyPatch, path: Path, meddle: Callable[[Path], None]) -> None:
    """``meddle`` with the lock file once, just after the writer opened it and before it
    locks it: what another program can do in that moment."""
    take = lock._lock
    done: list[bool] = []

    def late(descriptor: int) -> None:
        if not done:
            done.append(True)
            meddle(path)
        take(descriptor)

    monkeypatch.setattr(lock, "_lock", late)


def replaced(path: Path) -> None:
    other = path.with_name("other")
    other.write_text("")
    os.replace(other, path)


@pytest.mark.parametrize("meddle", [Path.unlink, replaced], ids=["deleted", "replaced"])
def test_the_lock_holds_the_file_at_its_name_after_it_changed_while_being_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, meddle: Callable[[Path], None]
) -> None:
    path = tmp_path / "lock"
    meddling(monkeypatch, path, meddle)
    first = WriterLock(path)
    first.acquire()
    try:
        assert first.held()
        second = WriterLock(path)
        with pytest.raises(LockHeld):
            second.acquire()  # a second writer finds the file at the name locked
    finally:
        first.release()
