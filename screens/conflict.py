"""The table's decision about a game that went on differently on two laptops: both
versions side by side (the rounds each added after they parted, on which laptop, the
balances each gives), then one key (see ``scorekeeper.store.conflicts``)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from scorekeeper.conflict_words import side_lines
from scorekeeper.store.conflicts import Conflict
from scorekeeper.store.resolve import BOTH, OTHER, SHOWN
from screens.format import plain
from screens.widgets.hanging import HangingLines


class ConflictScreen(ModalScreen[str | None]):
    """Dismisses with the choice (``resolve.CHOICES``), or None on Esc: decide later."""

    CSS_PATH = "conflict.tcss"
    BINDINGS = [
        Binding("t", f"choose('{SHOWN}')", "This version", tooltip="The one shown now"),
        Binding("o", f"choose('{OTHER}')", "The other", tooltip="The other laptop's"),
        Binding("b", f"choose('{BOTH}')", "Both", tooltip="One after the other"),
        Binding("escape", "choose(None)", "Later", tooltip="Decide later"),
    ]

    def __init__(self, conflict: Conflict) -> None:
        super().__init__()
        self.conflict = conflict

    def compose(self) -> ComposeResult:
        sides = self.conflict.sides()
        with Vertical(id="confirm"):
            yield Static(
                plain(
                    f"Session {self.conflict.session_id} went on differently on two laptops "
                    f"after round {self.conflict.start}. Which version is the game?"
                ),
                id="question",
            )
            with Horizontal(id="versions"):
                for number, side in enumerate(sides[:2], 1):
                    with VerticalScroll(classes="version", id=f"version-{number}"):
                        yield HangingLines(side_lines(number, side))
            if len(sides) > 2:
                yield Static(
                    plain(f"{len(sides) - 2} more version(s): see `scorekeeper conflicts`."),
                    id="more",
                )
            yield Static(
                plain(
                    "The version not chosen stays readable and can come back: press a at "
                    "the game's table (or `scorekeeper conflicts --aside`)."
                ),
                id="detail",
            )
            with Horizontal(id="answers"):
                yield Button("This version (t)", id=SHOWN, variant="primary", compact=True)
                yield Button("The other (o)", id=OTHER, compact=True)
                yield Button("Both (b)", id=BOTH, compact=True)

    def on_mount(self) -> None:
        self.query_one(f"#{SHOWN}", Button).focus()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)

    def action_choose(self, choice: str | None) -> None:
        self.dismiss(choice)
