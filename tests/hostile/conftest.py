"""Every hostile test gets its own store folder and working folder, never the person's own;
every frame is worked out in full."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def away_from_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "default-store"))
    monkeypatch.chdir(tmp_path)


@pytest.fixture(autouse=True)
def frames_unsent() -> None:
    """Every frame worked out as the app works it out for a terminal, unlike the other
    tests (``tests/conftest.py``): a drawing that breaks is what these tests look for."""
