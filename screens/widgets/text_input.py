"""A text field whose typing repaints the field, not the whole screen, and whose text is
drawn by the rule every label follows.

Textual's ``Input`` measures its text on every change (its width as scrolled, one cell
more for the cursor) as a size that asks for a layout: each key typed laid out the whole
screen, every row of a round entry, though the field itself keeps its place and size.
Nothing beside a field depends on that measure; the field scrolls its own text with it.

``Input`` also draws its value as it is: a stored name or a remembered folder that the
app fills in, or a suggestion, may hold a terminal escape, and Rich keeps ESC, C1
controls and bidi overrides. The field's value stays what it is (an edit must still name
the stored player); only what reaches the terminal is drawn through ``wording.visible``.
"""

from __future__ import annotations

from rich.segment import Segment
from textual.geometry import Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widgets import Input

from scorekeeper.wording import visible


class TextInput(Input):
    """Textual's ``Input``, its text's measure set without a layout of the screen, its
    value and suggestion drawn, never obeyed."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        if all(segment.control or segment.text.isprintable() for segment in strip):
            return strip
        width = strip.cell_length
        drawn = Strip(
            segment if segment.control else Segment(visible(segment.text), segment.style)
            for segment in strip
        )
        return drawn.crop(0, width).extend_cell_length(width)
