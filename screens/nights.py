"""Game nights: the evenings, and the one settle-up that clears every game of the night.

The highlighted night's games and its ledger show below the list: each person's balance
over all its games, and who pays whom — money and chips apart. ``r`` names the night;
``m`` moves one of its games to another night, or to a new one (a second table that
evening), so tables that never played together settle apart.

In a store synced between laptops the nights change under this screen (sessions, names
and moves recorded at other tables): once a second a worker looks, and the nights are
worked out again when something arrived.
"""

from __future__ import annotations

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static

from scorekeeper.errors import RuleError
from scorekeeper.reports.night_names import acknowledge, fingerprint, read_names, rename, replaced
from scorekeeper.reports.night_report import game_line, share
from scorekeeper.reports.nights import Ledger, Night, move, nights_of
from scorekeeper.settle import payments_in_parts
from scorekeeper.store import Store, StoreError
from scorekeeper.wording import clipped, plural, visible
from screens.format import amount, names, padded, plain, widest
from screens.night_dialogs import MoveGameScreen, NameNightScreen
from screens.problem import ProblemScreen
from screens.widgets.footer import Footer
from screens.widgets.hanging import HangingLines

EMPTY = "No game nights yet: every session played on a day makes that day's night."
WAITING = "waiting for a decision: these figures may change (Home: Ctrl+K)."
CHIPS_APART = "Chips are settled apart from money: the app does not know what a chip is worth."
HEADINGS = {"money": "Money", "chips": "Chips"}

FOLLOW_INTERVAL = 1.0
"""Seconds between looks at the store for what another laptop synced."""


def balance_lines(ledger: Ledger) -> str:
    """Who is up or down over the night; those who came out even are named once."""
    owing = {name: value for name, value in ledger.balances.items() if value}
    width = widest(owing)
    lines = [
        f"{padded(name, width)}  {amount(value, ledger.unit, signed=True):>10}"
        for name, value in owing.items()
    ]
    square = [name for name, value in ledger.balances.items() if not value]
    if square:
        lines.append(f"Square: {clipped(names(square), 30)}")
    return "\n".join(lines)


