"""What hostile or plentiful files from other laptops cost: a store folder holding 100,000
junk files beside one real session, and 20,000 house games over 100 laptops' logs.

The store is built through its public API and the ``scorekeeper`` command only, so the
figures hold whatever files the store keeps: the junk is named like the real session's
own files (its id in their path replaced by another id, in the same folders), holding
no JSON or JSON that is no session; the house games are what 100 laptops each imported
(``scorekeeper import`` of an export file of the same 200 house games, each laptop's
with its own options), their folders then copied into one as a sync engine brings them.

Figures, each against a reference measured in the same run:
- the real session listed on screen (launch to its player drawn, 80x24 pty) with the
  junk, on the first start and on the later ones, against a bare Textual app; target
  within 2 s of start;
- ``scorekeeper list`` with the junk (the first, before the app ever judged the junk, the
  next, and one after the app's starts), against ``list`` of the same store without it,
  and how much it writes on stderr (target: within 2 s, one line per kind of problem);
- New session opened (Ctrl+N to its screen mounted, headless) with the house games,
  against the same with none; target within 0.5 s. The first on a laptop (whose Home
  folds every log as it opens) is said apart.

The junk is made under the system temp folder and removed at the end.

Run: .venv/bin/python -m tests.bench.bench_hostile [--junk N] [--laptops N] [--quick]
[--houses-only]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from unittest import mock

from scorekeeper import Session
from scorekeeper.store import Store
from tests.bench.bench_start import (
    BARE_MARK,
    LIST_MARK,
    bare_launch,
    painted_ms,
    scorekeeper_command,
)

FIRST_START_TIMEOUT = 300.0
"""Seconds a first start among the junk may take before the bench gives up."""
HOUSE_GAMES = 200
"""House games each laptop imports: the same names on every laptop."""


def real_store(folder: Path) -> str:
    """One real session (Zelda's table); its id."""
    with Store(folder) as store:
        return store.add(Session.new("racehorse", ["Zelda", "Ann", "Bob", "Cy", "Di"]))


def junk(folder: Path, session_id: str, count: int) -> None:
    """``count`` junk files named like the files that hold session ``session_id``: the
    same path with another id, half of them no JSON, half JSON that is no session."""
    own = [
        path.relative_to(folder)
        for path in folder.rglob("*")
        if path.is_file() and session_id in str(path.relative_to(folder))
    ]
    model = str(min(own, key=lambda path: (len(path.parts), len(str(path)))))
    for number in range(count):
        path = folder / model.replace(session_id, f"ab{number:06x}")
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT)
        os.write(descriptor, b"{not json" if number % 2 else b'{"schema": 1}')
        os.close(descriptor)


def listed(folder: Path, env: dict[str, str]) -> tuple[float, int, int]:
    """``scorekeeper list``: seconds, bytes on stderr, lines on stderr."""
    started = time.perf_counter()
    done = subprocess.run(
        [*scorekeeper_command(), "--db", str(folder), "list"],
        env=env,
        capture_output=True,
        check=True,
    )
    return time.perf_counter() - started, len(done.stderr), done.stderr.count(b"\n")


def house_games(root: Path, laptops: int) -> Path:
    """A store holding what ``laptops`` laptops did to the same house games, each in its
    own store (its own state folder), then every folder copied into one."""
    shared = shared_store(root / "houses")
    for number in range(laptops):
        games = [
            {"name": f"House game {game}", "game": "score-pad", "options": {"stake": number % 9}}
            for game in range(HOUSE_GAMES)
        ]
        export = root / "house-games.json"
        export.write_text(
            json.dumps(
                {
                    "format": "scorekeeper-sessions",
                    "schema": 1,
                    "exported": "2026-01-01T20:00:00",
                    "sessions": [],
                    "house games": games,
                }
            )
        )
        own = shared_store(root / f"laptop-{number}")
        subprocess.run(
            [*scorekeeper_command(), "--db", str(own), "import", str(export)],
            env=dict(os.environ, **laptop(root, f"house-{number}")),
            capture_output=True,
            check=True,
        )
        shutil.copytree(own, shared, dirs_exist_ok=True)
        shutil.rmtree(own)
    return shared


