"""A paste that ends in a newline (a line copied whole from a chat or a sheet) fills the
field; only Enter records the round."""

from __future__ import annotations

from textual import events
from textual.widgets import Input

from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.rounds.base import RoundEntry
from tests.ui.evenings import EVENINGS
from tests.ui.play import put

PASTED = ("A 9\n", "A 9\r\n", "A 9\nK\n", "A 9\r", "\n")


async def test_a_pasted_newline_never_records_the_round(store: Store) -> None:
    """Hand after hand at Grandma's, one game: Grandma goes out, Max's cards typed, Zoe's
    pasted; first with the round complete and the focus back on who went out (a paste
    there is no key), then a paste in Zoe's field for each way a line can end."""
    session = EVENINGS["seven-hand"]()
    session.undo()  # room for a hand per paste, and one more
    session_id = store.add(session)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("r", "g", "down")
        await put(pilot, "K Q 3")
        await pilot.press("down")
        await put(pilot, "A 9")
        await pilot.press("up", "up")
        await pilot.pause()
        entry = app.screen
        assert isinstance(entry, RoundEntry)
        assert not isinstance(app.focused, Input)
        app.post_message(events.Paste("Zoe\n\n"))
        await pilot.pause()
        assert app.screen is entry
        assert len(store.load(session_id).rounds) == 1
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert app.screen is not entry
        for recorded, pasted in enumerate(PASTED, start=2):
            await pilot.press("r", "g", "down")
            await put(pilot, "K Q 3")
            await pilot.press("down")
            await pilot.pause()
            entry = app.screen
            assert isinstance(entry, RoundEntry)
            if pasted == "\n":
                await pilot.press(*"A 9")
            app.post_message(events.Paste(pasted))
            await pilot.pause()
            assert app.screen is entry, f"the paste {pasted!r} closed the entry"
            assert isinstance(app.focused, Input) and app.focused.value == "A 9", pasted
            assert len(store.load(session_id).rounds) == recorded
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is not entry
            assert len(store.load(session_id).rounds) == recorded + 1
