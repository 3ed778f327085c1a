"""Suite-wide settings: the Hypothesis profiles, Pilot's idle step, the garbage
collector's pace (and its last pass skipped), where compiled code goes, the frames a
headless app need not work out, how many workers ``-n auto`` starts, and which tests are
``slow`` (each worker starts on its share of them).

``slow`` marks what takes seconds of its own: whole evenings played through the app,
the crash runs, the served board in a browser, the simulations, the benchmarks' smoke
runs and the lint and type checks.
``pytest -m "not slow"`` is the quick loop while working; the README's command (and CI)
runs everything.

Hypothesis: the ``scorekeeper`` profile gives a property 100 examples; a test that costs
more per example (a whole session of rounds, every command over a store) takes a share
of that number, said where it does. ``--hypothesis-profile=thorough`` makes it a thousand
(and the shares with it).

Pilot (Textual's test driver) waits after each key until the app is idle: it sleeps in
steps and calls the app idle once a step passes with almost no CPU used. Its step is 20 ms,
so every key costs at least 40 ms of sleep however quick the app; here the step is 5 ms
(idle: under 5% CPU in a step, Textual's own ratio). The app is asked the same question,
only more often; what it has queued is still drained before a key counts as handled.

The collector: a worker holds pytest's, Hypothesis' and Textual's objects, several hundred
thousand, and every app a test runs makes more; at Python's pace (a young pass every 700
new containers) the passes that followed took a sixth of a UI test's CPU. Here a young
pass comes every 10,000, which halves that. The app's own processes keep Python's pace.

Compiled code: where the environment says not to write it (``PYTHONDONTWRITEBYTECODE``),
every worker and every process a test starts compiled the project and rewrote the tests'
asserts afresh, each run: a tenth of the suite's time. The suite writes it as Python
does by default, in the git-ignored ``__pycache__`` beside each source. Not in a folder
of its own (``sys.pycache_prefix``): Python then looks for *every* module's compiled code
there, so on a fresh clone each worker and each process a test starts compiled the
standard library and the installed packages again too, a second of CPU apiece.

Frames nobody sees: an app under Pilot is headless, and Textual still works out each
frame's update for the terminal, then drops it; that was a fifth of a UI test's CPU. Here
the screen's changes are marked as drawn instead. What a test reads off the screen
(``drawn``, snapshots) is composed whole when it is read, as before. A test about the
frames themselves (the first frame, the UI benchmark) is marked ``frames`` and gets them,
and so does every hostile test (``tests/hostile/conftest.py``): a frame that cannot be
drawn is what they look for.

The store: ``store`` is an empty store in the test's own folder, open for writing, for
every test that asks (the UI and hostile tests point the app's default store elsewhere in
the same folder).

The export's key: sessions saved here seal their export rows with a key made in
``$SCOREKEEPER_CONFIG``, a folder of this run's own (every process the tests start
inherits it), never the user config folder of whoever runs the tests; a shared store keeps its
machine files there too.

Workers: a UI test spends about half its time asleep in those steps (more since its
frames are no longer worked out), and the crash and kill tests wait on the app they
started, so one worker per core leaves the cores idle much of the run. ``-n auto`` starts
three more than the cores: on two cores, 76-77 s against 80-81 s with two more. Not
more per core: the waiting is about three workers' worth whatever the cores, and each
worker holds a few hundred megabytes.
"""

from __future__ import annotations

import atexit
import gc
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import textual._wait
from hypothesis import HealthCheck, settings
from textual.screen import Screen

from scorekeeper.money import DOLLARS, use_currency

if TYPE_CHECKING:
    from scorekeeper.store import Store

sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
textual._wait.SLEEP_GRANULARITY = 0.005
textual._wait.SLEEP_IDLE = textual._wait.SLEEP_GRANULARITY / 20
gc.set_threshold(10_000, 10, 10)
os.environ["SCOREKEEPER_CONFIG"] = tempfile.mkdtemp(prefix="scorekeeper-config-")
os.environ["SCOREKEEPER_STATE"] = os.environ["SCOREKEEPER_CONFIG"]
atexit.register(shutil.rmtree, os.environ["SCOREKEEPER_CONFIG"], ignore_errors=True)

settings.register_profile(
    "scorekeeper",
    max_examples=100,
    deadline=None,  # a loaded machine is not a failing property
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough", parent=settings.get_profile("scorekeeper"), max_examples=1_000
)
settings.load_profile("scorekeeper")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """An empty store of the test's own, open for writing."""
    from scorekeeper.store import Store  # here: the project compiles after the settings above

    with Store(tmp_path / "db") as opened:
        yield opened


compositor_refresh = Screen._compositor_refresh


def refresh_unseen(screen: Screen[object]) -> None:
    """The top screen's changes marked as drawn, without working out the update a headless
    app would drop."""
    app = screen.app
    if app.is_headless and not app.is_inline and screen is app.screen:
        screen._compositor._dirty_regions.clear()
        screen._dirty_widgets.clear()
    else:
        compositor_refresh(screen)


@pytest.fixture(autouse=True)
def frames_unseen(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.get_closest_marker("frames") is None:
        monkeypatch.setattr(Screen, "_compositor_refresh", refresh_unseen)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: three workers more than the cores this process may use."""
    if hasattr(os, "sched_getaffinity"):  # Linux: the cores it may run on, not all there are
        return len(os.sched_getaffinity(0)) + 3
    return (os.cpu_count() or 1) + 3


SLOW_MODULES = (
    "tests/browser/",
    "tests/store/test_crash.py",
    "tests/contracts/test_lint.py",
    "tests/domain/test_properties.py",
    "tests/reports/test_export_complete.py",
    "tests/domain/test_bench_engine.py",
    "tests/ui/test_bench_ui.py",
    "tests/ui/test_play_",
    "tests/ui/test_scenario_evenings.py",
    "tests/ui/test_long_evening.py",
)
SLOW_TESTS = (
    "test_exact_chances_agree_with_",
    "_benchmark_still_runs",
    "test_every_option_of_every_game_is_in_view",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the slow tests, and start every worker on its share of them: the workers end
    on short tests, so none is left alone with a long one at the end.

    ``--dist worksteal`` first hands each worker a run of the list (as many as the rest
    divided by the workers still to serve) and later moves tests from the end of one
    worker's run to another that ran out, so each run is its share of the slow tests,
    dealt out in turn, then short ones."""
    for item in items:
        path = item.nodeid.split("::")[0]
        if path.startswith(SLOW_MODULES) or any(name in item.name for name in SLOW_TESTS):
            item.add_marker(pytest.mark.slow)
    slow = [item for item in items if item.get_closest_marker("slow") is not None]
    short = [item for item in items if item.get_closest_marker("slow") is None]
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    ordered: list[pytest.Item] = []
    for worker in range(workers):
        run = (len(items) - len(ordered)) // (workers - worker)
        share = slow[worker::workers]
        taken = max(0, run - len(share))
        ordered += share + short[:taken]
        del short[:taken]
    items[:] = ordered + short


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish() -> None:
    """The apps a worker ran leave a million or more objects in cycles for the collector,
    which would walk them all as the worker ends (pytest collects five times more), seconds
    while the run waits on the last worker; the process ends anyway and takes them along."""
    gc.freeze()


@pytest.fixture(autouse=True)
def dollars_again() -> Iterator[None]:
    """Each test starts and ends with money written in dollars: a test that sets a
    store's currency puts it in force for the whole process."""
    use_currency(DOLLARS)
    yield
    use_currency(DOLLARS)
