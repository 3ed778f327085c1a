"""Nothing typed is lost: a closed entry keeps its draft, Ctrl+Q asks first, an undone round
comes back with y, and the same players start another game with one key."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from textual.widgets import Checkbox, Input

from scorekeeper import Session
from scorekeeper.store import Store
from screens import table as table_module
from screens.app import ScorekeeperApp
from screens.confirm import ConfirmScreen
from screens.home import HomeScreen
from screens.new_session import NewSessionScreen, shown_value
from screens.rounds.base import RoundEntry
from screens.table import TableScreen
from tests.textual_internals import toast_seconds
from tests.ui.play import said, sit_down


async def test_an_entry_closed_with_typing_in_it_opens_with_it_again(store: Store) -> None:
    """The table says it kept the typing; the message goes when the table is left."""
    store.add(Session.new("hot-rum", ["Ann", "Bob", "Cy"]))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        table = await sit_down(pilot)
        await pilot.press("r", "b", "down", *"7 8", "escape")
        await pilot.pause()
        assert app.screen is table
        assert store.load(table.session_id).rounds == []
        assert "Kept what you typed" in toasts(app)
        await pilot.press("escape")  # to the sessions and back: the draft is still kept
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert "Kept what you typed" not in toasts(app)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        entry = app.screen
        assert isinstance(entry, RoundEntry)
        assert entry.control("cards.Ann", Input).value == "7 8"
        entry.row("cards.Cy").control.focus()
        await pilot.press("K", "enter")
        await pilot.pause()
        assert store.load(table.session_id).balances == {"Ann": -15, "Bob": 25, "Cy": -10}
        await pilot.press("r")
        await pilot.pause()
        entry = app.screen
        assert isinstance(entry, RoundEntry)
        assert entry.control("cards.Ann", Input).value == "", "a recorded draft is gone"


async def test_an_entry_opened_again_at_once_says_its_typing_is_back_above_its_keys(
    store: Store,
) -> None:
    """One note, "is back", in place of "Kept what you typed…": at the top, over the
    table, not over the entry's keys or its first row."""
    store.add(Session.new("hot-rum", ["Ann", "Bob", "Cy"]))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await sit_down(pilot)
        await pilot.press("r", "b", "down", *"7 8", "escape")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RoundEntry)
        assert "is back" in toasts(app) and "Kept what you typed" not in toasts(app)
        assert "Enter record · Esc close (kept)" in said(pilot, "#entry")
        assert "is back" not in said(pilot, "#entry")


async def test_ctrl_q_with_a_round_kept_as_typed_or_half_typed_asks_first(store: Store) -> None:
    store.add(Session.new("hot-rum", ["Ann", "Bob"]))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_down(pilot)
        await pilot.press("r", "b", "down", *"7 8", "escape", "ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "what you kept with Esc" in said(pilot)
        assert "hand 1 of Hot Rum (Ann, Bob)" in said(pilot)
        await pilot.press("n", "r")
        await pilot.pause()
        entry = app.screen
        assert isinstance(entry, RoundEntry)
        assert entry.control("cards.Ann", Input).value == "7 8"
        # The entry open, with what was kept in it: Ctrl+Q asks again.
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Quit without recording hand 1 of Hot Rum (Ann, Bob)?" in said(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is entry
        assert entry.control("cards.Ann", Input).value == "7 8"
        await pilot.press("f1", "ctrl+q")  # its help open over it: still asked
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Quit without recording hand 1 of Hot Rum (Ann, Bob)?" in said(pilot)
        await pilot.press("ctrl+q")  # asked again with the question open: still one
        await pilot.pause()
        assert sum(isinstance(screen, ConfirmScreen) for screen in app.screen_stack) == 1
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen), "one n goes back"
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen), "asked again once answered"
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


async def test_an_edit_kept_in_another_session_is_named_and_comes_back_with_e(
    store: Store,
) -> None:
    store.add(Session.new("hot-rum", ["Ann", "Bob"]))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        table = await sit_down(pilot)
        await pilot.press("r", "b", "down", *"7 8", "enter")
        await pilot.press("r", "a", "down", *"K", "enter")
        await pilot.pause()
        # Hand 1 opened for an edit, Ann's cards typed over, closed with Esc.
        await pilot.press("up", "up", "e", "down", *"9 9", "escape")
        await pilot.pause()
        assert "Kept what you typed for the edit of hand 1" in toasts(app)
        # Over the table's panel (the stake, the bids): gone once read.
        kept = [seconds for toast, seconds in toast_seconds(app).items() if "Kept" in toast]
        assert kept and max(kept) <= 3
        await pilot.press("escape")  # to the sessions: another table, then Ctrl+Q
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        question = app.screen
        assert isinstance(question, ConfirmScreen)
        assert "the edit of hand 1 of Hot Rum (Ann, Bob)" in question.detail
        await pilot.press("n", "enter")
        await pilot.pause()
        assert "the edit of hand 1" in toasts(app)
        # On the record line, e opens the edit that was kept, with what was typed.
        await pilot.press("e")
        await pilot.pause()
        entry = app.screen
        assert isinstance(entry, RoundEntry)
        assert entry.index == 0
        assert entry.control("cards.Ann", Input).value == "9 9"
        await pilot.press("enter")
        await pilot.pause()
    assert store.load(table.session_id).rounds[0] == {"out": "Bob", "cards": {"Ann": "9 9"}}


