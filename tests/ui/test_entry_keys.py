"""Keys that arrive in one burst (a paste, a fast typist, tmux send-keys) land where they
would have landed one at a time: none is dropped or typed into the field just left."""

from typing import Any

from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input

from scorekeeper import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.new_session import NewSessionScreen
from screens.rounds.base import RoundEntry
from tests.ui.hosts import EntryHost, burst
from tests.ui.play import pick_game, sit_down


async def test_a_burst_of_keys_fills_each_field_in_turn() -> None:
    session = Session.new("hot-rum", ["Ann", "Bob", "Cy", "Di"])
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        burst(host, ["c", "down", *"K 9 A", "down", *"4 4", "down", "Q", "enter"])
        await pilot.pause()
        await pilot.pause()
    assert session.balances == {"Ann": -30, "Bob": -8, "Cy": 48, "Di": -10}


async def test_a_key_a_field_takes_itself_lands_before_the_enter_sent_after_it() -> None:
    """Space on a tick and Backspace on a pick are the field's own keys: in a burst they
    still land before the Enter behind them records the round."""
    ticked = Session.new("hot-rum", ["Ann", "Bob"])
    host = EntryHost(ticked)
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        burst(host, ["r", "b", "down", "7", "space", "8", "down", "space", "enter"])
        await pilot.pause()
        await pilot.pause()
    assert ticked.rounds == [{"out": "Bob", "cards": {"Ann": "7 8"}, "rummy": True}]

    cleared = Session.new("hot-rum", ["Ann", "Bob"])
    host = EntryHost(cleared)
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        burst(host, ["down", "7", "up", "b", "backspace", "enter"])
        await pilot.pause()
        await pilot.pause()
        entry = host.screen
        assert isinstance(entry, RoundEntry)
        assert entry.row_for("out").error_text
    assert cleared.rounds == []


async def test_down_right_after_the_course_goes_to_the_first_horse_of_its_auction() -> None:
    """Calcutta's sale rows move into auction order as the course is typed; a Down in the
    same burst goes to the first horse auctioned, before the moved rows are drawn."""
    session = Session.new("calcutta", ["Ann", "Bob", "Cy", "Di"])
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        sales = ["d", "down", "5", "down", "c", "down", "9", "down", "b", "down", "4"]
        burst(host, [*"1312", "down", *sales, "down", "a", "down", "3", "down", "d", "down"])
        burst(host, ["s", "enter"])
        await pilot.pause()
        await pilot.pause()
    assert host.recorded[-1] == {
        "course": {"S": 1, "H": 3, "D": 1, "C": 2},
        "sales": {
            "H": {"owner": "Di", "price": 5},
            "C": {"owner": "Cy", "price": 9},
            "S": {"owner": "Bob", "price": 4},
            "D": {"owner": "Ann", "price": 3},
        },
        "first": "D",
        "second": "S",
    }


async def test_names_and_fields_typed_in_one_burst_start_the_session(store: Store) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewSessionScreen)
        await pick_game(pilot, screen, "horse-race")
        keys = ["enter", *"Ann, Bob, Cy", "enter", "enter", "tab", "6"]
        burst(app, keys)
        await pilot.pause()
        await pilot.pause()
        assert screen.players == ["Ann", "Bob", "Cy"]
        # The 6 lands in the course field and replaces the 7 the game filled in, shown
        # selected as the focus came.
        course = screen.query_one_row("options.course").control
        assert isinstance(course, Input)
        assert course.value == "6"


async def test_a_resize_to_60x20_and_back_keeps_the_entry_and_what_was_typed(
    store: Store,
) -> None:
    store.add(Session.new("hot-rum", ["Ann", "Bob", "Cy"]))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_down(pilot)
        await pilot.press("r", "b", "down", *"7 8")
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        entry = app.screen
        assert isinstance(entry, RoundEntry)
        assert entry.control("cards.Ann", Input).value == "7 8"


async def tab_goes_in_drawn_order(
    pilot: Pilot[None], screen: Screen[Any], passed_by: Widget | None = None
) -> None:
    """Tab from the focused field all the way round visits the fields in the order
    Textual draws them (by their place on screen), but for ``passed_by``."""
    drawn = screen.focus_chain
    assert len(drawn) > 3 and screen.focused in drawn
    start = drawn.index(screen.focused)
    expected = [widget for widget in drawn[start:] + drawn[:start] if widget is not passed_by]
    stepped = []
    for _ in expected:
        stepped.append(screen.focused)
        await pilot.press("tab")
    assert stepped == expected


async def test_new_session_fields_follow_one_another_in_the_order_they_are_drawn(
    store: Store,
) -> None:
    store.add(Session.new("calcutta", ["Ann", "Bob", "Cy"]))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_down(pilot)
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewSessionScreen)
        # Tab from the name goes past the seats (Shift+Tab reaches them) to the dealer.
        await tab_goes_in_drawn_order(pilot, screen, screen.query_one("#seats"))
