"""New session's house games: named sets of options kept at the top of the game list,
kept, renamed or forgotten from this form without a rules change.

The list (``GameList``) owns them and tells the screen by a message when one is gone; it
is handed what to keep, and never reaches into the screen."""

from __future__ import annotations

from collections.abc import Mapping

from textual import events
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from scorekeeper.errors import RuleError
from scorekeeper.game import Game, OptionValue
from scorekeeper.games import GAMES
from scorekeeper.store import Store, StoreError
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


class GameList(OptionList):
    """The game list, the house games first: it reads them from the store, keeps and
    forgets them, and tells the screen by ``Forgotten`` once one is gone; the screen asks
    it which game an entry starts (``picked``) and what to highlight (``highlight``)."""

    class Forgotten(Message):
        """A house game was forgotten: the list holds the rest."""

    def __init__(self, store: Store, game: Game) -> None:
        self.store = store
        self.houses, self.problem = read_house_games(store.path)
        # Filled after it is made: made with its options, an OptionList highlights the
        # first, and the form would fill in that house game's rows before ``game``'s.
        super().__init__(id="games")
        self.add_options(game_list(self.houses))
        self.highlight(None, game)

    def picked(self, option_id: str) -> tuple[Game, HouseGame | None]:
        return picked_in_list(self.houses, option_id)

    def relist(self) -> None:
        """The house games read again, and the list with them."""
        self.houses, self.problem = read_house_games(self.store.path)
        self.clear_options()
        self.add_options(game_list(self.houses))

    def highlight(self, house: str | None, game: Game) -> bool:
        """The house game named ``house`` highlighted if there is one (True), else ``game``."""
        names = [kept.name for kept in self.houses]
        if house in names:
            self.highlighted = names.index(house)
            return True
        self.highlighted = len(self.houses) + list(GAMES).index(game.id)
        return False

    def on_key(self, event: events.Key) -> None:
        """A letter picks a game by its name; Delete on a house game forgets it."""
        if event.character and event.is_printable:
            event.stop()
            self.pick_by(event.character)
        elif event.key == "delete" and self.highlighted is not None:
            _, house = self.picked(str(self.get_option_at_index(self.highlighted).id))
            if house is not None:
                event.stop()
                self.forget(house)

    def pick_by(self, start: str) -> None:
        """The next game whose name starts with ``start`` ("r" Racehorse, "5" 5000 Rummy),
        going round the list, as a menu picks by its first letter."""
        count = self.option_count
        here = self.highlighted or 0
        for step in range(1, count + 1):
            index = (here + step) % count
            game, house = self.picked(str(self.get_option_at_index(index).id))
            name = game.name if house is None else house.name
            if name.casefold().startswith(start.casefold()):
                self.highlighted = index
                return

    def keep(
        self, game: Game, options: Mapping[str, OptionValue], house: HouseGame | None
    ) -> HouseGame:
        """Keep ``options`` under the name typed at the game's label option: a new house
        game, or ``house`` renamed or changed. Raises ``RuleError`` at the field to put
        right, ``StoreError`` where it cannot be kept."""
        label = label_option(game)
        if label is None:
            with_houses = [game.name for game in GAMES.values() if label_option(game)]
            raise RuleError("game", f"house games are kept for {', '.join(with_houses)}")
        name = str(options[label])
        if not name:
            raise RuleError(f"options.{label}", "type the house game's name here first")
        replacing = house.name if house else None
        try:
            kept = save_house_game(self.store, name, game.id, options, replacing=replacing)
        except RuleError as error:
            field = error.field.replace("house_game.name", f"options.{label}")
            raise RuleError(field, error.message) from None
        self.relist()
        return kept

    def forget(self, house: HouseGame) -> None:
        """Delete on a house game in the list, once the table says yes."""

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                delete_house_game(self.store, house.name)
            except (RuleError, StoreError) as error:
                self.notify(visible(getattr(error, "message", str(error))), severity="error")
                return
            self.relist()
            self.post_message(self.Forgotten())

        detail = "Sessions played as it keep its name."
        question = ConfirmScreen(f"Forget the house game {house.name}?", detail)
        self.app.push_screen(question, answered)
