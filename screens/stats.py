"""Statistics: every player across every stored session, and one player game by game.

All figures come from ``scorekeeper.reports.stats``; this screen lays them out. The players are
ranked by sessions played; the highlighted one's record at each game shows below.
"""

from __future__ import annotations

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static

from scorekeeper.reports.stats import GameRecord, PlayerStats, Stats, gather
from scorekeeper.store import Store
from scorekeeper.wording import day, plural, visible
from screens.format import amount, names, plain, sum_of
from screens.widgets.footer import Footer
from screens.widgets.hanging import HangingLines

EMPTY = "No game has been played yet: statistics start with the first round recorded."


def right(text: str) -> Text:
    return Text(text, justify="right")


def score(value: float | int | None, unit: str) -> Text:
    if value is None:
        return right("—")
    return right(amount(round(value), unit, signed=unit != "points"))


WIDTHS = (20, 6, 16, 11, 11)
"""The columns of both tables, so a player's Played and Won stand above the same figures
game by game ("13 of 14 finished" won is the widest)."""


def won_of(won: int, finished: int) -> str:
    """ "Won 3 of 4 finished": a game still going is neither won nor lost."""
    return f"{won:,} of {finished:,} finished" if finished else "—"


def add_columns(table: DataTable[str | Text], name: str, *figures: str) -> None:
    """The name's heading on the left, each figure's on the right above its figures."""
    headings = [Text(name), *map(right, figures)]
    for heading, width in zip(headings, WIDTHS[: len(headings)], strict=True):
        table.add_column(heading, width=width)


class StatsScreen(Screen[None]):
    CSS_PATH = "stats.tcss"
    BINDINGS = [Binding("escape", "back", "Sessions", id="back", tooltip="Back to the list")]

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.store = store
        self.stats = Stats([], 0, {}, None)

    def compose(self) -> ComposeResult:
        yield Header()
        yield HangingLines([], id="records")
        players: DataTable[str | Text] = DataTable(id="players", cursor_type="row")
        yield players
        yield Static("", id="player-title")
        games: DataTable[str | Text] = DataTable(id="games", cursor_type="none")
        games.can_focus = False
        yield games
        yield Static(EMPTY, id="no-stats")
        yield Footer()

    def on_mount(self) -> None:
        """The screen at once, a loading indicator over it while a worker gathers."""
        self.title = "Statistics"
        self.sub_title = "reading the sessions…"
        for selector in ("#records", "#players", "#player-title", "#games", "#no-stats"):
            self.query_one(selector).display = False
        self.loading = True
        self.gather()

    @work(thread=True, exclusive=True, group="statistics")
    def gather(self) -> None:
        stats = gather(self.store)
        self.app.call_from_thread(self.show, stats)

    def show(self, stats: Stats) -> None:
        self.stats = stats
        self.loading = False
        waiting = f" · ⚠ {stats.waiting} waiting for a decision" if stats.waiting else ""
        self.sub_title = f"{plural(stats.sessions, 'session')} played{waiting}"
        self.query_one("#records", HangingLines).show_lines(self.records())
        players = self.query_one("#players", DataTable)
        # Chips move only in a chip game (Calcutta): without one, a column of 0s says nothing.
        chips = any(player.chips for player in stats.players)
        add_columns(players, "Player", "Played", "Won", "Money", *(["Chips"] if chips else []))
        for player in stats.players:
            cells = [
                Text(visible(player.name)),
                right(f"{player.played:,}"),
                right(won_of(player.won, player.finished)),
                right(amount(player.money, "money", signed=True)),
            ]
            if chips:
                cells.append(right(amount(player.chips, "chips", signed=True)))
            players.add_row(*cells)
        games = self.query_one("#games", DataTable)
        add_columns(games, "Game", "Played", "Won", "Average", "Best")
        played = bool(stats.players)
        for selector in ("#records", "#players", "#player-title", "#games"):
            self.query_one(selector).display = played
        self.query_one("#no-stats").display = not played
        if played:
            players.focus()
            self.show_player(stats.players[0])

    def records(self) -> list[str]:
        """The record-breaking sessions, one line each (its players go on under it)."""
        lines = []
        for label, highlight in self.stats.highlights.items():
            lines.append(
                f"{label}: {sum_of(highlight.value, highlight.unit)} "
                f"({names(highlight.players)}, {day(highlight.started)})"
            )
        longest = self.stats.longest
        if longest is not None:
            lines.append(
                f"Longest game: {visible(longest.title)}, {longest.value} rounds "
                f"({names(longest.players)}, {day(longest.started)})"
            )
        return lines

    def show_player(self, player: PlayerStats) -> None:
        self.query_one("#player-title", Static).update(plain(f"{player.name}, game by game"))
        games = self.query_one("#games", DataTable)
        games.clear()
        for record in player.games.values():
            games.add_row(*self.game_row(record))

    def game_row(self, record: GameRecord) -> list[str | Text]:
        unit = record.unit
        return [
            Text(visible(record.title)),
            right(f"{record.played:,}"),
            right(won_of(record.won, record.finished)),
            score(record.average, unit),
            score(record.best, unit),
        ]

    @on(DataTable.RowHighlighted, "#players")
    def player_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if 0 <= event.cursor_row < len(self.stats.players):
            self.show_player(self.stats.players[event.cursor_row])

    def action_back(self) -> None:
        self.app.pop_screen()
