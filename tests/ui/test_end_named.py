"""Ending a game early has one name in every game: the footer shows it, and the command
palette finds it by "end" and by "stop"."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.command import Hit

from scorekeeper import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.palette import ScreenCommands
from screens.table import TableScreen
from tests.domain.test_ending import calcutta_with_9_carried, rummy_5000_first_hand
from tests.ui.test_keys_shown import footer_of


def racehorse_dealt_once() -> Session:
    session = Session.new("racehorse", ["Ann", "Bob", "Cy", "Di", "Ed"])
    session.record({"pitcher": "Ed", "bid": 2, "made": True})
    return session


async def found(table: TableScreen, query: str) -> list[str]:
    provider = ScreenCommands(table)
    return [str(hit.text) async for hit in provider.search(query) if isinstance(hit, Hit)]


@pytest.mark.parametrize(
    "make", [calcutta_with_9_carried, rummy_5000_first_hand, racehorse_dealt_once]
)
async def test_end_game_is_on_the_footer_and_found_by_end_and_stop(
    store: Store, make: Callable[[], Session]
) -> None:
    store.add(make())
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        assert "f End game" in footer_of(pilot)
        assert "End game" in await found(table, "end")
        assert "End game" in await found(table, "stop")
