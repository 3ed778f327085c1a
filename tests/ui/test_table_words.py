"""The table's words on screen: a tie said as one in the session list, a name typed
twice said so (not "already at the table" while it is empty), an error gone once the
round as typed would be recorded, whichever row put it right."""

from __future__ import annotations

from textual.widgets import Static

from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.new_session import NewSessionScreen
from tests.ui.evenings import PARKS_RACE_1
from tests.ui.hosts import EntryHost, sent
from tests.ui.play import said
from tests.ui.test_entry_calcutta import entry_of, friday_at_the_parks, sale
from tests.ui.test_home import rows


async def test_a_tied_lead_is_named_as_a_tie_in_the_session_list(store: Store) -> None:
    """The leader's column takes the room the others leave: a long name whole at 80
    columns; a tie too long even for that is counted, and named under the list."""
    session = Session.new("hot-rum", ["Zoe", "Max", "Elizabeth-Anne"])
    session.record({"out": "Elizabeth-Anne", "cards": {"Zoe": "K", "Max": "K"}})
    store.add(session)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert said(pilot, "#sessions").endswith(" Elizabeth-Anne")
    assert session.figures().leaders == ("Elizabeth-Anne",)

    tied = Session.new("seven-hand", ["Elizabeth-Anne", "Maximilian"])
    tied.record({"out": "Elizabeth-Anne", "cards": {"Maximilian": "5"}})
    tied.record({"out": "Maximilian", "cards": {"Elizabeth-Anne": "5"}})
    with Store(store.path.parent / "tied") as other:
        other.add(tied)
        app = ScorekeeperApp(other)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            # Too long for the room at 80 columns: how many share it, read from across
            # the room, not "tie: Eliz…"; the line under the list names them.
            assert rows(app)[0][4] == "2 tied"
            assert said(pilot, "#under").startswith("Elizabeth-Anne and Maximilian share the lead")
            await pilot.resize_terminal(120, 24)
            await pilot.pause()
            assert rows(app)[0][4] == "tie: Elizabeth-Anne, Maximilian"


async def test_a_name_typed_twice_is_said_to_be_while_the_table_is_empty(store: Store) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewSessionScreen)
        await pilot.press("enter", *"mia, Mia")
        await pilot.pause()
        note = str(screen.query_one("#players-note", Static).content)
        assert note == "'Mia' is typed twice"
        assert "already at the table" not in note


async def test_an_error_goes_once_another_row_puts_the_round_right() -> None:
    session = friday_at_the_parks()
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        keys = [*sale("c", "12"), *sale("f", "20"), *sale("b", "7"), *sale("a", "31")]
        # H first and H second: refused at Second; First is put right instead.
        await sent(pilot, *"2221", "down", *keys, "h", "down", "h", "enter")
        entry = entry_of(host)
        assert session.rounds == []
        assert entry.row("second").error_text == "H cannot finish both first and second"
        await pilot.press("shift+tab", "c")
        await pilot.pause()
        assert entry.row("second").error_text is None
        assert "H cannot" not in str(entry.query_one("#problem", Static).content)
        await pilot.press("enter")
        await pilot.pause()
    assert session.rounds[0]["first"] == "C" and session.rounds[0]["second"] == "H"
    assert PARKS_RACE_1["course"] == session.rounds[0]["course"]
