"""One key to settle a session changed on two laptops at once (see ``store.conflicts``)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from scorekeeper.store.resolve import KEEP_BOTH, KEEP_COPY, KEEP_ORIGINAL
from screens.format import plain


class ConflictScreen(ModalScreen[str | None]):
    """Dismisses with the choice (``resolve.CHOICES``), or None on Esc: decide later."""

    CSS_PATH = "conflict.tcss"
    BINDINGS = [
        Binding("b", f"choose('{KEEP_BOTH}')", "Keep both", tooltip="Two sessions"),
        Binding("o", f"choose('{KEEP_ORIGINAL}')", "Keep this one", tooltip="Remove the copy"),
        Binding("c", f"choose('{KEEP_COPY}')", "Keep the copy", tooltip="Replace with it"),
        Binding("escape", "choose(None)", "Later", tooltip="Decide later"),
    ]

    def __init__(self, question: str, detail: str) -> None:
        super().__init__()
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Static(plain(self.question), id="question")
            yield Static(plain(self.detail), id="detail")
            with Horizontal(id="answers"):
                yield Button("Keep both (b)", id=KEEP_BOTH, variant="primary", compact=True)
                yield Button("This one (o)", id=KEEP_ORIGINAL, compact=True)
                yield Button("The copy (c)", id=KEEP_COPY, compact=True)

    def on_mount(self) -> None:
        self.query_one(f"#{KEEP_BOTH}", Button).focus()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)

    def action_choose(self, choice: str | None) -> None:
        self.dismiss(choice)
