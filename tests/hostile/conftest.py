"""Every hostile test gets its own store folder and working folder."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def away_from_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "default-store"))
    monkeypatch.chdir(tmp_path)
