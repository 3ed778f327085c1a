"""Racehorse kept over a quit: the app started again shows the same deal and dealer. (The
Racehorse evening itself, New session to the export, is Friday at the Parks' in
``test_scenario_evenings``.)"""

from __future__ import annotations

from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from tests.ui.play import sit_down

SEATS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


async def test_quitting_and_starting_again_shows_the_same_round_and_dealer(store: Store) -> None:
    store.add(Session.new("racehorse", SEATS))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_down(pilot)
        await pilot.press("r", "b", "down", "3", "down", "u", "enter")
        await pilot.pause()
    path = store.path
    store.close()
    with Store(path) as again:
        app = ScorekeeperApp(again)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await sit_down(pilot)
            assert table.session.dealer == "Ann"
            status = str(table.query_one("#status").content)
            assert "Deal 2" in status
            assert "Ann deals" in status
