"""New session's players box: names typed one by one or several at once, with those of
earlier sessions suggested as they are typed, put in seat order and cut for the first deal.

The box (``PlayersBox``) owns the seats and tells the screen by messages when they change;
the screen hands it the game, and never the other way round."""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Iterable, Sequence

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.suggester import Suggester
from textual.widgets import Input, OptionList, Static

from scorekeeper.errors import RuleError
from scorekeeper.game import Game
from scorekeeper.names import unfit_kind
from scorekeeper.session import check_seat
from scorekeeper.store import Store, StoreError
from screens.format import plain
from screens.widgets.live_text import show
from screens.widgets.text_input import TextInput


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

    @on(events.Paste)
    def one_name_a_line(self, event: events.Paste) -> None:
        """A list pasted one name a line (from a chat) gives every name, as commas do: a
        field takes only the first line of a paste."""
        event.text = ", ".join(line.strip() for line in event.text.splitlines() if line.strip())

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


UNTYPED = ("Cf", "Zl", "Zp")
"""Unicode categories of a key the name field takes no character from (a bidi override,
a zero-width space, a line separator), unlike a control key (Ctrl+U) that does its work."""


def left_out(dropped: Iterable[str], typed: str = "") -> str:
    """What the seats say of what the names lost: the ``dropped`` keys no name holds (a
    bidi override, a zero-width space), which the field takes no character from, and the
    empty names between the commas of ``typed`` (a trailing comma is no name); "" if
    nothing. Both are left out, but not in silence."""
    kinds = [kind for kind in dict.fromkeys(map(unfit_kind, dropped)) if kind]
    empties = sum(1 for part in typed.split(",")[:-1] if not part.strip())
    if empties:
        kinds.append("an empty name" if empties == 1 else f"{empties} empty names")
    return f"left out: {', '.join(kinds)}" if kinds else ""


def player_range(game: Game) -> str:
    upper = game.max_players
    if upper is None:
        return f"{game.min_players}+ players"
    return f"{game.min_players}-{upper} players"


def players_note(players: Sequence[str], game: Game) -> str:
    return f"{len(players)} at the table ({player_range(game)})"


def cut_for_deal(players: Sequence[str]) -> str:
    """A random first dealer among the players seated."""
    return random.choice(players)


class PlayersBox(Vertical):
    """The players box: names typed one by one or several at once, listed in seat order,
    removed and moved. It owns ``players`` and tells the screen by ``Changed`` whenever
    the seats change, and by ``Done`` when an empty name says everyone is seated; the
    screen hands it the game (``game``) whose player range its note says."""

    class Changed(Message):
        """The seats changed: a name added, removed or moved."""

    class Done(Message):
        """An empty name entered: everyone is seated."""

    def __init__(self, players: list[str], game: Game, known: Iterable[str]) -> None:
        super().__init__(id="players-box")
        self.players = players
        self.game = game
        self.known = known
        self.dropped: list[str] = []
        """Characters typed into the name since the last seating that no name holds."""
        self.remark = ""
        """What the seats say in place of their count: what was left out of the names."""
        self.first = tuple(players)
        """The seats the box opened with (those of the last table, playing again)."""

    def compose(self) -> ComposeResult:
        yield Static("Players, clockwise from the first", classes="heading")
        yield NameInput(
            placeholder="Name, Enter (or Ann, Bob, Cy)",
            id="name",
            suggester=NameSuggester(self.known, self.players),
        )
        yield OptionList(id="seats")
        yield Static("", id="players-note")

    @on(Input.Changed, "#name")
    def name_typed(self, event: Input.Changed) -> None:
        """A name already at the table is refused as it is typed, beside the list."""
        try:
            check_names(event.value, self.players)
        except RuleError as error:
            self.show_problem(error.message, focus=False)
            event.input.add_class("-invalid")
            return
        event.input.remove_class("-invalid")
        self.clear_problem()
        self.show_note()

    @on(Input.Submitted, "#name")
    def name_submitted(self, event: Input.Submitted) -> None:
        if self.seat(event.value):
            self.post_message(self.Done())

    def seat(self, typed: str) -> bool:
        """Seat the names typed; a refused one stays in the box with the reason beside.
        True where nothing was typed: everyone is seated."""
        try:
            names = check_names(typed, self.players)
        except RuleError as error:
            # Back as the app's, selected: the fix typed next replaces it, as at a
            # round entry's refused field (not typed in front of it).
            self.query_one("#name", NameInput).fill(typed)
            self.show_problem(error.message)
            return False
        if names:
            self.remark = left_out(self.dropped, typed)
            self.dropped.clear()
            self.players.extend(names)
            self.show_seats(len(self.players) - 1)
            self.post_message(self.Changed())
        return not names

    def on_key(self, event: events.Key) -> None:
        character = event.character
        if character and len(character) == 1 and unicodedata.category(character) in UNTYPED:
            self.dropped.append(character)
            self.remark = left_out(self.dropped)
            self.show_note()
        seats = self.query_one("#seats", OptionList)
        if self.screen.focused is seats and event.key in ("delete", "backspace"):
            event.stop()
            index = seats.highlighted
            if index is not None and self.players:
                del self.players[index]
                self.show_seats(index)
                self.post_message(self.Changed())

    def touched(self) -> bool:
        """Whether a name is typed in the box or the seats changed since it opened."""
        return (
            bool(self.query_one("#name", Input).value.strip()) or tuple(self.players) != self.first
        )

    def move(self, step: int) -> None:
        """The highlighted player a seat earlier or later."""
        seats = self.query_one("#seats", OptionList)
        index = seats.highlighted
        if self.screen.focused is not seats or index is None:
            return
        target = index + step
        if 0 <= target < len(self.players):
            players = self.players
            players[index], players[target] = players[target], players[index]
            self.show_seats(target)
            self.post_message(self.Changed())

    def show_seats(self, highlight: int | None = None) -> None:
        """The seats listed again, ``highlight`` (a seat) under the cursor."""
        players = self.players
        seats = self.query_one("#seats", OptionList)
        seats.clear_options()
        seats.add_options([plain(f"{seat}. {name}") for seat, name in enumerate(players, 1)])
        if highlight is not None and players:
            seats.highlighted = max(0, min(highlight, len(players) - 1))
        seats.can_focus = bool(players)  # an empty list is no stop for Tab
        self.show_note()

    def show_note(self) -> None:
        """The count at the table, or what was left out of the names typed last."""
        said = self.remark or players_note(self.players, self.game)
        show(self.query_one("#players-note", Static), said)

    def show_problem(self, message: str, *, focus: bool = True) -> None:
        """What is wrong with the players, beside their list (they are a list, not a row)."""
        note = self.query_one("#players-note", Static)
        show(note, plain(message))
        note.add_class("-error")
        if focus:
            self.screen.set_focus(self.query_one("#name", Input))

    def clear_problem(self) -> None:
        self.query_one("#players-note").remove_class("-error")
