"""A control that would not take a key says so by this message, so the row it sits in
can show what the control takes: a text box on Home posts it too, without reading the
entries' rows."""

from __future__ import annotations

from textual.message import Message
from textual.widget import Widget


class Refused(Message):
    """A control would not take a key (a letter in a count, a digit at a pick that shows
    no numbers): ``message`` says at its row what it takes, where a bell alone left the
    typist guessing, or a field silently held what it can never read."""

    def __init__(self, control: Widget, message: str) -> None:
        super().__init__()
        self.refused_by = control
        self.message = message

    @property
    def control(self) -> Widget:
        return self.refused_by
