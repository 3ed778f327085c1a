"""The export key replaced by a named pipe: the app's export neither waits on it nor keeps
quiet about it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from tests.ui.play import export_all


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
async def test_an_export_with_a_fifo_for_a_key_is_written_and_says_so(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tmp_path / "config"
    config.mkdir()
    os.mkfifo(config / "export.key")
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(config))
    store.add(Session.new("hot-rum", ["Ann", "Bob"]))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await export_all(pilot)
        (said,) = [str(toast.render()) for toast in app.screen.query("Toast")]
    assert "Wrote " in said and "is a named pipe (FIFO), not a file" in said
    assert len(list(Path("exports").glob("*.csv"))) == 2
