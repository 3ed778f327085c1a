"""The Seven Hand round entry: each player's field takes the cards or the points, every
hand, with no switch to set; the game says which it read."""

from textual.widgets import Input

from scorekeeper import Session
from screens.rounds.base import RoundEntry
from screens.widgets.choice import Choice
from tests.ui.hosts import EntryHost, entry_of, sent
from tests.ui.play import drawn
from tests.ui.test_scoresheet import TWELVE

SEATS = ["Grandma", "Max", "Zoe"]


def note_of(entry: RoundEntry, path: str) -> str:
    return str(entry.row(path).query_one(".field-note").render())


async def test_points_for_one_player_and_cards_for_another_in_the_same_hand() -> None:
    session = Session.new("seven-hand", SEATS)
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        # Max went out; Grandma's 45 typed as points, Zoe's A 9 as cards.
        await sent(pilot, "m", "down", *"45", "down", *"A 9")
        entry = entry_of(host)
        assert note_of(entry, "cards.Grandma") == "45 points"
        assert note_of(entry, "cards.Zoe") == "= 25"
        await sent(pilot, "enter")
    assert session.totals == {"Grandma": 45, "Max": 0, "Zoe": 25}
    assert session.rounds[0] == {
        "out": "Max",
        "points": {"Grandma": 45},
        "cards": {"Zoe": "A 9"},
    }

    # The next hand takes cards again as they come, and points again: nothing to reset.
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "z", "down", *"K K", "down", *"15", "enter")
    assert session.totals == {"Grandma": 65, "Max": 15, "Zoe": 25}


async def test_a_single_card_typed_bare_is_that_card() -> None:
    session = Session.new("seven-hand", SEATS)
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        # A 7 held alone counts 5: "7" is the card, not 7 points (no multiple of 5).
        await sent(pilot, "m", "down", *"7", "down", *"30", "enter")
    assert session.totals == {"Grandma": 5, "Max": 0, "Zoe": 30}


async def test_a_wrong_count_is_refused_at_its_row_and_the_fix_typed_over_it() -> None:
    session = Session.new("seven-hand", SEATS)
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "m", "down", *"JK JK X", "down", *"25", "enter")
        entry = entry_of(host)
        error = entry.row("cards.Grandma").error_text or ""
        assert "'X' is not a card" in error
        assert entry.control("cards.Grandma", Input).value == "JK JK X"
        assert session.rounds == []
        # The refused text is selected: what is typed next replaces it.
        await sent(pilot, *"JK JK", "enter")
    assert session.totals == {"Grandma": 40, "Max": 0, "Zoe": 25}


async def test_rummy_calls_say_whom_they_name_or_why_not_as_they_are_typed() -> None:
    session = Session.new("seven-hand", SEATS)
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "m", "down", *"45", "down", *"25", "down", *"Zo, Bo")
        entry = entry_of(host)
        assert note_of(entry, "rummies") == "'Bo' is not one player at this table"
        await sent(pilot, "backspace", "backspace", *"Gr 2")
        assert note_of(entry, "rummies") == "calls: Zoe 1, Grandma 2"
        await sent(pilot, "enter")
    assert session.rounds[0]["rummies"] == {"Zoe": 1, "Grandma": 2}


async def test_at_twelve_who_went_out_is_picked_by_the_number_drawn_before_the_name() -> None:
    """Four names begin with M at twelve: "1" "2" picks the twelfth seat, Mo, as the
    number drawn before his name says, as the first dealer is picked in New session."""
    session = Session.new("seven-hand", TWELVE)
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "1", "2")
        entry = entry_of(host)
        row = entry.row("out").region
        assert "12 Mo" in " ".join(drawn(pilot)[row.y : row.bottom])
        assert entry.control("out", Choice).value == "Mo"
        assert entry.control("cards.Mo", Input).disabled
        await sent(pilot, "3")
        assert entry.control("out", Choice).value == "Maximilian"
