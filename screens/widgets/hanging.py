"""Lines that wrap with a hanging indent: what does not fit goes on under the line's own
text, two cells further in, so a round's line wrapped in a narrow column still reads as
one item and never as a line of its own at the left edge (Textual wraps a line back to
the edge)."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.css.styles import RulesMap
from textual.geometry import Size
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widgets import Static

from scorekeeper.wording import visible

HANG = 2
"""How much further in than its line a wrapped line goes on."""


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


def shown_lines(lines: Sequence[str]) -> Content:
    """``lines`` as one text, each drawn as it is (``visible``: a newline in a name is
    drawn, not a line of its own)."""
    return Content("\n".join(visible(line) for line in lines))


class HangingLines(Static):
    """``lines`` as text (drawn, never obeyed: ``visible``), each wrapped by ``hanging``
    at the width it is drawn at; ``content`` holds them as given, one a line."""

    DEFAULT_CSS = "HangingLines { height: auto; }"

    def __init__(
        self,
        lines: Sequence[str],
        *,
        column: int | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(shown_lines(lines), id=id, classes=classes)
        self.column = column

    def show_lines(self, lines: Sequence[str]) -> None:
        """``lines`` in place of those shown."""
        self.update(shown_lines(lines))

    def wrapped(self, width: int) -> list[str]:
        lines = str(self.content).split("\n")
        return [part for line in lines for part in hanging(line, width, self.column)]

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
