"""A store folder a peer filled with junk ``*.json`` files named like sessions: each
command says what is wrong in one line per kind of trouble, not a line per file, and a
file found damaged is not read again until it changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.store import Store, documents
from tests.factories import MADE_3, racehorse


@pytest.fixture
def junk(tmp_path: Path) -> tuple[Path, str]:
    with Store(tmp_path) as store:
        kept = store.add(racehorse(MADE_3))
    for number in range(60):
        damage = b"{not json" if number % 2 else b'{"schema": 1}'
        (tmp_path / "sessions" / f"junk{number:03d}.json").write_bytes(damage)
    (tmp_path / "sessions" / "lone.json").write_bytes(b"")
    return tmp_path, kept


@pytest.mark.parametrize("command", ["list", "stats", "settle"])
def test_sixty_junk_files_are_two_lines_and_the_real_session_still_counts(
    junk: tuple[Path, str], command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path, kept = junk
    assert main([command, "--db", str(path)]) == 0
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert len(lines) == 3, err
    assert any(line.startswith("scorekeeper: 30 session files cannot be used") for line in lines)
    assert sum("30 session files" in line for line in lines) == 2
    assert any("lone.json" in line and "doctor --fix" in line for line in lines)
    if command == "list":
        assert kept in out


def test_a_damaged_file_is_read_once_not_at_every_look(
    junk: tuple[Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, _ = junk
    with Store(path) as store:
        assert len(store.damaged()) == 61
    reads: list[Path] = []
    real = documents.read

    def counted(file: Path, *args: object, **kwargs: object) -> object:
        reads.append(file)
        return real(file, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(documents, "read", counted)
    for readonly in (True, False):
        with Store(path, readonly=readonly) as store:
            assert len(store.summaries()) == 1 and len(store.damaged()) == 61
    assert reads == []
    (path / "sessions" / "lone.json").write_bytes(b"[]")
    with Store(path, readonly=True) as store:
        assert len(store.damaged()) == 61
    assert [file.name for file in reads] == ["lone.json"], "read again once it changed"
