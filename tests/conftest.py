"""Suite-wide settings: the Hypothesis profiles, a time limit on every test, Pilot's
idle step, the message handlers found once and the frames a headless app need not send
(``tests/textual_internals.py``),
the garbage collector's pace (and its last pass skipped), where compiled code goes, how
many workers ``-n auto`` starts, and which tests are ``slow`` (each worker starts on its
share of them).

``slow`` marks what takes seconds of its own: whole evenings played through the app,
every key or every screen tried in turn, the crash runs, the served board in a browser,
the simulations, the benchmarks' smoke runs and the lint and type checks.
``pytest -m "not slow"`` is the quick loop while working; the README's command (and CI)
runs everything.

Hypothesis: the ``scorekeeper`` profile gives a property 100 examples; a test that costs
more per example (a whole session of rounds, every command over a store) takes a share of
that number, said where it does. CI (``CI=true``) loads ``ci``, a larger budget, the same
on every run; ``--hypothesis-profile=thorough`` makes it a thousand.

A test that needs Chromium or Syncthing is skipped where it is missing, and fails in CI
(``tests/needs.py``).

A time limit (pytest-timeout): a test that hangs fails with its stack instead of stalling
the run. ``slow`` tests get a longer one. pytest-timeout's own limit is set on the test
function alone (``timeout_func_only``: an alarm while pytest writes a report broke the
run), so the same limit is set again here on the fixtures' set-up and their tear-down
(async fixtures too), each phase on its own, ended before pytest reports the phase.

Frames: an app under Pilot is headless; every widget still draws itself as the screen
changes, so a widget that cannot be drawn fails its test, but the update a terminal would
be sent is not worked out. A test about the frames handed to the terminal is marked
``frames`` and gets them, as does every hostile test.

The collector: a worker holds pytest's, Hypothesis' and Textual's objects, several hundred
thousand, and every app a test runs makes more; at Python's pace (a young pass every 700
new containers) the passes would take much of a UI test's CPU. The app's own processes
keep Python's pace. The full passes the app asks for to give memory back (``collector.
full_pass``: the table's after an entry closes, the list's after a long read) are not made
in a test: in a worker each would walk every earlier test's objects too;
``test_long_evening`` checks when the table asks.

Compiled code is written as Python does by default, in the git-ignored ``__pycache__``
beside each source, even where the environment says not to (``PYTHONDONTWRITEBYTECODE``):
otherwise every worker and every process a test starts compiles the project and rewrites
the tests' asserts afresh. Not in a folder of its own (``sys.pycache_prefix``): Python
then looks there for every module's compiled code, the standard library's too. On a fresh
clone the run's first process compiles it all once before it starts the workers, which
otherwise each did so (``tests/compiled_once.py``).

The store: ``store`` is an empty store in the test's own folder, open for writing, for
every test that asks (the UI and hostile tests point the app's default store elsewhere in
the same folder).

The export's key: sessions saved here seal their export rows with a key made in
``$SCOREKEEPER_CONFIG``, a folder of this run's own (every process the tests start
inherits it), never the user config folder of whoever runs the tests; a shared store keeps
its machine files there too.

Workers: a UI test spends much of its time asleep in Pilot's steps, and the crash and kill
tests wait on the app they started, so one worker per core leaves the cores idle; ``-n
auto`` starts three more than the cores. Not more: each worker holds a few hundred
megabytes. Fewer workers use less CPU (a test costs more the more processes share a
core) but leave the cores idle while tests wait.
"""

from __future__ import annotations

import atexit
import gc
import os
import shutil
import sys
import tempfile
from collections.abc import Generator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, settings
from pytest_timeout import Settings

from scorekeeper import collector
from scorekeeper.money import DOLLARS, use_currency
from scorekeeper.store import stamp
from tests import compiled_once, needs, textual_internals

if TYPE_CHECKING:
    from scorekeeper.store import Store

sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
gc.set_threshold(10_000, 10, 10)
os.environ["SCOREKEEPER_CONFIG"] = tempfile.mkdtemp(prefix="scorekeeper-config-")
os.environ["SCOREKEEPER_STATE"] = os.environ["SCOREKEEPER_CONFIG"]
atexit.register(shutil.rmtree, os.environ["SCOREKEEPER_CONFIG"], ignore_errors=True)

