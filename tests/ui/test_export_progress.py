"""Exporting in a worker: a progress bar, Esc stops with the folder as it was, and a
damaged file found on the way is reported while the app goes on."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, ProgressBar

from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.export_progress import ExportProgress
from screens.home import HomeScreen
from tests.ui.play import settled


def hot_rum(*players: str) -> Session:
    return Session.new("hot-rum", list(players))


def toasts(app: ScorekeeperApp) -> list[str]:
    return [str(toast.render()) for toast in app.screen.query("Toast")]


async def test_esc_stops_a_long_export_and_the_last_export_stays_as_it_was(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("Ann", "Bob", "Cy"):
        store.add(hot_rum(name, "Max"))
    Path("exports").mkdir()
    for file in ("sessions.csv", "rounds.csv"):
        Path("exports", file).write_text(f"the last export's {file}")
    reached, release = threading.Event(), threading.Event()
    load = Store.load

    def slow_load(self: Store, session_id: str) -> Any:
        if reached.is_set():
            release.wait(10)
        reached.set()
        return load(self, session_id)

    monkeypatch.setattr(Store, "load", slow_load)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("ctrl+e")
        await pilot.pause()
        await pilot.press("enter")  # the folder offered: exports
        while not reached.is_set():
            await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ExportProgress)
        bar = app.screen.query_one(ProgressBar)
        assert bar.total == 3 and bar.progress == 1, "one of three sessions written"
        await pilot.press("escape")
        release.set()
        await settled(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert any("Export stopped" in toast for toast in toasts(app))
    for file in ("sessions.csv", "rounds.csv"):
        assert Path("exports", file).read_text() == f"the last export's {file}"
    assert sorted(path.name for path in Path("exports").iterdir()) == [
        "rounds.csv",
        "sessions.csv",
    ], "nothing new, not even a temporary file"


async def test_a_damaged_file_found_mid_export_is_reported_and_the_app_goes_on(
    tmp_path: Path,
) -> None:
    with Store(tmp_path / "db") as store:
        store.add(hot_rum("Ann", "Max"))
        damaged = store.add(hot_rum("Bob", "Max"))
    with Store(tmp_path / "db") as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settled(pilot)
            (store.path / "sessions" / f"{damaged}.json").write_bytes(b"\x00" * 16)
            app.screen.query_one("#filter", Input).value = "max"
            await pilot.press("ctrl+e")
            await pilot.pause()
            await pilot.press("enter")
            await settled(pilot)
            assert isinstance(app.screen, HomeScreen)
            assert any("Export failed" in toast and damaged in toast for toast in toasts(app))
            await pilot.press("ctrl+n")
            await pilot.pause()
            assert app.screen.__class__.__name__ == "NewSessionScreen", "the app still answers"
    assert not Path("exports").exists()