class NightsScreen(Screen[None]):
    CSS_PATH = "nights.tcss"
    BINDINGS = [
        Binding("r", "rename", "Name", id="rename", tooltip="Name the highlighted night"),
        Binding(
            "m",
            "move",
            "Move a game",
            id="move",
            tooltip="Move one of the night's games to another night, or a new one",
        ),
        Binding(
            "c",
            "copy",
            "Copy for the chat",
            id="copy",
            tooltip="The night's payments as one line of text, to paste in the group chat",
        ),
        Binding("escape", "back", "Sessions", id="back", tooltip="Back to the list"),
    ]

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.store = store
        self.nights: list[Night] = nights_of(store)
        self.seen = (store.generation, self.names_file())
        """What the store and its names file were when the nights were worked out."""
        self.problem: str | None = None
        """What is wrong with the names files, as last said."""

    def compose(self) -> ComposeResult:
        yield Header()
        table: DataTable[str | Text] = DataTable(id="nights", cursor_type="row")
        yield table
        yield Static("", id="night-title")
        with VerticalScroll(id="ledger"):
            yield HangingLines([], id="games")
            yield Static("No round was played: nothing to settle.", id="nothing")
            for unit, heading in HEADINGS.items():
                yield Static(f"{heading} — who pays whom", classes=f"heading {unit}")
                if unit == "chips":
                    yield Static(CHIPS_APART, classes="note chips")
                with Horizontal(classes=f"book {unit}"):
                    yield Static("", id=f"{unit}-balances", classes="balances")
                    yield HangingLines([], id=f"{unit}-payments", classes="payments")
        yield Static(EMPTY, id="no-nights")
        yield Static("", id="replaced")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Game nights"
        table = self.query_one("#nights", DataTable)
        for label, width in (("Night", 26), ("Date", 10), ("Games", 5), ("Players", 28)):
            table.add_column(label, width=width)
        self.fill()
        table.focus()
        self.set_interval(FOLLOW_INTERVAL, self.follow)
        self.say_problem(read_names(self.store.path)[1])
        self.say_replaced()

    def say_problem(self, problem: str | None) -> None:
        """What is wrong with the names files (one damaged, this laptop's put back
        older), as the nights open and as it turns wrong while shown; each thing once."""
        if problem is not None and problem != self.problem:
            self.notify(
                visible(problem),
                title="Night names",
                severity="warning",
                timeout=30,
                markup=False,
            )
        self.problem = problem

    def say_replaced(self) -> None:
        """Say which night's name or move two laptops changed apart, and which change
        was replaced by the later one; said once on this laptop."""
        lines = replaced(self.store.path)
        if not lines:
            return
        self.query_one("#replaced", Static).update(Text(visible("\n".join(lines), lines=True)))
        self.query_one("#replaced", Static).display = True
        self.notify(
            visible("\n".join(lines), lines=True),
            title="Changed on two laptops",
            severity="warning",
            timeout=30,
            markup=False,
        )
        try:
            acknowledge(self.store)
        except (StoreError, OSError):
            return  # said again next time

    @work(thread=True, exclusive=True, group="follow")
    def follow(self) -> None:
        """Work the nights out again, in a worker, if another laptop's changes arrived."""
        try:
            now = (self.store.refresh(), self.names_file())
            if now == self.seen:
                return
            self.seen = now
            nights = nights_of(self.store)
            problem = read_names(self.store.path)[1]
        except (StoreError, OSError):
            return  # said when the nights are next opened; the screen keeps what it shows
        self.app.call_from_thread(self.synced, nights, problem)

    def names_file(self) -> object:
        """The night names files as they are now (another laptop may have changed them)."""
        return fingerprint(self.store.path)

    def synced(self, nights: list[Night], problem: str | None) -> None:
        if self.app.screen is not self:
            self.seen = (-1, None)  # a dialog is open: again once it closes
            return
        self.nights = nights
        self.fill(self.query_one("#nights", DataTable).cursor_row)
        self.say_problem(problem)
        self.say_replaced()

    def fill(self, cursor: int = 0) -> None:
        table = self.query_one("#nights", DataTable)
        table.clear()
        for night in self.nights:
            table.add_row(
                Text(clipped(night.title, 26)),
                night.date,
                Text(str(len(night.sessions)), justify="right"),
                Text(clipped(names(night.players), 28)),
                key=night.key,
            )
        count = len(self.nights)
        self.sub_title = plural(count, "night")
        for selector in ("#nights", "#night-title", "#ledger"):
            self.query_one(selector).display = bool(self.nights)
        self.query_one("#no-nights").display = not self.nights
        if self.nights:
            table.move_cursor(row=min(cursor, count - 1), animate=False)
            self.show_night(self.nights[table.cursor_row])
        self.refresh_bindings()

    def highlighted(self) -> Night | None:
        row = self.query_one("#nights", DataTable).cursor_row
        return self.nights[row] if self.nights and 0 <= row < len(self.nights) else None

    def show_night(self, night: Night) -> None:
        games, waiting = len(night.sessions), sum(s.waiting for s in night.sessions)
        mark = f"\n⚠ {plural(waiting, 'game')} {WAITING}" if waiting else ""
        self.query_one("#night-title", Static).update(
            plain(f"{night.title} — {plural(games, 'game')}, settled as one") + mark
        )
        self.show_games(night)
        ledgers = {book.unit: book for book in night.ledgers()}
        self.query_one("#nothing").display = not ledgers
        for unit in HEADINGS:
            for part in self.query(f"#ledger .{unit}"):
                part.display = unit in ledgers
            if unit in ledgers:
                book = ledgers[unit]
                balances = plain(balance_lines(book), lines=True)
                self.query_one(f"#{unit}-balances", Static).update(balances)
                self.query_one(f"#{unit}-payments", HangingLines).show_lines(
                    payments_in_parts(book.payments, book.unit)
                )

    def show_games(self, night: Night) -> None:
        room = self.size.width - 4  # the ledger's padding and its scrollbar
        lines = [*(game_line(game, room) for game in night.sessions), *night.notes]
        self.query_one("#games", HangingLines).show_lines(lines)

    def on_resize(self) -> None:
        """The games' lines fitted again (players cut for 80 columns have room at 120, and
        lines fitted to 120 would wrap at 60); the ledger needs no working out again."""
        night = self.highlighted()
        if night is not None:
            self.show_games(night)

    @on(DataTable.RowHighlighted, "#nights")
    def night_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if 0 <= event.cursor_row < len(self.nights):
            self.show_night(self.nights[event.cursor_row])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("rename", "move"):
            return self.highlighted() is not None and not self.store.readonly
        if action == "copy":
            return self.highlighted() is not None
        return True

    def action_copy(self) -> None:
        """The highlighted night's payments, as a line for the group chat, to the clipboard."""
        night = self.highlighted()
        if night is None:
            return
        text = share(night)
        self.app.copy_to_clipboard(text)
        self.notify(text, title="Copied to the clipboard", markup=False)

    def action_rename(self) -> None:
        night = self.highlighted()
        if night is None:
            return
        row = self.query_one("#nights", DataTable).cursor_row

        def save(name: str) -> RuleError | None:
            try:
                rename(self.store, night.key, name)
            except RuleError as error:
                return error
            except StoreError as error:
                return RuleError("name", f"Not saved: {error.message}")
            return None

        def renamed(name: str | None) -> None:
            if name is None:
                return
            try:
                self.nights = nights_of(self.store)
            except StoreError as error:
                self.app.push_screen(ProblemScreen("The nights cannot be read", error.message))
                return
            self.fill(row)

        self.app.push_screen(NameNightScreen(night, save), renamed)

    def action_move(self) -> None:
        night = self.highlighted()
        if night is None:
            return
        others = [other for other in self.nights if other.key != night.key]

        def moved(choice: tuple[str, str] | None) -> None:
            if choice is None:
                return
            session_id, wanted = choice
            try:
                now_in = move(self.store, session_id, wanted)
                self.nights = nights_of(self.store)
            except (RuleError, StoreError) as error:
                message = error.message
                self.app.push_screen(ProblemScreen("The game was not moved", message))
                return
            keys = [each.key for each in self.nights]
            self.fill(keys.index(now_in.key) if now_in.key in keys else 0)

        self.app.push_screen(MoveGameScreen(night, others), moved)

    def action_back(self) -> None:
        self.app.pop_screen()
