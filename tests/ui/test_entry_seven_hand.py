"""The Seven Hand round entry: typing counts instead of cards is one hand's choice, and
cards typed where a count belongs say how to switch back."""

from textual.widgets import Input

from scorekeeper import Session
from screens.rounds.base import RoundEntry
from screens.widgets.choice import Choice
from tests.ui.hosts import EntryHost

SEATS = ["Grandma", "Max", "Zoe"]


def entry_of(host: EntryHost) -> RoundEntry:
    entry = host.screen
    assert isinstance(entry, RoundEntry)
    return entry


async def test_points_typed_for_one_hand_leave_the_next_hand_to_cards() -> None:
    session = Session.new("seven-hand", SEATS)
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        # Max went out; Grandma 45 and Zoe 25 typed as points, then "p" at Typed as.
        await pilot.press("m", "down", *"45", "down", *"25", "down", "p", "enter")
        await pilot.pause()
    assert session.totals == {"Grandma": 45, "Max": 0, "Zoe": 25}

    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        entry = entry_of(host)
        assert entry.control("by", Choice).value == "cards"
        await pilot.press("z", "down", *"K K", "down", *"A", "enter")
        await pilot.pause()
    assert session.totals == {"Grandma": 65, "Max": 15, "Zoe": 25}


async def test_cards_typed_as_points_say_how_to_switch_and_the_error_goes_with_the_switch() -> None:
    session = Session.new("seven-hand", SEATS)
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.press("m", "down", *"JK JK", "down", *"25", "down", "p", "enter")
        await pilot.pause()
        entry = entry_of(host)
        error = entry.row("cards.Grandma").error_text or ""
        assert "not 'JK JK'" in error
        assert "press c at Typed as" in error
        assert entry.control("cards.Grandma", Input).value == "JK JK"
        assert session.rounds == []

        # The error put the focus on Grandma's row: down twice is Typed as.
        await pilot.press("down", "down", "c")
        await pilot.pause()
        assert entry.control("by", Choice).value == "cards"
        assert entry.row("cards.Grandma").error_text is None
        assert "= 40" in str(entry.row("cards.Grandma").query_one(".field-note").render())
        # Zoe's 25 is no card text: her cards, JK 3, replace it.
        await pilot.press("up", "ctrl+shift+a", *"JK 3", "enter")
        await pilot.pause()
    assert session.totals == {"Grandma": 40, "Max": 0, "Zoe": 25}
