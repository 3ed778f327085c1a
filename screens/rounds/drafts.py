"""What was typed in a round entry, kept as a draft and put back control by control.

An entry closed without recording hands its draft to the table, which gives it back the
next time that entry opens; every kind of control says what it holds in its own way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from textual.widget import Widget
from textual.widgets import Checkbox, Input

from screens.widgets.choice import Choice
from screens.widgets.field_row import Drafted, FieldRow
from screens.widgets.text_input import TextInput

Draft = dict[str, Any]
"""What was typed in an entry, by row path (and ``#<n>`` for a row's extra controls)."""


def controls_of(rows: Iterable[FieldRow]) -> list[tuple[str, Widget]]:
    """Every control of ``rows`` that holds something typed, named by its row's path."""
    named: list[tuple[str, Widget]] = []
    for row in rows:
        held = [row.control, *(w for w in row.query("*") if w is not row.control)]
        for number, widget in enumerate(w for w in held if w.can_focus):
            named.append((row.path if number == 0 else f"{row.path}#{number}", widget))
    return named


def typed(controls: Sequence[tuple[str, Widget]]) -> Draft:
    """The value of every control now."""
    values: Draft = {}
    for path, widget in controls:
        if isinstance(widget, Input | Checkbox):
            values[path] = widget.value
        elif isinstance(widget, Choice):
            values[path] = (widget.is_picked, widget.value)
        elif isinstance(widget, Drafted):
            values[path] = widget.draft_value()
    return values


def restore(controls: Sequence[tuple[str, Widget]], draft: Draft) -> None:
    """Put ``draft`` back where the rows are the same as when it was kept."""
    for path, widget in controls:
        if path not in draft:
            continue
        value = draft[path]
        if isinstance(widget, TextInput):
            widget.fill(value)
        elif isinstance(widget, Input | Checkbox):
            widget.value = value
        elif isinstance(widget, Choice):
            picked, chosen = value
            if picked:
                widget.value = chosen
            else:
                widget.pick(None)
        elif isinstance(widget, Drafted):
            widget.restore_draft(value)
