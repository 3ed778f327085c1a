"""Store figures for 10, 1,000 and 10,000 sessions of 30 Racehorse rounds x 6 players,
through the store's public API only (``Store``: add, record, load, summaries), so the
figures hold whatever the files inside the store become. The sessions are added as the
app adds them, their export rows kept beside them (``open_store``), so the export reads
them as it reads the app's.

Targets, as ratios measured in the same run:
- recording a round costs at most 2x the fsync floor: an atomic durable write of a small
  file (temp file, fsync, os.replace, fsync of the folder) on the same disk, interleaved,
  the ratio taken pair by pair (the record's processor time printed beside it: a disk
  others write to at once slows both, a busy processor only the record);
- one Enter to disk (one ``record``) makes at most 300 calls into the project's own
  modules (counted with ``sys.setprofile``, on the store of 10);
- recording a round with 10,000 sessions stored costs at most 1.5x recording with 10;
- opening and listing 10,000 sessions takes under 100 ms;
- the first reader after a writer added 2,000 sessions (an import) costs about what the
  next reader does;
- exporting every session (CSV) takes under 3 s with 10,000 stored.

Run: .venv/bin/python tests/bench/bench_store.py [--quick] [--dir FOLDER] [--shared]
(``--shared``: the store holds ``shared``, as a store on a cloud drive does, so what
belongs to this laptop is kept in a temporary state folder.)
The store grows in a temporary folder under --dir (default: the system temp folder; put
it on the disk you care about). Building 10,000 sessions writes 10,000 fsynced files.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any, NamedTuple
from unittest import mock

import scorekeeper
from scorekeeper import Session
from scorekeeper.reports.export import export
from scorekeeper.reports.rows import open_store
from scorekeeper.store import Store

SIX = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
ROUNDS = 30
FLOOR_BYTES = b"x" * 512
"""The small file of the fsync floor: what any durable save writes at the least."""
PACKAGE = str(Path(scorekeeper.__file__).parent)
STORE_PACKAGE = str(Path(PACKAGE, "store"))


def racehorse_round(number: int) -> dict[str, Any]:
    return {"pitcher": SIX[number % 6], "bid": 2 + number % 4, "made": number % 3 != 0}


def bare_write(path: Path, data: bytes) -> None:
    """The yardstick: the least a durable atomic save can do."""
    temp = path.with_name(path.name + ".tmp")
    descriptor = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        os.write(descriptor, data)
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
    os.replace(temp, path)
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def timed(action: Callable[..., object], *args: Any) -> float:
    start = time.perf_counter()
    action(*args)
    return time.perf_counter() - start


def grow(folder: Path, count: int, played: Session) -> None:
    with open_store(folder) as store:
        missing = count - len(store.summaries())
        for _ in range(missing):
            store.add(played)


def open_and_list(folder: Path, readonly: bool) -> int:
    with Store(folder, readonly=readonly) as store:
        return len(store.summaries())


def record_against_bare(
    folder: Path, samples: int, pick: random.Random
) -> tuple[float, float, float, float]:
    """Median ms of recording one round into an open session, and of the fsync floor (a
    small file written durably beside the store), interleaved so both meet the same
    disk weather; the median of their ratios, pair by pair; and the median processor
    time of a record (on a machine others share, what moves least with their load)."""
    recorded: list[float] = []
    processor: list[float] = []
    bare: list[float] = []
    yardstick = folder.with_name(folder.name + ".floor")  # beside the store, on its disk
    with Store(folder) as store:
        ids = [summary.id for summary in store.summaries()]
        chosen = [pick.choice(ids) for _ in range(samples)]
        store.record(chosen[0], racehorse_round(ROUNDS))
        for session_id in chosen:
            session = store.load(session_id)
            next_round = racehorse_round(len(session.rounds))
            started = time.process_time()
            recorded.append(timed(store.record, session_id, next_round))
            processor.append(time.process_time() - started)
            bare.append(timed(bare_write, yardstick, FLOOR_BYTES))
    yardstick.unlink()
    ratios = [mine / floor for mine, floor in zip(recorded, bare, strict=True)]
    return median_ms(recorded), median_ms(bare), statistics.median(ratios), median_ms(processor)


class Calls(NamedTuple):
    """Calls into scorekeeper's own modules, and how many of its modules they reach."""

    calls: int
    modules: int
    store_modules: int


def project_calls(action: Callable[[], object]) -> Calls:
    """What ``action`` calls of scorekeeper's own (Python functions, counted with
    ``sys.setprofile``)."""
    calls = 0
    modules: set[str] = set()

    def counted(frame: FrameType, event: str, _: object) -> None:
        nonlocal calls
        name = frame.f_code.co_filename
        if event == "call" and name.startswith(PACKAGE):
            calls += 1
            modules.add(name)

    sys.setprofile(counted)
    try:
        action()
    finally:
        sys.setprofile(None)
    store_modules = [name for name in modules if name.startswith(STORE_PACKAGE)]
    return Calls(calls, len(modules), len(store_modules))