settings.register_profile(
    "scorekeeper",
    max_examples=100,
    deadline=None,  # a loaded machine is not a failing property
    report_multiple_bugs=False,  # the first bug found is reported at once, not after a hunt
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("ci", parent=settings.get_profile("scorekeeper"), max_examples=150)
settings.register_profile(
    "thorough", parent=settings.get_profile("scorekeeper"), max_examples=1_000
)
settings.load_profile("ci" if os.environ.get("CI") == "true" else "scorekeeper")

SLOW_TIME_LIMIT = 240
"""Seconds a ``slow`` test may take before it counts as hung (others: ``timeout`` in
pyproject's pytest settings)."""


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """An empty store of the test's own, open for writing, keeping the export rows beside
    each session as the app's does."""
    from scorekeeper.reports.rows import open_store  # here: the project compiles after the settings

    with open_store(tmp_path / "db") as opened:
        yield opened


@pytest.fixture(autouse=True)
def no_full_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(collector, "full_pass", lambda: None)


@pytest.fixture(autouse=True)
def quick_idle(monkeypatch: pytest.MonkeyPatch) -> None:
    textual_internals.quick_idle(monkeypatch)
    textual_internals.dispatch_read_once(monkeypatch)
    textual_internals.callbacks_counted_once(monkeypatch)


@pytest.fixture(autouse=True)
def frames_unsent(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.get_closest_marker("frames") is None:
        textual_internals.frames_unsent(monkeypatch)


def _time_limit(item: pytest.Item) -> float:
    """The item's limit in seconds: its ``timeout`` mark's, else ``--timeout``'s, else
    pyproject's (0: none)."""
    marker = item.get_closest_marker("timeout")
    if marker is not None and marker.args:
        return float(marker.args[0])
    given = item.config.getoption("timeout")
    return float((item.config.getini("timeout") if given is None else given) or 0)


@contextmanager
def _time_limited(item: pytest.Item) -> Iterator[None]:
    """pytest-timeout's own timer (its stacks and failure) over one phase of ``item``."""
    limit = _time_limit(item)
    if limit <= 0:
        yield
        return
    hooks = item.config.pluginmanager.hook
    hooks.pytest_timeout_set_timer(item=item, settings=Settings(limit, "signal", True, False))
    try:
        yield
    finally:
        hooks.pytest_timeout_cancel_timer(item=item)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    """Skip a test whose program is missing (``tests/needs.py``); time the fixtures."""
    needs.check(item)
    with _time_limited(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Generator[None, None, None]:
    with _time_limited(item):
        return (yield)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: three workers more than the cores this process may use."""
    if hasattr(os, "sched_getaffinity"):  # Linux: the cores it may run on, not all there are
        return len(os.sched_getaffinity(0)) + 3
    return (os.cpu_count() or 1) + 3


def pytest_xdist_setupnodes(config: pytest.Config) -> None:
    """Before the workers start: the tests and the project compiled once, for them all
    (``tests/compiled_once.py``)."""
    compiled_once.compile_once(config)


SLOW_MODULES = (
    "tests/browser/",
    "tests/store/test_crash.py",
    "tests/contracts/test_lint.py",
    "tests/contracts/test_time_limit.py",
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
    "test_every_field_of_new_session_takes_any_key",
    "test_every_screen_draws_hostile_names_as_text",
    "test_tab_stops_at_every_field_in_the_order_drawn",
    "test_any_one_value_swapped_in_a_real_document",
    "test_a_pasted_newline_never_records_the_round",
    "test_every_screen_of_every_game_is_drawn_at_its_largest_table",
    "test_the_footer_names_every_key_that_applies_now",
)
ONE_WORKER_MODULES = ("tests/browser/test_served_board.py",)
"""Modules whose tests share a costly fixture of the module (a browser): dealt to one
worker together, which starts it once, instead of each worker that got one of them
starting its own (a second of CPU a browser)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the slow tests, and start every worker on its share of them: the workers end
    on short tests, so none is left alone with a long one at the end.

    ``--dist worksteal`` first hands each worker a run of the list (as many as the rest
    divided by the workers still to serve) and later moves tests from the end of one
    worker's run to another that ran out, so each run is its share of the slow tests,
    dealt out in turn (a module of ``ONE_WORKER_MODULES`` as one), then short ones."""
    dealt: dict[str, list[pytest.Item]] = {}
    short: list[pytest.Item] = []
    for item in items:
        path = item.nodeid.split("::")[0]
        if path.startswith(SLOW_MODULES) or any(name in item.name for name in SLOW_TESTS):
            item.add_marker(pytest.mark.slow)
        if item.get_closest_marker("slow") is None:
            short.append(item)
            continue
        if not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(SLOW_TIME_LIMIT))
        dealt.setdefault(path if path in ONE_WORKER_MODULES else item.nodeid, []).append(item)
    slow = list(dealt.values())
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    ordered: list[pytest.Item] = []
    for worker in range(workers):
        run = (len(items) - len(ordered)) // (workers - worker)
        share = [item for together in slow[worker::workers] for item in together]
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


@pytest.fixture
def settled_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Files changed a moment ago count as settled (``stamp.RACY_NS``), for a test of what
    is read again at the next look that does not wait two seconds between looks."""
    monkeypatch.setattr(stamp, "RACY_NS", 0)


@pytest.fixture(autouse=True)
def dollars_again() -> Iterator[None]:
    """Each test starts and ends with money written in dollars: a test that sets a
    store's currency puts it in force for the whole process."""
    use_currency(DOLLARS)
    yield
    use_currency(DOLLARS)
