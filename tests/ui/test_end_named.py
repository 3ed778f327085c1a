"""Ending a game early has one name in every game: the footer shows it, and the command
palette finds it by "end" and by "stop"."""

from __future__ import annotations

from textual.command import Hit

from scorekeeper import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.palette import ScreenCommands
from screens.table import TableScreen
from tests.domain.test_ending import calcutta_with_9_carried, rummy_5000_first_hand
from tests.ui.hosts import at_table
from tests.ui.test_keys_shown import footer_of


def racehorse_dealt_once() -> Session:
    session = Session.new("racehorse", ["Ann", "Bob", "Cy", "Di", "Ed"])
    session.record({"pitcher": "Ed", "bid": 2, "made": True})
    return session


async def found(table: TableScreen, query: str) -> list[str]:
    provider = ScreenCommands(table)
    return [str(hit.text) async for hit in provider.search(query) if isinstance(hit, Hit)]


async def test_end_game_is_on_the_footer_and_found_by_end_and_stop(store: Store) -> None:
    """At three games' tables in turn, in one app."""
    tables = [
        store.add(make())
        for make in (calcutta_with_9_carried, rummy_5000_first_hand, racehorse_dealt_once)
    ]
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        for session_id in tables:
            table = await at_table(pilot, store, session_id)
            assert "f End game" in footer_of(pilot), table.game.id
            assert "End game" in await found(table, "end")
            assert "End game" in await found(table, "stop")
