"""New session: the game, the players in seat order, the first dealer and the house options.

Nothing here knows a rule: the player range, option defaults and help come from the game,
and Start hands everything to ``Session.new``, whose ``RuleError`` is shown at its row.
"""

from __future__ import annotations

from textual import events, on
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Header, Input, OptionList, Static

from scorekeeper.errors import RuleError
from scorekeeper.game import Game
from scorekeeper.games import GAMES
from scorekeeper.money import currency, name_of
from scorekeeper.session import Session
from scorekeeper.settings import currency_at
from scorekeeper.store import Store, StoreError
from scorekeeper.store.house_games import HouseGame
from scorekeeper.wording import visible
from screens.confirm import ConfirmScreen
from screens.currency import keep_currency
from screens.format import plain
from screens.keys import MOVES, move, settled
from screens.navigation import Again, places
from screens.new_session.houses import GameList
from screens.new_session.options import on_off, option_note, option_row, read_option, shown_value
from screens.new_session.players import PlayersBox, cut_for_deal, known_names, player_range
from screens.problem import ProblemScreen
from screens.widgets.choice import Choice
from screens.widgets.field_row import (
    FieldRow,
    ValueChanged,
    clear_error_at,
    clear_form_errors,
    row_for,
    row_holding,
    say_refused,
    show_form_error,
)
from screens.widgets.footer import Footer
from screens.widgets.live_text import show
from screens.widgets.refused import Refused

SEATS_IN_VIEW = 8
"""Players listed without scrolling: the largest table most games seat."""
GAMES_IN_VIEW = 10
"""Games and house games listed without scrolling; more scroll in their list."""
LOST = "The players and options typed here are not kept."
"""What leaving a form with something typed in it loses: Esc and Ctrl+Q ask first."""


