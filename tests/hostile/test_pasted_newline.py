"""A paste that ends in a newline (a line copied whole from a chat or a sheet) fills the
field; only Enter records the round."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Input

from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.rounds.base import RoundEntry
from tests.ui.evenings import EVENINGS


@pytest.mark.parametrize("pasted", ["A 9\n", "A 9\r\n", "A 9\nK\n", "A 9\r", "\n"])
async def test_a_pasted_newline_never_records_the_round(store: Store, pasted: str) -> None:
    """Hand 3 at Grandma's: Grandma goes out, Max's cards typed, Zoe's pasted."""
    session_id = store.add(EVENINGS["seven-hand"]())
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("r", "g", "down", *"K Q 3", "down")
        await pilot.pause()
        entry = app.screen
        assert isinstance(entry, RoundEntry)
        if pasted == "\n":
            await pilot.press(*"A 9")
        app.post_message(events.Paste(pasted))
        await pilot.pause()
        assert app.screen is entry, "the paste closed the entry"
        assert isinstance(app.focused, Input) and app.focused.value == "A 9"
        assert len(store.load(session_id).rounds) == 2
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is not entry
        assert len(store.load(session_id).rounds) == 3


async def test_a_pasted_newline_on_a_pick_records_nothing(store: Store) -> None:
    """The same round complete, the focus back on who went out: a paste there is no key."""
    session_id = store.add(EVENINGS["seven-hand"]())
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("r", "g", "down", *"K Q 3", "down", *"A 9", "up", "up")
        await pilot.pause()
        entry = app.screen
        assert not isinstance(app.focused, Input)
        app.post_message(events.Paste("Zoe\n\n"))
        await pilot.pause()
        assert app.screen is entry
        assert len(store.load(session_id).rounds) == 2
