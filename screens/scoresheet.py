"""The score sheet the table screen is made of: status line, grid, story and panel.

Whose deal it is and who plays first; every round's score beside the running total
("+30 145"), as on paper, or the totals alone; the column heads with each player's figure
and the leader; the highlighted round told in full under the grid; the game's own lines
(``Game.panel``). Every figure comes from the session's view (``Session.figures``): this
widget only lays them out, and says which row was picked (``Scoresheet.Chosen``). The
keys that change the session are the table's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from scorekeeper.game import Game, is_end_round
from scorekeeper.money import currency, in_whole_units, whole_units_suffice, without_symbol
from scorekeeper.session import Session
from scorekeeper.view import Figures, PlayerStanding
from scorekeeper.wording import Items, listed, plural, visible
from screens.format import cut_apart, flush_right, padded, plain, who_goes_first, widest
from screens.widgets.grid import PADDING, Column, ScoreGrid
from screens.widgets.hanging import laid_out, story_items, told_in_turn
from screens.widgets.live_text import show

DEALS = "●"
LEADS = "★"
NAME_CELLS = 14
"""The most a player's column heading takes (marks included) where the grid has no room
to spare: a longer name ends in "…", so ten players' columns fit a page or two of the
screen. Room the columns leave is handed to the names cut, so they are whole where the
screen is wide enough."""


def bare(figure: str) -> str:
    """A figure without its currency symbol ("+10.50"), for a grid too narrow for it."""
    return without_symbol(figure)


def no_cents(figure: str) -> str:
    """A figure without its symbol nor its cents where they are none ("+80" for "+$80.00",
    "−1 +3" for a round's "−$1.00 +$3.00"): the same amounts, shorter. Tried only where
    the cents do not fit: a row then reads "−1 −2.50", and every player stays on the one
    screen, which a table looks at more than it reads the cents."""
    return re.sub(rf"{re.escape(currency().decimal)}00(?!\d)", "", bare(figure))


SHORTER: tuple[Callable[[str], str], ...] = (str, bare, no_cents, in_whole_units)
"""Each way a figure is written shorter for a tight grid than the one before: as it is,
without its symbol, without cents that are none, in whole units."""
PAIR_GAP = 1
"""The cell a tight grid's column of pairs ("+30 145") takes beyond its widest text, so
two columns stand further apart than a pair's two figures."""
ROUNDED = "≈"
"""Before the label of a line whose money is shown in whole units."""


def share(needs: list[int], wants: list[int], spare: int) -> list[int]:
    """Widths from ``needs`` up, ``spare`` cells handed out one at a time to the columns
    still short of what they ``want`` (a name cut), narrowest first."""
    widths = list(needs)
    while spare > 0:
        short = [at for at, width in enumerate(widths) if width < wants[at]]
        if not short:
            break
        widths[min(short, key=lambda at: widths[at])] += 1
        spare -= 1
    return widths


MORE = "… (F1: in full)"
"""How a story cut to the lines under the grid ends: the help tells the round whole."""


def told(story: Items, width: int, lines: int) -> str:
    """``story`` in at most ``lines`` lines of ``width``, going on under its own words and
    broken only between its items (``story_items``): whole, or as many of its items as
    leave room for ``MORE`` on the last line, so it never stops inside a name ("Elizab…")
    nor mid-sentence with nothing to say so."""
    parts, count = story.parts, len(story.parts)
    wrapped = laid_out(story, width)
    while len(wrapped) > lines and count > 1:
        count -= 1
        wrapped = laid_out(Items([*parts[:count], MORE], mark=""), width)
    return "\n".join(line.rstrip() for line in wrapped[:lines])


class Scoresheet(Vertical):
    """A session's rounds and standing; ``show`` again after a change."""

    class Chosen(Message):
        """Enter (or a click) on ``row``: a played round, or the record line after them."""

        def __init__(self, row: int) -> None:
            super().__init__()
            self.row = row

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.recordable = False
        """Whether the last line of the grid offers the next round (the table says)."""
        self.chosen: bool | None = None
        """Each round's score beside the running total ("+30 145"), as on paper, or the
        totals alone, as ``t`` last chose; None until then: each round's score when every
        player's column fits the screen that way."""
        self.each_round = True
        self.since = ""
        """How long the session has been going, as the status line last had it."""

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def cursor(self) -> int:
        """The grid's highlighted row: a round, or the record line after them."""
        return self.query_one("#grid", ScoreGrid).cursor

    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        yield ScoreGrid(frozen=1, id="grid")
        yield Static("", id="detail")
        yield Static("", id="panel")

    def show(
        self, session: Session, *, recordable: bool, since: str, cursor: int | None = None
    ) -> None:
        """Lay ``session`` out again (after a round was recorded, undone or edited)."""
        self.session, self.recordable = session, recordable
        self.show_status(since)
        self.show_grid(cursor)
        self.show_panel()

    def show_status(self, since: str) -> None:
        """The status line, ``since`` the session began (" · since 19:42 · 1 h 25 min",
        or "" where that is not said), left out where it would wrap the line: who deals
        and plays first matter more than a grid line."""
        self.since = since
        session = self.session
        status = self.query_one("#status", Static)
        status.set_class(session.finished, "-over")
        if session.finished:
            ending = self.game.ending
            ended = bool(session.rounds) and is_end_round(session.rounds[-1])
            played = plural(session.rounds_played, self.game.round_name.lower())
            over = ending.done.capitalize() if ended and ending else "Game over"
            won = "won" if len(session.winners) == 1 else "share the win"
            winners = listed([visible(name) for name in session.winners])
            show(
                status,
                plain(f"{over} after {played} · {winners} {won}") + plain(" · s settle up"),
            )
            return
        number = session.rounds_played + 1
        first = who_goes_first(self.game, session.setup, session.state)
        line = Content.assemble(
            f"{self.game.round_name} {number} · ",
            (f"{DEALS} {visible(session.dealer)} deals", "bold"),
            f" · {first}" if first else "",
        )
        room = self.app.size.width - status.styles.gutter.width
        full = line + since
        show(status, full if full.cell_length <= room else line)

    def marks(self, row: PlayerStanding, tight: bool = False) -> str:
        """ "● ★ " before the name of who deals and who leads ("●★" in a tight grid)."""
        deals = row.name == self.session.dealer and not self.session.finished
        marks = [DEALS] * deals + [LEADS] * row.leads
        return "".join(marks) if tight else "".join(f"{mark} " for mark in marks)

    def heading(self, row: PlayerStanding) -> list[str]:
        """A player's column head: marks and name, then the figures under the labels."""
        return [self.marks(row) + visible(row.name), *row.shown]

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
        first = Column(["#", *figures.labels], "left")
        headings = [self.heading(row) for row in seats]
        self.each_round = self.chosen is not False
        cells = [self.column_cells(figures, row.name, self.each_round) for row in seats]
        tight: list[int] | None = None
        shown = [row.shown for row in seats]
        wants = [
            max(widest(heading), widest(column))
            for heading, column in zip(headings, cells, strict=True)
        ]
        needs = [
            min(want, max(NAME_CELLS, widest(column)))
            for want, column in zip(wants, cells, strict=True)
        ]
        spare = self.grid_room(first, cells) - sum(width + 2 * PADDING for width in needs)
        if spare < 0:
            tight, cells, shown, first = self.tight_layout(figures, seats, first, cells)
        if tight is None:
            widths = share(needs, wants, spare)
            columns = [
                Column(heading, leader=row.leads, limit=width)
                for row, heading, width in zip(seats, headings, widths, strict=True)
            ]
        else:
            cut = cut_apart(
                [row.name for row in seats],
                [
                    width - widest([self.marks(row, True)])
                    for row, width in zip(seats, tight, strict=True)
                ],
            )
            columns = [
                Column(
                    [self.marks(row, True) + name, *lines],
                    leader=row.leads,
                    limit=width,
                    least=width,
                )
                for row, name, lines, width in zip(seats, cut, shown, tight, strict=True)
            ]
        rows = [
            [self.round_number(index), *(column[index] for column in cells)]
            for index in range(len(session.rounds))
        ]
        dim = []
        if self.recordable:
            dim.append(len(rows))
            rows.append(["▸", *("·" for _ in session.players)])
        grid = self.query_one("#grid", ScoreGrid)
        grid.set_grid([first, *columns], rows, dim_rows=dim, cursor=cursor, tight=tight is not None)
        grid.focus()
        self.show_detail()

    def tight_layout(
        self,
        figures: Figures,
        seats: list[PlayerStanding],
        first: Column,
        cells: list[list[str]],
    ) -> tuple[list[int] | None, list[list[str]], list[tuple[str, ...]], Column]:
        """Every player's column in the screen's width, one cell apart, each as wide as
        its figures and the names sharing what is left: each round's score beside the
        total where that fits with a cell more between columns than between a pair's
        two figures (one apart, "0 0 +27 +27 −7 −7" reads as no columns at all), else
        (asked for) each round's change alone, else the totals; and where even they do
        not fit, the money without its "$" (the labels and the panel's stake say it is
        money), then without cents that are none, then in whole units, its
        label marked "≈", where the largest is 100 or more (twelve players' at 80
        columns; the settle-up says it to the cent). The widths, or None where nothing
        fits (the grid pages); the cells, the figures under each name, and the labels'
        column. ``cells`` are the columns as ``show_grid`` made them for the choice in
        force: each round's pairs, or the totals where the table chose them."""
        names = [row.name for row in seats]
        choices: list[tuple[bool, int, list[list[str]]]] = []
        if self.chosen is not False:
            choices.append((True, PAIR_GAP, cells))
        if self.chosen is True:
            choices.append((True, 0, [self.changes(figures, name) for name in names]))
        totals = (
            cells
            if self.chosen is False
            else [self.column_cells(figures, name, False) for name in names]
        )
        choices.append((False, 0, totals))
        wants = [widest([self.marks(row, True) + row.name]) for row in seats]
        for shorten in SHORTER:
            labels = first
            if shorten is in_whole_units:
                if not whole_units_suffice(line for row in seats for line in row.shown):
                    break
                labels = first._replace(heading=[first.heading[0], *self.rounded(first, seats)])
            room = self.grid_room(labels, totals)
            shown = [tuple(shorten(line) for line in row.shown) for row in seats]
            for each_round, gap, given in choices:
                fitted: list[list[str]] = []
                needs: list[int] = []
                used = 0
                for row, lines, column in zip(seats, shown, given, strict=True):
                    short = [shorten(cell) for cell in column]
                    need = widest([*lines, *short, self.marks(row, True) + row.name[:1] + "…"])
                    used += need + gap + 1
                    if used > room:
                        break  # the columns so far already take more than the room
                    fitted.append(short)
                    needs.append(need + gap)
                else:
                    self.each_round = each_round
                    return share(needs, wants, room - used), fitted, shown, labels
        self.each_round = choices[0][0]
        return None, choices[0][2], [row.shown for row in seats], first

    @staticmethod
    def rounded(first: Column, seats: list[PlayerStanding]) -> list[str]:
        """The labels under "#", "≈" before each whose line holds money, rounded to whole
        units."""
        return [
            ROUNDED + label
            if any(in_whole_units(row.shown[at]) != row.shown[at] for row in seats)
            else label
            for at, label in enumerate(first.heading[1:])
        ]

    @staticmethod
    def changes(figures: Figures, name: str) -> list[str]:
        """One player's change in each round alone ("+30"), for a grid too narrow for the
        running total beside it (the heading holds the total)."""
        history = figures.history(name)
        return [figures.change_text(after - before) for before, after in pairwise(history)]

    def grid_room(self, first: Column, cells: list[list[str]]) -> int:
        """The cells across left for the players' columns beside the round numbers (and
        the scroll bar, only once the rounds outgrow the grid's height: a short evening's
        per-round scores use those columns too)."""
        rounds = [str(len(self.session.rounds))]
        used = widest([*first.heading, *rounds]) + 2 * PADDING
        grid = self.query_one("#grid", ScoreGrid)
        lines = len(first.heading) + len(cells[0] if cells else []) + 1
        scrolls = grid.size.height == 0 or lines > grid.size.height
        bar = grid.styles.scrollbar_size_vertical
        return self.app.size.width - used - (bar if scrolls else 0)

    def refit(self) -> None:
        """The status line, the game's lines and the round's story laid out again for the
        screen's new size, and the grid unless ``t`` chose how."""
        self.show_status(self.since)
        self.show_panel()
        if self.chosen is None:
            self.show_grid(self.cursor)
        else:
            self.show_detail()

    def story_items(self, index: int) -> Items:
        """Round ``index`` told in full, its number, who dealt and the game's words, as
        items a wrap keeps whole: no player's name cut in two, nor parted from its score,
        nor a game's item (a sale) broken."""
        session, game = self.session, self.game
        if is_end_round(session.rounds[index]):
            return story_items(session.describe(index), session.players)
        before, after = session.state_before(index), session.state_after(index)
        number = f"{game.round_name} {self.round_number(index)}"
        dealt = game.rounds_played(after, index + 1) > game.rounds_played(before, index)
        told = [number, f"{before.dealer} dealt", session.describe(index)]
        return told_in_turn(told if dealt else [told[0], told[2]], session.players)

    @property
    def highlighted_story(self) -> str:
        """The highlighted round in words, for the help screen; "" on the record line."""
        index = self.cursor
        return self.story_items(index) if 0 <= index < len(self.session.rounds) else ""

    def highlighted_round(self) -> int | None:
        """The played round under the cursor; not the end, which has nothing to edit."""
        index = self.cursor
        rounds = self.session.rounds
        return index if 0 <= index < len(rounds) and not is_end_round(rounds[index]) else None

    def show_detail(self) -> None:
        """The highlighted round's story under the grid, so no column has to hold it: as
        much as its lines hold, the help (F1) the rest."""
        detail = self.query_one("#detail", Static)
        index = self.cursor
        if 0 <= index < len(self.session.rounds):
            story = self.story_items(index)
            text = visible(story)
            most = detail.styles.max_height
            if most is not None:
                room = self.app.size.width - detail.styles.gutter.width
                text = told(story, room, int(most.value) - detail.styles.gutter.height)
            show(detail, plain(text, lines=True))
        elif self.recordable:
            number = self.session.rounds_played + 1
            show(detail, plain(f"r or Enter: record {self.game.round_name.lower()} {number}"))
        else:
            show(detail, plain("Game over · s settle up"))

    def show_panel(self) -> None:
        """The game's lines, each value beside its label; one too long for the screen
        goes on under its own words (``hanging``), not back under the labels, and between
        its items where it has them ("Maximilian 150,", never "Maximilian" / "150")."""
        lines = self.game.panel(self.session.setup, self.session.state)
        panel = self.query_one("#panel", Static)
        panel.display = bool(lines)
        width = widest(label for label, _ in lines)
        indent = " " * (width + 2)
        room = self.app.size.width - panel.styles.gutter.width - len(indent)
        shown = []
        for label, value in lines:
            first, *rest = laid_out(value, room)
            shown.append(Content.assemble((padded(label, width), "bold"), "  ", first))
            shown.extend(Content(indent + part) for part in rest)
        show(panel, Content("\n").join(shown))

    @on(ScoreGrid.Highlighted, "#grid")
    def row_highlighted(self) -> None:
        self.show_detail()
        self.refresh_bindings()

    @on(ScoreGrid.Selected, "#grid")
    def row_selected(self, event: ScoreGrid.Selected) -> None:
        event.stop()
        self.post_message(self.Chosen(event.row))

    def move(self, step: int) -> None:
        self.query_one("#grid", ScoreGrid).action_move(step)

    def choose(self, shown: str) -> None:
        """Each round's score beside the totals (``"each"``), or the totals alone."""
        self.chosen = shown == "each"
        self.show_grid(self.cursor)
