"""A conflict copy that is no file: a folder, or a link to somewhere else. It is named
like any other, and keeping the original settles it; nothing it points to is touched."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.store import Store
from tests.factories import MADE_3, file_of, racehorse
from tests.sync.copying import conflict_name


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def stored(tmp_path: Path) -> tuple[Path, str]:
    path = tmp_path / "db"
    with Store(path) as store:
        session_id = store.add(racehorse(MADE_3))
    return path, session_id


def test_a_folder_conflict_copy_is_named_and_kept_aside_when_the_original_is_kept(
    stored: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    path, session_id = stored
    copy = file_of(path, session_id).with_name(conflict_name(session_id))
    copy.mkdir()
    (copy / "inside.txt").write_text("kept")
    db = ("--db", str(path))
    status, out, _ = run(capsys, "conflicts", *db)
    assert status == 1 and copy.name in out
    status, out, err = run(capsys, "conflicts", "--keep", "both", *db)
    assert status == 1 and "Traceback" not in err and copy.name in err
    status, out, err = run(capsys, "conflicts", "--keep", "original", *db)
    assert status == 0, err
    assert not copy.exists() and "set the folder" in out
    [aside] = (path / "damaged").iterdir()
    assert (aside / "inside.txt").read_text() == "kept"
    assert run(capsys, "conflicts", *db)[0] == 0


def test_a_link_conflict_copy_goes_and_what_it_points_to_stays(
    stored: tuple[Path, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, session_id = stored
    elsewhere = tmp_path / "precious.json"
    elsewhere.write_text("{}")
    copy = file_of(path, session_id).with_name(conflict_name(session_id))
    copy.symlink_to(elsewhere)
    db = ("--db", str(path))
    status, out, _ = run(capsys, "conflicts", *db)
    assert status == 1 and copy.name in out
    status, _, err = run(capsys, "conflicts", "--keep", "original", *db)
    assert status == 0, err
    assert not copy.is_symlink() and elsewhere.read_text() == "{}"
