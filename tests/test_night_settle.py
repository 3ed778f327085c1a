"""One settle-up for a night: the nights screen's ledgers, ``scorekeeper settle``, what
``night move`` prints and the money and chips in statistics show the same figures, a
carried Calcutta pool shared out the same way everywhere (docs/rules.md, Settling up)."""

from __future__ import annotations

import importlib
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli import main
from scorekeeper.games.calcutta import POOL
from scorekeeper.reports import stats
from scorekeeper.reports.nights import nights_of
from scorekeeper.settle import payment_lines
from scorekeeper.store import Store
from scorekeeper.wording import day
from tests.strategies import played
from tests.test_properties import PLAN_MODULES

# Each example saves a night of up to three sessions and runs three commands over it.
NIGHTS = settings(
    max_examples=settings.default.max_examples // 5,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def _any_plan() -> st.SearchStrategy[dict[str, Any]]:
    return st.one_of(
        [importlib.import_module(f"tests.strategies.{module}").plans() for module in PLAN_MODULES]
    )


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def _every_place(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with Store(path, readonly=True) as store:
        (night,) = nights_of(store)
        everyone = stats.gather(store)
        first = night.sessions[0].id
    ledgers = night.ledgers()
    screen = [line for ledger in ledgers for line in payment_lines(ledger.payments, ledger.unit)]
    settled = _run(capsys, "settle", "--db", str(path))
    moved = _run(capsys, "night", "move", first, night.key, "--db", str(path))
    # The command line prints the same report after "Moved <id> to <night>:".
    assert moved.split("\n", 1)[1] == settled
    for line in screen:
        assert line in settled
    assert settled.count(" pays ") == sum(line.count(" pays ") for line in screen)
    assert all(POOL not in ledger.balances for ledger in ledgers), "the pool is shared out"
    for ledger in ledgers:
        for name, balance in ledger.balances.items():
            player = everyone.player(name)
            assert player is not None
            assert getattr(player, ledger.unit) == balance, (name, ledger.unit)


@NIGHTS
@given(plans=st.lists(_any_plan(), min_size=1, max_size=3))
def test_every_place_shows_a_nights_same_payments(
    plans: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder)
        with Store(path) as store:
            for plan in plans:
                store.add(played(plan))
        _every_place(path, capsys)


def test_a_pool_carried_at_the_end_of_the_night_is_shared_out_in_night_move_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/rules.md, Calcutta: a pool still carried when the evening ends is shared out;
    ``night move`` once printed it as chips left in the pool where ``settle`` shared it."""
    players = ["Ann", "Bob", "Cy", "Di"]
    plan = {
        "game": "calcutta",
        "players": players,
        "dealer": "Ann",
        "options": {},
        "rounds": [
            {
                "course": {"S": 3, "H": 2, "D": 1, "C": 1},
                "sales": {
                    "S": {"owner": "Bob", "price": 4},
                    "H": None,
                    "D": {"owner": "Ann", "price": 15},
                    "C": {"owner": "Cy", "price": 10},
                },
                "first": "H",
                "second": "C",
            }
        ],
    }
    with Store(tmp_path) as store:
        session_id = store.add(played(plan))
        started = day(store.summaries()[0].started)
    settled = _run(capsys, "settle", "--db", str(tmp_path))
    moved = _run(capsys, "night", "move", session_id, started, "--db", str(tmp_path))
    assert "shared out" in settled and " leaves " not in settled
    assert moved.split("\n", 1)[1] == settled
    _every_place(tmp_path, capsys)
    statistics = _run(capsys, "stats", "--db", str(tmp_path))
    assert statistics  # the figures themselves are held to the ledger by _every_place
