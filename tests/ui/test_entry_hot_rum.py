"""The Hot Rum round entry: a forgotten player is never taken as holding nothing, and a
long hand typed stays in view at its end."""

from textual.widgets import Input

from scorekeeper import Session
from screens.rounds.base import RoundEntry
from tests.ui.hosts import EntryHost, sent
from tests.ui.play import drawn


async def test_a_blank_row_is_refused_until_the_cards_are_typed() -> None:
    session = Session.new("hot-rum", ["Ann", "Bob", "Cy", "Di"])
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "c", "down", *"K 9 A", "down", *"4 4", "enter")
        entry = host.screen
        assert isinstance(entry, RoundEntry)
        assert "type the cards Di held" in entry.row_for("cards.Di").error_text
        assert session.rounds == []
        await sent(pilot, "Q", "enter")
    assert session.balances == {"Ann": -30, "Bob": -8, "Cy": 48, "Di": -10}
    assert session.dealer == "Bob"


async def test_cards_typed_past_the_end_of_the_field_scroll_it_to_the_last_card() -> None:
    """A field shows the end of what is typed, the last card by the cursor, as each key
    lands (the field is measured again without a layout of the screen)."""
    host = EntryHost(Session.new("hot-rum", ["Ann", "Bob", "Cy"]))
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", "down", *"K 9 A 2 3 4 5 6 7 8 J Q 10")
        await pilot.pause()
        entry = host.screen
        assert isinstance(entry, RoundEntry)
        field = entry.control("cards.Ann", Input)
        assert field.value == "K 9 A 2 3 4 5 6 7 8 J Q 10"
        seen = field.content_region
        line = drawn(pilot)[seen.y][seen.x : seen.right]
        assert line.rstrip().endswith("J Q 10") and not line.startswith("K 9")
