"""Two laptops' stores kept in step by two real Syncthing daemons on 127.0.0.1.

Both laptops record different sessions at the same moment, each through its own store;
each lists every session soon after, and `settle` prints the same night on both. Then,
with the daemons apart, both change the same session; joined again, both name the
conflict, and "keep both" on one laptop leaves every round of both versions on both,
nothing listed twice. Skipped (one line) where syncthing is not installed; CI installs
it.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from scorekeeper.store import Store
from scorekeeper.store.resolve import KEEP_BOTH, resolve
from tests.factories import MADE_3, MADE_4, UPPED_2, racehorse
from tests.needs import needs
from tests.sync.daemons import FOLDER, Daemon, connected, pair, wait_for

pytestmark = [
    pytest.mark.slow,
    needs("syncthing", shutil.which("syncthing") is not None),
]
SESSIONS_EACH = 3
WITHIN = 60.0


def listed(folder: Path) -> dict[str, int]:
    with Store(folder, readonly=True) as store:
        return {summary.id: summary.rounds for summary in store.summaries()}


def settle(folder: Path) -> str:
    done = subprocess.run(
        [str(Path(sys.executable).with_name("scorekeeper")), "--db", str(folder), "settle"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return done.stdout


def record_at_once(folders: tuple[Path, ...]) -> dict[str, float]:
    """Each folder's store records its sessions in a thread of its own, all together;
    the moment each session was saved."""
    saved: dict[str, float] = {}
    start = threading.Barrier(len(folders))
    failures: list[BaseException] = []

    def play(folder: Path, first: dict[str, object]) -> None:
        try:
            with Store(folder) as store:
                start.wait()
                for _ in range(SESSIONS_EACH):
                    session_id = store.add(racehorse(first))
                    store.record(session_id, MADE_4)
                    saved[session_id] = time.monotonic()
        except BaseException as error:  # said in the test's own thread
            failures.append(error)

    threads = [
        threading.Thread(target=play, args=(folder, first))
        for folder, first in zip(folders, (MADE_3, UPPED_2), strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures
    return saved


def test_two_laptops_through_syncthing(tmp_path: Path) -> None:
    with pair(tmp_path) as daemons:
        first, second = daemons
        folders = (first.folder, second.folder)
        saved = record_at_once(folders)
        assert len(saved) == 2 * SESSIONS_EACH

        arrived: dict[str, float] = {}

        def everywhere() -> bool:
            now = time.monotonic()
            sides = [listed(folder) for folder in folders]
            for session_id in saved:
                if session_id not in arrived and all(session_id in side for side in sides):
                    arrived[session_id] = now
            return len(arrived) == len(saved)

        wait_for(daemons, everywhere, within=WITHIN, what="each store lists every session")
        delays = sorted(arrived[sid] - saved[sid] for sid in saved)
        print(
            f"converged: median {statistics.median(delays):.2f} s, worst {delays[-1]:.2f} s "
            f"over {len(delays)} sessions",
            file=sys.stderr,
        )
        assert listed(first.folder) == listed(second.folder)
        night = settle(first.folder)
        assert night == settle(second.folder)
        assert "Ann" in night

        contested = next(iter(saved))
        both_edited = change_on_both_while_apart(first, second, contested)
        named = wait_for(
            daemons,
            lambda: all(conflicts_named(folder) for folder in folders),
            within=WITHIN,
            what="both laptops name the conflict",
        )
        for folder in folders:
            assert len(listed(folder)) == 2 * SESSIONS_EACH  # the copy counts nowhere yet

        with Store(first.folder) as store:
            (conflict,) = store.conflicts()
            resolve(store, conflict, KEEP_BOTH)

        def settled() -> bool:
            return all(
                len(listed(folder)) == 2 * SESSIONS_EACH + 1 and not conflicts_named(folder)
                for folder in folders
            )

        kept = wait_for(daemons, settled, within=WITHIN, what="both laptops keep both versions")
        said = f"conflict named on both in {named:.1f} s, both kept in {kept:.1f} s"
        print(said, file=sys.stderr)
        assert listed(first.folder) == listed(second.folder)
        for folder in folders:
            with Store(folder, readonly=True) as store:
                rounds = sorted(
                    store.saved(summary.id)["rounds"][-1]["pitcher"]
                    for summary in store.summaries()
                    if summary.rounds == 3
                )
            assert rounds == sorted(both_edited)
        assert settle(first.folder) == settle(second.folder)


def change_on_both_while_apart(first: Daemon, second: Daemon, session_id: str) -> list[str]:
    """The same session given a different third round on each laptop while the daemons
    are apart; then joined again. The pitcher of each round."""
    first.rest("POST", f"/rest/system/pause?device={second.device}")  # the other is refused
    wait_for((first,), lambda: not connected(first, second), within=WITHIN, what="apart")
    pitchers = []
    for daemon, round_ in ((first, MADE_3), (second, UPPED_2)):
        with Store(daemon.folder) as store:
            store.record(session_id, round_)
        pitchers.append(str(round_["pitcher"]))
    for daemon in (first, second):  # each has seen its own change before they meet
        daemon.rest("POST", f"/rest/db/scan?folder={FOLDER}", timeout=60)
    first.rest("POST", f"/rest/system/resume?device={second.device}")
    return pitchers


def conflicts_named(folder: Path) -> bool:
    """Whether `scorekeeper doctor` names a conflict in the store at ``folder``."""
    done = subprocess.run(
        [str(Path(sys.executable).with_name("scorekeeper")), "--db", str(folder), "doctor"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return "changed on two laptops at once" in done.stdout
