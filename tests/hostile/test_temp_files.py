"""Temporary files are the writer's alone: a symbolic link planted where a temporary file
will be made is never written through, whatever name it guesses."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from scorekeeper import Session
from scorekeeper.reports.export import export
from scorekeeper.reports.night_names import rename
from scorekeeper.store import Store, durable
from scorekeeper.store.durable import STALE_AFTER
from scorekeeper.wording import day
from tests.factories import MADE_3, UPPED_2, file_of, racehorse

GUESS = "0123456789abcdef"
PRECIOUS = b"someone else's file, outside the store\n"


def plant(link: Path, outside: Path) -> None:
    link.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(outside, link)


def test_links_at_the_old_fixed_temp_names_and_a_guessed_one_are_not_written_through(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store_path, out = tmp_path / "db", tmp_path / "exports"
    outside = tmp_path / "outside.txt"
    outside.write_bytes(PRECIOUS)
    with Store(store_path) as store:
        session_id = store.add(racehorse(MADE_3))
    file = file_of(store_path, session_id)
    targets = [file, file.with_name(file.name + ".bak"), store_path / "nights.json"]
    targets += [store_path / "index.json", out / "sessions.csv", out / "rounds.csv"]
    for target in targets:
        plant(target.with_name(target.name + ".tmp"), outside)
        plant(target.with_name(f"{target.name}.{GUESS}.tmp"), outside)
    guesses = iter([GUESS] * len(targets) * 2)
    real = durable.temp_token
    monkeypatch.setattr(durable, "temp_token", lambda: next(guesses, None) or real())

    with Store(store_path) as store:
        store.record(session_id, UPPED_2)
        rename(store, day(store.summaries()[0].started), "Poker night")
        export(store, out)
    assert outside.read_bytes() == PRECIOUS
    assert next(guesses, None) is None, "every write first tried the guessed name"
    with Store(store_path, readonly=True) as reader:
        assert reader.load(session_id).rounds == [MADE_3, UPPED_2]


def test_a_link_in_place_of_the_backup_is_replaced_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_bytes(PRECIOUS)
    with Store(tmp_path / "db") as store:
        session_id = store.add(racehorse(MADE_3))
        backup = file_of(tmp_path / "db", session_id).with_suffix(".json.bak")
        backup.unlink(missing_ok=True)
        os.symlink(outside, backup)
        store.record(session_id, UPPED_2)
    assert outside.read_bytes() == PRECIOUS
    assert not backup.is_symlink()


def test_stale_temporary_files_are_swept_when_the_writer_closes_and_fresh_ones_kept(
    tmp_path: Path,
) -> None:
    with Store(tmp_path) as store:
        store.add(Session.new("racehorse", ("Ann", "Bob", "Cy", "Di", "Ed")))
    folder = tmp_path / "logs"
    stale, fresh = folder / f"x.aaaaaaaaaa.json.{GUESS}.tmp", folder / f"y.json.{GUESS}.tmp"
    old_fixed = tmp_path / "index.json.tmp"
    for leftover in (stale, fresh, old_fixed):
        leftover.write_bytes(b"{")
    long_ago = time.time() - STALE_AFTER - 60
    os.utime(stale, (long_ago, long_ago))
    os.utime(old_fixed, (long_ago, long_ago))
    with Store(tmp_path, readonly=True) as reader:
        reader.summaries()
    assert stale.exists(), "a reader never sweeps"
    with Store(tmp_path):
        pass
    assert not stale.exists() and not old_fixed.exists()
    assert fresh.exists(), "younger than an hour: maybe a save in progress"
