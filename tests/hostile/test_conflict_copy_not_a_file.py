"""A sync engine's conflict copy of a log that is a folder or a link: named in one line
each by the commands and by doctor, never read through nor moved (``doctor --fix`` leaves
it where it is, as it leaves another laptop's log), and the session, made of its other
logs, lists and takes rounds as before."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.store import Store, machine
from tests.factories import MADE_3, UPPED_2, racehorse

FOLDER_COPY = "sync-conflict-20261202-120000-ABCDEFG"
LINK_COPY = "sync-conflict-20261202-120001-ABCDEFH"
PEER = "aaaaaaaaaa"


@pytest.fixture
def odd_copies(tmp_path: Path) -> tuple[Path, str, Path, Path]:
    """A store whose one session has a conflict copy of this laptop's log that is a
    folder (holding a file), and one of another laptop's log that is a link to a file
    outside the store; that folder and that outside file."""
    store_path = tmp_path / "store"
    with Store(store_path) as store:
        session_id = store.add(racehorse(MADE_3))
    logs = store_path / "logs"
    folder = logs / f"{session_id}.{machine.laptop(store_path).id}.{FOLDER_COPY}.json"
    folder.mkdir()
    (folder / "inside.txt").write_text("what another laptop put there")
    outside = tmp_path / "outside.json"
    outside.write_text('{"events": {}}')
    (logs / f"{session_id}.{PEER}.{LINK_COPY}.json").symlink_to(outside)
    return store_path, session_id, folder, outside


def untouched(folder: Path, outside: Path) -> None:
    assert (folder / "inside.txt").read_text() == "what another laptop put there"
    assert outside.read_text() == '{"events": {}}', "nothing written through the link"


def test_the_commands_name_each_and_the_session_goes_on(
    odd_copies: tuple[Path, str, Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    path, session_id, folder, outside = odd_copies
    assert main(["list", "--db", str(path)]) == 0
    out, err = capsys.readouterr()
    assert session_id in out
    lines = err.splitlines()
    assert len(lines) == 2, err
    (in_folder,) = (line for line in lines if FOLDER_COPY in line)
    (as_link,) = (line for line in lines if LINK_COPY in line)
    assert "is a folder" in in_folder and "is a symbolic link" in as_link
    for line in lines:
        assert "the session is made of its other logs" in line
        assert "doctor --fix` leaves it where it is" in line, "never promised to be moved"
    assert main(["conflicts", "--db", str(path)]) == 0
    assert "No session waits for a decision" in capsys.readouterr().out
    with Store(path) as store:
        assert store.record(session_id, UPPED_2).rounds == [MADE_3, UPPED_2]
        assert sorted(file.name for file in store.damaged()) == sorted(
            [folder.name, f"{session_id}.{PEER}.{LINK_COPY}.json"]
        )
    untouched(folder, outside)


def test_doctor_names_them_and_its_fix_leaves_them_where_they_are(
    odd_copies: tuple[Path, str, Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    path, session_id, folder, outside = odd_copies
    link = path / "logs" / f"{session_id}.{PEER}.{LINK_COPY}.json"
    assert main(["doctor", "--db", str(path)]) == 0, "nothing for --fix to do"
    out = capsys.readouterr().out
    for name in (folder.name, link.name):
        (line,) = (line for line in out.splitlines() if name in line)
        assert "a sync engine's copy of a log, which doctor leaves where it is" in line
        assert "--keep" not in line
    main(["doctor", "--db", str(path), "--fix"])
    assert folder.is_dir() and link.is_symlink() and os.readlink(link) == str(outside)
    assert not (path / "damaged").exists()
    untouched(folder, outside)
    with Store(path, readonly=True) as store:
        assert store.load(session_id).rounds == [MADE_3]
