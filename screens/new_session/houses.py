"""New session's house games: named sets of options kept at the top of the game list,
kept, renamed or forgotten from this form without a rules change."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import OptionList
from textual.widgets.option_list import Option

from scorekeeper.errors import RuleError
from scorekeeper.game import Game
from scorekeeper.games import GAMES
from scorekeeper.store import StoreError
from scorekeeper.store.house_games import (
    HouseGame,
    delete_house_game,
    label_option,
    read_house_games,
    save_house_game,
)
from scorekeeper.wording import visible
from screens.confirm import ConfirmScreen
from screens.format import plain
from screens.new_session.players import player_range
from screens.problem import ProblemScreen

if TYPE_CHECKING:
    from screens.new_session.screen import NewSessionScreen

HOUSE = "house:"
"""What a house game's entry in the game list is named by, before its place."""


def game_list(houses: list[HouseGame]) -> list[Option]:
    """The house games first, by name, then every game in menu order."""
    kept = [
        Option(plain(f"{house.name} · house game"), id=f"{HOUSE}{number}")
        for number, house in enumerate(houses)
    ]
    games = [
        Option(f"{game.name}  ({player_range(game)})", id=game_id)
        for game_id, game in GAMES.items()
    ]
    return kept + games


def picked_in_list(houses: list[HouseGame], option_id: str) -> tuple[Game, HouseGame | None]:
    """The game an entry of the list starts, and the house game it is, if one."""
    if option_id.startswith(HOUSE):
        house = houses[int(option_id.removeprefix(HOUSE))]
        return GAMES[house.game], house
    return GAMES[option_id], None


def keep_house(screen: NewSessionScreen) -> None:
    """Keep the options shown under the name typed at the label option: a new house
    game, or the one picked in the list renamed or changed."""
    screen.clear_errors()
    label = label_option(screen.game)
    if label is None:
        with_houses = [game.name for game in GAMES.values() if label_option(game)]
        error = RuleError("game", f"house games are kept for {', '.join(with_houses)}")
        screen.show_error(error)
        return
    try:
        options = screen.options()
        name = str(options[label])
        if not name:
            raise RuleError(f"options.{label}", "type the house game's name here first")
        kept = save_house_game(
            screen.store,
            name,
            screen.game.id,
            options,
            replacing=screen.house.name if screen.house else None,
        )
    except RuleError as error:
        field = error.field.replace("house_game.name", f"options.{label}")
        screen.show_error(RuleError(field, error.message))
        return
    except StoreError as error:
        screen.app.push_screen(ProblemScreen("The house game was not kept", error.message))
        return
    show_houses(screen, kept.name)
    screen.notify(f"Kept as a house game: {visible(kept.name)}")


def show_houses(screen: NewSessionScreen, highlight: str | None) -> None:
    """The game list again, after a house game was kept or forgotten."""
    screen.houses, screen.houses_problem = read_house_games(screen.store.path)
    games = screen.query_one("#games", OptionList)
    games.clear_options()
    games.add_options(game_list(screen.houses))
    names = [house.name for house in screen.houses]
    if highlight in names:
        screen.house = None  # highlighted again below: the rows refill from the kept game
        games.highlighted = names.index(highlight)
    else:
        screen.house = None
        games.highlighted = len(screen.houses) + list(GAMES).index(screen.game.id)
        screen.show_options()


def forget_house(screen: NewSessionScreen, house: HouseGame) -> None:
    """Delete on a house game in the list, once the table says yes."""

    def answered(yes: bool | None) -> None:
        if not yes:
            return
        try:
            delete_house_game(screen.store, house.name)
        except (RuleError, StoreError) as error:
            screen.notify(visible(getattr(error, "message", str(error))), severity="error")
            return
        show_houses(screen, None)

    detail = "Sessions played as it keep its name."
    screen.app.push_screen(ConfirmScreen(f"Forget the house game {house.name}?", detail), answered)
