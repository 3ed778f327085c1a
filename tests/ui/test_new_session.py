"""New session: game, seats, first dealer and options; the engine's refusals at their field."""

from __future__ import annotations

import random

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from scorekeeper.settings import remember_currency
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.confirm import ConfirmScreen
from screens.home import HomeScreen
from screens.new_session import NewSessionScreen
from screens.table import TableScreen
from tests.ui import play
from tests.ui.play import start_session


async def open_form(app: ScorekeeperApp, pilot: Pilot[None]) -> NewSessionScreen:
    await pilot.press("ctrl+n")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, NewSessionScreen)
    return screen


async def test_racehorse_for_four_is_refused_next_to_the_players(store: Store) -> None:
    """The stake typed is read beside it as money, whatever the form says of the players."""
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        with pytest.raises(AssertionError, match="still on"):
            await start_session(
                pilot, "racehorse", ["Ann", "Bob", "Cy", "Di"], options={"stake": "0.25"}
            )
        screen = app.screen
        assert isinstance(screen, NewSessionScreen)
        note = screen.query_one("#players-note")
        assert "Racehorse is for 5-8 players, not 4" in str(note.content)
        stake = screen.query_one_row("options.stake")
        assert stake.note_text.startswith("= $0.25 · money per point")
        for typed, read in (("$0.25", "$0.25"), ("25c", "$0.25"), ("25", "$25.00")):
            stake.control.focus()
            await pilot.press("ctrl+a", "ctrl+k", *typed)
            await pilot.pause()
            assert stake.note_text.startswith(f"= {read} ·"), typed
    assert store.summaries() == []


