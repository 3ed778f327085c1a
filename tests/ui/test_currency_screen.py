"""The table's currency on screen: said once with the first session played for money,
changed with F2 (or "Currency" in the palette), and then every figure, the CLI's too,
written that way."""

from __future__ import annotations

import pytest

from scorekeeper.cli import main
from scorekeeper.session import Session
from scorekeeper.settings import currency_at
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.currency import CurrencyScreen
from screens.settle import SettleScreen
from screens.table import TableScreen
from screens.widgets.choice import Choice
from tests.textual_internals import toast_seconds
from tests.ui.play import said, sit_down, start_session
from tests.ui.test_nothing_lost import toasts

PARKS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


async def test_the_first_session_for_money_says_how_money_is_written_and_keeps_it(
    store: Store,
) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await start_session(pilot, "racehorse", PARKS, options={"stake": "0.25"})
        assert "Money reads $1,234.50" in toasts(app)
        assert "F2" in toasts(app)
        # Over the grid's empty rows, not the panel saying what the deal needs.
        assert "F2" not in said(pilot, "#panel")
        assert "$0.25 per point ($0.50 to $1.25 a player per deal)" in said(pilot, "#panel")
        # Over the table's panel (the stake): no longer than it takes to read.
        assert max(toast_seconds(app).values()) <= 4
    assert currency_at(store.path) is not None  # kept: said once, not again


async def test_f2_writes_money_in_euro_with_a_comma_everywhere(
    store: Store, capsys: pytest.CaptureFixture[str]
) -> None:
    session = Session.new("racehorse", PARKS, options={"stake": 25})
    session.record({"pitcher": "Ed", "bid": 2, "made": True})
    store.add(session)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_down(pilot)
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, CurrencyScreen)
        for choice in app.screen.query(Choice):  # every option in view, side by side
            assert choice.region.height == 1, choice.region
        await pilot.press("right", "down", "c", "enter")  # €, then the decimal comma
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert "+€2,50" in said(pilot, "#grid")
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettleScreen)
        assert "Ann pays Ed €0,50" in said(pilot, "#payments")
    assert main(["settle", "--text", "--db", str(store.path)]) == 0
    assert "Ann pays Ed €0,50" in capsys.readouterr().out
