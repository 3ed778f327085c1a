"""An export replaces both CSV files or neither, and says exactly what changed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.reports.export import export
from scorekeeper.store import Store, StoreError
from tests.factories import MADE_3, racehorse

OLD = "an earlier export, kept\n"


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    with Store(tmp_path / "db") as store:
        store.add(racehorse(MADE_3))
    return tmp_path / "db"


def test_sessions_csv_being_a_folder_replaces_nothing_and_says_so(
    store_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    (out / "sessions.csv").mkdir(parents=True)
    (out / "rounds.csv").write_text(OLD)
    assert main(["export", "--db", str(store_path), "--out", str(out)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"{out / 'sessions.csv'} cannot be replaced" in captured.err
    assert "Nothing was replaced" in captured.err
    assert captured.err.count("\n") == 1
    assert (out / "rounds.csv").read_text() == OLD
    assert sorted(path.name for path in out.iterdir()) == ["rounds.csv", "sessions.csv"]


def test_rounds_csv_being_a_folder_replaces_nothing_either(
    store_path: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    (out / "rounds.csv").mkdir(parents=True)
    (out / "sessions.csv").write_text(OLD)
    with Store(store_path, readonly=True) as store, pytest.raises(StoreError) as refused:
        export(store, out)
    assert "Nothing was replaced" in str(refused.value)
    assert (out / "sessions.csv").read_text() == OLD


def test_when_the_second_replacement_fails_the_first_file_is_put_back(
    store_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "sessions.csv").write_text(OLD)
    (out / "rounds.csv").write_text(OLD)
    real_replace = os.replace

    def replace(source: object, target: object) -> None:
        if Path(str(target)).name == "rounds.csv":
            raise PermissionError(13, "Permission denied")
        real_replace(source, target)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", replace)
    with Store(store_path, readonly=True) as store, pytest.raises(StoreError) as refused:
        export(store, out)
    assert "Nothing was replaced" in str(refused.value)
    assert "Permission denied" in str(refused.value)
    assert (out / "sessions.csv").read_text() == OLD
    assert (out / "rounds.csv").read_text() == OLD
    assert sorted(path.name for path in out.iterdir()) == ["rounds.csv", "sessions.csv"]


def test_when_nothing_existed_a_failed_second_file_leaves_no_first(
    store_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    real_replace = os.replace

    def replace(source: object, target: object) -> None:
        if Path(str(target)).name == "rounds.csv":
            raise OSError(28, "No space left on device")
        real_replace(source, target)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", replace)
    with Store(store_path, readonly=True) as store, pytest.raises(StoreError, match="Nothing"):
        export(store, out)
    assert not out.exists(), "nor the folder it made"
