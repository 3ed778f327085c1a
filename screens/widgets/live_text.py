"""Text rewritten as keys are typed (a field's note, the round's outcome, the name check)
without laying the whole screen out again when its size stays as it is.

A layout pass of an entry screen costs more than everything else a key does; most live
text changes within the lines it already takes (a count going from "= 5" to "= 15").
"""

from __future__ import annotations

from textual.visual import VisualType
from textual.widgets import Static


def show(widget: Static, content: VisualType) -> None:
    """Put ``content`` in ``widget``; the screen is laid out again only when the widget
    may change size: its width follows its text (``auto``; unset fills its container), it
    has not been laid out yet, or the text wraps to another number of lines. Hidden, it
    takes no room either way."""
    laid_out = widget.content_size
    width = widget.styles.width
    widget.update(content, layout=False)
    if not widget.display:
        return
    if (
        (width is not None and width.is_auto)
        or not laid_out.width
        or widget.get_content_height(laid_out, laid_out, laid_out.width) != laid_out.height
    ):
        widget.refresh(layout=True)
