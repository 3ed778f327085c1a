"""New session: the game, the players in seat order, the first dealer and the house options.

Nothing here knows a rule: the player range, option defaults and help come from the game,
and Start hands everything to ``Session.new``, whose ``RuleError`` is shown at its row.
"""

from __future__ import annotations

import random
from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Header, Input, OptionList, Static
from textual.widgets.option_list import Option

from scorekeeper.errors import RuleError
from scorekeeper.game import Game
from scorekeeper.game import Option as GameOption
from scorekeeper.games import GAMES
from scorekeeper.money import format_amount
from scorekeeper.names import check_name
from scorekeeper.session import Session
from scorekeeper.store import Store, StoreError
from scorekeeper.wording import not_a_number, whole_number
from screens.format import plain
from screens.problem import ProblemScreen
from screens.widgets.choice import Choice
from screens.widgets.fields import (
    FieldRow,
    ValueChanged,
    clear_error_at,
    clear_form_errors,
    row_for,
    show_form_error,
)


def player_range(game: Game) -> str:
    upper = game.max_players
    if upper is None:
        return f"{game.min_players}+ players"
    return f"{game.min_players}-{upper} players"


class NameInput(Input):
    """Takes the typed names and empties itself at once, so a fast typist's next name is
    never appended to the one just added."""

    async def action_submit(self) -> None:
        value, self.value = self.value, ""
        self.post_message(self.Submitted(self, value))


def option_note(option: GameOption, typed: str) -> str:
    """The option's help, led by what a typed amount of cents is in dollars ("$0.25")."""
    cents = whole_number(typed, signed=False) if option.cents else None
    if cents is not None:
        return f"= {format_amount(cents, 'money')} · {option.help}"
    return option.help


