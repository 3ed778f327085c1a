"""Store figures for 10, 1,000 and 10,000 sessions of 30 Racehorse rounds x 6 players.

Targets, as ratios measured in the same run:
- recording a round with 10,000 sessions stored costs at most 1.5x recording with 10;
- recording a round costs at most 3x one bare atomic durable write of that session's own
  bytes (temp file, fsync, os.replace, fsync of the folder) in the same folder;
- opening and listing 10,000 sessions takes under 100 ms;
- the first reader after a writer added 2,000 sessions (an import) re-reads no file: it
  costs about what the next reader does;
- exporting every session (CSV) takes under 3 s with 10,000 stored;
- 20,000 house games spread over 100 laptops' logs: reading them (what New session does)
  takes at most 0.5 s.

Run: .venv/bin/python tests/bench/bench_store.py [--quick] [--dir FOLDER] [--shared]
(``--shared``: the store is shared between laptops, so each save writes this laptop's
copy and notes how far it reached in this machine's folder, kept in a temporary folder.)
The store grows in a temporary folder under --dir (default: the system temp folder; put
it on the disk you care about). Building 10,000 sessions writes 10,000 fsynced files.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

from scorekeeper import Session
from scorekeeper.reports.export import export
from scorekeeper.store import Store, copies, log, machine
from scorekeeper.store.durable import fsync_folder
from scorekeeper.store.house_games import read_house_games

SIX = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
ROUNDS = 30


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
    fsync_folder(path.parent)


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def timed(action: Callable[..., object], *args: Any) -> float:
    start = time.perf_counter()
    action(*args)
    return time.perf_counter() - start


def grow(folder: Path, count: int, played: Session) -> None:
    with Store(folder) as store:
        missing = count - len(store.summaries())
        for _ in range(missing):
            store.add(played)


def open_and_list(folder: Path, readonly: bool) -> int:
    with Store(folder, readonly=readonly) as store:
        return len(store.summaries())


def record_against_bare(folder: Path, samples: int, pick: random.Random) -> tuple[float, float]:
    """Median ms of recording one round into an open session, and of the bare write of the
    same file's bytes, interleaved so both meet the same disk weather."""
    recorded: list[float] = []
    bare: list[float] = []
    yardstick = folder / "logs" / "bare.bench"
    with Store(folder) as store:
        ids = [summary.id for summary in store.summaries()]
        chosen = [pick.choice(ids) for _ in range(samples)]
        store.record(chosen[0], racehorse_round(ROUNDS))
        for session_id in chosen:
            session = store.load(session_id)
            next_round = racehorse_round(len(session.rounds))
            recorded.append(timed(store.record, session_id, next_round))
            own = copies.file_name(session_id, store.own_key)
            data = (folder / "logs" / own).read_bytes()
            bare.append(timed(bare_write, yardstick, data))
    yardstick.unlink()
    return median_ms(recorded), median_ms(bare)


def after_bulk_add(folder: Path, added: int, played: Session) -> tuple[float, float, int]:
    """A writer adds ``added`` sessions without listing them (an import), then closes: ms
    of the first reader's open+list and of the next one's, and the files the first read."""
    with mock.patch("os.fsync"), Store(folder) as store:
        for _ in range(added):
            store.add(played)
    reads = 0
    read = log.read

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal reads
        reads += 1
        return read(*args, **kwargs)

    with mock.patch.object(log, "read", counted):
        first = timed(open_and_list, folder, True)
    then = timed(open_and_list, folder, True)
    return first * 1000, then * 1000, reads


def house_games_spread(folder: Path, laptops: int, each: int, repeats: int) -> tuple[float, float]:
    """Median ms of reading the house games with none kept, then with ``laptops`` logs of
    ``each`` changes (of the same few hundred house games, as laptops change them)."""
    empty = median_ms([timed(read_house_games, folder) for _ in range(repeats)])
    for number in range(laptops):
        laptop = f"{number:010d}".translate(str.maketrans("0123456789", "abcdefghij"))
        writer = log.OwnLog(folder / "entries" / f"{laptop}.json", laptop, (), 0)
        made = []
        for change in range(each):
            name = f"Game {(number * each + change) % 200}"
            house = {"name": name, "game": "score-pad", "options": {"stake": change % 9}}
            body = {"key": name.casefold(), "value": house}
            made.append(("house", body, (), 1_700_000_000_000 + change))
        with mock.patch("os.fsync"):
            writer.extend([], made)
    spread = median_ms([timed(read_house_games, folder) for _ in range(repeats)])
    return empty, spread