class NewSessionScreen(Screen[None]):
    CSS_PATH = "new_session.tcss"
    BINDINGS = [
        Binding("ctrl+s", "start", "Start", id="start", tooltip="Start the session and deal"),
        Binding("escape", "back", "Back", tooltip="Back to the sessions (asks, if you typed)"),
        Binding("ctrl+up,shift+up", "move_player(-1)", "Seat earlier", show=False),
        Binding("ctrl+down,shift+down", "move_player(1)", "Seat later", show=False),
        Binding("ctrl+r", "cut", "Cut for deal", tooltip="Pick the first dealer at random"),
        Binding(
            "ctrl+o",
            "keep_house",
            "Keep house game",
            tooltip="Keep these options under the name typed, at the top of the games",
        ),
        *MOVES,
        Binding("enter", "enter", "Next", show=False, priority=True),
    ]

    def __init__(self, store: Store, again: Again | None = None) -> None:
        super().__init__()
        self.store = store
        self.again = again
        self.cut: str | None = None
        self.game: Game = GAMES.get(again.game_id if again else "", next(iter(GAMES.values())))
        seated = list(again.players) if again else []
        self.players_box = PlayersBox(seated, self.game, known_names(store))
        self.defaults_shown: dict[str, str] = {}
        self.carried: dict[str, int | bool | str] = {}
        """Option values changed here, kept when another game is picked, where it has them.
        The last session's options fill in its own game only: a "stake" is per pip in one
        game and per point in another."""
        self.first_shown: dict[str, int | bool | str] = {}
        self.game_list = GameList(store, self.game)
        self.house: HouseGame | None = None
        """The house game picked in the list, whose options fill in the rows."""
        self.refused_at: FieldRow | None = None
        """The row saying why a key was refused, until the focus leaves it."""

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="top"):
            with Vertical(id="game-box"):
                yield Static("Game", classes="heading")
                yield self.game_list
            yield self.players_box
        with VerticalScroll(id="setup", can_focus=False):
            yield FieldRow("dealer", "First dealer", Choice([], numbered=True), "")
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
        self.set_focus(self.game_list)
        self.show_options()
        self.players_box.show_seats(0)
        self.seats_changed()
        if self.again is not None:
            self.dealer_choice().value = self.again.dealer
            self.query_one_row("dealer").show_note("deals next, as at the last table")

    async def action_enter(self) -> None:
        """Enter on the game list or the name box moves the focus at once, in turn with
        the keys around it (a name typed right after lands in the name box); elsewhere
        Enter is the focused widget's own."""
        if self.app.screen is not self:
            raise SkipAction()
        await settled(self)
        name = self.query_one("#name", Input)
        if self.focused is self.query_one("#games", OptionList):
            self.set_focus(name)
        elif self.focused is name:
            typed, name.value = name.value, ""
            if self.players_box.seat(typed):
                self.set_focus(self.dealer_choice())
        else:
            raise SkipAction()

    async def action_move(self, step: int, arrow: bool) -> None:
        """Fields in turn with the keys typed around them; the lists keep their arrows.
        Tab from the name goes past the seats to the first dealer, a Tab fewer on the way
        to the options (the seats are one Shift+Tab back, to reorder or remove)."""
        await move(self, step, arrow)
        seats = self.query_one("#seats", OptionList)
        if step > 0 and not arrow and self.focused is seats:
            await move(self, step, arrow)

    async def action_back(self) -> None:
        """Back to the sessions; players or options typed here would be lost, so that is
        asked first (a game only looked at in the list is nothing typed)."""
        if self.app.screen is not self:
            raise SkipAction()
        await settled(self)
        if not self.typed_here():
            self.app.pop_screen()
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.app.pop_screen()

        self.app.push_screen(ConfirmScreen("Leave the new session?", LOST), answered)

    def typed_here(self) -> bool:
        """Whether players or options were typed here, which leaving would lose (a game
        only looked at in the list is nothing typed)."""
        return self.players_box.touched() or bool(self.typed_options())

    # ---- game and options ----------------------------------------------------------------

    @on(OptionList.OptionHighlighted, "#games")
    def game_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        chosen, house = self.game_list.picked(str(event.option.id))
        if chosen is not self.game or house != self.house:
            if self.house is None:
                self.carried.update(self.typed_options())
            self.game, self.house = chosen, house
            self.show_options()
            self.players_box.game = chosen
            self.players_box.show_note()

    def typed_options(self) -> dict[str, int | bool | str]:
        """The options changed here, kept when another game is picked; a value only
        passed by is not carried on."""
        kept: dict[str, int | bool | str] = {}
        for name in self.game.options:
            try:
                value = self.option_value(name)
            except (RuleError, KeyError):
                continue
            if name in self.carried or value != self.first_shown.get(name):
                kept[name] = value
        return kept

    @on(OptionList.OptionSelected, "#games")
    def game_selected(self) -> None:
        self.set_focus(self.query_one("#name", Input))

    def show_options(self) -> None:
        """One row per option of the chosen game, its default filled in and its help beside."""
        self.sub_title = f"{self.game.name}, {player_range(self.game)}"
        # Every seat of the game's largest table in view (eight at most), so the order
        # typed is checked at a glance; a smaller table leaves the rows to the options.
        seats = min(self.game.max_players or SEATS_IN_VIEW, SEATS_IN_VIEW)
        games = self.query_one("#games", OptionList).option_count
        self.query_one("#top").styles.height = max(3 + seats, 1 + min(games, GAMES_IN_VIEW))
        box = self.query_one("#options", Vertical)
        box.remove_children()
        rows = []
        self.defaults_shown = {}
        count = max(len(self.players), self.game.min_players)
        again = self.again.options if self.again and self.again.game_id == self.game.id else {}
        if self.house is not None:
            again = self.house.options
        carried = self.carried if self.house is None else {}
        self.first_shown = {}
        for name, option in self.game.options.items():
            default = carried.get(name, again.get(name, option.default_for(count)))
            self.first_shown[name] = default
            row = option_row(name, option, default)
            if isinstance(row.control, Input) and name not in carried and name not in again:
                self.defaults_shown[name] = row.control.value
            rows.append(row)
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
                self.first_shown[name] = option.default_for(count)
                shown = shown_value(option, self.first_shown[name])
                self.defaults_shown[name] = row.control.value = shown

    def options(self) -> dict[str, int | bool | str]:
        return {name: self.option_value(name) for name in self.game.options}

    def option_value(self, name: str) -> int | bool | str:
        return read_option(name, self.game.options[name], self.query_one_row(f"options.{name}"))

    def query_one_row(self, path: str) -> FieldRow:
        row = row_for(self.query(FieldRow), path)
        if row is None:
            raise KeyError(path)
        return row

    # ---- players (the box in players.py) -------------------------------------------------

    @property
    def players(self) -> list[str]:
        return self.players_box.players

    @on(PlayersBox.Changed)
    def seats_changed(self) -> None:
        """The dealer choice follows the seats, and so do defaults set by the player count."""
        players = self.players
        choice = self.dealer_choice()
        previous = choice.value if choice.value in players else None
        if previous is None and players:
            previous = players[0]
        choice.set_options([(name, name) for name in players], previous)
        cut = f"cut for deal: {self.cut}" if self.cut in players else ""
        self.query_one_row("dealer").show_note(cut)
        self.refresh_defaults()
        self.clear_errors()

    @on(PlayersBox.Done)
    def players_seated(self) -> None:
        self.set_focus(self.dealer_choice())

    def dealer_choice(self) -> Choice:
        choice = self.query_one_row("dealer").control
        assert isinstance(choice, Choice)
        return choice

    def action_move_player(self, step: int) -> None:
        self.players_box.move(step)

    def action_cut(self) -> None:
        """Cut for deal: a random first dealer, named on screen so the table can see it."""
        dealer = self.query_one_row("dealer")
        if not self.players:
            dealer.show_error("add the players first")
            return
        self.cut = cut_for_deal(self.players)
        self.dealer_choice().value = self.cut
        dealer.show_note(f"cut for deal: {self.cut}")

    @on(Input.Changed)
    @on(Checkbox.Changed)
    @on(ValueChanged)
    def field_changed(self, event: Input.Changed | Checkbox.Changed | ValueChanged) -> None:
        """A changed value takes its row's error away, as in the round entries: the error
        was about what stood there before."""
        if isinstance(event, Checkbox.Changed):
            event.checkbox.label = on_off(event.value)
        row = clear_error_at(self.query(FieldRow), event.control)
        if row is None:
            return
        name = row.path.removeprefix("options.")
        if isinstance(event, Input.Changed) and name in self.game.options:
            row.show_note(option_note(self.game.options[name], event.value))

    @on(Refused)
    def refused(self, event: Refused) -> None:
        """A key a pick would not take (a letter no player's name starts with): its row
        says what it takes, as in the round entries."""
        row = say_refused(self.query(FieldRow), event)
        if row is not None:
            self.refused_at = row

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """A refused key's word was about that key: it goes as the focus leaves its row."""
        if self.refused_at is not None and row_holding([self.refused_at], event.widget) is None:
            self.refused_at.clear_error()
            self.refused_at = None

    @on(Choice.Changed)
    def dealer_changed(self, event: Choice.Changed) -> None:
        """A dealer picked by hand replaces the cut: the note must not claim otherwise."""
        if event.choice is self.dealer_choice() and event.value != self.cut:
            self.cut = None
            self.query_one_row("dealer").show_note("")

    # ---- house games (houses.py) ------------------------------------------------------

    def action_keep_house(self) -> None:
        """Keep the options shown under the name typed at the label option: a new house
        game, or the one picked in the list renamed or changed."""
        self.clear_errors()
        try:
            kept = self.game_list.keep(self.game, self.options(), self.house)
        except RuleError as error:
            self.show_error(error)
            return
        except StoreError as error:
            self.app.push_screen(ProblemScreen("The house game was not kept", error.message))
            return
        self.show_relisted(kept.name)
        self.notify(f"Kept as a house game: {visible(kept.name)}")

    @on(GameList.Forgotten)
    def house_forgotten(self) -> None:
        self.show_relisted(None)

    def show_relisted(self, highlight: str | None) -> None:
        """The kept house game highlighted (its rows refill from it as it is), else this
        game with its rows shown again."""
        self.house = None
        if not self.game_list.highlight(highlight, self.game):
            self.show_options()

    # ---- start ---------------------------------------------------------------------------

    def clear_errors(self) -> None:
        problem = self.query_one("#problem", Static)
        clear_form_errors(self.query(FieldRow), problem)
        self.players_box.clear_problem()
        if self.game_list.problem is not None:
            # Damage stays said while the form is open: it is no mistake typed here.
            show(problem, plain(self.game_list.problem))

    def show_error(self, error: RuleError) -> None:
        if error.field.startswith("players"):
            self.players_box.show_problem(error.message)
            return
        show_form_error(self.query(FieldRow), self.query_one("#problem", Static), error)

    @on(Button.Pressed, "#start")
    def start_pressed(self) -> None:
        self.action_start()

    def action_start(self) -> None:
        """Start the session. The first played for money says how money is written at
        this table and that F2 changes it, once: the currency is then kept in the store's
        settings, and the first table is not held up by a question."""
        self.clear_errors()
        try:
            options = self.options()
        except RuleError as error:
            self.show_error(error)
            return
        money = [name for name, option in self.game.options.items() if option.cents]
        if self.store.readonly or currency_at(self.store.path) is not None:
            self.start(options)
            return
        if any(options[name] for name in money):
            said = keep_currency(self.store, (name_of(currency()), currency().comma))
            more = "F2 (or Currency in Ctrl+P) writes it as €, £, kr or none."
            self.notify(f"{said} {more}", timeout=4)
        self.start(options)

    def start(self, options: dict[str, int | bool | str]) -> None:
        dealer = self.dealer_choice().value
        try:
            session = Session.new(
                self.game.id,
                self.players,
                dealer=dealer if isinstance(dealer, str) else None,
                options=options,
            )
        except RuleError as error:
            self.show_error(error)
            return
        try:
            session_id = self.store.add(session)
        except StoreError as error:
            self.app.push_screen(ProblemScreen("The session was not saved", error.message))
            return
        places(self.app).start_table(session_id)
