"""The live board: a read-only app that follows the store while another window writes.

``scorekeeper board`` shows the session being played (the most recently updated one,
or the one named) in big digits, and keeps up with every round recorded, undone or
edited elsewhere. It opens the store read-only, never takes the writer's lock and never
writes; no key changes anything. Following costs a few ``stat`` calls per poll: the
session is read again only when its file or the sessions folder changed.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Header, Static

from scorekeeper.money import DOLLARS, use_currency
from scorekeeper.settings import currency_at
from scorekeeper.store import default_path
from scorekeeper.wording import visible
from screens.board.follow import Follower, Following, View, Waiting, what_changed
from screens.board.standings import Standings
from screens.widgets.footer import Footer

FOLLOW_INTERVAL = 0.25
"""Seconds between two looks at the store: a round shows well within a second."""


class BoardApp(App[None]):
    """The board for one store; ``session_id`` pins it to one session."""

    TITLE = "Scorekeeper board"
    CSS_PATH = "board.tcss"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("q", "quit", "Quit", id="quit", tooltip="Close the board"),
        Binding("ctrl+t", "toggle_theme", "Theme", id="theme", tooltip="Light or dark"),
    ]

    def __init__(
        self,
        path: Path,
        session_id: str | None = None,
        *,
        interval: float = FOLLOW_INTERVAL,
        theme: str = "textual-dark",
    ) -> None:
        super().__init__()
        use_currency(currency_at(path) or DOLLARS)
        self.follower = Follower(path, session_id)
        self.interval = interval
        self.theme = theme
        self.view: View | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Standings(id="standings")
        yield Static(id="change")
        with Vertical(id="waiting"):
            yield Static(id="waiting-title")
            yield Static(id="waiting-message")
        yield Footer()

    def on_mount(self) -> None:
        self.follow()
        self.set_interval(self.interval, self.follow)

    def follow(self) -> None:
        """Look at the store; show what changed. Not once the board is closing: its
        widgets are being taken down, and the interval may still tick meanwhile."""
        if not self.is_running:
            return
        view = self.follower.poll()
        if view is not None:
            self.show(view)

    def show(self, view: View) -> None:
        shown = self.view
        self.view = view
        self.say_change(shown, view)
        standings = self.query_one(Standings)
        waiting = self.query_one("#waiting")
        standings.display = isinstance(view, Following)
        waiting.display = isinstance(view, Waiting)
        if isinstance(view, Following):
            session = view.session
            self.title = visible(session.game.title(session.setup))
            self.sub_title = "live board"
            standings.show(session)
        else:
            self.title, self.sub_title = self.TITLE, ""
            self.query_one("#waiting-title", Static).update(Content(visible(view.title)))
            watching = f"Watching {visible(str(self.follower.path))}."
            self.query_one("#waiting-message", Static).update(
                Content(visible(f"{view.message}\n\n{watching}", lines=True))
            )

    def say_change(self, shown: View | None, view: View) -> None:
        """Say an undo or an edit until the next round is recorded: the standings alone
        would change with no word."""
        change = self.query_one("#change", Static)
        if not (
            isinstance(view, Following)
            and isinstance(shown, Following)
            and view.session_id == shown.session_id
        ):
            change.update("")
        elif words := what_changed(shown.session, view.session):
            change.update(Content(visible(words)))
        elif len(view.session.rounds) > len(shown.session.rounds):
            change.update("")
        change.display = bool(str(change.content))

    def action_toggle_theme(self) -> None:
        self.theme = "textual-light" if self.theme == "textual-dark" else "textual-dark"


def run(path: Path | None, session_id: str | None = None, *, light: bool = False) -> int:
    """Show the board in this terminal until q; exit status."""
    store = default_path() if path is None else path.expanduser()
    theme = "textual-light" if light else "textual-dark"
    BoardApp(store, session_id, theme=theme).run()
    return 0
