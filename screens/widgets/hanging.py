"""Lines that wrap with a hanging indent: what does not fit goes on under the line's own
text, two cells further in, so a round's line wrapped in a narrow column still reads as
one item and never as a line of its own at the left edge (Textual wraps a line back to
the edge)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.cells import cell_len
from textual.content import Content
from textual.css.styles import RulesMap
from textual.geometry import Size
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widgets import Static

from scorekeeper.wording import Items, visible
from screens.widgets.live_text import show

HANG = 2
"""How much further in than its line a wrapped line goes on."""

Line = str | tuple[str, ...]
"""A line to show: its text (``Items`` keeps its items), or its items ("Zoë −8955"),
which a wrap keeps whole."""


def hanging(line: str, width: int, column: int | None = None) -> list[str]:
    """``line`` wrapped to ``width`` cells, each line after the first indented ``HANG``
    cells further than ``column`` (where a two-column line's text starts, after its
    label) or, without one, than the line's own leading spaces."""
    first, *more = Content(line).wrap(max(width, 1))
    if not more:
        return [line]
    start = len(line) - len(line.lstrip(" ")) if column is None else column
    inner = " " * (start + HANG)
    rest = Content(line[len(first.plain) :].lstrip(" "))
    return [first.plain, *(inner + part.plain for part in rest.wrap(max(width - len(inner), 1)))]


def kept_whole(items: Sequence[str], width: int, column: int | None = None) -> list[str]:
    """``items`` joined by spaces and wrapped as ``hanging`` wraps a line, but only
    between two items: a name and its figure ("Zoë −8955") go on the next line together,
    never the figure alone beside the next name. An item wider than a line of its own is
    wrapped as a line is."""
    line = " ".join(items)
    if len(items) < 2 or cell_len(line) <= width:
        return hanging(line, width, column)
    start = len(line) - len(line.lstrip(" ")) if column is None else column
    inner = " " * (start + HANG)
    rows: list[list[str]] = [[]]
    for item in items:
        room = width - (len(inner) if len(rows) > 1 else 0)
        if rows[-1] and cell_len(" ".join([*rows[-1], item])) > room:
            rows.append([])
        rows[-1].append(item)
    first, *rest = (" ".join(row) for row in rows)
    more = (part for row in rest for part in hanging(row, width - len(inner)))
    return [*hanging(first, width, column), *(inner + part for part in more)]


FIGURE = re.compile(r"[-+−$€£]?\d")
"""A word that is a score or an amount: it never starts a line of a story."""


def story_items(story: str, names: Sequence[str] = ()) -> Items:
    """``story`` as the items a wrap keeps whole (``kept_whole``): its words, each of
    ``names`` whole ("Wolfgang Amadeus"), and a figure with the word before it. So a name
    and its score ("Zoë 88") go on together: no figure starts a line under another name,
    where it would read as that name's, and no name is cut in two. Words a game said as
    ``Items`` keep the game's own (Calcutta's "D Bob 7,": a sale, which only the game
    knows is one)."""
    if isinstance(story, Items):
        return story
    words = story.split(" ")
    spoken = [name.split(" ") for name in names if " " in name]
    items: list[str] = []
    at = 0
    while at < len(words):
        size = max(
            (len(name) for name in spoken if said_at(words[at : at + len(name)], name)),
            default=1,
        )
        word = " ".join(words[at : at + size])
        at += size
        if items and FIGURE.match(word):
            items[-1] += " " + word
        else:
            items.append(word)
    return Items(items, mark="")


def told_in_turn(pieces: Sequence[str], names: Sequence[str] = (), joint: str = " ·") -> Items:
    """``pieces`` told one after another, ``joint`` ending each but the last (" ·" in a
    round's story, "." between sentences), as the items a wrap keeps whole: each piece's
    as ``story_items`` finds them."""
    items: list[str] = []
    for piece in pieces:
        if items:
            items[-1] += joint
        items += story_items(piece, names).parts
    return Items(items, mark="")


def said_at(words: Sequence[str], name: Sequence[str]) -> bool:
    """Whether ``words`` are the words of ``name``, the last followed by what ends it
    there ("Amadeus," or "Amadeus's")."""
    return (
        len(words) == len(name)
        and list(words[:-1]) == list(name[:-1])
        and words[-1].startswith(name[-1])
    )


def parts_of(line: Line) -> tuple[str, ...]:
    """The items a line may wrap between: its own (a tuple, or the domain's ``Items``),
    else the line whole."""
    if isinstance(line, Items):
        return line.parts
    return (line,) if isinstance(line, str) else line


def shown_lines(lines: Sequence[Line]) -> list[tuple[str, ...]]:
    """``lines`` as items, each drawn as it is (``visible``: a newline in a name is
    drawn, not a line of its own)."""
    return [tuple(visible(item) for item in parts_of(line)) for line in lines]


def laid_out(line: Line, width: int) -> list[str]:
    """``line`` drawn as it is and wrapped to ``width`` by ``kept_whole``."""
    return kept_whole(shown_lines([line])[0], width)


class HangingLines(Static):
    """``lines`` as text (drawn, never obeyed: ``visible``), each wrapped by ``hanging``
    (``kept_whole`` for a line of items) at the width it is drawn at; ``content`` holds
    them as given, one a line."""

    DEFAULT_CSS = "HangingLines { height: auto; }"

    def __init__(
        self,
        lines: Sequence[Line],
        *,
        column: int | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        self.lines = shown_lines(lines)
        super().__init__(self.text(), id=id, classes=classes)
        self.column = column

    def text(self) -> Content:
        return Content("\n".join(" ".join(items) for items in self.lines))

    def show_lines(self, lines: Sequence[Line]) -> None:
        """``lines`` in place of those shown; the screen is laid out again only where
        they take another number of lines (``show``)."""
        self.lines = shown_lines(lines)
        show(self, self.text())

    def wrapped(self, width: int) -> list[str]:
        return [part for items in self.lines for part in kept_whole(items, width, self.column)]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.wrapped(width))

    def render(self) -> Content:
        return Content("\n".join(self.wrapped(self.content_size.width)))


class HangingPrompt(Visual):
    """A bold heading, then ``lines``, each wrapped by ``hanging`` at the width it is
    drawn at: an option of an ``OptionList`` (a version set aside) takes a prompt, not a
    widget, and would wrap its lines back to the edge."""

    def __init__(self, heading: str, lines: Sequence[str]) -> None:
        self.heading = visible(heading)
        self.lines = [visible(line) for line in lines]

    def at(self, width: int) -> Content:
        heading = [Content.styled(part, "bold") for part in hanging(self.heading, width)]
        rest = [Content(part) for line in self.lines for part in hanging(line, width)]
        return Content("\n").join([*heading, *rest])

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        return self.at(width).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self.at(container_width).get_optimal_width(rules, container_width)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self.at(width).get_height(rules, width)
