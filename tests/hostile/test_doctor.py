"""``scorekeeper doctor``: says in plain words what is wrong; ``--fix`` puts a good backup
back, moves what cannot be repaired to damaged/ and never deletes anything."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.store import Store, StoreDamaged, machine
from tests.factories import MADE_3, UPPED_2, file_of
from tests.hostile.stores import two_sessions


def everything_in(path: Path) -> dict[str, bytes]:
    """Every file's bytes, wherever doctor may have moved it: nothing may disappear."""
    return {
        entry.name: entry.read_bytes()
        for entry in sorted(path.rglob("*"))
        if entry.is_file() and not entry.is_symlink() and entry.parent.name != "db"
    }


def doctor(path: Path, capsys: pytest.CaptureFixture[str], *fix: str) -> tuple[int, str, str]:
    status = main(["doctor", "--db", str(path), *fix])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_healthy_store_is_said_to_be_fine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    two_sessions(tmp_path / "db")
    assert doctor(tmp_path / "db", capsys) == (0, f"All files in {tmp_path / 'db'} are fine.\n", "")


def test_a_damaged_session_gets_its_good_backup_back_and_is_kept_aside(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "db"
    hit, spared = two_sessions(path)
    file = file_of(path, hit)
    damaged = file.read_bytes()[:40]
    file.write_bytes(damaged)

    status, out, _ = doctor(path, capsys)
    assert status == 1
    assert out.splitlines()[0] == (
        f"{file} is cut short: it ends in the middle of the data. Fix: put back "
        f"{file.name}.bak, the version before the last save; keep this one in damaged/."
    )
    assert file.read_bytes() == damaged, "without --fix nothing changes"

    status, out, _ = doctor(path, capsys, "--fix")
    assert status == 0
    assert f"put back {file.name}.bak as {file}" in out
    assert "rebuilt" in out
    kept = list((path / "damaged").iterdir())
    assert [entry.read_bytes() for entry in kept] == [damaged]
    with Store(path, readonly=True) as reader:
        assert reader.load(hit).rounds == [MADE_3]
        assert reader.load(spared).rounds == [MADE_3, UPPED_2]
    assert doctor(path, capsys)[0] == 0


def test_a_damaged_backup_is_never_put_back_nor_recommended(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "db"
    hit, spared = two_sessions(path)
    file = file_of(path, hit)
    backup = file.with_suffix(".json.bak")
    file.write_bytes(b"\x00" * 30)
    backup.write_bytes(b'{"events": {"1": {"id": "')
    before = everything_in(path)

    with Store(path, readonly=True) as reader, pytest.raises(StoreDamaged) as refused:
        reader.load(hit)
    assert "no good backup" in str(refused.value)
    assert "puts back" not in str(refused.value)
    assert refused.value.backup is None

    status, out, _ = doctor(path, capsys)
    assert f"{backup} (a backup) is cut short" in out
    assert "no good backup" in out
    status, out, _ = doctor(path, capsys, "--fix")
    assert status == 0
    assert sorted(everything_in(path).values()) == sorted(before.values()), "nothing deleted"
    assert not file.exists() and not backup.exists()
    with Store(path, readonly=True) as reader:
        assert [summary.id for summary in reader.summaries()].count(spared) == 1
        assert reader.damaged() == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_what_is_not_a_file_is_moved_aside_and_the_index_rebuilt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A FIFO as this laptop's log of a session is moved aside; one as another laptop's log
    is named and left where it is (moving it would reach that laptop as a deletion)."""
    path = tmp_path / "db"
    two_sessions(path)
    mine = machine.laptop(path).id
    os.mkfifo(path / "logs" / f"cafe.{mine}.json")
    os.mkfifo(path / "logs" / "beef.aaaaaaaaaa.json")
    (path / "index.json").write_text('{"schema": 1, "sessions": {"x": [1, 2]}}')
    status, out, _ = doctor(path, capsys)
    assert status == 1
    assert f"cafe.{mine}.json is a named pipe (FIFO)" in out
    other = [line for line in out.splitlines() if "beef.aaaaaaaaaa.json" in line]
    assert len(other) == 1 and "is a named pipe (FIFO)" in other[0]
    assert "another laptop's log of session beef" in other[0]
    assert f"{path / 'index.json'} holds entries scorekeeper does not write. Fix: rebuild" in out
    status, out, _ = doctor(path, capsys, "--fix")
    assert status == 0
    (aside,) = (path / "damaged").iterdir()
    assert aside.name.startswith(f"cafe.{mine}.json") and stat.S_ISFIFO(os.lstat(aside).st_mode)
    assert stat.S_ISFIFO(os.lstat(path / "logs" / "beef.aaaaaaaaaa.json").st_mode)
    assert doctor(path, capsys)[0] == 0, "nothing left for --fix to do"
    status, out, _ = doctor(path, capsys)
    assert [line.split(" is ")[0] for line in out.splitlines()] == [
        str(path / "logs" / "beef.aaaaaaaaaa.json")
    ]


def test_fix_waits_for_the_app_to_close(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "db"
    hit, _ = two_sessions(path)
    file_of(path, hit).write_bytes(b"")
    with Store(path):
        status, _, err = doctor(path, capsys, "--fix")
    assert status == 1
    assert "already open for writing" in err
    assert file_of(path, hit).read_bytes() == b""


def test_the_app_names_the_command_for_a_damaged_file(tmp_path: Path) -> None:
    path = tmp_path / "db"
    hit, _ = two_sessions(path)
    file_of(path, hit).write_bytes(b"{")
    with Store(path) as store:
        (damaged,) = store.damaged()
        with pytest.raises(StoreDamaged) as refused:
            store.load(hit)
    assert damaged == file_of(path, hit)
    assert "scorekeeper doctor --fix" in refused.value.message