async def new_session_ms(folder: Path) -> float:
    """Ctrl+N on Home to the New session screen mounted, headless."""
    from screens.app import ScorekeeperApp
    from screens.new_session import NewSessionScreen

    with Store(folder) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            started = time.perf_counter()
            await pilot.press("ctrl+n")
            while not isinstance(app.screen, NewSessionScreen) or not app.screen.is_mounted:
                await asyncio.sleep(0.001)
            await pilot.pause()
            return (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--junk", type=int, default=100_000)
    parser.add_argument("--laptops", type=int, default=100, help="laptops' house games logs")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="10,000 junk files, 5 laptops")
    parser.add_argument("--houses-only", action="store_true", help="only New session's figure")
    options = parser.parse_args()
    if options.quick:
        options.junk, options.laptops, options.runs = 10_000, 5, 1
    with tempfile.TemporaryDirectory(prefix="bench-hostile-") as temp:
        root = Path(temp)
        with mock.patch.dict(os.environ, laptop(root, "maker")):
            measure(root, options)


def laptop(root: Path, name: str) -> dict[str, str]:
    """The environment of a laptop whose own files are in ``root/<name>``: one never
    used before starts as a laptop that has never opened the store."""
    return {"SCOREKEEPER_STATE": str(root / f"state-{name}")}


def shared_store(folder: Path) -> Path:
    """An empty store folder that says it is synced (``shared``): what belongs to each
    laptop lives in that laptop's state folder, so a new one is a first start."""
    folder.mkdir()
    (folder / "shared").touch()
    return folder


def measure(root: Path, options: argparse.Namespace) -> None:
    if not options.houses_only:
        measure_junk(root, options)
    measure_houses(root, options)


def measure_junk(root: Path, options: argparse.Namespace) -> None:
    command, env = bare_launch(root)
    clean = shared_store(root / "clean")
    for_list, for_app = shared_store(root / "junk-list"), shared_store(root / "junk-app")
    real_store(clean)
    started = time.perf_counter()
    for folder in (for_list, for_app):
        junk(folder, real_store(folder), options.junk)
    made = time.perf_counter() - started
    print(f"2 stores of {options.junk:,} junk files each made in {made:.0f} s")

    reference_env = dict(env, **laptop(root, "reference"))
    reference = statistics.median(listed(clean, reference_env)[0] for _ in range(3))

    def said(label: str, folder: Path, on: dict[str, str]) -> None:
        seconds, size, lines = listed(folder, on)
        print(
            f"{label} `scorekeeper list` with {options.junk:,} junk files: {seconds:.2f} s "
            f"({seconds / reference:.1f}x a clean store's {reference:.2f} s), "
            f"stderr {size:,} bytes in {lines} lines; target <= 2 s"
        )

    lister = dict(env, **laptop(root, "lister"))
    said("first", for_list, lister)
    said("second", for_list, lister)

    app_env = dict(env, SCOREKEEPER_DB=str(for_app), **laptop(root, "app"))
    paints, bare = [], []
    for _ in range(options.runs + 1):  # the first start, then later ones, A B A B
        paints.append(painted_ms(scorekeeper_command(), LIST_MARK, app_env, FIRST_START_TIMEOUT))
        bare.append(painted_ms(command, BARE_MARK, env))
    floor = statistics.median(bare)
    print(
        f"real session on screen with {options.junk:,} junk files: first start "
        f"{paints[0] / 1000:.2f} s ({paints[0] / floor:.1f}x a bare Textual app's "
        f"{floor:.0f} ms), later starts {[round(p) for p in paints[1:]]} ms "
        f"({max(paints[1:]) / floor:.1f}x at worst); target <= 2 s"
    )
    said("after the app's starts,", for_app, app_env)


def measure_houses(root: Path, options: argparse.Namespace) -> None:
    started = time.perf_counter()
    houses = house_games(root, options.laptops)
    print(
        f"{options.laptops * HOUSE_GAMES:,} house games over {options.laptops} laptops' "
        f"logs made in {time.perf_counter() - started:.0f} s"
    )
    none = shared_store(root / "no-house-games")
    with mock.patch.dict(os.environ, laptop(root, "player")):
        empty = statistics.median(asyncio.run(new_session_ms(none)) for _ in range(options.runs))
        first = asyncio.run(new_session_ms(houses))
        full = statistics.median(asyncio.run(new_session_ms(houses)) for _ in range(options.runs))
    print(
        f"New session with {options.laptops * HOUSE_GAMES:,} house games over "
        f"{options.laptops} laptops' logs: {full:.0f} ms ({full / empty:.1f}x with none: "
        f"{empty:.0f} ms); target <= 500 ms. The first on this laptop, its Home having "
        f"folded every log as it opened: {first:.0f} ms"
    )


if __name__ == "__main__":
    main()
