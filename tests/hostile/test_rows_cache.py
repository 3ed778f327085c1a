"""The export rows kept beside a session file are written over the last ones in place: never
through a link planted there (symbolic or hard), never into a pipe; the round is saved all
the same, and the export works that session out again, right."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from scorekeeper.reports.export import export
from scorekeeper.reports.rows import open_store
from scorekeeper.store.sidecar import rows_file
from tests.factories import MADE_3, UPPED_2, file_of, racehorse

PRECIOUS = b"someone else's file, outside the store\n"


def _symlink(rows: Path, outside: Path) -> None:
    rows.symlink_to(outside)


def _hard_link(rows: Path, outside: Path) -> None:
    os.link(outside, rows)


def _pipe(rows: Path, outside: Path) -> None:
    os.mkfifo(rows)


PLANTED = {"a symbolic link": _symlink, "a hard link": _hard_link, "a named pipe": _pipe}


@pytest.mark.parametrize("plant", PLANTED.values(), ids=list(PLANTED))
def test_a_round_is_saved_and_nothing_is_written_through_what_was_planted(
    tmp_path: Path, plant: Callable[[Path, Path], None]
) -> None:
    outside = tmp_path / "precious.txt"
    outside.write_bytes(PRECIOUS)
    with open_store(tmp_path / "store") as store:
        session_id = store.add(racehorse(MADE_3))
        rows = rows_file(file_of(store.path, session_id))
        rows.unlink()
        plant(rows, outside)
        store.record(session_id, UPPED_2)
        assert store.load(session_id).rounds == [MADE_3, UPPED_2]
        assert store.sealed_rows(session_id) is None
    assert outside.read_bytes() == PRECIOUS
    with open_store(tmp_path / "store", readonly=True) as store:
        _, rounds = export(store, tmp_path / "out", processes=1)
        assert b"was upped" in rounds.read_bytes()
    assert outside.read_bytes() == PRECIOUS
