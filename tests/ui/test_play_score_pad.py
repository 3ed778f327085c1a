"""Hearts at Grandma's: a house game kept from New session, played to 100 on the score
pad, settled, and offered again at the top of the game list."""

from __future__ import annotations

from textual.widgets import Input, OptionList

from scorekeeper.store import Store
from scorekeeper.store.house_games import house_games
from screens.app import ScorekeeperApp
from screens.new_session import NewSessionScreen
from screens.settle import SettleScreen
from screens.table import TableScreen
from screens.widgets.choice import Choice
from tests.ui.play import export_here, open_form, put, said

SEATS = ["Ann", "Bob", "Cy", "Di"]
HOUSE = "Hearts at Grandma's"


async def test_a_house_game_kept_played_to_its_end_settled_and_offered_again(
    store: Store,
) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot, "score-pad")
        for name in SEATS:
            await put(pilot, name)
            await pilot.press("enter")
        for path, text in {"house": HOUSE, "target": "100", "stake": "5c"}.items():
            row = form.query_one_row(f"options.{path}")
            await put(pilot, text, row.control)
        form.query_one_row("options.wins").control.focus()
        await pilot.press("l", "ctrl+o")
        await pilot.pause()
        (kept,) = house_games(store)
        assert (kept.name, kept.options["wins"], kept.options["stake"]) == (HOUSE, "lowest", 5)
        games = form.query_one("#games", OptionList)
        assert games.highlighted == 0 and form.house == kept

        await pilot.press("ctrl+s")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        for scores in (("20", "50", "30", "4"), ("25", "52", "30", "29")):
            await pilot.press("r")
            await pilot.pause()
            for score in scores:
                await put(pilot, score)
                await pilot.press("enter")
            await pilot.pause()
        session = store.load(table.session_id)
        assert session.finished and session.winners == ("Di",)
        assert session.balances == {"Ann": 300, "Bob": -840, "Cy": 0, "Di": 540}
        settle = app.screen
        assert isinstance(settle, SettleScreen)
        assert "Di wins" in str(settle.query_one("#settle-title").content)
        assert "Bob pays" in str(settle.query_one("#payments").content)
        await pilot.press("escape")
        await pilot.pause()
        assert HOUSE in said(pilot)

        sessions, _ = await export_here(pilot)
        assert HOUSE in sessions[0]["options"]

        await pilot.press("n")
        await pilot.pause()
        again = app.screen
        assert isinstance(again, NewSessionScreen)
        top = again.query_one("#games", OptionList).get_option_at_index(0)
        assert HOUSE in str(top.prompt)
        again.query_one("#games", OptionList).focus()
        await pilot.press("home")
        await pilot.pause()
        assert again.house == kept
        assert again.query_one_row("options.target").control.has_class("number")
        target = again.query_one_row("options.target").control
        assert isinstance(target, Input) and target.value == "100"
        wins = again.query_one_row("options.wins").control
        assert isinstance(wins, Choice) and wins.value == "lowest"
