"""New session at 80x24: every option can be seen when it has the focus, says on or off in
words, Tab stops only at labelled fields, and names from earlier sessions are offered."""

from __future__ import annotations

from textual.widgets import Button, Checkbox, Input, OptionList

from scorekeeper import Session
from scorekeeper.games import GAMES
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.widgets.field_row import FieldRow
from tests.ui.play import open_form, put


async def test_every_option_of_every_game_is_in_view_when_it_has_the_focus(store: Store) -> None:
    """One form, each game picked on its list in turn: each shows its own options."""
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot, next(iter(GAMES)))
        setup = screen.query_one("#setup")
        await put(pilot, "Ann, Bob, Cy, Di, Ed")  # the names are not what is tested here
        await pilot.press("enter")
        for index, (game_id, game) in enumerate(GAMES.items()):
            screen.query_one("#games", OptionList).highlighted = index
            await pilot.pause()
            assert screen.game.id == game_id
            for name in game.options:
                control = screen.query_one_row(f"options.{name}").control
                control.focus()
                await pilot.pause()  # the focus asks for its scroll once the screen is refreshed
                await pilot.wait_for_scheduled_animations()
                seen = setup.scrollable_content_region
                assert seen.contains_region(control.region), (game_id, name)


async def test_on_and_off_are_said_in_words(store: Store) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot, "rummy-5000")
        money_cards = screen.query_one_row("options.money_cards").control
        assert isinstance(money_cards, Checkbox)
        assert str(money_cards.label) == "off"
        money_cards.focus()
        await pilot.press("space")
        await pilot.pause()
        assert money_cards.value is True
        assert str(money_cards.label) == "on"


async def test_tab_goes_name_dealer_options_start_with_no_blind_stop(store: Store) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot, "calcutta")
        await put(pilot, "Ann, Bob, Cy")
        await pilot.press("enter")
        stops = []
        for _ in range(2 + len(GAMES["calcutta"].options)):
            await pilot.press("tab")
            await pilot.pause()
            focused = screen.focused
            assert focused is not None
            row = next((a for a in focused.ancestors if isinstance(a, FieldRow)), None)
            stops.append(row.path if row else focused.id)
        assert stops == [
            "dealer",
            *(f"options.{name}" for name in GAMES["calcutta"].options),
            "start",
        ]
        assert isinstance(screen.focused, Button)
        await pilot.press("enter")
        await pilot.pause()
    assert [summary.players for summary in store.summaries()] == [("Ann", "Bob", "Cy")]


async def test_names_of_earlier_sessions_are_suggested_as_they_are_typed(store: Store) -> None:
    store.add(Session.new("hot-rum", ["Christopher", "Elizabeth"]))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot, "hot-rum")
        name = screen.query_one("#name", Input)
        await pilot.press(*"chr")
        await pilot.pause()
        await pilot.press("right")
        assert name.value == "Christopher"
        await pilot.press("enter", *"Ann, eli")
        await pilot.pause()
        await pilot.press("right", "enter")
        await pilot.pause()
        assert screen.players == ["Christopher", "Ann", "Elizabeth"]
