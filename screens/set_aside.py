"""The versions a decision set aside, each by what it holds (the rounds it added after
it parted from the game shown, the laptop they were recorded on, the balances it gives:
``scorekeeper.conflict_words``), and Enter to bring the highlighted one back. Opened from
the table (a), only while there is something set aside."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from scorekeeper.conflict_words import Aside
from scorekeeper.wording import plural
from screens.widgets.hanging import HangingPrompt

BRING_BACK = (
    "Enter makes the highlighted one the game again; the version shown now is set aside "
    "in its place."
)
READ_ONLY = "This window only reads (another one records): bring a version back there."


def option_of(aside: Aside) -> Option:
    """What it holds on its first line, in bold, then each round it added and its
    balances, each going on under its own words where it wraps."""
    heading = f"Set aside {aside.number}: {aside.holds}"
    lines = [f"  {line}" for line in aside.lines]
    return Option(HangingPrompt(heading, lines), id=str(aside.number))


class SetAsideScreen(ModalScreen[Aside | None]):
    """Dismisses with the version to bring back, or None on Esc."""

    CSS_PATH = "set_aside.tcss"
    BINDINGS = [Binding("escape", "close", "Close", tooltip="Bring nothing back")]

    def __init__(self, versions: list[Aside], *, readonly: bool) -> None:
        super().__init__()
        self.versions = versions
        self.readonly = readonly

    def compose(self) -> ComposeResult:
        with Vertical(id="set-aside"):
            found = plural(len(self.versions), "version")
            yield Static(f"{found} of this game set aside by a decision", id="aside-title")
            yield Static(READ_ONLY if self.readonly else BRING_BACK, id="aside-detail")
            options: list[Option | None] = []
            for aside in self.versions:
                options += [None, option_of(aside)] if options else [option_of(aside)]
            yield OptionList(*options, markup=False, compact=True, id="versions")
            keys = "↑↓ to read" if self.readonly else "↑↓ to choose · Enter brings it back"
            yield Static(f"{keys} · Esc to close", id="aside-keys")

    def on_mount(self) -> None:
        self.query_one("#versions", OptionList).focus()

    @on(OptionList.OptionSelected, "#versions")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        if not self.readonly:
            self.dismiss(self.versions[event.option_index])

    def action_close(self) -> None:
        self.dismiss(None)
