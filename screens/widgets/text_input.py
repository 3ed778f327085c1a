"""A text field whose typing repaints the field, not the whole screen.

Textual's ``Input`` measures its text on every change (its width as scrolled, one cell
more for the cursor) as a size that asks for a layout: each key typed laid out the whole
screen, every row of a round entry, though the field itself keeps its place and size.
Nothing beside a field depends on that measure; the field scrolls its own text with it.

Entering a field does not select its text (Textual's does): a burst of keys that reached
a filled field one Tab too far would replace what it held, unseen.
"""

from __future__ import annotations

from typing import Any

from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Input


class TextInput(Input):
    """Textual's ``Input``, its text's measure set without a layout of the screen."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def __init__(self, *args: Any, select_on_focus: bool = False, **kwargs: Any) -> None:
        """Not selected when the focus comes: a key typed into a filled field adds to its
        text where the cursor shows, at the end, never replaces it unseen."""
        super().__init__(*args, select_on_focus=select_on_focus, **kwargs)

    def on_focus(self) -> None:
        """The cursor at the end of the text, unless an error selected it for the fix."""
        if not self.selection.is_empty:
            return
        self.cursor_position = len(self.value)
