"""A sync engine's conflict copy of a session that is a folder or a link: named by
``conflicts``, and set aside when the table keeps the version shown, moved as it is into
``set-aside/`` (never deleted, a link never followed), the session made of its other copies."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.store import Store
from tests.factories import MADE_3, racehorse

FOLDER_COPY = "sync-conflict-20261202-120000-ABCDEFG"
LINK_COPY = "sync-conflict-20261202-120001-ABCDEFH"


@pytest.fixture
def odd_copies(tmp_path: Path) -> tuple[Path, str, Path]:
    """A store whose one session has a conflict copy that is a folder (holding a file)
    and one that is a link to a file outside the store; and that outside file."""
    store_path = tmp_path / "store"
    with Store(store_path) as store:
        session_id = store.add(racehorse(MADE_3))
    sessions = store_path / "sessions"
    folder = sessions / f"{session_id}.{FOLDER_COPY}.json"
    folder.mkdir()
    (folder / "inside.txt").write_text("what another laptop put there")
    outside = tmp_path / "outside.json"
    outside.write_text('{"not": "a session"}')
    (sessions / f"{session_id}.{LINK_COPY}.json").symlink_to(outside)
    return store_path, session_id, outside


def test_conflicts_names_each_and_keep_shown_sets_them_aside_as_they_are(
    odd_copies: tuple[Path, str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    path, session_id, outside = odd_copies
    assert main(["conflicts", "--db", str(path)]) == 1, "left undecided"
    out = capsys.readouterr().out
    assert f"{FOLDER_COPY}.json cannot be read (it is a folder" in out
    assert f"{LINK_COPY}.json cannot be read (it is a symbolic link" in out
    assert f"--keep shown {session_id}" in out

    assert main(["conflicts", "--db", str(path), "--keep", "shown", session_id]) == 0
    aside = path / "set-aside"
    moved_folder = aside / f"{session_id}.{FOLDER_COPY}.json"
    moved_link = aside / f"{session_id}.{LINK_COPY}.json"
    assert (moved_folder / "inside.txt").read_text() == "what another laptop put there"
    assert moved_link.is_symlink() and os.readlink(moved_link) == str(outside)
    assert outside.read_text() == '{"not": "a session"}', "nothing written through the link"
    assert not [name for name in os.listdir(path / "sessions") if "sync-conflict" in name]
    capsys.readouterr()
    assert main(["conflicts", "--db", str(path)]) == 0
    assert "No session waits for a decision" in capsys.readouterr().out
    assert main(["list", "--db", str(path)]) == 0
    listed = capsys.readouterr()
    assert session_id in listed.out and listed.err == ""
    with Store(path, readonly=True) as store:
        assert store.damaged() == [] and len(store.summaries()) == 1


def test_a_second_copy_of_the_same_name_set_aside_takes_a_name_of_its_own(
    odd_copies: tuple[Path, str, Path],
) -> None:
    path, session_id, _ = odd_copies
    assert main(["conflicts", "--db", str(path), "--keep", "shown"]) == 0
    again = path / "sessions" / f"{session_id}.{FOLDER_COPY}.json"
    again.mkdir()
    assert main(["conflicts", "--db", str(path), "--keep", "shown"]) == 0
    names = sorted(os.listdir(path / "set-aside"))
    assert f"{session_id}.{FOLDER_COPY}.json" in names
    assert f"{session_id}.{FOLDER_COPY}.json.1" in names, "the first is never overwritten"


def test_a_set_aside_that_is_a_link_is_never_moved_through(
    odd_copies: tuple[Path, str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, session_id, _ = odd_copies
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (path / "set-aside").symlink_to(elsewhere)
    assert main(["conflicts", "--db", str(path), "--keep", "shown", session_id]) != 0
    assert "is not a folder" in capsys.readouterr().err
    assert os.listdir(elsewhere) == []
    assert (path / "sessions" / f"{session_id}.{FOLDER_COPY}.json").is_dir()


def test_doctor_names_them_and_its_fix_leaves_them_where_they_are(
    odd_copies: tuple[Path, str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    path, session_id, _ = odd_copies
    assert main(["doctor", "--db", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{FOLDER_COPY}.json is a folder, a conflict copy nobody can read" in out
    assert f"{LINK_COPY}.json is a symbolic link" in out and "--keep shown" in out
    main(["doctor", "--db", str(path), "--fix"])
    assert (path / "sessions" / f"{session_id}.{FOLDER_COPY}.json").is_dir()
    assert (path / "sessions" / f"{session_id}.{LINK_COPY}.json").is_symlink()
