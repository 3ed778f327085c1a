"""A labelled input with a note beside it that turns into the error when a rule refuses it.

Round entry and the new-session form both show a ``RuleError`` at the row whose path is
the error's ``field`` (or the nearest parent path), so one row type and one pair of
helpers (``show_form_error``, ``clear_form_errors``) serve both.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, runtime_checkable

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, Static

from scorekeeper.errors import RuleError
from screens.format import plain
from screens.widgets.live_text import show
from screens.widgets.own_keys import run_own_key
from screens.widgets.refused import Refused


def field_paths(field: str) -> list[str]:
    """Where an error on ``field`` may be shown, most precise first.

    ``bets[1].amount`` → ``bets[1].amount``, ``bets[1]``, ``bets``.
    """
    paths = [field]
    while (cut := max(field.rfind("."), field.rfind("["))) > 0:
        field = field[:cut]
        paths.append(field)
    return paths


class ValueChanged(Message):
    """A control changed what it holds. The round entry clears the error of the row the
    control sits in and refreshes its live notes; a new kind of control posts a subclass.

    Only a value change counts: a row's error must stay while the focus merely passes by.
    """

    @property
    def control(self) -> Widget:
        raise NotImplementedError


@runtime_checkable
class Drafted(Protocol):
    """A control of its own kind whose value an entry keeps as a draft when closed."""

    def draft_value(self) -> Any: ...

    def restore_draft(self, value: Any) -> None: ...


class FieldRow(Horizontal):
    """One labelled input, with a note for its live value or its error.

    ``path`` is the error field it owns; ``also`` names other fields shown here (a player's
    row owns ``cards.Bob`` and ``points.Bob`` when the same input takes either).
    """

    def __init__(
        self,
        path: str,
        label: str,
        control: Widget,
        note: str = "",
        *,
        also: tuple[str, ...] = (),
    ) -> None:
        # Given now, not by the control once mounted: a class added then restyles the row.
        classes = " ".join(("field-row", getattr(control, "ROW_CLASSES", "")))
        super().__init__(classes=classes.strip())
        self.path = path
        self.also = also
        self.control = control
        self.label = label
        self.note_text = note
        self.hint = note
        """The note the row was made with (what the field takes), for the entry's help."""
        self.error_text: str | None = None

    def compose(self) -> ComposeResult:
        yield Label(plain(self.label), classes="field-label")
        yield self.control
        yield Static(plain(self.note_text), classes="field-note")

    def show_note(self, text: str) -> None:
        if text == self.note_text:
            return
        self.note_text = text
        if self.error_text is None:
            show(self.query_one(".field-note", Static), plain(text))

    def show_error(self, message: str) -> None:
        self.error_text = message
        self.add_class("-error")
        self.control.add_class("-invalid")
        show(self.query_one(".field-note", Static), plain(message))

    def clear_error(self) -> None:
        if self.error_text is None:
            return
        self.error_text = None
        self.remove_class("-error")
        self.control.remove_class("-invalid")
        show(self.query_one(".field-note", Static), plain(self.note_text))


def row_for(rows: Iterable[FieldRow], field: str) -> FieldRow | None:
    """The row an error on ``field`` belongs to (its own, or its nearest parent's)."""
    by_path = {path: row for row in rows for path in (row.path, *row.also)}
    for path in field_paths(field):
        if path in by_path:
            return by_path[path]
    return None


def row_holding(rows: Iterable[FieldRow], widget: Widget) -> FieldRow | None:
    """The row whose control is ``widget`` or holds it (a changed value names its control)."""
    for row in rows:
        if row.control in widget.ancestors_with_self:
            return row
    return None


def show_form_error(
    rows: Iterable[FieldRow], problem: Static, error: RuleError, row_path: str | None = None
) -> None:
    """Show ``error`` at the row that owns its field (``row_path`` when the form shows the
    field at another row), focused with its text selected so the fix typed next replaces
    the refused text. An error no row owns goes to the form's ``problem`` line."""
    row = row_for(rows, error.field if row_path is None else row_path)
    if row is not None:
        row.show_error(error.message)
        row.control.screen.set_focus(row.control)
        if isinstance(row.control, Input):
            row.control.select_all()
        return
    where = "" if error.field == "round" else f"{error.field}: "
    show(problem, plain(where + error.message))
    problem.add_class("-shown")


def clear_form_errors(rows: Iterable[FieldRow], problem: Static) -> None:
    """Take every error away before the form is checked again."""
    for row in rows:
        row.clear_error()
    show(problem, "")
    problem.remove_class("-shown")


def say_refused(rows: Iterable[FieldRow], refused: Refused) -> FieldRow | None:
    """A key the control would not take: its row says what it takes (in place of its
    note, until the value changes or the focus leaves the row). Returns the row."""
    row = row_holding(rows, refused.control)
    if row is not None:
        row.show_error(refused.message)
    return row


def clear_error_at(rows: Iterable[FieldRow], control: Widget) -> FieldRow | None:
    """A changed value takes its row's error away: the error was about what stood there
    before. Returns the row, if ``control`` sits in one."""
    row = row_holding(rows, control)
    if row is not None:
        row.clear_error()
    return row


class Tick(Checkbox):
    """A checkbox whose box is empty when off: Textual's draws the same ``X`` either way,
    told apart by colour only, which a table across the room cannot see."""

    OWN_KEYS = {"space": "toggle_button"}
    """Space runs here, as it lands (``own_keys``); Enter is the screen's."""

    def on_mount(self) -> None:
        self.BUTTON_INNER = "X" if self.value else " "

    async def on_key(self, event: events.Key) -> None:
        if await run_own_key(self, event, self.OWN_KEYS):
            return
        if event.is_printable and event.character and event.character.isalnum():
            # A letter or digit ticks nothing: said, as a pick says it ("?" is the help's).
            event.stop()
            event.prevent_default()
            self.app.bell()
            self.post_message(Refused(self, "space ticks or unticks it"))

    def watch_value(self) -> None:
        self.BUTTON_INNER = "X" if self.value else " "
        super().watch_value()
