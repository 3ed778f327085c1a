"""New session's seats say what they leave out of the names typed (an empty name between
commas, a bidi override typed as a key), take a list pasted a name a line, refuse a
pasted tab, and say a refused long paste in one line, so the seats stay where they are."""

from __future__ import annotations

from textual import events
from textual.widgets import OptionList, Static

from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from tests.ui.play import drawn, open_form, put


async def test_an_empty_name_and_a_bidi_override_are_left_out_with_a_word(store: Store) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot, "seven-hand")
        await pilot.press("E", "v")
        # As a terminal sends it: the key named, its character with it (Pilot names it
        # without the character).
        app.post_message(events.Key("right_to_left_override", "\u202e"))
        await pilot.pause()
        await pilot.press("i", "l")
        await pilot.pause()
        note = screen.query_one("#players-note", Static)
        assert str(note.content) == "left out: a bidi control (U+202E)"
        await pilot.press(*", , Zed", "enter")
        await pilot.pause()
        assert screen.query_one("#players-box").players == ["Evil", "Zed"]
        assert str(note.content) == "left out: a bidi control (U+202E), an empty name"
        await pilot.press(*"Cy", "enter")
        await pilot.pause()
        assert str(note.content) == "3 at the table (2+ players)"
        # A list pasted from a chat, a name a line: every name, not the first alone.
        app.post_message(
            events.Paste("山田花子ちゃん\r\n\r\nElizabeth-Anne\r\n Wolfgang Amadeus\r\n")
        )
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        seated = ["Evil", "Zed", "Cy", "山田花子ちゃん", "Elizabeth-Anne", "Wolfgang Amadeus"]
        assert screen.query_one("#players-box").players == seated
        # A name pasted with a tab in it is refused by the name's rule, not seated with
        # the tab drawn as "␉" in it.
        app.post_message(events.Paste("Gr\tandma"))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.query_one("#players-box").players == seated
        assert "holds a tab" in str(note.content)


async def test_a_long_pasted_name_is_refused_in_one_line_beside_the_seats(store: Store) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot, "seven-hand")
        await put(pilot, "Ann, Bob")
        await pilot.press("enter")
        await pilot.pause()
        seats = screen.query_one("#seats", OptionList)
        before = seats.region
        await put(pilot, "Cy, " + "Bartholomew-Montgomery " * 8)
        await pilot.press("enter")
        await pilot.pause()
        note = screen.query_one("#players-note", Static)
        assert str(note.content) == "'Barthol…' is over 30 characters"
        assert drawn(pilot, "#players-note") == ["'Barthol…' is over 30 characters"]
        assert seats.region == before, "the seats stay where they were"
