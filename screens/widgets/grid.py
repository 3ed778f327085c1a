"""The score grid: a fixed header over one line per round, with a row cursor.

Written on Textual's line API instead of DataTable because recording a round must be
saved and back on screen in well under 50 ms: DataTable re-renders every visible cell
through Rich after any change, while this grid builds each line from plain segments.
Every cell is plain text, so a player's name can never be read as markup, and its
control characters are drawn (``visible``): segments go to the terminal as they are, so
an escape in a stored name would otherwise be obeyed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar, Literal, NamedTuple

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from scorekeeper.wording import visible

PADDING = 1
"""The cells each side of a column's text: two between columns. A grid laid out tight
(``set_grid(..., tight=True)``) has one between its scrolling columns, so more fit."""


class Column(NamedTuple):
    """A column: its heading lines, how its cells align, whether it is highlighted, the
    most cells it may take (longer text is cut with "…"), and the cells it takes once laid
    out, at least ``least`` (room kept beside narrower text). A ``NamedTuple``: a
    dataclass is compiled from source before Home's first frame."""

    heading: Sequence[str]
    align: Literal["left", "right"] = "right"
    leader: bool = False
    limit: int | None = None
    width: int = 0
    least: int = 0


def fit(text: str, width: int, align: str) -> str:
    """``text`` as shown (``visible``), cut or padded to ``width`` cells (names may hold
    wide characters, or an old store's escapes)."""
    text = visible(text)
    if cell_len(text) > width:
        return set_cell_size(text[: max(width - 1, 0)], width - 1) + "…"
    if align == "right":
        return " " * (width - cell_len(text)) + text
    return set_cell_size(text, width)


class View:
    """A frame's view of the grid: its width in cells, the first row in view, the grid's
    own style, the columns shown whole, or where the scrolling ones are cut when none fits
    whole. A plain class: a ``NamedTuple`` compiles its constructor from source as the
    module is imported, before Home's first frame."""

    __slots__ = ("base", "cut", "shown", "top", "width")

    def __init__(
        self, width: int, top: int, base: Style, shown: list[int], cut: tuple[int, int] | None
    ) -> None:
        self.width, self.top, self.base, self.shown, self.cut = width, top, base, shown, cut


