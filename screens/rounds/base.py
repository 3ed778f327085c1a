"""The round-entry modal every game's entry builds on.

A game's entry only says which fields a round has (``compose_fields``), how to read them
into a round dict (``read``), how to put a recorded round back (``fill``) and, if it likes,
what to show live as people type (``preview``). The base does the rest the same way for
every game: Enter records through the ``submit`` callback, Esc closes (what was typed is
kept as a draft), a ``RuleError`` is shown at the row its ``field`` path names and what was
typed stays, and the outcome line shows what the round would do by asking the session
(``Session.preview``, the path recording takes), never by doing its arithmetic.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path, PurePath
from typing import ClassVar

from textual import events, on
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Static

from scorekeeper import checks
from scorekeeper.errors import RuleError
from scorekeeper.game import State
from scorekeeper.session import Session
from scorekeeper.wording import visible
from screens.format import plain, who_goes_first, widest
from screens.keys import move, settled
from screens.rounds.bindings import (
    ENTRY_BINDINGS,
    FIRST_FIELD,
    KEYS,
    LAST_FIELD,
    takes_question_mark,
)
from screens.rounds.drafts import Draft, controls_of, restore, typed
from screens.rounds.fields import EntryFields, Round
from screens.rounds.outcome import outcome_words
from screens.widgets.field_row import (
    FieldRow,
    ValueChanged,
    clear_error_at,
    clear_form_errors,
    row_for,
    row_holding,
    say_refused,
    show_form_error,
)
from screens.widgets.hanging import HangingLines
from screens.widgets.live_text import show
from screens.widgets.refused import Refused
from screens.widgets.text_input import TextInput

Submit = Callable[[Round], RuleError | None]
LABEL_MOST = 22
"""The most cells a field's label takes ("Elizabeth-Anne melds", "山田花子ちゃん holds" and
a cell before the field): beside a 28-cell field at 80 columns, the note still has 24."""


class Fields(VerticalScroll):
    """The fields, scrolling where the screen is shorter than the entry. Given less room
    (the outcome line shown under them), the row being typed in scrolls back into sight
    once that room is laid out: before, the scroll stops at the old end."""

    def __init__(self, in_sight: Callable[[], None]) -> None:
        super().__init__(id="fields", can_focus=False)
        self.in_sight = in_sight

    def on_resize(self) -> None:
        self.in_sight()


class RoundEntry(EntryFields):
    """Base of every game's round entry; subclasses set ``game_id`` and fill in four hooks.

    ``session`` is only read. ``prefill`` and ``index`` are given when editing round
    ``index`` (0-based). The modal dismisses with the recorded round, or ``None`` on Esc.
    """

    game_id: ClassVar[str]
    CSS_PATH: ClassVar[list[str | PurePath]] = [Path(__file__).with_suffix(".tcss")]
    """A list, so an entry with styles of its own adds its .tcss after the base's."""
    BINDINGS = ENTRY_BINDINGS
    example: ClassVar[str] = ""
    """A round as the table plays it and the keys that type it, for the entry's help."""

    def __init__(
        self,
        session: Session,
        submit: Submit,
        prefill: checks.Round | None = None,
        index: int | None = None,
    ) -> None:
        super().__init__(session.players, classes="round-entry")
        self.session = session
        self.setup = session.setup
        self.submit = submit
        self.prefill = prefill
        self.index = index
        self.state: State = session.state if index is None else session.state_before(index)
        self.shown_outcome: tuple[str, ...] = ()
        self.draft: Draft | None = None
        """Typed values to put back when the entry opens (kept from an earlier close)."""
        self.kept: Draft | None = None
        """Set on close when something was typed: the table keeps it for next time."""
        self.opened: Draft = {}
        self.blank: Draft = {}
        """Every control as the entry opened empty: what the Clear keys put back."""
        self.fields_room = 0
        """The most lines the fields take: the screen's height less the box around them."""
        self.refused_at: FieldRow | None = None
        """The row saying why a key was refused, until the focus leaves it."""

    # ---- what each game's entry fills in -------------------------------------------------

    def compose_fields(self) -> ComposeResult:
        """The ``FieldRow``s of this game's round, in the order people fill them."""
        raise NotImplementedError

    def read(self) -> checks.Round:
        """The round as typed, in its game's shape (the ``TypedDict`` its rules take); raise
        ``RuleError`` for text that is no number or card."""
        raise NotImplementedError

    def fill(self, round_: checks.Round) -> None:
        """Put a recorded round back into the fields (editing)."""
        raise NotImplementedError

    def preview(self) -> None:
        """Update row notes as people type (card points, the bid's worth); optional."""

    def row_path(self, field: str) -> str:
        """The row path an error on the game's ``field`` is shown at; override when the
        game names a cell no single row owns (``bets[2].amount`` → that bettor's row)."""
        return field

    # ---- shared behaviour ----------------------------------------------------------------

    @property
    def dealer(self) -> str:
        return self.state.dealer

    @property
    def first_player(self) -> str | None:
        return self.session.game.first_player(self.setup, self.state)

    @property
    def round_name(self) -> str:
        """What this game calls a round: "Race", "Hand", "Deal"."""
        return self.session.game.round_name

    def title_text(self) -> str:
        if self.index is None:
            number = self.session.rounds_played + 1
            first = who_goes_first(self.session.game, self.setup, self.state)
            return " · ".join(
                part
                for part in (f"{self.round_name} {number}", f"{visible(self.dealer)} deals", first)
                if part
            )
        number = self.session.game.rounds_played(self.state, self.index) + 1
        return f"Edit {self.round_name.lower()} {number} · {visible(self.dealer)} dealt"

    def compose(self) -> ComposeResult:
        with Vertical(id="entry"):
            title = f"{self.session.game.title(self.setup)} — {self.title_text()}"
            yield Static(plain(title, lines=True), id="title")
            # Not focusable itself: the focus goes from field to field, never to the box.
            with Fields(self.focused_in_sight):
                yield from self.compose_fields()
            yield Static("", id="problem")
            yield HangingLines([], id="outcome")
            with Horizontal(id="buttons"):
                yield Static(KEYS, id="keys")
                yield Button("Record", id="record", variant="primary", compact=True)
                yield Button("Close", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.fit_labels()
        for button in self.query(Button):
            button.can_focus = False
        for field in self.query(TextInput):
            field.question_mark_is_text = takes_question_mark(field, self.players)
        self.blank = self.typed()
        if self.prefill is not None:
            self.fill(self.prefill)
        self.opened = self.typed()
        if self.draft:
            self.restore(self.draft)
        self.focus_first()
        self.refresh_preview()

    def fit_labels(self) -> None:
        """Every label as wide as the widest, up to ``LABEL_MOST`` cells: "Elizabeth-Anne
        melds" on one line, not "melds" under the name, where it reads as a row of its
        own; never narrower than the style has them."""
        wanted = widest(row.label for row in self.rows()) + 1  # a cell before the field
        for label in self.query(".field-label"):
            least = label.styles.width
            if least is not None and least.cells is not None and wanted > least.cells:
                label.styles.width = min(wanted, LABEL_MOST)

    def first_row(self) -> FieldRow | None:
        """The row the focus opens at (and goes back to on Ctrl+L): the top one. An entry
        whose top row is a shortcut reached with ↑ opens below it."""
        rows = self.rows()
        return rows[0] if rows else None

    def focus_first(self) -> None:
        row = self.first_row()
        if row is not None:
            self.set_focus(row.control)

    # ---- a screen shorter than the entry -------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.fit_fields)

    def fit_fields(self) -> None:
        """Let the fields scroll inside the box when the screen is shorter than the entry,
        so the title, the outcome and the keys stay on screen around them."""
        if not self.is_attached:
            return
        box = self.query_one("#entry")
        fields = self.query_one("#fields")
        inside = box.content_size
        around = box.styles.gutter.height + sum(
            # A line just shown (the outcome) is not laid out yet: its text says its height.
            (child.outer_size.height or child.get_content_height(inside, self.size, inside.width))
            + child.styles.margin.height
            for child in box.children
            if child is not fields and child.display
        )
        room = max(self.size.height - around, 3)
        if room != self.fields_room:
            self.fields_room = room
            fields.styles.max_height = room
            # Measured again once drawn: the title may have rewrapped to the new width
            # after the sizes read here; it settles when the room stays the same.
            self.call_after_refresh(self.fit_fields)

    def focused_in_sight(self) -> None:
        if self.focused is not None:
            self.in_sight(self.row_of(self.focused))

    @staticmethod
    def in_sight(row: FieldRow | None) -> None:
        """The row, all of it (label, wrapped pick, note), scrolls into view."""
        if row is not None:
            row.scroll_visible(animate=False, immediate=True)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        row = self.row_of(event.widget)
        self.in_sight(row)
        if self.refused_at is not None and self.refused_at is not row:
            # A refused key's word was about that key, not the value: it goes as the
            # typist goes on (the course says its auction order again).
            self.refused_at.clear_error()
            self.refused_at = None

    # ---- drafts --------------------------------------------------------------------------

    def controls(self) -> list[tuple[str, Widget]]:
        """Every control that holds something typed, named by its row's path."""
        return controls_of(self.rows())

    def typed(self) -> Draft:
        """The value of every control now, to keep as a draft."""
        return typed(self.controls())

    def restore(self, draft: Draft) -> None:
        """Put a kept draft back, control by control, where the rows are the same."""
        restore(self.controls(), draft)

    def changed_since_opened(self) -> bool:
        return self.typed() != self.opened

    async def action_clear_field(self) -> None:
        """The focused field emptied, as it was when the entry opened blank."""
        if self.app.screen is not self:
            raise SkipAction()
        await self.settled()
        row = self.row_of(self.focused) if self.focused is not None else None
        if row is not None:
            restore(controls_of([row]), self.blank)

    async def action_clear_entry(self) -> None:
        """Every field emptied; the focus goes back to the first, and the keys line to
        the keys (a "Last field" said at the last one is not true of the first)."""
        if self.app.screen is not self:
            raise SkipAction()
        await self.settled()
        self.restore(self.blank)
        self.focus_first()
        show(self.query_one("#keys", Static), KEYS)

    async def action_entry_help(self) -> None:
        from screens.rounds.entry_help import entry_help, entry_keys  # loaded when asked

        if self.app.screen is not self:
            raise SkipAction()
        await self.settled()
        keys = entry_keys(self.BINDINGS, self.app.get_key_display)
        game = self.session.game
        self.app.push_screen(entry_help(game, self.round_name, self.rows(), self.example, keys))

    # ---- keys that wait for the keys before them -----------------------------------------

    async def settled(self) -> None:
        """The keys typed before Record or Close have landed. The entry's own queue is not
        waited for: Record clicked runs in it, and the values read come from the fields."""
        await settled(self, inside=True)

    async def action_move(self, step: int, arrow: bool) -> None:
        """The next or previous field. At the last (or first) field the focus stays, the
        bell rings and the keys line says so, for the arrows as for Tab: a key too many,
        counted blind, never lands in a field at the other end that takes other keys (a
        horse's letter typed into the course)."""
        moved = await move(self, step, arrow, wrap=False)
        keys = self.query_one("#keys", Static)
        if moved:
            show(keys, KEYS)
            return
        self.app.bell()
        show(keys, LAST_FIELD if step > 0 else FIRST_FIELD)

    def say(self, text: str) -> None:
        """A word in the keys line (what Enter wants next), its names made ``visible``, on
        one or two lines as the keys are; the next move puts the keys back."""
        show(self.query_one("#keys", Static), plain(text, lines=True))

    def rows(self) -> list[FieldRow]:
        """The rows top to bottom in the tree, by their class alone: a CSS query matched
        its selector at every widget, thirty times the time, and the preview reads the
        rows on every key."""
        return self.walk_children(FieldRow)

    def row_for(self, field: str) -> FieldRow | None:
        """The row an error on ``field`` belongs to (its own, or its nearest parent's)."""
        return row_for(self.rows(), self.row_path(field))

    def row_of(self, control: Widget) -> FieldRow | None:
        """The row ``control`` (or the widget it sits in) belongs to."""
        return row_holding(self.rows(), control)

    def show_error(self, error: RuleError) -> None:
        self.refused_at = None
        problem = self.query_one("#problem", Static)
        show_form_error(self.rows(), problem, error, self.row_path(error.field))
        self.call_after_refresh(self.fit_fields)

    def clear_errors(self) -> None:
        clear_form_errors(self.rows(), self.query_one("#problem", Static))

    def refresh_preview(self) -> None:
        """The notes and the outcome line for what is typed now. Once the round as typed
        would be recorded (its outcome shows), no error of an earlier try stays beside it:
        it was resolved, whichever row resolved it (the cube answered, the fold undone)."""
        self.preview()
        outcome = self.outcome_text()
        if outcome:
            self.clear_errors()
        if outcome != self.shown_outcome:
            self.shown_outcome = outcome
            shown = self.query_one("#outcome", HangingLines)
            shown.show_lines([outcome] if outcome else [])
            shown.display = bool(outcome)
            self.call_after_refresh(self.fit_fields)

    def outcome_text(self) -> tuple[str, ...]:
        """What the round as typed would do, as the session works it out on recording."""
        try:
            change = self.session.preview(self.read(), self.index)
        except (RuleError, KeyError, TypeError, ValueError):
            return ()
        return outcome_words(change)

    @on(Input.Changed)
    @on(Checkbox.Changed)
    @on(ValueChanged)
    def changed(self, event: Input.Changed | Checkbox.Changed | ValueChanged) -> None:
        clear_error_at(self.rows(), event.control)
        self.refresh_preview()

    @on(Refused)
    def refused(self, event: Refused) -> None:
        """A key a control would not take: its row says what it takes."""
        row = say_refused(self.rows(), event)
        if row is not None:
            self.refused_at = row

    @on(Button.Pressed, "#record")
    async def record_pressed(self) -> None:
        await self.action_record()

    @on(Button.Pressed, "#cancel")
    async def cancel_pressed(self) -> None:
        await self.action_cancel()

    async def action_record(self) -> None:
        if self.app.screen is not self:
            raise SkipAction()
        await self.settled()
        self.clear_errors()
        try:
            round_ = dict(self.read())
        except RuleError as error:
            self.show_error(error)
            return
        refused = self.submit(round_)
        if refused is not None:
            self.show_error(refused)
            return
        self.dismiss(round_)

    async def action_cancel(self) -> None:
        """Close without recording; what was typed is handed back as ``kept``."""
        if self.app.screen is not self:
            raise SkipAction()
        await self.settled()
        self.kept = self.typed() if self.changed_since_opened() else None
        self.dismiss(None)
