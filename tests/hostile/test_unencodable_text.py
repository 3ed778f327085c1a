"""Text no UTF-8 file can hold, from the command line or a folder's name: one line where it
comes in, never a crash report. (In files it is refused as they are read:
``test_hostile_import``.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import Session
from scorekeeper.settings import SETTINGS_FILE, export_folder, remember_export_folder
from scorekeeper.store import Store, StoreError
from tests.test_import import snapshot


@pytest.fixture
def here(tmp_path: Path) -> Path:
    with Store(tmp_path / "here") as store:
        store.add(Session.new("hot-rum", ("Ann", "Bob", "Cy")))
    return tmp_path / "here"


def test_an_argument_of_bytes_that_are_not_utf8_is_said_in_a_line(here: Path) -> None:
    """A shell hands Python ``\\xff`` as the lone surrogate ``\\udcff``; the store keeps who
    has it open (the command line) and could not write that down."""
    before = snapshot(here / "sessions")
    command = os.fsencode(Path(sys.executable).with_name("scorekeeper"))
    printed = subprocess.run(
        [command, b"night", b"move", b"abc", b"\xff\x1b]0;x", b"--db", os.fsencode(here)],
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert printed.returncode == 1
    assert printed.stderr.count(b"\n") == 1 and b"something went wrong" not in printed.stderr
    assert b"\x1b" not in printed.stderr
    assert snapshot(here / "sessions") == before


def test_a_folder_whose_name_is_not_utf8_is_not_remembered(here: Path, tmp_path: Path) -> None:
    folder = Path(os.fsdecode(os.fsencode(tmp_path) + b"/cards\xff"))
    with Store(here) as store:
        with pytest.raises(StoreError, match="not UTF-8 text: the export was written"):
            remember_export_folder(store, folder)
        assert export_folder(store).name == "exports"
    assert not (here / SETTINGS_FILE).exists()
