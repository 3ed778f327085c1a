"""Exporting in a process of its own: a progress bar, Esc stops with the folder as it was, and a
damaged file found on the way is reported while the app goes on."""

from __future__ import annotations

import asyncio
import csv
import os
import sys
from pathlib import Path

import pytest
from textual.widgets import Input, ProgressBar

from scorekeeper.session import Session
from scorekeeper.settings import remember_currency
from scorekeeper.store import Store
from screens import export_progress
from screens.app import ScorekeeperApp
from screens.export_progress import ExportProgress
from screens.home import HomeScreen
from tests.factories import file_of
from tests.ui.play import export_all, said, settled


def hot_rum(*players: str) -> Session:
    return Session.new("hot-rum", list(players))


def toasts(app: ScorekeeperApp) -> list[str]:
    return [str(toast.render()) for toast in app.screen.query("Toast")]


async def test_esc_stops_a_long_export_and_the_last_export_stays_as_it_was(
    store: Store, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for name in ("Ann", "Bob", "Cy"):
        store.add(hot_rum(name, "Max"))
    Path("exports").mkdir()
    for file in ("sessions.csv", "rounds.csv"):
        Path("exports", file).write_text(f"the last export's {file}")
    gate = tmp_path / "gate"
    os.mkfifo(gate)
    held = [sys.executable, str(Path(__file__).with_name("held_export.py")), str(gate)]
    monkeypatch.setattr(export_progress, "EXPORTER", held)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("ctrl+e")
        await pilot.pause()
        await pilot.press("enter")  # the folder offered: exports
        assert isinstance(app.screen, ExportProgress)
        bar = app.screen.query_one(ProgressBar)
        while bar.progress < 1:
            await pilot.pause()
        assert bar.total == 3 and bar.progress == 1, "one of three sessions written"
        await pilot.press("escape")
        assert isinstance(app.screen, ExportProgress), "waits to hear the export stopped"
        with open(gate, "wb"):
            pass  # the exporting process reads its second session, then stops
        await settled(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert any("Export stopped" in toast for toast in toasts(app))
    for file in ("sessions.csv", "rounds.csv"):
        assert Path("exports", file).read_text() == f"the last export's {file}"
    assert sorted(path.name for path in Path("exports").iterdir()) == [
        "rounds.csv",
        "sessions.csv",
    ], "nothing new, not even a temporary file"


async def quit_mid_export(store: Store) -> asyncio.subprocess.Process:
    """The app closed as soon as its export started: the exporting process."""
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+e")
        await pilot.pause()
        await pilot.press("enter")
        exporting = app.screen
        assert isinstance(exporting, ExportProgress)
        while exporting.exporter is None:
            await pilot.pause()
    return exporting.exporter


async def test_an_export_under_way_when_the_app_closes_ends_with_it(store: Store) -> None:
    """Quitting mid-export asks the exporting process to stop and waits for it: no export
    goes on writing after the app is gone, none is left for the garbage collector."""
    for name in ("Ann", "Bob", "Cy"):
        store.add(hot_rum(name, "Max"))
    exporter = await quit_mid_export(store)
    assert exporter.returncode is not None, "the exporting process has ended"


async def test_an_export_that_does_not_stop_when_the_app_closes_is_killed(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process that no longer reads its stdin (hung) never holds the app's exit up."""
    store.add(hot_rum("Ann", "Max"))
    hung = [sys.executable, "-c", "import time; time.sleep(120)"]
    monkeypatch.setattr(export_progress, "EXPORTER", hung)
    monkeypatch.setattr(export_progress, "STOP_WAIT", 0.2)
    exporter = await quit_mid_export(store)
    assert exporter.returncode is not None, "the hung process was killed"


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
            file_of(store.path, damaged).write_bytes(b"\x00" * 16)
            app.screen.query_one("#filter", Input).value = "max"
            await export_all(pilot)
            assert isinstance(app.screen, HomeScreen)
            assert any("Export failed" in toast and damaged in toast for toast in toasts(app))
            await pilot.press("ctrl+n")
            await pilot.pause()
            assert app.screen.__class__.__name__ == "NewSessionScreen", "the app still answers"
    assert not Path("exports").exists()


async def test_an_export_that_dies_is_reported_and_the_app_goes_on(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.add(hot_rum("Ann", "Max"))
    crashing = [sys.executable, "-c", "import sys; sys.exit('out of memory')"]
    monkeypatch.setattr(export_progress, "EXPORTER", crashing)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await export_all(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert any("Export failed" in t and "out of memory" in t for t in toasts(app))
    assert not Path("exports").exists()


async def test_the_export_names_the_currency_the_table_set(tmp_path: Path) -> None:
    """A game saved while money read "$0.25" is listed and exported at a table since set
    to kronor in kronor, its options' words too; from a store folder named like an
    option, which the exporting process is still handed as a folder."""
    with Store(Path("-db")) as store:  # relative to this test's own working folder
        store.add(Session.new("racehorse", ["Ann", "Bob", "Cy", "Di", "Ed"], options={"stake": 25}))
        remember_currency(store, "kr", True)
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await pilot.pause()
            assert "stake 0,25 kr/point" in said(pilot, "#under")
            await export_all(pilot)
            assert any("Wrote" in toast for toast in toasts(app)), toasts(app)
    assert len(list(Path("exports").glob("*-all-rounds.csv"))) == 1
    (written,) = Path("exports").glob("*-all-sessions.csv")
    with open(written, encoding="utf-8-sig", newline="") as handle:
        (row,) = csv.DictReader(handle)
    assert (row["unit"], row["currency"]) == ("money", "kr")
    assert row["options"] == "stake 0,25 kr/point"
