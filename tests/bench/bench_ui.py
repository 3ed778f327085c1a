"""UI figures: how soon Home is on screen, and how soon a recorded round is saved and shown.

Goals:
- the list painted (its first screenful) with 10,000 sessions stored within 1.2x of an
  empty store's Home;
- recording a round (the Enter keypress to the round saved and the table repainted), a hand
  after the last (a few seconds): worst 33 ms (two frames) with 1,000 sessions stored;
  opening its entry (r) is printed beside it;
- exporting all 10,000 sessions from Home: the event loop never held up over 50 ms (no
  frame gap), with the progress bar moving.

Start is measured from opening the store to the first frame the headless driver receives
of the Home screen (imports are done before; they cost the same either way). Home reads
its first screenful from the store's recent file before its first frame and the rest in a
worker after it, so the time to the frame with the list is printed too.
Stored sessions are copies of one 30-round Racehorse session file, and the store's index
is built once before timing, as it is after any earlier run of the app.

Run: .venv/bin/python tests/bench/bench_ui.py [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from textual import events
from textual.screen import Screen
from textual.widgets import ProgressBar

from scorekeeper import Session
from scorekeeper.reports.rows import KEEPER
from scorekeeper.store import Store, sidecar
from scorekeeper.store.stamp import RACY_NS
from screens.app import ScorekeeperApp
from screens.home import HomeScreen
from screens.rounds.base import RoundEntry
from screens.table import TableScreen

SIX = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
ROUNDS = 30


def racehorse_round(number: int) -> dict[str, Any]:
    return {"pitcher": SIX[number % 6], "bid": 2 + number % 4, "made": number % 3 != 0}


def build(folder: Path, count: int) -> None:
    """A store of ``count`` sessions: one written by the store, the rest copies of its log,
    each with the export rows a save keeps beside it."""
    played = Session.new("racehorse", list(SIX))
    for number in range(ROUNDS):
        played.record(racehorse_round(number))
    beside = sidecar.Sidecar(KEEPER)
    with Store(folder, keeper=KEEPER) as store:
        if count:
            laptop = store.laptop.id
            first = folder / "logs" / f"{store.add(played)}.{laptop}.json"
            for copy in range(count - 1):
                file = first.with_name(f"copy-{copy:06d}.{laptop}.json")
                shutil.copyfile(first, file)
                beside.keep(file, f"copy-{copy:06d}", played, [(laptop, file)])
    with Store(folder) as store:
        assert len(store.summaries()) == count


class Painted:
    """Records when the headless driver is handed a frame, and of which kind of screen
    (the kind alone: holding each screen would keep every closed round entry alive, and
    the collector's passes would grow with them)."""

    def __init__(self, app: ScorekeeperApp) -> None:
        self.frames: list[tuple[float, type[Screen[Any]]]] = []
        display = app._display

        def record(screen: Screen[Any], renderable: Any) -> None:
            self.frames.append((time.perf_counter(), type(screen)))
            display(screen, renderable)

        app._display = record  # type: ignore[method-assign]

    def first(self, kind: type[Screen[Any]], after: float = 0.0) -> float | None:
        return next(
            (t for t, screen in self.frames if issubclass(screen, kind) and t > after), None
        )


async def start_ms(folder: Path) -> tuple[float, float]:
    """Milliseconds to the first frame of Home, and to the first frame with its list."""
    started = time.perf_counter()
    with Store(folder) as store:
        app = ScorekeeperApp(store)
        painted = Painted(app)
        async with app.run_test(size=(80, 24)):
            home = app.screen
            while not isinstance(home, HomeScreen) or not (home.loaded or home.listing.shown):
                await asyncio.sleep(0)
                home = app.screen
            loaded = time.perf_counter()
            while painted.first(HomeScreen, after=loaded) is None:
                await asyncio.sleep(0)
            await app.workers.wait_for_complete()
            while len(home.listing.shown) < min(len(home.listing.summaries), 200):
                await asyncio.sleep(0)  # the rows under the first screenful, once it is out
    first = painted.first(HomeScreen)
    listed = painted.first(HomeScreen, after=loaded)
    assert first is not None and listed is not None
    return (first - started) * 1000, (listed - started) * 1000


async def record_ms(
    folder: Path, samples: int, apart: float = 0.0
) -> tuple[list[float], list[float]]:
    """Time r until the round entry is drawn, type the round, then time Enter until it is
    saved and the table repainted: the milliseconds of each opening, and of each Enter.
    ``apart``: seconds from one round saved to the next Enter, as a hand is played between
    (a round saved within ``stamp.RACY_NS`` of the last is looked for with a sweep of the
    whole folder, as a change that recent cannot be vouched for)."""
    openings, timings = [], []
    with Store(folder) as store:
        app = ScorekeeperApp(store)
        painted = Painted(app)
        async with app.run_test(size=(80, 24)) as pilot:
            # Enter once a row is listed, as a person sees it: a store just made has no
            # first screenful kept yet, and Home lists it from its worker.
            while not isinstance(home := app.screen, HomeScreen) or not home.listing.shown:
                await asyncio.sleep(0)
            await pilot.press("enter")
            await pilot.pause()
            table = app.screen
            assert isinstance(table, TableScreen)
            assert app._driver is not None
            for _ in range(samples):
                before = len(table.session.rounds)
                pressed = time.perf_counter()
                app._driver.send_message(events.Key("r", "r"))
                while (opened := painted.first(RoundEntry, after=pressed)) is None:
                    await asyncio.sleep(0)
                openings.append((opened - pressed) * 1000)
                await pilot.pause()
                await pilot.press("b", "down", "3", "down", "m")
                await pilot.pause()
                await asyncio.sleep(apart)
                pressed = time.perf_counter()
                app._driver.send_message(events.Key("enter", "\r"))
                while True:
                    await asyncio.sleep(0)
                    shown = painted.first(TableScreen, after=pressed)
                    if shown is not None and len(table.session.rounds) == before + 1:
                        break
                assert len(store.load(table.session_id).rounds) == before + 1
                timings.append((shown - pressed) * 1000)
                await pilot.pause()
    return openings, timings


async def held_up(seconds: float, tick: float = 0.005) -> float:
    """The longest the event loop was late for a ``tick`` sleep over ``seconds`` (ms)."""
    worst, until = 0.0, time.perf_counter() + seconds
    while time.perf_counter() < until:
        before = time.perf_counter()
        await asyncio.sleep(tick)
        worst = max(worst, time.perf_counter() - before - tick)
    return worst * 1000


async def export_stalls(
    folder: Path, idle_for: float
) -> tuple[float, float, float, float, int, float]:
    """Export every session from Home (Ctrl+E, Enter) and watch the event loop meanwhile:
    the longest it was held up past a 5 ms tick, in all and while the bar moves (from its
    first step until full: before, the dialog is being put up; after, the files are
    written and nothing on screen changes), the longest gap between frames while the bar
    moves, the export's wall time (ms), how many frames the bar drew meanwhile, and the
    longest hold up over ``idle_for`` seconds of the same app idle just before (what the
    machine itself costs)."""
    with Store(folder) as store:
        app = ScorekeeperApp(store)
        painted = Painted(app)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await app.workers.wait_for_complete()
            idle = await held_up(idle_for)
            await pilot.press("ctrl+e")
            await pilot.pause()
            painted.frames.clear()
            moved = filled = float("inf")
            late: list[tuple[float, float]] = []
            started = time.perf_counter()
            app._driver.send_message(events.Key("enter", "\r"))  # type: ignore[union-attr]
            tick = 0.005
            while True:
                before = time.perf_counter()
                await asyncio.sleep(tick)
                late.append((before, time.perf_counter() - before - tick))
                exporting = any(
                    worker.group == "export" and not worker.is_finished for worker in app.workers
                )
                bars = app.screen.query(ProgressBar)
                if bars:
                    bar = bars.first()
                    if bar.progress and moved == float("inf"):
                        moved = time.perf_counter()
                    if bar.percentage == 1 and filled == float("inf"):
                        filled = time.perf_counter()
                if not exporting and time.perf_counter() - started > 0.5:
                    break
            took = time.perf_counter() - started
            moving = [moment for moment, _ in painted.frames if moved <= moment <= filled]
            gaps = [later - earlier for earlier, later in itertools.pairwise(moving)]
    worst = max(held for _, held in late)
    worst_moving = max((held for at, held in late if moved <= at <= filled), default=0.0)
    return (
        worst * 1000,
        worst_moving * 1000,
        max(gaps, default=0.0) * 1000,
        took * 1000,
        len(moving),
        idle,
    )


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="tiny stores, to check it runs")
    args = parser.parse_args(argv)
    many, some, runs, samples = (30, 10, 2, 2) if args.quick else (10_000, 1_000, 5, 15)
    apart = 0.0 if args.quick else RACY_NS / 1e9 + 0.5
    idle_for = 0.1 if args.quick else 3.0
    root = Path(tempfile.mkdtemp(prefix="bench-ui-"))
    try:
        empty, full, middle = root / "empty", root / "many", root / "some"
        build(empty, 0)
        build(full, many)
        build(middle, some)
        empty_ms, full_ms, empty_list_ms, full_list_ms = [], [], [], []
        for _ in range(runs):
            first, listed = asyncio.run(start_ms(empty))
            empty_ms.append(first)
            empty_list_ms.append(listed)
            first, listed = asyncio.run(start_ms(full))
            full_ms.append(first)
            full_list_ms.append(listed)
        opened, recorded = asyncio.run(record_ms(middle, samples, apart))
        stall, moving_stall, gap, export_took, frames, idle = asyncio.run(
            export_stalls(full, idle_for)
        )
    finally:
        shutil.rmtree(root)
    figures = {
        "start_empty_ms": statistics.median(empty_ms),
        "start_full_ms": statistics.median(full_ms),
        "list_empty_ms": statistics.median(empty_list_ms),
        "list_full_ms": statistics.median(full_list_ms),
        "open_ms": statistics.median(opened),
        "open_worst_ms": max(opened),
        "record_ms": statistics.median(recorded),
        "record_worst_ms": max(recorded),
        "export_stall_ms": stall,
        "export_moving_stall_ms": moving_stall,
        "export_frame_gap_ms": gap,
        "export_ms": export_took,
    }
    ratio = figures["start_full_ms"] / figures["start_empty_ms"]
    listed = figures["list_full_ms"] / figures["list_empty_ms"]
    print(f"start to painted Home, empty store:      {figures['start_empty_ms']:7.1f} ms")
    print(f"start to painted Home, {many:>6,} sessions: {figures['start_full_ms']:7.1f} ms")
    print(f"ratio: {ratio:.2f}x (goal <= 1.2x)")
    print(
        f"start to the list painted: empty {figures['list_empty_ms']:.1f} ms, "
        f"{many:,} sessions {figures['list_full_ms']:.1f} ms: {listed:.2f}x (goal <= 1.2x)"
    )
    print(
        f"open a round entry (r to the entry drawn; Racehorse, 6 players): median "
        f"{figures['open_ms']:.1f} ms, worst {figures['open_worst_ms']:.1f} ms (no goal)"
    )
    print(
        f"record a round with {some:,} sessions stored, {apart:.1f} s after the last, Enter "
        "to saved and repainted: "
        f"median {figures['record_ms']:.1f} ms, worst {figures['record_worst_ms']:.1f} ms "
        "(goal: worst <= 33 ms)"
    )
    print(
        f"export all {many:,} sessions from Home: {figures['export_ms'] / 1000:.1f} s; "
        f"event loop held up at most {stall:.1f} ms ({moving_stall:.1f} ms while the bar "
        f"moved), longest gap between its {frames} frames {gap:.1f} ms (goal: no gap over "
        f"50 ms); the same app idle: held up at most {idle:.1f} ms"
    )
    return figures


if __name__ == "__main__":
    main()
