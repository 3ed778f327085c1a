"""The rows of a round entry found, read and filled by their path: what each game's entry
calls to read a round from its fields and to put a recorded one back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Checkbox, Input

from scorekeeper.checks import JSONObject
from scorekeeper.errors import RuleError
from scorekeeper.wording import not_a_number, whole_number
from screens.widgets.choice import UNPICKED, Choice
from screens.widgets.field_row import FieldRow
from screens.widgets.text_input import TextInput

Round = JSONObject
"""A round as an entry hands it to the table: its game checks it on recording."""
W = TypeVar("W", bound=Widget)


class EntryFields(ModalScreen[Round | None]):
    """The field helpers of ``RoundEntry``; the modal dismisses with the recorded round."""

    def __init__(self, players: Sequence[str], *, classes: str) -> None:
        super().__init__(classes=classes)
        self.players = players
        self.rows_by_path: dict[str, FieldRow] = {}

    def row(self, path: str) -> FieldRow:
        """The row at ``path``. Remembered: a preview reads every row on each key, and a
        walk of the whole entry per read made typing lag with many players. A row taken
        away (a bet removed) is found again by a fresh walk."""
        row = self.rows_by_path.get(path)
        if row is None or not row.is_attached or row.path != path:
            self.rows_by_path = {row.path: row for row in self.walk_children(FieldRow)}
            row = self.rows_by_path.get(path)
        if row is None:
            raise KeyError(path)
        return row

    def note(self, path: str, text: str) -> None:
        self.row(path).show_note(text)

    def control(self, path: str, kind: type[W]) -> W:
        """The input widget of the row at ``path``, as the kind the entry put there."""
        control = self.row(path).control
        if not isinstance(control, kind):
            raise TypeError(f"{path} holds a {type(control).__name__}, not a {kind.__name__}")
        return control

    def put(self, path: str, value: Any) -> None:
        """Show a recorded value in the row at ``path`` (text, a pick or a tick)."""
        control = self.row(path).control
        if isinstance(control, TextInput):
            control.fill("" if value is None else str(value))
        elif isinstance(control, Input):
            control.value = "" if value is None else str(value)
        elif isinstance(control, Choice | Checkbox):
            control.value = value
        else:
            raise TypeError(f"{path} holds a {type(control).__name__}: fill it yourself")

    def text(self, path: str) -> str:
        return self.control(path, Input).value.strip()

    def whole(self, path: str, *, blank: int | None = None) -> int:
        """The whole number typed at ``path`` (``blank`` when empty and that is allowed)."""
        text = self.text(path)
        if not text and blank is not None:
            return blank
        number = whole_number(text)
        if number is None:
            raise RuleError(path, not_a_number(text))
        return number

    def picked(self, path: str) -> Any:
        """The value picked at ``path``; nothing picked yet is an error shown there."""
        control = self.control(path, Choice)
        if not control.is_picked:
            raise RuleError(path, f"pick one: {control.takes}")
        return control.value

    def player_choice(
        self,
        *,
        value: object = UNPICKED,
        allow_none: str | None = None,
        among: Sequence[str] | None = None,
    ) -> Choice:
        """A seat-ordered pick of this table's players, or of those ``among`` them who may
        be picked (``allow_none`` adds a "nobody", numbered after the last seat). Each is
        drawn after its seat number, which picks it: a name no key types ("山田花子ちゃん"),
        or one of several starting alike, is a digit away, and a seat keeps its number
        when another is left out (the auctioneer who does not bid)."""
        seats = [
            (seat, name)
            for seat, name in enumerate(self.players, 1)
            if among is None or name in among
        ]
        options: list[tuple[str, str | None]] = [(name, name) for _, name in seats]
        numbers = [seat for seat, _ in seats]
        if allow_none is not None:
            options.append((allow_none, None))
            numbers.append(len(self.players) + 1)
        return Choice(options, value=value, numbered=True, numbers=numbers)
