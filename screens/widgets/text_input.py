"""A text field whose typing repaints the field, not the whole screen.

Textual's ``Input`` measures its text on every change (its width as scrolled, one cell
more for the cursor) as a size that asks for a layout: each key typed laid out the whole
screen, every row of a round entry, though the field itself keeps its place and size.
Nothing beside a field depends on that measure; the field scrolls its own text with it.
"""

from __future__ import annotations

from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Input


class TextInput(Input):
    """Textual's ``Input``, its text's measure set without a layout of the screen."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)