async def test_a_stake_that_is_no_money_is_refused_at_the_stake(store: Store) -> None:
    """As in the round entries: the refused text is selected, so the fix replaces it."""
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        with pytest.raises(AssertionError, match="still on"):
            await start_session(pilot, "hot-rum", ["Ann", "Bob"], options={"stake": "1.5.0"})
        screen = app.screen
        assert isinstance(screen, NewSessionScreen)
        stake = screen.query_one_row("options.stake")
        assert "type money, as 0.25, $0.25 or 25¢" in (stake.error_text or "")
        assert isinstance(stake.control, Input) and stake.control.value == "1.5.0"
        await pilot.press(*"0.07")
        await pilot.pause()
        assert stake.control.value == "0.07"
        assert stake.note_text.startswith("= $0.07 ·")
        await pilot.press("ctrl+a", "ctrl+k", *"5c", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
    assert store.load(store.summaries()[0].id).options["stake"] == 5


async def test_an_options_error_goes_as_soon_as_the_value_is_corrected(store: Store) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        with pytest.raises(AssertionError, match="still on"):
            await start_session(pilot, "horse-race", ["Ann", "Bob", "Cy"], options={"course": "57"})
        screen = app.screen
        assert isinstance(screen, NewSessionScreen)
        course = screen.query_one_row("options.course")
        assert course.error_text == "must be at most 7, not 57"
        await pilot.press("backspace")
        await pilot.pause()
        assert course.error_text is None
        assert not course.control.has_class("-invalid")
        assert "course cards" in str(course.query_one(".field-note").content)
    assert store.summaries() == []


async def test_half_a_round_at_a_decimal_comma_table_is_refused_not_read_as_5(
    store: Store,
) -> None:
    """ "0,5" is a half where money is written €0,25: a count of rounds refuses it at
    its field instead of starting a game of 5 rounds; "1,000" stays a thousand."""
    remember_currency(store, "€", True)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        with pytest.raises(AssertionError, match="still on"):
            await start_session(pilot, "score-pad", ["Ann", "Bob"], options={"rounds": "0,5"})
        screen = app.screen
        assert isinstance(screen, NewSessionScreen)
        rounds = screen.query_one_row("options.rounds")
        assert rounds.error_text == "type a whole number here, not '0,5'"
        await pilot.press("ctrl+a", "ctrl+k", *"1,000", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
    assert store.load(store.summaries()[0].id).options["rounds"] == 1000


async def test_a_duplicate_name_is_refused_as_it_is_typed(store: Store) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(app, pilot)
        await pilot.press("enter", *"Ann, Bob", "enter", *"an")
        await pilot.pause()
        note = screen.query_one("#players-note")
        assert "already at the table" not in str(note.content)
        await pilot.press("n")
        await pilot.pause()
        assert "'ann' is already at the table" in str(note.content)
        name = screen.query_one("#name", Input)
        assert name.has_class("-invalid")
        await pilot.press("enter")
        await pilot.pause()
        assert name.value == "ann", "a refused name stays where it was typed"
        assert screen.players == ["Ann", "Bob"]
        await pilot.press("backspace", "backspace", "backspace", *"Cy")
        await pilot.pause()
        assert not name.has_class("-invalid")
        assert "2 at the table" in str(note.content)


async def test_a_name_with_a_bidi_override_is_refused_as_it_is_added(store: Store) -> None:
    """docs/rules.md, Conventions: a name is printable text; one that would turn the text
    around it is refused at once, and what was typed stays to be put right."""
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(app, pilot)
        await pilot.press("enter", *"Ann", "enter")
        name = screen.query_one("#name", Input)
        name.value = "Bob\u202e, Cy"
        await pilot.press("enter")
        await pilot.pause()
        note = str(screen.query_one("#players-note", Static).content)
        assert "bidi control (U+202E)" in note
        assert name.value == "Bob\u202e, Cy"
        assert screen.players == ["Ann"]
        name.value = "Bob, Cy"
        await pilot.press("enter")
        await pilot.pause()
        assert screen.players == ["Ann", "Bob", "Cy"]
        assert "3 at the table" in str(screen.query_one("#players-note", Static).content)


async def test_players_can_be_reseated_and_cut_for_deal_before_the_start(store: Store) -> None:
    random.seed(7)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(app, pilot)
        await pilot.press("enter", *"Ann, Bob, Cy, Di", "enter")
        screen.query_one("#seats").focus()
        await pilot.press("end", "shift+up", "shift+up", "shift+up")
        await pilot.pause()
        assert screen.players == ["Di", "Ann", "Bob", "Cy"]
        await pilot.press("ctrl+r")
        await pilot.pause()
        cut = screen.cut
        assert cut in ("Ann", "Bob", "Cy", "Di")
        assert screen.query_one_row("dealer").note_text == f"cut for deal: {cut}"
        await pilot.press("ctrl+s")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.session.players[0] == "Di"
        assert table.session.dealer == cut


async def test_a_target_that_follows_the_player_count_is_filled_in(store: Store) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start_session(pilot, "rummy-5000", ["Ann", "Bob", "Cy"])
        assert table.session.options["target"] == 3000


@pytest.mark.parametrize(("game_id", "names"), [("racehorse", 8), ("rummy-5000", 5)])
async def test_every_seat_of_the_largest_table_stays_in_view(
    store: Store, game_id: str, names: int
) -> None:
    """Eight names typed for Racehorse (five for 5000 Rummy): the first is still there
    to check the seat order against, the last too."""
    seated = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"][:names]
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await play.open_form(pilot, game_id)
        await play.put(pilot, ", ".join(seated))
        await pilot.press("enter")
        await pilot.pause()
        shown = play.drawn(pilot, "#seats")
    assert shown[:names] == [f"{seat}. {name}" for seat, name in enumerate(seated, 1)]


async def test_a_game_is_picked_by_the_first_letter_of_its_name(store: Store) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(app, pilot)
        picked = []
        for key in ("r", "5", "z", "h", "c", "b"):
            await pilot.press(key)
            picked.append(form.game.name)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.focused, Input) and app.focused.id == "name"
    assert picked == [
        "Racehorse",
        "5000 Rummy",
        "5000 Rummy",  # no game starts with z
        "Hot Rum",
        "Calcutta Horse Race",
        "Basic Horse Race",
    ]


async def test_a_name_typed_twice_comes_back_selected_for_the_fix_and_ctrl_u_empties_it(
    store: Store,
) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(app, pilot)
        await pilot.press("enter", *"Ann, Ann", "enter")
        await pilot.pause()
        note = str(screen.query_one("#players-note", Static).content)
        assert "'Ann' is typed twice" in note
        name = screen.query_one("#name", Input)
        assert name.selected_text == "Ann, Ann"
        await pilot.press(*"Bob", "enter")
        await pilot.pause()
        assert screen.players == ["Bob"], "the fix replaced the refused names"
        await pilot.press(*"Bob, Cy", "enter", "home", "ctrl+u")
        await pilot.pause()
        assert name.value == "", "Ctrl+U empties the field wherever the cursor is"


async def test_esc_asks_before_leaving_what_was_typed_and_leaves_an_untouched_form_at_once(
    store: Store,
) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(app, pilot)
        await pilot.press("enter", *"Ann, Bob", "enter", "escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Leave the new session?" in str(app.screen.query_one("#question", Static).content)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen
        assert screen.players == ["Ann", "Bob"]
        await pilot.press("escape", "y")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await open_form(app, pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen), "nothing typed: nothing to ask"


async def test_ctrl_q_asks_as_esc_does_and_quits_an_untouched_form_at_once(store: Store) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(app, pilot)
        await pilot.press("enter", *"Ann, Bob", "enter", "ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Quit without starting the new session?" in play.said(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen
        assert screen.players == ["Ann", "Bob"]
        await pilot.press("f1", "ctrl+q")  # the help over the form: still asked
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_form(app, pilot)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.return_code == 0, "nothing typed: nothing to ask"


async def test_a_key_the_first_dealer_cannot_take_is_said_at_its_row(store: Store) -> None:
    """As in the round entries: the bell alone left the typist guessing; the word goes
    once a pick is made or the focus leaves the row."""
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(app, pilot)
        await pilot.press("enter", *"Ann, Bob", "enter", "tab", "x")
        await pilot.pause()
        dealer = screen.query_one_row("dealer")
        assert screen.focused is dealer.control
        assert "nothing here starts with 'x'" in (dealer.error_text or "")
        assert "nothing here starts with 'x'" in play.said(pilot, "#setup")
        await pilot.press("b")
        await pilot.pause()
        assert dealer.error_text is None
        assert screen.dealer_choice().value == "Bob"
        await pilot.press("9", "tab")
        await pilot.pause()
        assert dealer.error_text is None, "the word goes as the focus leaves"


async def test_an_option_that_is_no_number_says_so_as_it_is_typed(store: Store) -> None:
    """Not only at Start: the row said the option's help over "1x" until then."""
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(app, pilot)
        limit = screen.query_one_row("options.limit")
        limit.control.focus()
        await pilot.press("ctrl+u", *"1x")
        await pilot.pause()
        assert limit.note_text == "type a whole number here, not '1x'"
        assert "type a whole number here" in play.said(pilot, "#setup")
        await pilot.press("backspace")
        await pilot.pause()
        assert limit.note_text == screen.game.options["limit"].help
        screen.query_one("#games").focus()
        await pilot.press("h")
        await pilot.pause()
        assert screen.game.id == "hot-rum"
        stake = screen.query_one_row("options.stake")
        stake.control.focus()
        await pilot.press("ctrl+u", *"1.5.")
        await pilot.pause()
        assert stake.note_text == "type money, as 0.25, $0.25 or 25¢, not '1.5.'"


async def test_a_house_name_past_its_length_is_said_at_its_row(store: Store) -> None:
    """The key past the 30th rang the bell and said nothing."""
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(app, pilot)
        await pilot.press("s", "s")
        assert screen.game.id == "score-pad"
        house = screen.query_one_row("options.house")
        house.control.focus()
        await pilot.press("ctrl+u")
        assert isinstance(house.control, Input)
        house.control.insert_text_at_cursor("x" * 29)
        await pilot.press("x", "x")
        await pilot.pause()
        assert house.error_text == "a name of at most 30 characters"
        assert screen.option_value("house") == "x" * 30