class NewSessionScreen(Screen[None]):
    CSS_PATH = "new_session.tcss"
    BINDINGS = [
        Binding("ctrl+s", "start", "Start", id="start", tooltip="Start the session and deal"),
        Binding("escape", "app.pop_screen", "Back", tooltip="Back to the sessions"),
        Binding("ctrl+up,shift+up", "move_player(-1)", "Seat earlier", show=False),
        Binding("ctrl+down,shift+down", "move_player(1)", "Seat later", show=False),
        Binding("ctrl+r", "cut", "Cut for deal", tooltip="Pick the first dealer at random"),
        Binding("down", "app.focus_next", "Next field", show=False),
        Binding("up", "app.focus_previous", "Previous field", show=False),
    ]

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.store = store
        self.players: list[str] = []
        self.cut: str | None = None
        self.game: Game = next(iter(GAMES.values()))
        self.defaults_shown: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="top"):
            with Vertical(id="game-box"):
                yield Static("Game", classes="heading")
                yield OptionList(
                    *(
                        Option(f"{game.name}  ({player_range(game)})", id=game_id)
                        for game_id, game in GAMES.items()
                    ),
                    id="games",
                )
            with Vertical(id="players-box"):
                yield Static("Players, clockwise from the first", classes="heading")
                yield NameInput(placeholder="Name, Enter (or Ann, Bob, Cy)", id="name")
                yield OptionList(id="seats")
                yield Static("", id="players-note")
        with VerticalScroll(id="setup"):
            yield FieldRow("dealer", "First dealer", Choice([]), "")
            yield Vertical(id="options")
            yield Static("", id="problem")
        with Horizontal(id="start-row"):
            yield Static(
                "Enter adds a name · Del removes · ⇧↑/⇧↓ reorder · Ctrl+S start", id="hint"
            )
            yield Button("Start", id="start", variant="primary", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.title = "New session"
        self.query_one("#start", Button).can_focus = False
        games = self.query_one("#games", OptionList)
        games.highlighted = 0
        games.focus()
        self.show_options()

    # ---- game and options ----------------------------------------------------------------

    @on(OptionList.OptionHighlighted, "#games")
    def game_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        chosen = GAMES[str(event.option.id)]
        if chosen is not self.game:
            self.game = chosen
            self.show_options()

    @on(OptionList.OptionSelected, "#games")
    def game_selected(self) -> None:
        self.query_one("#name", Input).focus()

    def show_options(self) -> None:
        """One row per option of the chosen game, its default filled in and its help beside."""
        self.sub_title = f"{self.game.name}, {player_range(self.game)}"
        box = self.query_one("#options", Vertical)
        box.remove_children()
        rows = []
        self.defaults_shown = {}
        count = max(len(self.players), self.game.min_players)
        for name, option in self.game.options.items():
            default = option.default_for(count)
            control: Input | Checkbox
            if option.kind is bool:
                control = Checkbox(value=bool(default))
            else:
                control = Input(str(default), classes="number")
                self.defaults_shown[name] = str(default)
            note = option_note(option, str(default))
            rows.append(FieldRow(f"options.{name}", name.replace("_", " "), control, note))
        box.mount_all(rows)
        self.clear_errors()

    def refresh_defaults(self) -> None:
        """Defaults that depend on the player count follow it until someone edits them."""
        count = max(len(self.players), self.game.min_players)
        for name, option in self.game.options.items():
            if not callable(option.default):
                continue
            row = row_for(self.query(FieldRow), f"options.{name}")
            if row is None or not isinstance(row.control, Input):
                continue
            if row.control.value == self.defaults_shown.get(name):
                self.defaults_shown[name] = row.control.value = str(option.default_for(count))

    def options(self) -> dict[str, Any]:
        chosen: dict[str, Any] = {}
        for name in self.game.options:
            control = self.query_one_row(f"options.{name}").control
            if isinstance(control, Checkbox):
                chosen[name] = control.value
            elif isinstance(control, Input):
                number = whole_number(control.value)
                if number is None:
                    raise RuleError(f"options.{name}", not_a_number(control.value))
                chosen[name] = number
        return chosen

    def query_one_row(self, path: str) -> FieldRow:
        row = row_for(self.query(FieldRow), path)
        if row is None:
            raise KeyError(path)
        return row

    # ---- players -------------------------------------------------------------------------

    @on(Input.Submitted, "#name")
    def add_players(self, event: Input.Submitted) -> None:
        names = [name.strip() for name in event.value.split(",") if name.strip()]
        if not names:
            self.dealer_choice().focus()
            return
        try:
            for name in names:
                check_name(name, "players", f"name {name!r}")
        except RuleError as error:
            # Refused where it was typed: the text stays in the field to be put right.
            self.query_one("#name", Input).value = event.value
            self.show_error(error)
            return
        self.players.extend(names)
        self.show_players(len(self.players) - 1)

    def show_players(self, highlight: int | None = None) -> None:
        seats = self.query_one("#seats", OptionList)
        seats.clear_options()
        seats.add_options([plain(f"{seat}. {name}") for seat, name in enumerate(self.players, 1)])
        if highlight is not None and self.players:
            seats.highlighted = max(0, min(highlight, len(self.players) - 1))
        count = len(self.players)
        self.query_one("#players-note", Static).update(
            f"{count} at the table ({player_range(self.game)})"
        )
        dealer_row = self.query_one_row("dealer")
        choice = self.dealer_choice()
        previous = choice.value if choice.value in self.players else None
        if previous is None and self.players:
            previous = self.players[0]
        choice.set_options([(name, name) for name in self.players], previous)
        dealer_row.show_note(f"cut for deal: {self.cut}" if self.cut in self.players else "")
        self.refresh_defaults()
        self.clear_errors()

    def dealer_choice(self) -> Choice:
        choice = self.query_one_row("dealer").control
        assert isinstance(choice, Choice)
        return choice

    def on_key(self, event: events.Key) -> None:
        seats = self.query_one("#seats", OptionList)
        if self.focused is seats and event.key in ("delete", "backspace"):
            event.stop()
            index = seats.highlighted
            if index is not None and self.players:
                del self.players[index]
                self.show_players(index)

    def action_move_player(self, step: int) -> None:
        seats = self.query_one("#seats", OptionList)
        index = seats.highlighted
        if self.focused is not seats or index is None:
            return
        target = index + step
        if 0 <= target < len(self.players):
            self.players[index], self.players[target] = self.players[target], self.players[index]
            self.show_players(target)

    def action_cut(self) -> None:
        """Cut for deal: a random first dealer, named on screen so the table can see it."""
        if not self.players:
            self.query_one_row("dealer").show_error("add the players first")
            return
        self.cut = random.choice(self.players)
        self.dealer_choice().value = self.cut
        self.query_one_row("dealer").show_note(f"cut for deal: {self.cut}")

    @on(Input.Changed)
    @on(Checkbox.Changed)
    @on(ValueChanged)
    def field_changed(self, event: Input.Changed | Checkbox.Changed | ValueChanged) -> None:
        """A changed value takes its row's error away, as in the round entries: the error
        was about what stood there before."""
        row = clear_error_at(self.query(FieldRow), event.control)
        if row is None:
            return
        name = row.path.removeprefix("options.")
        if isinstance(event, Input.Changed) and name in self.game.options:
            row.show_note(option_note(self.game.options[name], event.value))

    @on(Choice.Changed)
    def dealer_changed(self, event: Choice.Changed) -> None:
        """A dealer picked by hand replaces the cut: the note must not claim otherwise."""
        if event.choice is self.dealer_choice() and event.value != self.cut:
            self.cut = None
            self.query_one_row("dealer").show_note("")

    # ---- start ---------------------------------------------------------------------------

    def clear_errors(self) -> None:
        clear_form_errors(self.query(FieldRow), self.query_one("#problem", Static))
        self.query_one("#players-note").remove_class("-error")

    def show_error(self, error: RuleError) -> None:
        if error.field.startswith("players"):
            # The players are a list, not a row: their note beside it says what is wrong.
            note = self.query_one("#players-note", Static)
            note.update(plain(error.message))
            note.add_class("-error")
            self.query_one("#name", Input).focus()
            return
        show_form_error(self.query(FieldRow), self.query_one("#problem", Static), error)

    @on(Button.Pressed, "#start")
    def start_pressed(self) -> None:
        self.action_start()

    def action_start(self) -> None:
        self.clear_errors()
        try:
            session = Session.new(
                self.game.id,
                self.players,
                dealer=self.dealer_choice().value,
                options=self.options(),
            )
        except RuleError as error:
            self.show_error(error)
            return
        try:
            session_id = self.store.add(session)
        except StoreError as error:
            self.app.push_screen(ProblemScreen("The session was not saved", error.message))
            return
        from screens.table import TableScreen  # imported when the first session starts

        self.app.switch_screen(TableScreen(self.store, session_id))