def measure(folder: Path, size: int, played: Session, quick: bool) -> dict[str, float]:
    pick = random.Random(size)
    grow(folder, size, played)
    open_and_list(folder, readonly=False)
    repeats = 3 if quick else 9
    listed = [timed(open_and_list, folder, True) for _ in range(repeats)]
    app = [timed(open_and_list, folder, False) for _ in range(repeats)]
    record_ms, bare_ms = record_against_bare(folder, 5 if quick else 41, pick)
    out = Path(tempfile.mkdtemp(prefix="bench-export-"))
    try:
        with Store(folder, readonly=True) as store:
            export_s = timed(export, store, out)
    finally:
        shutil.rmtree(out)
    return {
        "record_ms": record_ms,
        "bare_ms": bare_ms,
        "list_ms": median_ms(listed),
        "app_list_ms": median_ms(app),
        "export_s": export_s,
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
        (folder / machine.SHARED_FILE).touch()
    figures: dict[int, dict[str, float]] = {}
    try:
        print(f"store in {folder}; {ROUNDS} rounds x {len(SIX)} players per session")
        print(
            f"{'sessions':>9} {'record':>9} {'bare write':>11} {'ratio':>6} "
            f"{'open+list':>10} {'app open+list':>14} {'export all':>11}"
        )
        for size in sizes:
            started = time.perf_counter()
            row = figures[size] = measure(folder, size, played, args.quick)
            print(
                f"{size:>9,} {row['record_ms']:>6.2f} ms {row['bare_ms']:>8.2f} ms "
                f"{row['record_ms'] / row['bare_ms']:>6.2f} {row['list_ms']:>7.1f} ms "
                f"{row['app_list_ms']:>11.1f} ms {row['export_s']:>9.2f} s"
                f"   ({time.perf_counter() - started:.0f} s)"
            )
        added = 5 if args.quick else 2_000
        first_ms, then_ms, reads = after_bulk_add(folder, added, played)
        bulk = {"first_ms": first_ms, "then_ms": then_ms, "files_read": float(reads)}
        houses = folder / "houses"
        houses.mkdir()
        laptops, each = (3, 10) if args.quick else (100, 200)
        no_houses, spread = house_games_spread(houses, laptops, each, 3 if args.quick else 7)
    finally:
        shutil.rmtree(folder)
        shutil.rmtree(state)
        environment.stop()
    small, large = figures[sizes[0]], figures[sizes[-1]]
    growth = large["record_ms"] / small["record_ms"]
    worst_bare = max(row["record_ms"] / row["bare_ms"] for row in figures.values())
    print(f"record with {sizes[-1]:,} / with {sizes[0]:,} stored: {growth:.2f}x (target <= 1.5x)")
    print(f"record / bare durable write, worst size: {worst_bare:.2f}x (target <= 3x)")
    print(f"open+list {sizes[-1]:,} sessions: {large['list_ms']:.1f} ms (target < 100 ms)")
    print(f"export all {sizes[-1]:,} sessions: {large['export_s']:.2f} s (goal <= 3 s)")
    print(
        f"first reader after a writer added {added:,} sessions: {bulk['first_ms']:.1f} ms, "
        f"{bulk['files_read']:.0f} files read; the next reader {bulk['then_ms']:.1f} ms "
        "(goal: no file re-read)"
    )
    print(
        f"house games: {laptops * each:,} changes over {laptops} laptops' logs read in "
        f"{spread:.0f} ms, none in {no_houses:.1f} ms (target <= 500 ms)"
    )
    return figures


if __name__ == "__main__":
    main()
