"""House games in New session: kept, renamed, forgotten, and a damaged file named."""

from __future__ import annotations

from textual.widgets import Input, OptionList, Static

from scorekeeper.store import Store
from scorekeeper.store.house_games import HOUSE_FILE, house_games, save_house_game
from screens.app import ScorekeeperApp
from screens.confirm import ConfirmScreen
from screens.new_session import NewSessionScreen
from tests.ui.play import open_form, put


async def test_a_house_game_is_renamed_and_then_forgotten(store: Store) -> None:
    """Keeping a game with no name asks for one at the house row; a kept game renamed is
    kept under its new name, and forgotten on Delete."""
    save_house_game(store, "Gin", "score-pad", {"stake": 2})
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot, "score-pad")
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert "name" in (form.query_one_row("options.house").error_text or "")
        assert [h.name for h in house_games(store)] == ["Gin"], "nothing kept"

        games = form.query_one("#games", OptionList)
        games.focus()
        await pilot.press("home")
        await pilot.pause()
        assert form.house is not None and form.house.name == "Gin"
        house = form.query_one_row("options.house").control
        assert isinstance(house, Input) and house.value == "Gin"
        await put(pilot, "Gin Rummy", house)
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert [(h.name, h.options["stake"]) for h in house_games(store)] == [("Gin Rummy", 2)]
        assert "Gin Rummy" in str(games.get_option_at_index(0).prompt)

        games.focus()
        await pilot.press("home", "delete")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert house_games(store) == []
        assert "house game" not in str(games.get_option_at_index(0).prompt)


async def test_a_damaged_house_games_file_is_named_and_new_session_still_starts(
    store: Store,
) -> None:
    (store.path / HOUSE_FILE).write_text("{not json", encoding="utf-8")
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot, "score-pad")
        assert isinstance(pilot.app.screen, NewSessionScreen)
        assert HOUSE_FILE in str(form.query_one("#problem", Static).render())
        for name in ("Ann", "Bob"):
            await put(pilot, name)
            await pilot.press("enter")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert len(store.summaries()) == 1


async def test_same_players_again_plays_the_same_house_game(store: Store) -> None:
    from scorekeeper import Session
    from screens.table import TableScreen

    kept = save_house_game(store, "Gin", "score-pad", {"stake": 2, "wins": "lowest"})
    first = Session.new("score-pad", ["Ann", "Bob"], options=kept.options)
    first.record({"scores": {"Ann": 3, "Bob": 4}})
    store.add(first)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewSessionScreen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        again = store.load(table.session_id)
        assert dict(again.options) == dict(kept.options)
        assert str(table.title).startswith("Gin (score pad)")