def calls_per_record(folder: Path) -> Calls:
    """What one Enter to disk calls: ``record`` of a round into an open session, after
    one record that warms every cache."""
    with Store(folder) as store:
        session_id = store.summaries()[0].id
        store.record(session_id, racehorse_round(len(store.load(session_id).rounds)))
        next_round = racehorse_round(len(store.load(session_id).rounds))
        return project_calls(lambda: store.record(session_id, next_round))


def after_bulk_add(folder: Path, added: int, played: Session) -> tuple[float, float]:
    """A writer adds ``added`` sessions without listing them (an import), then closes: ms
    of the first reader's open+list and of the next one's."""
    with mock.patch("os.fsync"), Store(folder) as store:
        for _ in range(added):
            store.add(played)
    first = timed(open_and_list, folder, True)
    then = timed(open_and_list, folder, True)
    return first * 1000, then * 1000


def measure(folder: Path, size: int, played: Session, quick: bool) -> dict[str, float]:
    pick = random.Random(size)
    grow(folder, size, played)
    open_and_list(folder, readonly=False)
    repeats = 3 if quick else 9
    listed = [timed(open_and_list, folder, True) for _ in range(repeats)]
    app = [timed(open_and_list, folder, False) for _ in range(repeats)]
    record_ms, bare_ms, ratio, cpu_ms = record_against_bare(folder, 5 if quick else 41, pick)
    calls, modules, store_modules = calls_per_record(folder)
    out = Path(tempfile.mkdtemp(prefix="bench-export-"))
    try:
        with open_store(folder, readonly=True) as store:
            export_s = timed(export, store, out)
    finally:
        shutil.rmtree(out)
    return {
        "record_ms": record_ms,
        "bare_ms": bare_ms,
        "ratio": ratio,
        "record_cpu_ms": cpu_ms,
        "list_ms": median_ms(listed),
        "app_list_ms": median_ms(app),
        "export_s": export_s,
        "calls": float(calls),
        "modules": float(modules),
        "store_modules": float(store_modules),
    }


def main(argv: list[str] | None = None) -> dict[int, dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="tiny stores, to check it runs")
    parser.add_argument("--dir", type=Path, default=None, help="where to build the store")
    parser.add_argument("--shared", action="store_true", help="a store shared between laptops")
    args = parser.parse_args(argv)
    sizes = (3, 12) if args.quick else (10, 1_000, 10_000)
    played = Session.new("racehorse", SIX)
    for number in range(ROUNDS):
        played.record(racehorse_round(number))
    folder = Path(tempfile.mkdtemp(prefix="bench-store-", dir=args.dir))
    state = Path(tempfile.mkdtemp(prefix="bench-state-", dir=args.dir))
    environment = mock.patch.dict(os.environ, {"SCOREKEEPER_STATE": str(state)})
    environment.start()
    if args.shared:
        (folder / "shared").touch()
    figures: dict[int, dict[str, float]] = {}
    try:
        print(f"store in {folder}; {ROUNDS} rounds x {len(SIX)} players per session")
        print(
            f"{'sessions':>9} {'record':>9} {'cpu':>8} {'fsync floor':>11} {'ratio':>6} "
            f"{'open+list':>10} {'app open+list':>14} {'export all':>11} {'calls':>6}"
        )
        for size in sizes:
            started = time.perf_counter()
            row = figures[size] = measure(folder, size, played, args.quick)
            print(
                f"{size:>9,} {row['record_ms']:>6.2f} ms {row['record_cpu_ms']:>5.2f} ms "
                f"{row['bare_ms']:>8.2f} ms "
                f"{row['ratio']:>6.2f} {row['list_ms']:>7.1f} ms "
                f"{row['app_list_ms']:>11.1f} ms {row['export_s']:>9.2f} s {row['calls']:>6.0f}"
                f"   ({time.perf_counter() - started:.0f} s)"
            )
        added = 5 if args.quick else 2_000
        first_ms, then_ms = after_bulk_add(folder, added, played)
    finally:
        shutil.rmtree(folder)
        shutil.rmtree(state)
        environment.stop()
    small, large = figures[sizes[0]], figures[sizes[-1]]
    growth = large["record_ms"] / small["record_ms"]
    ratios = [row["ratio"] for row in figures.values()]
    print(
        f"one Enter to disk: {small['calls']:.0f} calls into scorekeeper's modules, through "
        f"{small['modules']:.0f} of them ({small['store_modules']:.0f} of the store's); "
        "target <= 300 calls"
    )
    print(
        f"record / fsync floor, pair by pair: {statistics.median(ratios):.2f}x, worst size "
        f"{max(ratios):.2f}x (target <= 2x)"
    )
    print(f"record with {sizes[-1]:,} / with {sizes[0]:,} stored: {growth:.2f}x (target <= 1.5x)")
    print(f"open+list {sizes[-1]:,} sessions: {large['list_ms']:.1f} ms (target < 100 ms)")
    print(f"export all {sizes[-1]:,} sessions: {large['export_s']:.2f} s (goal <= 3 s)")
    print(
        f"first reader after a writer added {added:,} sessions: {first_ms:.1f} ms, "
        f"{first_ms / then_ms:.2f}x the next reader's {then_ms:.1f} ms (goal: about 1x)"
    )
    return figures


if __name__ == "__main__":
    main()
