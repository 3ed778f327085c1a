"""The round entry over the table at 80×24: its box, and nothing of the table beside it."""

from __future__ import annotations

from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.rounds.base import RoundEntry
from tests.ui.evenings import EVENINGS
from tests.ui.play import drawn


async def test_no_letter_of_the_table_shows_beside_an_entry_at_80_columns(store: Store) -> None:
    """Hand 3 at Grandma's, Max's cards typed and the others forgotten: the panel's long
    lines run to the last column behind the entry, and must not show at its edges."""
    store.add(EVENINGS["seven-hand"]())
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("r", "g", "down", *"K Q 3", "down", "enter")
        await pilot.pause()
        entry = app.screen
        assert isinstance(entry, RoundEntry)
        box = entry.query_one("#entry").region
        lines = [line.ljust(80) for line in drawn(pilot)[box.y : box.bottom]]
        assert "type the cards Zoe held" in "".join(lines)
        edges = [(line[0], line[-1]) for line in lines]
        assert edges == [("╭", "╮"), *[("│", "│")] * (len(lines) - 2), ("╰", "╯")]
