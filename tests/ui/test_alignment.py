"""Wide names (中, emoji) take two columns: the figures beside them still line up."""

from __future__ import annotations

from rich.cells import cell_len

from scorekeeper.reports.nights import Ledger
from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.nights import balance_lines
from screens.settle import SettleScreen


def test_a_nights_balances_line_up_whatever_the_names() -> None:
    ledger = Ledger("money", {"中文": 500, "Bob": -300, "Zoë": -200}, [])
    lines = balance_lines(ledger).splitlines()
    assert len(lines) == 3
    assert len({cell_len(line) for line in lines}) == 1, lines


async def test_settle_up_lines_up_wide_names_with_the_rest(store: Store) -> None:
    session = Session.new("hot-rum", ["中村", "Jo🎲", "Bob"])
    session.record({"out": "Bob", "cards": {"中村": "7 8", "Jo🎲": "K"}})
    store.add(session)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        settle = app.screen
        assert isinstance(settle, SettleScreen)
        lines = str(settle.query_one("#balances").content).splitlines()
    assert [line.split() for line in lines] == [
        ["中村", "−$0.15"],
        ["Jo🎲", "−$0.10"],
        ["Bob", "+$0.25"],
    ]
    # The amounts are right-aligned, so equal widths on screen mean one straight column.
    assert len({cell_len(line) for line in lines}) == 1, lines
