"""Everything the keys do can be done with the mouse: picks, buttons, rows."""

from __future__ import annotations

from typing import Any

from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.rounds.base import RoundEntry
from screens.table import TableScreen
from screens.widgets.choice import GAP, Choice
from screens.widgets.grid import ScoreGrid


def item(entry: RoundEntry, path: str, label: str) -> dict[str, Any]:
    """Where ``label`` is drawn in the pick at ``path`` (its first letter): the click's
    target."""
    control = entry.control(path, Choice)
    labels = [text for text, _ in control.options]
    y, x, _, _ = control.placed()[labels.index(label)]
    return {"widget": control, "offset": (x + GAP, y)}


async def test_a_round_recorded_and_edited_with_clicks_only(store: Store) -> None:
    session_id = store.add(Session.new("racehorse", ["Ann", "Bob", "Cy", "Di", "Ed"]))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        sessions = app.screen.query_one("#sessions", ScoreGrid)
        await pilot.click(sessions, offset=(2, 1))
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        grid = table.query_one("#grid", ScoreGrid)
        await pilot.click(grid, offset=(2, grid.header_height))
        await pilot.pause()
        entry = app.screen
        assert isinstance(entry, RoundEntry)
        for path, label in (("pitcher", "Cy"), ("bid", "4"), ("made", "Made")):
            await pilot.click(**item(entry, path, label))
        await pilot.click("#record")
        await pilot.pause()
        assert store.load(session_id).rounds == [{"pitcher": "Cy", "bid": 4, "made": True}]

        await pilot.click(grid, offset=(2, grid.header_height))
        await pilot.click(grid, offset=(2, grid.header_height))
        await pilot.pause()
        entry = app.screen
        assert isinstance(entry, RoundEntry)
        assert entry.index == 0
        await pilot.click(**item(entry, "made", "Upped"))
        await pilot.click("#record")
        await pilot.pause()
        assert store.load(session_id).rounds == [{"pitcher": "Cy", "bid": 4, "made": False}]
