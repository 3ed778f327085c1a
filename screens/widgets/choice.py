"""A one-line pick-one widget for round entry: a key press picks, no dropdown to open.

At the table the typist picks players and bids dozens of times an evening, so one key
must do it: the first letter of the option (pressed again, the next option with that
letter), the first letter of any word of it, its position number, or the arrow keys.
A click picks too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Static

from scorekeeper.wording import whole_number
from screens.format import plain
from screens.widgets.fields import ValueChanged

UNPICKED: Any = object()
"""The value of a ``Choice`` built with nothing picked (``None`` can be a real option)."""


class ChoiceItem(Static):
    """One option; clicking it picks it."""

    def __init__(self, label: str, index: int) -> None:
        super().__init__(plain(label), classes="choice-item")
        self.index = index

    def on_click(self, event: events.Click) -> None:
        event.stop()
        choice = self.parent
        if isinstance(choice, Choice):
            choice.focus()
            choice.pick(self.index)


class Choice(Widget, can_focus=True):
    """Pick one of a few labelled values; ``is_picked`` says whether anything is yet."""

    DEFAULT_CSS = """
    Choice {
        layout: horizontal;
        height: 1;
        width: 1fr;
        background: $surface;
        &:focus { background: $boost; }
        &.-invalid { background: $error 20%; }
    }
    Choice > .choice-item {
        width: auto;
        padding: 0 1;
        color: $text-muted;
        &.-picked { background: $primary; color: $text; text-style: bold; }
    }
    """

    BINDINGS = [
        Binding("right", "step(1)", "Next option", show=False),
        Binding("left", "step(-1)", "Previous option", show=False),
        Binding("backspace,delete", "clear", "Clear", show=False),
    ]

    class Changed(ValueChanged):
        """The picked value changed (live previews listen for this)."""

        def __init__(self, choice: Choice, value: Any) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(
        self,
        options: Sequence[tuple[str, Any]],
        *,
        value: Any = UNPICKED,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.options = list(options)
        self.picked: int | None = None
        values = [option_value for _, option_value in self.options]
        if value in values:
            self.picked = values.index(value)

    @property
    def is_picked(self) -> bool:
        return self.picked is not None

    @property
    def value(self) -> Any:
        return None if self.picked is None else self.options[self.picked][1]

    @value.setter
    def value(self, value: Any) -> None:
        """Pick the option holding ``value``; a value no option holds picks nothing."""
        values = [option_value for _, option_value in self.options]
        self.pick(values.index(value) if value in values else None)

    def compose(self) -> ComposeResult:
        for index, (label, _) in enumerate(self.options):
            item = ChoiceItem(label, index)
            item.set_class(index == self.picked, "-picked")
            yield item

    def set_options(self, options: Sequence[tuple[str, Any]], value: Any = UNPICKED) -> None:
        """Offer other options (the seats changed); ``value`` stays picked if still offered."""
        self.options = list(options)
        values = [option_value for _, option_value in self.options]
        self.picked = values.index(value) if value in values else None
        self.remove_children()
        self.mount_all(self.compose())
        self.post_message(self.Changed(self, self.value))

    def pick(self, index: int | None) -> None:
        if index == self.picked:
            return
        self.picked = index
        for item in self.query(ChoiceItem):
            item.set_class(item.index == index, "-picked")
        self.post_message(self.Changed(self, self.value))

    def action_step(self, step: int) -> None:
        start = -1 if self.picked is None and step > 0 else (self.picked or 0)
        self.pick((start + step) % len(self.options))

    def action_clear(self) -> None:
        self.pick(None)

    def on_key(self, event: events.Key) -> None:
        if not event.is_printable or not event.character or event.character == " ":
            return
        index = self._index_for(event.character)
        if index is not None:
            event.stop()
            event.prevent_default()
            self.pick(index)

    def _index_for(self, key: str) -> int | None:
        """The next option whose label starts with ``key``, else one with a word starting
        with it ("s" for "5 Smudge"), else the option numbered ``key``."""
        key = key.casefold()
        count = len(self.options)
        start = -1 if self.picked is None else self.picked
        order = [(start + step) % count for step in range(1, count + 1)]
        labels = [self.options[index][0].casefold() for index in range(count)]
        for index in order:
            if labels[index].startswith(key):
                return index
        for index in order:
            if any(word.startswith(key) for word in labels[index].split()):
                return index
        number = whole_number(key, signed=False)
        if number is not None and 1 <= number <= count:
            return number - 1
        return None
