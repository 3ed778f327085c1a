"""Yes or no before something that cannot be taken back (undo a round, delete a session)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from scorekeeper.wording import Items
from screens.format import plain
from screens.widgets.hanging import HangingLines


class ConfirmScreen(ModalScreen[bool]):
    """Dismisses with ``True`` only on an explicit yes; Esc, n or a click outside say no."""

    CSS_PATH = "confirm.tcss"
    BINDINGS = [
        # Priority, as every key that closes a box: run as the key arrives, so the keys
        # typed after it (in one burst) reach the screen behind, not this box closing.
        Binding("y", "answer(True)", "Yes", tooltip="Go ahead", priority=True),
        Binding(
            "n,escape", "answer(False)", "No", tooltip="Keep things as they are", priority=True
        ),
    ]

    def __init__(self, question: str, detail: str = "") -> None:
        """``detail`` as ``Items`` (``story_items``) goes on under its own words and only
        between its items: a round told never parts a name from its score. Other text
        wraps as prose does."""
        super().__init__()
        self.question = question
        self.detail = detail

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Static(plain(self.question), id="question")
            if self.detail:
                yield (
                    HangingLines([self.detail], id="detail")
                    if isinstance(self.detail, Items)
                    else Static(plain(self.detail), id="detail")
                )
            with Horizontal(id="answers"):
                yield Button("Yes (y)", id="yes", variant="error", compact=True)
                yield Button("No (n)", id="no", variant="primary", compact=True)

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    @on(Button.Pressed, "#yes")
    def yes(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#no")
    def no(self) -> None:
        self.dismiss(False)

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