class ScoreGrid(ScrollView, can_focus=True):
    """Rounds by players. Up/Down move the cursor, Enter posts ``Selected``."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "score-grid--header",
        "score-grid--leader",
        "score-grid--cursor",
        "score-grid--stripe",
        "score-grid--dim",
    }
    DEFAULT_CSS = """
    ScoreGrid {
        background: $surface;
        & > .score-grid--header { text-style: bold; color: $text-muted; }
        & > .score-grid--leader { text-style: bold; color: $success; }
        & > .score-grid--cursor { background: $block-cursor-blurred-background; }
        &:focus > .score-grid--cursor {
            background: $block-cursor-background;
            color: $block-cursor-foreground;
        }
        & > .score-grid--stripe { background: $foreground 4%; }
        & > .score-grid--dim { color: $text-muted; }
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("pageup", "move(-10)", "Page up", show=False),
        Binding("pagedown", "move(10)", "Page down", show=False),
        Binding("home", "move(-1000000)", "First round", show=False),
        Binding("end", "move(1000000)", "Last line", show=False),
        Binding("left", "scroll_left", "Scroll left", show=False),
        Binding("right", "scroll_right", "Scroll right", show=False),
        Binding("enter", "select", "Open", show=False),
    ]

    cursor = reactive(0, always_update=True, init=False)

    class RowMessage(Message):
        """Something happened to one row of the grid."""

        def __init__(self, grid: ScoreGrid, row: int) -> None:
            super().__init__()
            self.grid = grid
            self.row = row

        @property
        def control(self) -> ScoreGrid:
            return self.grid

    class Highlighted(RowMessage):
        """The cursor moved to ``row``."""

    class Selected(RowMessage):
        """Enter (or a click) on ``row``."""

    def __init__(self, *, frozen: int = 0, id: str | None = None) -> None:
        """``frozen`` leading columns stay put while the rest scroll sideways (the round
        number beside a table too wide for the screen)."""
        super().__init__(id=id)
        self.frozen = frozen
        self.columns: list[Column] = []
        self.rows: list[list[str]] = []
        self.dim_rows: set[int] = set()
        self.header_height = 1
        self.tight = False
        self.frame: View | None = None
        """The view of the frame being drawn (``render_lines``), else None."""

    @property
    def row_count(self) -> int:
        return len(self.rows)

    def set_grid(
        self,
        columns: Sequence[Column],
        rows: Sequence[Sequence[str]],
        *,
        dim_rows: Sequence[int] = (),
        cursor: int | None = None,
        tight: bool = False,
    ) -> None:
        """Show new contents; the cursor goes to ``cursor`` (default: the last line);
        ``tight``: one cell between columns instead of two."""
        self.tight = tight
        columns = [
            column._replace(heading=[visible(line) for line in column.heading])
            for column in columns
        ]
        rows = [[visible(text) for text in row] for row in rows]
        self.header_height = max((len(column.heading) for column in columns), default=1)
        self.columns = []
        for index, column in enumerate(columns):
            width = max(
                [cell_len(line) for line in column.heading] + [cell_len(row[index]) for row in rows]
            )
            if column.limit is not None:
                width = min(width, column.limit)
            self.columns.append(column._replace(width=max(width, column.least)))
        self.rows = [list(row) for row in rows]
        self.dim_rows = set(dim_rows)
        width = sum(column.width + sum(self.pads(at)) for at, column in enumerate(self.columns))
        self.virtual_size = Size(width, self.header_height + len(self.rows))
        last = len(self.rows) - 1
        self.cursor = max(0, last if cursor is None else min(cursor, last))
        self.refresh()

    def validate_cursor(self, row: int) -> int:
        return max(0, min(row, len(self.rows) - 1))

    def watch_cursor(self, row: int) -> None:
        visible = self.scrollable_content_region.height - self.header_height
        top = round(self.scroll_y)
        if row < top:
            self.scroll_to(y=row, animate=False)
        elif visible > 0 and row >= top + visible:
            self.scroll_to(y=row - visible + 1, animate=False)
        self.refresh()
        self.post_message(self.Highlighted(self, row))

    def pads(self, index: int) -> tuple[int, int]:
        """The cells left and right of column ``index``'s text."""
        return (0, 1) if self.tight and index >= self.frozen else (PADDING, PADDING)

    @property
    def frozen_width(self) -> int:
        return sum(column.width + 2 * PADDING for column in self.columns[: self.frozen])

    def column_starts(self) -> list[int]:
        """Where each scrolling column begins, counted from the first of them."""
        starts, edge = [], 0
        for index, column in enumerate(self.columns[self.frozen :], self.frozen):
            starts.append(edge)
            edge += column.width + sum(self.pads(index))
        return starts

    def action_scroll_right(self) -> None:
        """A page to the right, starting at the first column that was cut off."""
        page = self.scrollable_content_region.width - self.frozen_width
        now = round(self.scroll_x)
        fits = [start for start in self.column_starts() if now < start <= now + page]
        target = max(fits) if fits else now + page
        self.scroll_to(x=min(target, self.max_scroll_x), animate=False, force=True)
        self.refresh()

    def action_scroll_left(self) -> None:
        """A page to the left, so the column that was first on screen ends the page."""
        page = self.scrollable_content_region.width - self.frozen_width
        now = round(self.scroll_x)
        fits = [start for start in self.column_starts() if now - page <= start < now]
        target = min(fits) if fits else now - page
        self.scroll_to(x=max(target, 0), animate=False, force=True)
        self.refresh()

    def action_move(self, step: int) -> None:
        self.cursor = self.cursor + step

    def action_select(self) -> None:
        if self.rows:
            self.post_message(self.Selected(self, self.cursor))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y < self.header_height:
            return
        row = round(self.scroll_y) + offset.y - self.header_height
        if not 0 <= row < len(self.rows):
            return
        if row == self.cursor:
            self.action_select()
        else:
            self.cursor = row

    def line_segments(
        self, cells: Sequence[str], style: Style, header: bool, shown: Iterable[int]
    ) -> list[Segment]:
        """Columns ``shown``'s cells of one line, padded to their widths: one segment per
        run of cells alike in style (every cell but a leader's heading), as each segment
        is cropped, styled and written on its own all the way to the terminal."""
        segments: list[Segment] = []
        texts: list[str] = []
        leader = self.get_component_rich_style("score-grid--leader")
        run_style = style
        for index in shown:
            column, text = self.columns[index], cells[index] if index < len(cells) else ""
            cell_style = style + leader if header and column.leader else style
            if cell_style != run_style and texts:
                segments.append(Segment("".join(texts), run_style))
                texts = []
            run_style = cell_style
            left, right = self.pads(index)
            texts.append(" " * left + fit(text, column.width, column.align) + " " * right)
        if texts:
            segments.append(Segment("".join(texts), run_style))
        return segments

    def more_marks(self, cells: list[str]) -> list[str]:
        """The frozen heading with "‹" and "›" where columns lie off screen that way."""
        if not self.frozen or not cells:
            return cells
        first = self.columns[0]
        left = "‹" if round(self.scroll_x) > 0 else " "
        right = "›" if round(self.scroll_x) < self.max_scroll_x else " "
        if left == right == " " or first.width < cell_len(cells[0]) + 3:
            return cells
        marked = set_cell_size(cells[0], first.width - 2) + left + right
        return [marked, *cells[1:]]

    def view(self) -> View:
        """What every line of a frame shares. Columns are shown whole: scrolled to the end
        the view may start inside one, so it starts at the next; one cut off on the right
        waits for the next page."""
        width = self.scrollable_content_region.width
        fixed = self.frozen_width
        starts = self.column_starts()
        left = min((x for x in starts if x >= round(self.scroll_x)), default=0)
        room = left + width - fixed
        ends = [*starts[1:], self.virtual_size.width - fixed]
        # The last column ending in view; one ending left of it is none (it was the edge
        # taken, and a column too wide for the view showed nothing at all).
        right = max((end for end in ends if left < end <= room), default=room)
        shown = [
            self.frozen + at
            for at, start in enumerate(starts)
            if left <= start and ends[at] <= right
        ]
        # No column fits whole (one wider than the view): the first is cut at its edge.
        cut = (left, right) if right not in ends else None
        return View(
            width, round(self.scroll_y), self.rich_style, [*range(self.frozen), *shown], cut
        )

    def render_lines(self, crop: Region) -> list[Strip]:
        """The lines of a frame, what they share worked out once (``view``)."""
        self.frame = self.view()
        try:
            return super().render_lines(crop)
        finally:
            self.frame = None

    def render_line(self, y: int) -> Strip:
        view = self.frame or self.view()
        base = view.base
        if y < self.header_height:
            cells = [
                column.heading[y] if y < len(column.heading) else "" for column in self.columns
            ]
            style = base + self.get_component_rich_style("score-grid--header")
            if y == 0:
                cells = self.more_marks(cells)
        else:
            row = view.top + y - self.header_height
            if not 0 <= row < len(self.rows):
                return Strip.blank(view.width, base)
            style = base
            if row % 2:
                style += self.get_component_rich_style("score-grid--stripe")
            if row in self.dim_rows:
                style += self.get_component_rich_style("score-grid--dim")
            if row == self.cursor:
                style += self.get_component_rich_style("score-grid--cursor")
            cells = self.rows[row]
        header = y < self.header_height
        if view.cut is None:
            line = Strip(self.line_segments(cells, style, header, view.shown))
        else:
            frozen = self.line_segments(cells, style, header, range(self.frozen))
            rest = range(self.frozen, len(self.columns))
            moving = Strip(self.line_segments(cells, style, header, rest)).crop(*view.cut)
            line = Strip.join([Strip(frozen), moving])
        return line.adjust_cell_length(view.width, style)
