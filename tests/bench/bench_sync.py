"""How soon a session file another laptop's copy lands is visible in the app's list, at
1,000 and 10,000 sessions in a shared store.

The app (a writer ``Store``, as the app opens it) looks once a second (Home's follow:
``refresh``, then ``summaries`` when something changed). Meanwhile files land the ways
copying tools bring them, times set back as ``rsync -a`` sets them: a new session (written
beside, renamed in, the folder's time put back), another laptop's copy of a session
gone on (renamed over), and one rewritten in place with its own times put back (no
folder change at all). Printed: landing → visible, median and worst; what one look costs
while nothing lands, against the least a look at every file can cost (a bare walk of
the folder with a stat of each entry), measured in the same run.

Run: .venv/bin/python tests/bench/bench_sync.py [--quick] [--dir FOLDER]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import tempfile
import threading
import time
from pathlib import Path

from scorekeeper import Session
from scorekeeper.ids import new_id
from scorekeeper.store import Store
from scorekeeper.store.machine import SHARED_FILE

FIVE = ("Ann", "Bob", "Cid", "Dee", "Eve")
LOOK = 1.0
"""Seconds between the app's looks (Home's ``FOLLOW_INTERVAL``)."""
LANDINGS = 15


def a_round(number: int) -> dict[str, object]:
    return {"pitcher": FIVE[number % 5], "bid": 2 + number % 4, "made": number % 3 != 0}


def build(root: Path, count: int) -> tuple[Path, Path, bytes, str]:
    """Laptop A's store with one real session, its file copied ``count`` times under new
    ids into laptop B's folder (as a sync engine would bring them); B's folder, A's, the
    bytes of A's later copy of the first session (gone on by a round), and that id."""
    there, here = root / "a", root / "b"
    for folder in (there, here):
        (folder / "sessions").mkdir(parents=True)
        (folder / SHARED_FILE).touch()
    with Store(there) as store:
        first = store.add(Session.new("racehorse", FIVE))
        for number in range(6):
            store.record(first, a_round(number))
        key = store.own_key
        template = (there / "sessions" / f"{first}.{key}.json").read_bytes()
        for _ in range(count - 1):
            (here / "sessions" / f"{new_id()}.{key}.json").write_bytes(template)
        shutil.copy2(there / "sessions" / f"{first}.{key}.json", here / "sessions")
        store.record(first, a_round(6))
        gone_on = (there / "sessions" / f"{first}.{key}.json").read_bytes()
    return here, there, gone_on, f"{first}.{key}.json"


def land(folder: Path, name: str, data: bytes, *, in_place: bool) -> None:
    """Bring a file as a copying tool does, the folder's times (or the file's) put back."""
    sessions = folder / "sessions"
    target = sessions / name
    before = os.stat(sessions)
    if in_place and target.exists():
        kept = os.stat(target)
        with open(target, "r+b") as file:
            file.write(data)
            file.truncate()
        os.utime(target, ns=(kept.st_atime_ns, kept.st_mtime_ns))
    else:
        temp = sessions / f".~tmp~{name}"
        temp.write_bytes(data)
        os.replace(temp, target)
    os.utime(sessions, ns=(before.st_atime_ns, before.st_mtime_ns))


def bare_walk(folder: Path) -> float:
    start = time.perf_counter()
    with os.scandir(folder) as found:
        for entry in found:
            entry.stat()
    return time.perf_counter() - start


def measure(count: int, base: Path) -> None:
    root = Path(tempfile.mkdtemp(dir=base))
    try:
        here, _, gone_on, first_name = build(root, count)
        template = (here / "sessions" / first_name).read_bytes()
        with Store(here) as app:
            started = time.perf_counter()
            assert len(app.summaries()) == count
            built = time.perf_counter() - started
            app.refresh()
            idle = []
            for _ in range(5):
                started = time.perf_counter()
                app.refresh()
                idle.append(time.perf_counter() - started)
            walk = statistics.median(bare_walk(here / "sessions") for _ in range(5))
            pending: dict[str, tuple[float, int]] = {}
            delays: list[float] = []
            guard = threading.Lock()
            pick = random.Random(count)

            def landings() -> None:
                for number in range(LANDINGS):
                    time.sleep(pick.uniform(0.2, 1.6))
                    kind = number % 3
                    if kind == 0:
                        name, data, rounds = f"{new_id()}.aaaaaaaaaa.json", template, 6
                    else:
                        name, data = first_name, gone_on if number % 2 else template
                        rounds = 7 if number % 2 else 6
                    with guard:
                        land(here, name, data, in_place=kind == 2)
                        pending[name.partition(".")[0]] = (time.monotonic(), rounds)

            lander = threading.Thread(target=landings)
            lander.start()
            while lander.is_alive() or pending:
                time.sleep(LOOK)
                app.refresh()
                listed = {s.id: s.rounds for s in app.summaries()}
                now = time.monotonic()
                with guard:
                    for session_id, (landed, rounds) in list(pending.items()):
                        if listed.get(session_id) == rounds:
                            delays.append(now - landed)
                            del pending[session_id]
            lander.join()
        delays.sort()
        print(
            f"{count:>6,} sessions: landing → visible median {statistics.median(delays):.2f} s, "
            f"worst {delays[-1]:.2f} s over {len(delays)} landings (a look each {LOOK:.0f} s); "
            f"a look while nothing lands {statistics.median(idle) * 1000:.1f} ms = "
            f"{statistics.median(idle) / walk:.1f}x a bare walk of the folder "
            f"({walk * 1000:.1f} ms); first list {built:.1f} s"
        )
    finally:
        shutil.rmtree(root, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1,000 sessions only")
    parser.add_argument("--dir", type=Path, default=Path(tempfile.gettempdir()))
    args = parser.parse_args()
    os.environ.setdefault("SCOREKEEPER_STATE", tempfile.mkdtemp(dir=args.dir))
    for count in (1_000,) if args.quick else (1_000, 10_000):
        measure(count, args.dir)


if __name__ == "__main__":
    main()
