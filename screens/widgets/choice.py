"""A pick-one widget for round entry: a key press picks, no dropdown to open.

At the table the typist picks players and bids dozens of times an evening, so one key
must do it: the first letter of the option (pressed again, the next option with that
letter), the first letter of any word of it, or the arrow keys. A click picks too. A
digit picks by number where the row shows the numbers (``numbered``: "1 Ann 2 Bob", a
player's seat number, which picks a name no key types), and there "10" picks the tenth;
elsewhere it picks only an option starting with it (a bid of 2), else nothing (a price
typed one field too early must not change the winner): the bell rings and the row says
what the pick takes.

Every option is always on screen: options that do not fit one line go on to the next, as
words do, each name whole. A name shortened to fit ("Christ…" beside "Chris") would be a
guess for the typist matching the name called out, and a letter picking an option out of
sight is a pick nobody saw.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Size
from textual.style import Style
from textual.widget import Widget

from scorekeeper.wording import visible, whole_number
from screens.widgets.field_row import ValueChanged
from screens.widgets.own_keys import keys_of, run_own_key
from screens.widgets.refused import Refused

UNPICKED: object = object()
"""The value of a ``Choice`` built with nothing picked (``None`` can be a real option)."""

GAP = 1
"""Blank cells either side of an option's label."""


def lines_of(widths: Sequence[int], room: int) -> list[list[int]]:
    """The options (by index) on each line: as many as fit ``room`` cells, in order; an
    option wider than the room has a line to itself."""
    lines: list[list[int]] = [[]]
    used = 0
    for index, width in enumerate(widths):
        if lines[-1] and used + width > room:
            lines.append([])
            used = 0
        lines[-1].append(index)
        used += width
    return lines


def cut(label: str, room: int) -> str:
    """``label`` in at most ``room`` cells, ending in "…" when cut (a screen narrower than
    one option, not a table's names: those wrap whole)."""
    if cell_len(label) <= room:
        return label
    kept = ""
    for char in label:
        if cell_len(kept + char) > room - 1:
            break
        kept += char
    return kept + "…"


