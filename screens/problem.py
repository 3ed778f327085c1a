"""Problems are screens, not tracebacks: what happened, what to do, and that data is safe."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from screens.format import plain
from screens.widgets.footer import Footer


class ProblemScreen(ModalScreen[None]):
    """A problem the person must read; any of Enter, Esc or q closes it."""

    CSS_PATH = "problem.tcss"
    BINDINGS = [Binding("enter,escape,q", "close", "Close", tooltip="Close this message")]

    def __init__(self, title: str, message: str) -> None:
        super().__init__()
        self.problem_title = title
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(id="problem"):
            yield Static(plain(self.problem_title), id="problem-title")
            with VerticalScroll(id="problem-text"):
                yield Static(plain(self.message, lines=True))
            yield Static("Enter, Esc or q to close", id="problem-keys")

    def action_close(self) -> None:
        self.dismiss(None)


class LockedScreen(ProblemScreen):
    """The store is open in another window: r reads it here instead, q quits."""

    BINDINGS = [
        Binding("r", "answer(True)", "Open read-only", tooltip="Browse, statistics, export"),
        Binding("q,escape", "answer(False)", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="problem"):
            yield Static(plain(self.problem_title), id="problem-title")
            with VerticalScroll(id="problem-text"):
                yield Static(plain(self.message))
                yield Static(
                    "\nThis window can open them read-only: browse the sessions, see the "
                    "statistics and export while the other window records."
                )
            yield Static("r open read-only · q quit", id="problem-keys")

    def action_answer(self, read_only: bool) -> None:
        self.app.exit(read_only)


class LockedApp(App[bool]):
    """Shown when another window has the store; returns True to open it read-only."""

    TITLE = "Scorekeeper"

    def __init__(self, message: str) -> None:
        super().__init__()
        self.locked = LockedScreen("The scores are open in another window", message)

    def compose(self) -> ComposeResult:
        yield Footer()

    def on_mount(self) -> None:
        self.push_screen(self.locked)


class ProblemApp(App[None]):
    """Shown instead of the app when the store cannot be opened at all."""

    TITLE = "Scorekeeper"

    def __init__(self, title: str, message: str) -> None:
        super().__init__()
        self.problem = ProblemScreen(title, message)

    def compose(self) -> ComposeResult:
        yield Footer()

    def on_mount(self) -> None:
        self.push_screen(self.problem, lambda _: self.exit())
