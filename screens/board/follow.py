"""Following a store while another window writes: what the board should show now, and
whether anything on disk may have changed since the last look, without Textual.

The terminal board (``board_app.py``) and the served board (``server.py``) both follow through
``Follower``; the corrections (an undo, an edit) are said in words by ``corrections``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from scorekeeper.reports.rows import open_store
from scorekeeper.session import Session
from scorekeeper.store import SessionNotFound, Store, StoreDamaged, StoreError, copies
from scorekeeper.store.reader import FOLDER


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


def _identity(path: Path) -> tuple[int, int, int, int] | None:
    """A file's inode, size, modification and change time: a copying tool may set the
    modification time back (``rsync -a``, a cloud drive), never the change time."""
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return stat.st_ino, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns


def copy_names(sessions: Path, session_id: str) -> list[str]:
    """The names of every copy of the session in the folder ``sessions`` (one a laptop,
    and any a sync engine or an older store left: ``copies``)."""
    start = f"{session_id}."
    try:
        with os.scandir(sessions) as entries:
            names = [entry.name for entry in entries if entry.name.startswith(start)]
    except OSError:
        return []
    return sorted(name for name in names if (copies.parse(name) or ("",))[0] == session_id)


class Follower:
    """Reads what the board should show, and says cheaply whether it may have changed.

    A session is one file a laptop (``copies``): each laptop replaces its own as it
    records, undoes or edits, and a sync engine or a cloud drive brings the others',
    renamed into the folder or rewritten in place. So the signature is the identity of
    every copy file of the session followed, and of the folder, which changes when a
    file arrives or goes; the copies' names are listed again only then.
    """

    def __init__(self, path: Path, session_id: str | None = None) -> None:
        self.path = path
        self.wanted = session_id
        self.shown: str | None = session_id
        self.seen: Signature | None = None
        self.listed: tuple[object, list[str]] = (None, [])
        """The session and folder identity its copies' names were listed for, and them."""

    def signature(self) -> Signature:
        sessions = self.path / FOLDER
        folder = _identity(sessions)
        followed = []
        if self.shown:
            if self.listed[0] != (self.shown, folder):
                self.listed = ((self.shown, folder), copy_names(sessions, self.shown))
            followed = [(name, _identity(sessions / name)) for name in self.listed[1]]
        return (_identity(self.path), folder, *followed)

    def may_have_changed(self) -> bool:
        """Whether a ``poll`` would read anything: a few ``stat`` calls, no reading."""
        return self.signature() != self.seen

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
            store = open_store(self.path, readonly=True)
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
        sessions = store.path / FOLDER
        newest_time = None
        if newest is not None:
            times = [_modified(sessions / name) for name in copy_names(sessions, newest)]
            newest_time = max((time for time in times if time is not None), default=None)
        for file in store.damaged():
            modified = _modified(file)
            if newest_time is None or (modified is not None and modified > newest_time):
                named = copies.parse(file.name)
                return file.stem if named is None else named[0]
        return newest


def _modified(file: Path) -> int | None:
    identity = _identity(file)
    return None if identity is None else identity[2]


def round_number(session: Session, index: int) -> int:
    """Round ``index`` (0-based) as the table numbers it ("Hand 3")."""
    return max(session.game.rounds_played(session.state_after(index), index + 1), 1)


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
    first = round_number(before, same)
    if same == len(new):
        last = max(before.rounds_played, 1)
        if last == first:
            return f"{name} {first} was undone"
        return f"{name}s {first} to {last} were undone"
    return f"{name} {first} was corrected"


def corrections(before: Session, after: Session) -> list[str]:
    """Every undo and edit between two looks at a session, each with what it changed:
    "Hand 3: Bob +25 → +35", "Hand 4 was undone (Bob +10, Zoe −10)". Empty when rounds
    were only added."""
    old, new = before.rounds, after.rounds
    name = after.game.round_name
    was_figures, now_figures = before.figures(), after.figures()
    said: list[str] = []
    if len(new) < len(old):
        undone = [round_number(before, index) for index in range(len(new), len(old))]
        moves = [
            move for index in range(len(new), len(old)) for move in was_figures.change(index).moves
        ]
        what = f" ({', '.join(f'{who} {change}' for who, change in moves)})" if moves else ""
        if undone[0] == undone[-1]:
            said.append(f"{name} {undone[0]} was undone{what}")
        else:
            said.append(f"{name}s {undone[0]} to {undone[-1]} were undone{what}")
    for index in range(min(len(old), len(new))):
        if old[index] == new[index]:
            continue
        was = dict(was_figures.change(index).moves)
        now = dict(now_figures.change(index).moves)
        changed = [
            f"{who} {was.get(who, '0')} → {now.get(who, '0')}"
            for who in after.setup.players
            if was.get(who, "0") != now.get(who, "0")
        ]
        number = round_number(after, index)
        said.append(
            f"{name} {number}: {', '.join(changed)}"
            if changed
            else f"{name} {number} was corrected"
        )
    return said
