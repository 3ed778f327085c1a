"""The score sheet the table screen is drawn on: status line, grid, story and panel.

Whose deal it is and who plays first; every round's score beside the running total
("+30 145"), as on paper, or the totals alone; the column heads with each player's figure
and the leader; the highlighted round told in full under the grid; the game's own lines
(``Game.panel``). Every figure comes from the session's view (``Session.figures``): this
screen only lays them out. The keys that change the session are the table's.
"""

from __future__ import annotations

from itertools import pairwise

from textual import on
from textual.app import ComposeResult
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Header, Static

from scorekeeper.game import Game, is_end_round
from scorekeeper.session import Session
from scorekeeper.view import Figures, PlayerStanding
from scorekeeper.wording import plural, visible
from screens.format import flush_right, names, padded, plain, who_goes_first, widest
from screens.widgets.footer import Footer
from screens.widgets.grid import PADDING, Column, ScoreGrid
from screens.widgets.live_text import show

DEALS = "●"
LEADS = "★"
SCROLLBAR = 2
NAME_CELLS = 14
"""The most a player's column heading takes (marks included): a longer name ends in "…",
so ten players' columns fit a page or two of the screen."""


class Scoresheet(Screen[None]):
    """A session's rounds and standing on screen; ``show_grid`` again after a change."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.chosen: bool | None = None
        """Each round's score beside the running total ("+30 145"), as on paper, or the
        totals alone, as ``t`` last chose; None until then: each round's score when every
        player's column fits the screen that way."""
        self.each_round = True

    @property
    def game(self) -> Game:
        return self.session.game

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="status")
        yield ScoreGrid(frozen=1, id="grid")
        yield Static("", id="detail")
        yield Static("", id="panel")
        yield Footer(compact=True, show_command_palette=False)  # Ctrl+P is in the help

    def show(self, cursor: int | None = None) -> None:
        """Lay the session out again (after a round was recorded, undone or edited)."""
        self.show_status()
        self.show_grid(cursor)
        self.show_panel()
        self.refresh_bindings()

    def show_status(self) -> None:
        session = self.session
        status = self.query_one("#status", Static)
        status.set_class(session.finished, "-over")
        if session.finished:
            ending = self.game.ending
            ended = bool(session.rounds) and is_end_round(session.rounds[-1])
            played = plural(session.rounds_played, self.game.round_name.lower())
            over = ending.done.capitalize() if ended and ending else "Game over"
            won = "won" if len(session.winners) == 1 else "share the win"
            show(
                status,
                plain(f"{over} after {played} · {names(session.winners)} {won}")
                + plain(" · s settle up"),
            )
            return
        number = session.rounds_played + 1
        first = who_goes_first(self.game, session.setup, session.state)
        show(
            status,
            Content.assemble(
                f"{self.game.round_name} {number} · ",
                (f"{DEALS} {visible(session.dealer)} deals", "bold"),
                f" · {first}" if first else "",
                self.how_long(),
            ),
        )

    def how_long(self) -> str:
        """How long the session has been going, for the status line, where the screen
        knows when it started: nothing here."""
        return ""

    def can_record(self) -> bool:
        """Whether the last line of the grid offers the next round: not on a sheet alone."""
        return False

    def heading(self, row: PlayerStanding) -> list[str]:
        """A player's column head: marks and name, then the figures under the labels."""
        deals = row.name == self.session.dealer and not self.session.finished
        marks = (f"{DEALS} " if deals else "") + (f"{LEADS} " if row.leads else "")
        return [marks + visible(row.name), *row.shown]

    def round_number(self, index: int) -> str:
        """The round as the table counts it: a 5000 false claim belongs to the hand it was
        made in, so it shares that hand's number; the table's end round is no deal, "end"."""
        if is_end_round(self.session.rounds[index]):
            return "end"
        return str(self.game.rounds_played(self.session.state_before(index), index) + 1)

    @staticmethod
    def column_cells(figures: Figures, name: str, each_round: bool) -> list[str]:
        """One player's cells, round by round: "+30 145" (the round's change, then the
        running figure), the two parts lined up down the column; or the figures alone."""
        history = figures.history(name)
        totals = [figures.text(figure) for figure in history[1:]]
        if not each_round:
            return totals
        changes = [figures.change_text(after - before) for before, after in pairwise(history)]
        change_width, total_width = widest(changes), widest(totals)
        return [
            f"{flush_right(change, change_width)} {flush_right(total, total_width)}"
            for change, total in zip(changes, totals, strict=True)
        ]

    def show_grid(self, cursor: int | None) -> None:
        session = self.session
        figures = session.figures()
        seats = list(figures.by_seat().values())
        columns = [Column(["#", *figures.labels], "left")]
        headings = [self.heading(row) for row in seats]
        self.each_round = self.chosen is not False
        cells = [self.column_cells(figures, row.name, self.each_round) for row in seats]
        if self.chosen is None and not self.fits(columns[0], headings, cells):
            self.each_round = False
            cells = [self.column_cells(figures, row.name, False) for row in seats]
        columns += [
            Column(heading, leader=row.leads, limit=max(NAME_CELLS, widest(column)))
            for row, heading, column in zip(seats, headings, cells, strict=True)
        ]
        rows = [
            [self.round_number(index), *(column[index] for column in cells)]
            for index in range(len(session.rounds))
        ]
        dim = []
        if self.can_record():
            dim.append(len(rows))
            rows.append(["▸", *("·" for _ in session.players)])
        grid = self.query_one("#grid", ScoreGrid)
        grid.set_grid(columns, rows, dim_rows=dim, cursor=cursor)
        grid.focus()
        self.show_detail()

    def fits(self, first: Column, headings: list[list[str]], cells: list[list[str]]) -> bool:
        """Whether every player's column fits the screen beside the round numbers."""
        rounds = [str(len(self.session.rounds))]
        used = widest([*first.heading, *rounds]) + 2 * PADDING
        for heading, column in zip(headings, cells, strict=True):
            natural = max(widest(heading), widest(column))
            used += min(natural, max(NAME_CELLS, widest(column))) + 2 * PADDING
        # Room for the scroll bar only once the rounds outgrow the grid's height: a short
        # evening's per-round scores use those columns too.
        grid = self.query_one("#grid", ScoreGrid)
        lines = max(map(len, headings), default=1) + len(cells[0] if cells else []) + 1
        scrolls = grid.size.height == 0 or lines > grid.size.height
        return used <= self.app.size.width - (SCROLLBAR if scrolls else 0)

    def on_resize(self) -> None:
        if self.chosen is None:
            self.show_grid(self.query_one("#grid", ScoreGrid).cursor)

    def story(self, index: int) -> str:
        """Round ``index`` told in full: its number, who dealt and the game's words."""
        session, game = self.session, self.game
        if is_end_round(session.rounds[index]):
            return session.describe(index)
        before, after = session.state_before(index), session.state_after(index)
        number = f"{game.round_name} {self.round_number(index)}"
        dealt = game.rounds_played(after, index + 1) > game.rounds_played(before, index)
        told = [number, f"{before.dealer} dealt", session.describe(index)]
        return " · ".join(told if dealt else [told[0], told[2]])

    @property
    def highlighted_story(self) -> str:
        """The highlighted round in words, for the help screen; "" on the record line."""
        index = self.query_one("#grid", ScoreGrid).cursor
        return self.story(index) if 0 <= index < len(self.session.rounds) else ""

    def highlighted_round(self) -> int | None:
        """The played round under the cursor; not the end, which has nothing to edit."""
        index = self.query_one("#grid", ScoreGrid).cursor
        rounds = self.session.rounds
        return index if 0 <= index < len(rounds) and not is_end_round(rounds[index]) else None

    def show_detail(self) -> None:
        """The highlighted round's full story under the grid, so no column has to hold it."""
        detail = self.query_one("#detail", Static)
        index = self.query_one("#grid", ScoreGrid).cursor
        if 0 <= index < len(self.session.rounds):
            show(detail, plain(visible(self.story(index))))
        elif self.can_record():
            number = self.session.rounds_played + 1
            show(detail, plain(f"r or Enter: record {self.game.round_name.lower()} {number}"))
        else:
            show(detail, plain("Game over · s settle up"))

    def show_panel(self) -> None:
        lines = self.game.panel(self.session.setup, self.session.state)
        panel = self.query_one("#panel", Static)
        panel.display = bool(lines)
        width = widest(label for label, _ in lines)
        show(
            panel,
            Content("\n").join(
                Content.assemble((padded(label, width), "bold"), "  ", visible(value))
                for label, value in lines
            ),
        )

    @on(ScoreGrid.Highlighted, "#grid")
    def row_highlighted(self) -> None:
        self.show_detail()
        self.refresh_bindings()

    def action_grid_move(self, step: int) -> None:
        self.query_one("#grid", ScoreGrid).action_move(step)

    def action_scores(self, shown: str) -> None:
        self.chosen = shown == "each"
        self.show_grid(self.query_one("#grid", ScoreGrid).cursor)
        self.refresh_bindings()
