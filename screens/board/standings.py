"""The standings in big digits, for people reading from across the table or off a phone.

One widget for the table's big board and for the live board app. It shows whose deal it
is, every player in order of standing (place, name, ★ leader, ● next to deal, who goes
first, the figure in Textual's ``Digits``), the game's own lines (``Game.panel``) and the
last round. Every figure comes from the Session; this module only chooses how many
columns and which card shape fit the space, so ten players fit at 80×24 and at 40 columns.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Digits, Static

from scorekeeper.session import Session
from scorekeeper.wording import visible
from screens.board.lines import DEALS, FIRST, LEADS, Standing, last_round, standings_of, status_line
from screens.widgets.grid import fit

Shape = Literal["wide", "stacked", "compact"]
SHAPE_HEIGHT: dict[Shape, int] = {"wide": 3, "stacked": 4, "compact": 1}
EDGE = 1
"""Cells each side of a column of cards (the stylesheet's margin)."""
MAX_CARD = 44
"""A card wider than this spreads name and figure too far apart to read as one line."""
SHORTEST_NAME = 4
LAST_LINES = 2
"""The last round takes at most this many lines, and only lines the game's own do not need."""
ALIGNED_ABOUT = 60
"""Narrower than this, the game's lines do not align their values: each keeps its room."""
WANTED_NAME = 12
"""Names are cut with "…" only below this many cells when the space allows it."""


def digits_cells(text: str) -> int:
    """Cells ``Digits`` takes: three a digit, sign or "$"; one for "." and ","."""
    return sum(1 if char in ".," else 3 for char in text)


@dataclass(frozen=True)
class Layout:
    """How the cards sit: columns (filled top to bottom), card shape, cells for a name."""

    columns: int
    shape: Shape
    name_width: int
    card_width: int

    @property
    def card_height(self) -> int:
        return SHAPE_HEIGHT[self.shape]


def place_cells(count: int) -> int:
    return len(str(count))


def label_cells(layout_shape: Shape, count: int, name_width: int) -> int:
    """Cells left of the figure: place, a space, the name, a space and up to three marks."""
    return place_cells(count) + 1 + name_width + (1 + 3 if layout_shape != "wide" else 2)


def choose_layout(
    width: int, height: int, standings: Sequence[Standing], figure_cells: int
) -> Layout:
    """The shape that fits ``width`` × ``height`` and leaves names the most room.

    Wide cards (3 lines, name beside the figure) before stacked ones (name over the
    figure); of those that leave names their room, the fewest columns, but as many as a
    wide screen holds cards of the widest kind side by side (two at 120 columns), so it
    is filled across, not down one narrow column; compact lines when no big figure fits.
    The money beside a points total (``aside``) gets its room whole, in every shape: under
    the name beside the figure, or after the name over it, never under the big digits.
    """
    count = max(len(standings), 1)
    longest = max((cell_len(row.name) for row in standings), default=SHORTEST_NAME)
    aside = max((cell_len(row.aside) + 1 for row in standings if row.aside), default=0)
    """The money's cells and the space before it, after the name."""
    under = max((cell_len(line) for row in standings for line in under_name(row)), default=0)
    under += place_cells(count) + 1
    """The cells a wide card's lines under the name take."""
    wanted = min(longest, WANTED_NAME)
    across = min(count, max(1, width // (MAX_CARD + 2 * EDGE)))
    best: tuple[tuple[int, bool, int, int], Layout] | None = None
    for columns in range(1, min(count, 4) + 1):
        card = min(width // columns - 2 * EDGE, MAX_CARD)
        rows = math.ceil(count / columns)
        shapes: tuple[Shape, ...] = ("wide", "stacked")
        for rank, shape in enumerate(shapes):
            if rows * SHAPE_HEIGHT[shape] > height:
                continue
            room = card - label_cells(shape, count, 0)
            if shape == "wide":
                room -= figure_cells + 1
                if under > card - figure_cells - 1:
                    continue
            elif figure_cells > card:
                continue
            else:
                room -= aside
            name_width = min(room, longest)
            if name_width < min(SHORTEST_NAME, longest):
                continue
            needed = label_cells(shape, count, name_width)
            if shape == "wide":
                needed = max(needed, under) + 1 + figure_cells
            else:
                needed = max(needed + aside, figure_cells)
            score = (min(name_width, wanted), columns >= across, -columns, -rank)
            if best is None or score > best[0]:
                best = (score, Layout(columns, shape, name_width, min(card, needed)))
    if best is not None:
        return best[1]
    return compact_layout(width, height, standings)


def compact_layout(width: int, height: int, standings: Sequence[Standing]) -> Layout:
    """One line a player, in as few columns as fit the height with names still readable;
    one scrolling column when nothing does."""
    count = max(len(standings), 1)
    longest = max((cell_len(row.name) for row in standings), default=SHORTEST_NAME)
    figures = max((cell_len(compact_figure(row)) for row in standings), default=1)
    fallback: Layout | None = None
    for columns in range(1, count + 1):
        card = width // columns - 2 * EDGE
        name_width = min(card - label_cells("compact", count, 0) - figures, longest)
        layout = Layout(columns, "compact", max(name_width, 1), max(card, 1))
        fallback = fallback or layout
        if name_width < min(SHORTEST_NAME, longest):
            break
        if math.ceil(count / columns) <= height:
            return layout
    assert fallback is not None
    return fallback


def under_name(row: Standing) -> tuple[str, str]:
    """A wide card's two lines under the name: who deals or goes first, and the money."""
    doing = f"{DEALS} deals" if row.deals else f"{FIRST} first" if row.first else ""
    return doing, row.aside


def compact_figure(row: Standing) -> str:
    return row.figure + (f" {row.aside}" if row.aside else "")


class Card(Widget):
    """One place on the board; shows whoever holds that place now."""

    def __init__(self, row: Standing, layout: Layout, count: int, striped: bool) -> None:
        super().__init__(classes="-striped" if striped else None)
        self.label, self.figure = self.render_parts(row, layout, count)
        self.mark(row)

    def compose(self) -> ComposeResult:
        yield Static(self.label, classes="label")
        yield Digits(self.figure, classes="figure")

    def show(self, row: Standing, layout: Layout, count: int) -> None:
        label, figure = self.render_parts(row, layout, count)
        if label != self.label:
            self.label = label
            self.query_one(".label", Static).update(label)
        if figure != self.figure:
            self.figure = figure
            self.query_one(".figure", Digits).update(figure)
        self.mark(row)

    def mark(self, row: Standing) -> None:
        self.set_class(row.leads, "-leads")

    @staticmethod
    def render_parts(row: Standing, layout: Layout, count: int) -> tuple[Content, str]:
        name = fit(row.name, layout.name_width, "left").rstrip()
        place = f"{row.place:>{place_cells(count)}} "
        marks = (LEADS if row.leads else "") + (DEALS if row.deals else "")
        marks += FIRST if row.first else ""
        if layout.shape == "wide":
            indent = " " * len(place)
            lines = [
                Content.assemble((place, "dim"), (name, "bold"), f" {LEADS}" if row.leads else ""),
                *(Content(indent + line) for line in under_name(row)),
            ]
            return Content("\n").join(lines), row.figure
        if layout.shape == "stacked":
            left = Content.assemble((place, "dim"), (name, "bold"), f" {marks}" if marks else "")
            room = layout.card_width - left.cell_length - 1
            if row.aside and cell_len(row.aside) <= room:
                left = Content.assemble(left, " " * (room - cell_len(row.aside) + 1), row.aside)
            return left, row.figure
        marks = f" {marks:<3}"
        room = layout.card_width - cell_len(place) - layout.name_width - len(marks)
        figure = compact_figure(row)
        return Content.assemble(
            (place, "dim"),
            (fit(row.name, layout.name_width, "left"), "bold"),
            marks,
            (fit(figure, max(room, 1), "right"), "bold"),
        ), ""


class Standings(Vertical):
    """The whole board for one session; ``show`` it again after any change."""

    DEFAULT_CSS = Path(__file__).with_suffix(".tcss").read_text(encoding="utf-8")

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.session: Session | None = None
        self.rows: list[Standing] = []
        self.layout_now: Layout | None = None

    def compose(self) -> ComposeResult:
        yield Static(classes="status")
        yield Horizontal(classes="cards")
        yield Static(classes="about")
        yield Static(classes="last")

    def show(self, session: Session) -> None:
        """Lay out ``session`` as it stands now."""
        self.session = session
        self.rows = standings_of(session)
        self.set_class(session.finished, "-over")
        self.fit_to_space()

    def on_resize(self) -> None:
        self.fit_to_space()

    def fit_to_space(self) -> None:
        """Fit the cards and the game's lines into the space there is now."""
        session = self.session
        if session is None or not self.is_mounted:
            return
        width, height = self.size.width, self.size.height
        if width <= 0 or height <= 0:
            return
        status = Content(visible(status_line(session)))
        status_lines = len(status.wrap(max(width - 2, 1)))
        status_widget = self.query_one(".status", Static)
        status_widget.styles.height = status_lines
        status_widget.update(status)
        last = visible(last_round(session))
        panel = session.game.panel(session.setup, session.state)
        figure_cells = max((digits_cells(row.figure) for row in self.rows), default=3)
        above = status_lines + (1 if last else 0)
        layout = choose_layout(width, height - above - min(len(panel), 1), self.rows, figure_cells)
        rows = math.ceil(len(self.rows) / layout.columns)
        room = max(height - above - rows * layout.card_height, 0)
        self.show_about(panel, room, width)
        self.show_last(last, width, spare=room - min(len(panel), room))
        self.place_cards(layout, rows)

    def show_last(self, last: str, width: int, spare: int) -> None:
        """The last round on one line, or on two when the space is there; cut with "…"."""
        widget = self.query_one(".last", Static)
        widget.display = bool(last)
        lines = Content(last).wrap(max(width - 2, 1))
        kept = min(LAST_LINES, 1 + max(spare, 0))
        if len(lines) > kept:
            head = [str(line).rstrip() for line in lines[: kept - 1]]
            taken = 0
            for line in head:
                taken = last.index(line, taken) + len(line)
            rest = fit(last[taken:].strip(), width - 2, "left")
            lines = [*(Content(line) for line in head), Content(rest)]
        widget.styles.height = max(len(lines), 1)
        widget.update(Content("\n").join(lines))

    def show_about(self, panel: list[tuple[str, str]], room: int, width: int) -> None:
        """The game's own lines, as many as there is room for, each on one line."""
        about = self.query_one(".about", Static)
        shown = panel[:room]
        about.display = bool(shown)
        aligned = width >= ALIGNED_ABOUT
        label_width = max((cell_len(label) for label, _ in shown), default=0)
        about.update(
            Content("\n").join(
                Content.assemble(
                    (fit(label, label_width if aligned else cell_len(label), "left"), "bold"),
                    "  ",
                    fit(value, width - 4 - (label_width if aligned else cell_len(label)), "left"),
                )
                for label, value in shown
            )
        )

    def place_cards(self, layout: Layout, rows: int) -> None:
        """Cards fill each column top to bottom, so places read down then across."""
        cards = self.query_one(".cards", Horizontal)
        self.set_class(layout.shape == "wide", "-wide")
        self.set_class(layout.shape == "stacked", "-stacked")
        self.set_class(layout.shape == "compact", "-compact")
        columns = list(cards.query_children(".column"))
        sizes = [min(rows, len(self.rows) - column * rows) for column in range(layout.columns)]
        count = len(self.rows)
        if [len(column.children) for column in columns] == sizes:
            for row, card in zip(self.rows, self.query(Card), strict=True):
                card.show(row, layout, count)
        else:
            cards.remove_children()
            places = iter(self.rows)
            columns = [
                Vertical(
                    *(Card(next(places), layout, count, line % 2 == 1) for line in range(size)),
                    classes="column",
                )
                for size in sizes
            ]
            cards.mount_all(columns)
        for column in columns:
            column.styles.width = layout.card_width
        self.layout_now = layout
