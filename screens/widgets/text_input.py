"""A text field whose typing repaints the field, not the whole screen, and whose text is
drawn by the rule every label follows.

Textual's ``Input`` measures its text on every change (its width as scrolled, one cell
more for the cursor) as a size that asks for a layout: each key typed laid out the whole
screen, every row of a round entry, though the field itself keeps its place and size.
Nothing beside a field depends on that measure; the field scrolls its own text with it.

What the app filled in (a default, a recorded value, a kept draft) is selected as the
focus comes, so the first key typed replaces it, as on a paper form written over; once a
key was typed in the field, the focus puts the cursor at the end and typing adds to it.

The keys that edit or move in the text (Backspace, Ctrl+U, ←, Home...) are the field's
bindings, and Textual runs a binding only once the key has gone up to the app and back:
in a burst ("Ctrl+U 0.10" sent at once) the letters after it were typed first and then
erased with the rest. The field runs those bindings itself, in turn with the letters.

``Input`` also draws its value as it is: a stored name or a remembered folder that the
app fills in, or a suggestion, may hold a terminal escape, and Rich keeps ESC, C1
controls and bidi overrides. The field's value stays what it is (an edit must still name
the stored player); only what reaches the terminal is drawn through ``wording.visible``.
"""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from textual import events
from textual.geometry import Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widgets import Input
from textual.widgets.input import Selection

from scorekeeper.wording import visible
from screens.widgets.own_keys import keys_of, run_own_key

EDITING = {
    key: action
    for key, action in keys_of(Input.BINDINGS).items()
    if action.startswith(("cursor_", "delete_", "home", "end"))
} | {"ctrl+u": "empty"}
"""Each key that edits or moves in a field's text, and its action. Ctrl+U empties the
field wherever the cursor is, as it does in a round entry (Textual's deletes only what is
left of the cursor: nothing, with the cursor at the start)."""


class TextInput(Input):
    """Textual's ``Input``, its text's measure set without a layout of the screen, its
    value and suggestion drawn, never obeyed."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def __init__(
        self,
        *args: Any,
        select_on_focus: bool = False,
        refusal: str = "",
        submits: bool = True,
        **kwargs: Any,
    ) -> None:
        """Textual's own select-on-focus is off: the field selects only what the app put
        there, not what was typed in it. ``refusal`` says what the field takes, shown at
        its row when its ``restrict`` refuses a key. A field that does not ``submit``
        leaves Enter to its screen's keys: an option, not a subclass without Textual's
        binding, as each Textual class made before the first frame costs some two million
        instructions. A field is marked valid from the start: Textual marks a field
        without validators so as its value first changes, and works out its style again
        then, mounted or not."""
        classes = f"{kwargs.pop('classes', None) or ''} -valid".strip()
        super().__init__(*args, select_on_focus=select_on_focus, classes=classes, **kwargs)
        self.submits = submits
        self.refusal = refusal
        """What the field takes, in words, for a key its ``restrict`` refuses."""
        self.typed_in = False
        """A key was typed (or text pasted) here: the value is the person's own now."""
        self.question_mark_is_text = True
        """Whether ``?`` is typed here; if not, it is left to the screen's keys (help)."""

    def fill(self, value: str) -> None:
        """Put ``value`` here as the app's: the next key typed replaces it (selected now,
        if the focus is already here)."""
        self.value = value
        self.typed_in = False
        if self.has_focus and value:
            self.selection = Selection(0, len(value))

    def on_focus(self) -> None:
        """What the app filled in is selected (typing replaces it); what was typed here
        gets the cursor at its end. An error's selection, for the fix, stays."""
        if not self.selection.is_empty:
            return
        if self.value and not self.typed_in and not self.select_on_focus:
            self.selection = Selection(0, len(self.value))
            return
        self.cursor_position = len(self.value)

    async def on_key(self, event: events.Key) -> None:
        """An editing key runs here and now, in turn with the letters around it."""
        if event.is_printable or event.key in EDITING:
            self.typed_in = True
        await run_own_key(self, event, EDITING)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter (submit) goes on to the screen's keys where the field does not submit."""
        if action == "submit" and not self.submits:
            return False
        return super().check_action(action, parameters)

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """Every printable key is text here but ``?`` where it is not."""
        if character == "?" and not self.question_mark_is_text:
            return False
        return super().check_consume_key(key, character)

    def action_empty(self) -> None:
        self.value = ""

    def restricted(self) -> None:
        """A key the field cannot take rings the bell and, where the field says what it
        takes, the row says it: the typist sees why nothing was typed."""
        self.app.bell()
        if self.refusal:
            from screens.widgets.refused import Refused  # here: Home's filter refuses no key

            self.post_message(Refused(self, self.refusal))

    def on_paste(self) -> None:
        self.typed_in = True

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
