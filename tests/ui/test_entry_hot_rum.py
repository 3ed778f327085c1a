"""The Hot Rum round entry: a forgotten player is never taken as holding nothing."""

from scorekeeper import Session
from screens.rounds.base import RoundEntry
from tests.ui.hosts import EntryHost


async def test_a_blank_row_is_refused_until_the_cards_are_typed() -> None:
    session = Session.new("hot-rum", ["Ann", "Bob", "Cy", "Di"])
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", "down", *"K 9 A", "down", *"4 4", "enter")
        await pilot.pause()
        entry = host.screen
        assert isinstance(entry, RoundEntry)
        assert "type the cards Di held" in entry.row_for("cards.Di").error_text
        assert session.rounds == []
        await pilot.press("Q", "enter")
        await pilot.pause()
    assert session.balances == {"Ann": -30, "Bob": -8, "Cy": 48, "Di": -10}
    assert session.dealer == "Bob"