def toasts(app: ScorekeeperApp) -> str:
    """The messages shown in the corner of the screen in front."""
    return " ".join(str(toast.render()) for toast in app.screen.query("Toast"))


async def test_the_round_undone_last_is_recorded_again_with_ctrl_y(store: Store) -> None:
    store.add(Session.new("hot-rum", ["Ann", "Bob"]))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await sit_down(pilot)
        await pilot.press("r", "b", "down", *"7 8", "enter")
        await pilot.pause()
        recorded = store.load(table.session_id).rounds
        assert not table.check_action("redo", ())
        await pilot.press("u", "y")
        await pilot.pause()
        assert store.load(table.session_id).rounds == []
        assert table.check_action("redo", ())
        footer = " ".join(b.binding.description for b in table.active_bindings.values())
        assert "Redo" in footer
        # A second y, as if the question were still up, answers nothing and redoes nothing.
        await pilot.press("y")
        await pilot.pause()
        assert store.load(table.session_id).rounds == []
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert store.load(table.session_id).rounds == recorded
        assert not table.check_action("redo", ())


async def test_same_players_again_fills_in_a_new_session(store: Store) -> None:
    racehorse = Session.new(
        "racehorse", ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"], dealer="Cy", options={"stake": 25}
    )
    store.add(racehorse)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewSessionScreen)
        assert form.players == ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
        assert form.dealer_choice().value == "Cy"
        stake = form.query_one_row("options.stake").control
        assert isinstance(stake, Input) and stake.value == "$0.25"
        await pilot.press("up")  # another game: 5000 Rummy, the one above, has its own stake
        await pilot.pause()
        assert form.game.id == "rummy-5000"
        assert isinstance(form.query_one_row("options.michigan").control, Checkbox)
        stake = form.query_one_row("options.stake").control
        default = shown_value(form.game.options["stake"], form.game.options["stake"].default_for(6))
        assert isinstance(stake, Input) and stake.value == default, "a stake means another thing"
        await pilot.press("down")
        await pilot.pause()
        stake = form.query_one_row("options.stake").control
        assert isinstance(stake, Input) and stake.value == "$0.25", "back at Racehorse"
        await pilot.press("ctrl+s")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.session.players == racehorse.players
        assert table.session.dealer == "Cy"
        assert table.session.options["stake"] == 25


@pytest.mark.parametrize(("minutes", "said"), [(25, "25 min"), (85, "1 h 25 min")])
async def test_the_status_line_says_how_long_the_session_has_been_going(
    store: Store, monkeypatch: pytest.MonkeyPatch, minutes: int, said: str
) -> None:
    start = datetime(2025, 3, 7, 19, 42, tzinfo=UTC)
    monkeypatch.setattr(table_module, "now", lambda: start + timedelta(minutes=minutes))
    session_id = store.add(Session.new("hot-rum", ["Ann", "Bob"]))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(TableScreen(store, session_id, start))
        await pilot.pause()
        status = app.screen.query_one("#status")
        assert f"since 19:42 · {said}" in str(status.render())


async def test_at_80_columns_the_status_line_keeps_to_one_line_leaving_out_how_long(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Five at 5000 with long names: who deals and who plays first fill the line, so
    the time is left out rather than wrapped ("· 1 h" above "25 min") over a grid line;
    a wider screen says it again."""
    start = datetime(2025, 3, 7, 19, 42, tzinfo=UTC)
    monkeypatch.setattr(table_module, "now", lambda: start + timedelta(minutes=85))
    players = ["Ann", "Bob", "Christopher", "Elizabeth-Anne", "Maximilian"]
    session_id = store.add(Session.new("rummy-5000", players, dealer="Christopher"))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(TableScreen(store, session_id, start))
        await pilot.pause()
        status = app.screen.query_one("#status")
        assert status.size.height == 1
        assert str(status.render()) == "Hand 1 · ● Christopher deals · Elizabeth-Anne plays first"
        await pilot.resize_terminal(100, 24)
        await pilot.pause()
        assert str(status.render()).endswith("plays first · since 19:42 · 1 h 25 min")
