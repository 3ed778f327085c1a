"""The two boxes the game nights open: naming a night, and moving one of its games to
another night (or a new one, a second table that evening)."""

from __future__ import annotations

from collections.abc import Callable

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from scorekeeper.errors import RuleError
from scorekeeper.names import NAME_LENGTH
from scorekeeper.reports.night_report import game_line
from scorekeeper.reports.nights import NEW_NIGHT, Night
from screens.format import plain
from screens.widgets.text_input import TextInput


class NameNightScreen(ModalScreen[str | None]):
    """Type the night's name; Enter saves it (empty gives back the date), Esc cancels."""

    CSS_PATH = "night_dialogs.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, night: Night, save: Callable[[str], RuleError | None]) -> None:
        super().__init__()
        self.night = night
        self.save = save

    def compose(self) -> ComposeResult:
        with Vertical(id="name-night"):
            table = f", table {self.night.table}" if self.night.table > 1 else ""
            yield Static(plain(f"Name the night of {self.night.date}{table}"), id="name-title")
            yield TextInput(
                self.night.name,
                placeholder="e.g. Grandma's birthday",
                max_length=NAME_LENGTH,
                id="name",
            )
            yield Static("", id="name-error")
            yield Static("Enter to save (empty: the date again) · Esc to cancel", id="name-keys")

    @on(Input.Submitted, "#name")
    def submitted(self, event: Input.Submitted) -> None:
        # Spaces at either end cannot be seen in the field: they are not part of the name.
        name = event.value.strip()
        problem = self.save(name)
        if problem is None:
            self.dismiss(name)
            return
        self.query_one("#name-error", Static).update(plain(problem.message))
        self.query_one("#name", Input).add_class("-invalid")

    @on(Input.Changed, "#name")
    def changed(self) -> None:
        self.query_one("#name-error", Static).update("")
        self.query_one("#name", Input).remove_class("-invalid")

    def action_cancel(self) -> None:
        self.dismiss(None)


class MoveGameScreen(ModalScreen[tuple[str, str] | None]):
    """Which of the night's games, then to which night: Enter picks, Esc cancels.

    Dismisses with (session id, night key or ``NEW_NIGHT``)."""

    CSS_PATH = "night_dialogs.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, night: Night, others: list[Night]) -> None:
        super().__init__()
        self.night = night
        self.others = others
        self.game: str | None = night.sessions[0].id if len(night.sessions) == 1 else None

    def game_lines(self, width: int | None = None) -> list[Content]:
        """Each game in two lines of the box at most (76 cells, less on a narrow terminal;
        its border and padding, the list's own and its scrollbar take 11): the players,
        which tell one game from another, get what the time, game and rounds leave, less a
        few cells where the first line breaks at a space."""
        room = 2 * (min(76, self.app.size.width if width is None else width) - 11) - 8
        return [plain(game_line(summary, room)) for summary in self.night.sessions]

    def compose(self) -> ComposeResult:
        with Vertical(id="move-game"):
            yield Static(plain(f"Move a game of {self.night.title}"), id="move-title")
            yield Static("The game:", classes="move-label")
            yield OptionList(
                *(
                    Option(line, id=summary.id)
                    for line, summary in zip(self.game_lines(), self.night.sessions, strict=True)
                ),
                id="move-games",
            )
            yield Static("To the night:", classes="move-label")
            yield OptionList(
                Option("A new night of its own (another table that evening)", id=NEW_NIGHT),
                *(
                    Option(plain(f"{other.title} ({other.key})"), id=other.key)
                    for other in self.others
                ),
                id="move-targets",
            )
            yield Static("Enter to choose · Esc to cancel", id="move-keys")

    def on_mount(self) -> None:
        games = self.query_one("#move-games", OptionList)
        games.highlighted = 0
        if self.game is None:
            games.focus()
        else:
            games.disabled = True
            self.query_one("#move-targets", OptionList).focus()
        self.query_one("#move-targets", OptionList).highlighted = 0

    def on_resize(self, event: events.Resize) -> None:
        """Cut again for the size the terminal has now (the app's own size may not have
        caught up when the screen hears of it)."""
        games = self.query_one("#move-games", OptionList)
        for index, line in enumerate(self.game_lines(event.size.width)):
            games.replace_option_prompt_at_index(index, line)

    @on(OptionList.OptionSelected, "#move-games")
    def game_chosen(self, event: OptionList.OptionSelected) -> None:
        self.game = event.option.id
        self.query_one("#move-targets", OptionList).focus()

    @on(OptionList.OptionSelected, "#move-targets")
    def night_chosen(self, event: OptionList.OptionSelected) -> None:
        """The game chosen with Enter, else the one left highlighted (Tab to the nights)."""
        games = self.query_one("#move-games", OptionList)
        game = self.game
        if game is None and games.highlighted is not None:
            game = games.get_option_at_index(games.highlighted).id
        if game is not None:
            self.dismiss((game, event.option.id or NEW_NIGHT))

    def action_cancel(self) -> None:
        self.dismiss(None)
