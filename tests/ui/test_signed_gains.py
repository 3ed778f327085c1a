"""A gain is signed on every screen that shows one (+$0.48), as a loss is (−$0.30); and a
Hot Rum row says "rummy" only when there was one, never "rummy no"."""

from __future__ import annotations

from textual.widgets import Digits, Static

from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.board.big_board import BigBoardScreen
from screens.board.standings import Card, Standings
from screens.settle import SettleScreen
from screens.table import TableScreen
from screens.widgets.grid import ScoreGrid
from tests.ui.evenings import hot_rum


async def test_cys_hot_rum_winnings_carry_their_plus_on_the_grid_board_and_settle_up(
    store: Store,
) -> None:
    """docs/rules.md, Hot Rum: Cy goes out and collects 48 pips at a cent."""
    store.add(hot_rum())
    async with ScorekeeperApp(store).run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        table = pilot.app.screen
        assert isinstance(table, TableScreen)
        grid = table.query_one("#grid", ScoreGrid)
        assert [column.heading[1] for column in grid.columns][1:] == [
            "−$0.30",
            "−$0.08",
            "+$0.48",
            "−$0.10",
        ]
        last = str(table.query_one("#detail", Static).content)
        assert "rummy" not in last

        await pilot.press("b")
        await pilot.pause()
        board = pilot.app.screen
        assert isinstance(board, BigBoardScreen)
        figures = [card.query_one(Digits).value for card in board.query_one(Standings).query(Card)]
        assert figures == ["+$0.48", "-$0.08", "-$0.10", "-$0.30"]

        await pilot.press("escape", "s")
        await pilot.pause()
        settle = pilot.app.screen
        assert isinstance(settle, SettleScreen)
        balances = str(settle.query_one("#balances", Static).content).split("\n")
        assert [line.split() for line in balances] == [
            ["Ann", "−$0.30"],
            ["Bob", "−$0.08"],
            ["Cy", "+$0.48"],
            ["Di", "−$0.10"],
        ]


async def test_a_rummy_is_named_on_its_row_and_a_plain_hand_names_none(store: Store) -> None:
    """docs/rules.md, Hot Rum: Bob goes rummy and is paid double; the next hand is plain."""
    session = hot_rum()
    session.record({"out": "Bob", "rummy": True, "cards": {"Ann": "7 8", "Cy": "2", "Di": "3"}})
    store.add(session)
    async with ScorekeeperApp(store).run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        table = pilot.app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("up")
        await pilot.pause()
        told = str(table.query_one("#detail", Static).content)
        assert "Bob went out with a rummy, paid double" in told
        await pilot.press("up")
        await pilot.pause()
        told = str(table.query_one("#detail", Static).content)
        assert "Cy went out;" in told
        assert "rummy" not in told
