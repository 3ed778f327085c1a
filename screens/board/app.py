"""The live board: a read-only app that follows the store while another window writes.

``scorekeeper board`` shows the session being played (the most recently updated one,
or the one named) in big digits, and keeps up with every round recorded, undone or
edited elsewhere. It opens the store read-only, never takes the writer's lock and never
writes; no key changes anything. Following costs a few ``stat`` calls per poll: the
session is read again only when its file or the sessions folder changed.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import signal
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Header, Static

from scorekeeper.money import DOLLARS, use_currency
from scorekeeper.session import Session
from scorekeeper.settings import currency_at
from scorekeeper.store import SessionNotFound, Store, StoreDamaged, StoreError, default_path
from scorekeeper.wording import visible
from screens.board.standings import Standings
from screens.widgets.footer import Footer

PR_SET_PDEATHSIG = 1
"""Linux prctl option: a signal the kernel sends when this process's parent dies."""

FOLLOW_INTERVAL = 0.25
"""Seconds between two looks at the store: a round shows well within a second."""


@dataclass(frozen=True)
class Following:
    """A session to show."""

    session_id: str
    session: Session


@dataclass(frozen=True)
class Waiting:
    """Nothing to show yet, and why; the board keeps watching."""

    title: str
    message: str
    session_id: str | None = None
    """The session it is about (a damaged file is watched until it is repaired)."""


View = Following | Waiting
Signature = tuple[object, ...]


def _identity(path: Path) -> tuple[int, int, int] | None:
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return stat.st_ino, stat.st_size, stat.st_mtime_ns


class Follower:
    """Reads what the board should show, and says cheaply whether it may have changed.

    Saving a session replaces its file (a rename into the sessions folder), so the
    folder's and the file's identity (inode, size, modification time) change with every
    round recorded, undone or edited, and with every new session.
    """

    def __init__(self, path: Path, session_id: str | None = None) -> None:
        self.path = path
        self.wanted = session_id
        self.shown: str | None = session_id
        self.seen: Signature | None = None

    def signature(self) -> Signature:
        followed = self.path / "sessions" / f"{self.shown}.json" if self.shown else None
        return (
            _identity(self.path),
            _identity(self.path / "sessions"),
            _identity(followed) if followed else None,
        )

    def poll(self) -> View | None:
        """What to show now, or None when nothing on disk has changed since last time."""
        signature = self.signature()
        if signature == self.seen:
            return None
        view = self.read()
        shown = view.session_id or self.wanted
        # A change made while reading, or a move to another session, is read again next poll.
        steady = shown == self.shown and self.signature() == signature
        self.shown = shown
        self.seen = signature if steady else None
        return view

    def read(self) -> View:
        if not self.path.exists():
            return Waiting(
                "No scores here yet",
                f"There is no store at {self.path} yet. The board shows the game as soon "
                "as scorekeeper starts one there.",
            )
        session_id = self.wanted
        try:
            store = Store(self.path, readonly=True)
            session_id = session_id or self.latest(store)
            if session_id is None:
                return Waiting(
                    "No game yet",
                    f"No session is stored in {self.path} yet. Start one in scorekeeper "
                    "and it shows here.",
                )
            return Following(session_id, store.load(session_id))
        except SessionNotFound:
            return Waiting(
                "No such session",
                f"There is no session {self.wanted!r} in {self.path}. `scorekeeper list` "
                "shows the sessions there; the board shows this one if it appears.",
            )
        except StoreDamaged as error:
            return Waiting(
                "A score file is damaged", f"{error.message} The board keeps watching.", session_id
            )
        except StoreError as error:
            return Waiting(
                "The scores cannot be read", f"{error.message} The board keeps watching."
            )

    @staticmethod
    def latest(store: Store) -> str | None:
        """The most recently updated session; a damaged file newer than it wins, so the
        board says so instead of quietly showing an older game."""
        summaries = store.summaries()
        newest = summaries[0].id if summaries else None
        newest_time = _modified(store.path / "sessions" / f"{newest}.json") if newest else None
        for file in store.damaged():
            modified = _modified(file)
            if newest_time is None or (modified is not None and modified > newest_time):
                return file.stem
        return newest


def what_changed(before: Session, after: Session) -> str:
    """An undo or an edit in words ("Hand 3 was undone"), "" when rounds were only added:
    the last round line says those, but not that an earlier figure changed."""
    old, new = before.rounds, after.rounds
    same = 0
    while same < min(len(old), len(new)) and old[same] == new[same]:
        same += 1
    if same == len(old):
        return ""
    name = after.game.round_name
    first = max(before.game.rounds_played(before.state_after(same), same + 1), 1)
    if same == len(new):
        last = max(before.rounds_played, 1)
        if last == first:
            return f"{name} {first} was undone"
        return f"{name}s {first} to {last} were undone"
    return f"{name} {first} was corrected"


def _modified(file: Path) -> int | None:
    identity = _identity(file)
    return None if identity is None else identity[2]


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
        served_by: int | None = None,
    ) -> None:
        super().__init__()
        use_currency(currency_at(path) or DOLLARS)
        self.follower = Follower(path, session_id)
        self.interval = interval
        self.theme = theme
        self.view: View | None = None
        self.served_by = served_by
        """The server's process id: a served board ends when its server has gone."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Standings(fill_across=self.served_by is not None, id="standings")
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
        if self.served_by is not None and os.getppid() != self.served_by:
            self.exit()
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


def end_with(parent: int) -> None:
    """Have the kernel kill this board when the server that started it dies, even by
    SIGKILL (Linux); elsewhere the board sees its parent change at its next look."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # gone before the signal was asked for
        raise SystemExit(0)


def run(
    path: Path | None,
    session_id: str | None = None,
    *,
    light: bool = False,
    served_by: int | None = None,
) -> int:
    """Show the board in this terminal until q; exit status."""
    store = default_path() if path is None else path.expanduser()
    if served_by is not None:
        end_with(served_by)
    theme = "textual-light" if light else "textual-dark"
    BoardApp(store, session_id, theme=theme, served_by=served_by).run()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m screens.board``: what each browser's board process runs."""
    parser = argparse.ArgumentParser(prog="python -m screens.board")
    parser.add_argument("session", nargs="?", metavar="SESSION_ID")
    parser.add_argument("--db", type=Path, metavar="PATH")
    parser.add_argument("--light", action="store_true")
    parser.add_argument("--served-by", type=int, metavar="PID")
    args = parser.parse_args(argv)
    return run(args.db, args.session, light=args.light, served_by=args.served_by)
