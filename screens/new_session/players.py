"""New session's players box: names typed one by one or several at once, with those of
earlier sessions suggested as they are typed, put in seat order and cut for the first deal."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from textual.suggester import Suggester
from textual.widgets import Input, OptionList, Static

from scorekeeper.errors import RuleError
from scorekeeper.game import Game
from scorekeeper.session import check_seat
from scorekeeper.store import Store, StoreError
from screens.format import plain
from screens.widgets.live_text import show
from screens.widgets.text_input import TextInput

if TYPE_CHECKING:
    from screens.new_session.screen import NewSessionScreen


class NameSuggester(Suggester):
    """Names from earlier sessions, completing the name being typed after the last comma;
    a name already seated is not offered again."""

    def __init__(self, known: Iterable[str], seated: Sequence[str]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.known = list(dict.fromkeys(known))
        self.seated = seated

    async def get_suggestion(self, value: str) -> str | None:
        cut = value.rfind(",") + 1
        typed = value[cut:].lstrip()
        if not typed:
            return None
        taken = {name.casefold() for name in self.seated}
        taken |= {part.strip().casefold() for part in value[:cut].split(",")}
        for name in self.known:
            if name.casefold().startswith(typed.casefold()) and name.casefold() not in taken:
                return value[: len(value) - len(typed)] + name
        return None


class NameInput(TextInput):
    """Takes the typed names and empties itself at once, so a fast typist's next name is
    never appended to the one just added."""

    async def action_submit(self) -> None:
        value, self.value = self.value, ""
        self.post_message(self.Submitted(self, value))


def known_names(store: Store) -> list[str]:
    """Players of earlier sessions, the most recent first, for the name suggestions."""
    try:
        recent = store.recent()
        summaries = recent[0] if recent is not None else store.summaries()
    except StoreError:
        return []
    return [name for summary in summaries for name in summary.players]


def check_names(typed: str, seated: Sequence[str]) -> list[str]:
    """The names typed, each checked against those seated and typed before it: a name
    typed twice is said to be, not to be at a table that may still be empty."""
    names = [name.strip() for name in typed.split(",") if name.strip()]
    for number, name in enumerate(names):
        check_seat(name, seated, "players")
        if any(name.casefold() == before.casefold() for before in names[:number]):
            raise RuleError("players", f"{name!r} is typed twice")
    return names


def player_range(game: Game) -> str:
    upper = game.max_players
    if upper is None:
        return f"{game.min_players}+ players"
    return f"{game.min_players}-{upper} players"


def players_note(players: Sequence[str], game: Game) -> str:
    return f"{len(players)} at the table ({player_range(game)})"


def check_typed(screen: NewSessionScreen, box: Input, typed: str) -> None:
    """A name already at the table is refused as it is typed, beside the list."""
    note = screen.query_one("#players-note", Static)
    try:
        check_names(typed, screen.players)
    except RuleError as error:
        show(note, plain(error.message))
        note.add_class("-error")
        box.add_class("-invalid")
        return
    box.remove_class("-invalid")
    note.remove_class("-error")
    show(note, players_note(screen.players, screen.game))


def seat_typed(screen: NewSessionScreen, box: Input, typed: str) -> None:
    """Seat the names typed; a refused one stays in the box with the reason beside."""
    try:
        names = check_names(typed, screen.players)
    except RuleError as error:
        box.value = typed
        screen.show_error(error)
        return
    if not names:
        screen.set_focus(screen.dealer_choice())
        return
    screen.players.extend(names)
    show_players(screen, len(screen.players) - 1)


def show_players(screen: NewSessionScreen, highlight: int | None = None) -> None:
    """The seats listed again, the dealer choice following them."""
    players = screen.players
    seats = screen.query_one("#seats", OptionList)
    seats.clear_options()
    seats.add_options([plain(f"{seat}. {name}") for seat, name in enumerate(players, 1)])
    if highlight is not None and players:
        seats.highlighted = max(0, min(highlight, len(players) - 1))
    seats.can_focus = bool(players)  # an empty list is no stop for Tab
    show(screen.query_one("#players-note", Static), players_note(players, screen.game))
    dealer_row = screen.query_one_row("dealer")
    choice = screen.dealer_choice()
    previous = choice.value if choice.value in players else None
    if previous is None and players:
        previous = players[0]
    choice.set_options([(name, name) for name in players], previous)
    dealer_row.show_note(f"cut for deal: {screen.cut}" if screen.cut in players else "")
    screen.refresh_defaults()
    screen.clear_errors()


def move_player(screen: NewSessionScreen, step: int) -> None:
    """The highlighted player a seat earlier or later."""
    players = screen.players
    seats = screen.query_one("#seats", OptionList)
    index = seats.highlighted
    if screen.focused is not seats or index is None:
        return
    target = index + step
    if 0 <= target < len(players):
        players[index], players[target] = players[target], players[index]
        show_players(screen, target)


def cut_for_deal(screen: NewSessionScreen) -> None:
    """A random first dealer, named on screen so the table can see it."""
    if not screen.players:
        screen.query_one_row("dealer").show_error("add the players first")
        return
    screen.cut = random.choice(screen.players)
    screen.dealer_choice().value = screen.cut
    screen.query_one_row("dealer").show_note(f"cut for deal: {screen.cut}")