class Choice(Widget, can_focus=True):
    """Pick one of a few labelled values; ``is_picked`` says whether anything is yet."""

    DEFAULT_CSS = """
    Choice {
        height: auto;
        width: 1fr;
        background: $surface;
        &:focus { background: $boost; }
        &.-invalid { background: $error 20%; }
    }
    Choice > .choice--option { color: $text-muted; }
    Choice > .choice--picked { background: $primary; color: $text; text-style: bold; }
    """
    COMPONENT_CLASSES = {"choice--option", "choice--picked"}
    ROW_CLASSES = "-pick"
    """Its ``FieldRow``'s: the pick takes the row's width, the note only its words."""

    BINDINGS = [
        Binding("right", "step(1)", "Next option", show=False),
        Binding("left", "step(-1)", "Previous option", show=False),
        Binding("backspace,delete", "clear", "Clear", show=False),
    ]
    OWN_KEYS = keys_of(BINDINGS)
    """Run here, as each key lands (``own_keys``)."""

    class Changed(ValueChanged):
        """The picked value changed (live previews listen for this)."""

        def __init__(self, choice: Choice, value: object) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(
        self,
        options: Sequence[tuple[str, object]],
        *,
        value: object = UNPICKED,
        id: str | None = None,
        numbered: bool = False,
        numbers: Sequence[int] = (),
    ) -> None:
        """``numbers`` are drawn before the options where ``numbered`` (their seats, so a
        seat left out keeps the others' numbers); 1, 2, 3… without them."""
        super().__init__(id=id)
        self.options = list(options)
        self.numbered = numbered
        self.numbers = list(numbers)
        self.digits = ""
        """The digits typed in a row here, for a number past 9."""
        self.picked: int | None = None
        values = [option_value for _, option_value in self.options]
        if value in values:
            self.picked = values.index(value)

    @property
    def is_picked(self) -> bool:
        return self.picked is not None

    @property
    def value(self) -> object:
        return None if self.picked is None else self.options[self.picked][1]

    @value.setter
    def value(self, value: object) -> None:
        """Pick the option holding ``value``; a value no option holds picks nothing."""
        values = [option_value for _, option_value in self.options]
        self.pick(values.index(value) if value in values else None)

    @property
    def labels(self) -> list[str]:
        """The options' labels as drawn (a name's control characters made visible), each
        after its number where the options are numbered."""
        return [
            f"{number} {visible(label)}" if self.numbered else visible(label)
            for number, (label, _) in zip(self.option_numbers, self.options, strict=True)
        ]

    @property
    def option_numbers(self) -> list[int]:
        """The number each option is picked by where the options are numbered."""
        return self.numbers or list(range(1, len(self.options) + 1))

    def widths(self) -> list[int]:
        return [cell_len(label) + 2 * GAP for label in self.labels]

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return sum(self.widths())

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(lines_of(self.widths(), max(width, 1)))

    def placed(self) -> list[tuple[int, int, int, str]]:
        """Where each option is drawn at the present width: (line, first cell, cells, text)."""
        room = max(self.size.width, 1)
        labels = self.labels
        spots: list[tuple[int, int, int, str]] = []
        for y, line in enumerate(lines_of(self.widths(), room)):
            x = 0
            for index in line:
                shown = cut(labels[index], max(room - 2 * GAP, 1))
                text = " " * GAP + shown + " " * GAP
                spots.append((y, x, cell_len(text), text))
                x += cell_len(text)
        return spots

    def render(self) -> Content:
        option = self.get_visual_style("choice--option", partial=True)
        picked = self.get_visual_style("choice--picked", partial=True)
        lines: list[list[tuple[str, Style]]] = []
        for index, (y, _, _, text) in enumerate(self.placed()):
            if y == len(lines):
                lines.append([])
            lines[-1].append((text, picked if index == self.picked else option))
        return Content("\n").join(Content.assemble(*line) for line in lines)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.focus()
        at = event.get_content_offset(self)
        if at is None:
            return
        for index, (y, x, cells, _) in enumerate(self.placed()):
            if y == at.y and x <= at.x < x + cells:
                self.pick(index)
                return

    def set_options(self, options: Sequence[tuple[str, object]], value: object = UNPICKED) -> None:
        """Offer other options (the seats changed), numbered 1, 2, 3… where numbered;
        ``value`` stays picked if still offered."""
        self.options = list(options)
        self.numbers = []
        values = [option_value for _, option_value in self.options]
        self.picked = values.index(value) if value in values else None
        self.refresh(layout=True)
        self.post_message(self.Changed(self, self.value))

    def pick(self, index: int | None) -> None:
        if index == self.picked:
            return
        self.picked = index
        self.refresh()
        self.post_message(self.Changed(self, self.value))

    def action_step(self, step: int) -> None:
        start = -1 if self.picked is None and step > 0 else (self.picked or 0)
        self.pick((start + step) % len(self.options))

    def action_clear(self) -> None:
        self.pick(None)

    def on_blur(self) -> None:
        self.digits = ""

    async def on_key(self, event: events.Key) -> None:
        if await run_own_key(self, event, self.OWN_KEYS):
            return
        if not event.is_printable or not event.character or event.character == " ":
            return
        index = self._index_for(event.character)
        if index is None and not event.character.isalnum():
            return  # a key for the screen ("?" for help)
        event.stop()
        event.prevent_default()
        if index is None and self.digits:
            return  # the first digit of a number ("1" of "12" where no seat is 1)
        if index is None:
            self.app.bell()
            self.post_message(Refused(self, self.refusal(event.character)))
        else:
            self.pick(index)

    @property
    def takes(self) -> str:
        """The keys that pick here, in words."""
        return "its number, a first letter or ←/→" if self.numbered else "a first letter or ←/→"

    def refusal(self, key: str) -> str:
        """What the pick takes, said when ``key`` picks nothing here."""
        if key.isdigit() and not self.numbered:
            return f"a digit picks nothing here: {self.takes}"
        if key.isdigit():
            return f"nothing here is numbered {visible(key)}: {self.takes}"
        return f"nothing here starts with {visible(key)!r}: {self.takes}"

    def _numbered(self, digit: str) -> int | None:
        """The option numbered by the digits typed in a row ending in ``digit``, or
        numbered ``digit`` alone once the row's digits number none. None with the digits
        kept where they start a number but number nothing yet ("1" where only 10-12 are)."""
        numbers = self.option_numbers
        for digits in (self.digits + digit, digit):
            number = whole_number(digits, signed=False)
            if number is not None and number in numbers:
                self.digits = digits
                return numbers.index(number)
            if any(str(seat).startswith(digits) for seat in numbers):
                self.digits = digits
                return None
        self.digits = ""
        return None

    def _index_for(self, key: str) -> int | None:
        """The next option whose label starts with ``key``, else one with a word starting
        with it ("s" for "5 Smudge"), else, numbered, the option of that number."""
        if key.isdigit() and self.numbered:
            return self._numbered(key)
        self.digits = ""
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
        return None
