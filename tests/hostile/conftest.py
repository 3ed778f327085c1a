"""Every hostile test gets its own store folder and working folder, never the person's own;
the table's collection after an entry closes waits as in the UI tests (``tests/ui/conftest.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper import collector
from scorekeeper.store import Store
from tests.ui.conftest import COLLECT_AFTER_IN_TESTS


@pytest.fixture(autouse=True)
def away_from_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "default-store"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(collector, "FULL_PASS_AFTER", COLLECT_AFTER_IN_TESTS)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """An empty store of the test's own, open for writing."""
    with Store(tmp_path / "db") as opened:
        yield opened
