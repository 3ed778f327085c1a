"""How far this laptop's own log of each session reached, noted outside the synced folder,
so a sync tool putting back an older copy (a two-way ``rsync -a``) is noticed, not obeyed.

Each change notes the log's events and rounds after the log is written, in place and not
fsynced: a crash leaves the note behind the log, never ahead, and a change costs no second
fsync. Beside it: a hard link to the log as last written (what is written back from) and
what this laptop folded of other laptops' logs (``others``), so one that shrinks loses
nothing.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from scorekeeper.store import copies, machine
from scorekeeper.store.careful_read import DamagedFile
from scorekeeper.store.durable import encode, write_atomically, write_in_place
from scorekeeper.wording import plural

if TYPE_CHECKING:
    from scorekeeper.store.events import Event
    from scorekeeper.store.gather import Gathered, Logs

FOLDER = "reach"
_WIDTH = 48
"""A note's bytes, padded: a shorter one written over a longer leaves nothing of it."""


class Noted(NamedTuple):
    """How many events this laptop's log held, and rounds it showed, when last written."""

    seq: int
    rounds: int


class CameBack(NamedTuple):
    """This laptop's log of a session found shorter than it left it: its rounds and this
    laptop's events (``held``) against those noted; ``back``: rounds written back (None:
    not, as by a reader)."""

    session_id: str
    players: tuple[str, ...]
    rounds: int
    reached: int
    seq: int
    back: int | None = None
    held: int = 0

    def problem(self) -> str:
        """What is wrong, after its file's name."""
        lost = (
            f"it shows {plural(self.rounds, 'round')} where this laptop had "
            f"{plural(self.reached, 'round')}"
            if self.rounds < self.reached
            else f"it lacks {plural(self.seq - self.held, 'change')} this laptop made to it"
        )
        return (
            f"came back older than this laptop left it (a sync tool put back an older "
            f"copy?): {lost}"
        )

    def words(self) -> str:
        """What happened, to which session, and what was done."""
        who = ", ".join(self.players)
        said = f"This laptop's copy of the session of {who} ({self.session_id}) {self.problem()}."
        if self.back is None:
            return f"{said} Open it in scorekeeper to write back what this laptop still holds."
        if self.back:
            return f"{said} This laptop still held {plural(self.back, 'round')}: written back."
        return f"{said} This laptop holds no newer copy of it to write back."


class Reach:
    """The notes of the store at ``root`` (none unless it is shared), and the sessions found
    put back and not yet dealt with (``pending``)."""

    def __init__(self, root: Path, shared: bool) -> None:
        self.root = root
        self.folder = machine.machine_folder(root) / FOLDER if shared else None
        self.pending: dict[str, CameBack] = {}
        self._laptop: machine.Laptop | None = None

    @property
    def laptop(self) -> machine.Laptop:
        """This laptop, read once: a list of ten thousand sessions asks for each."""
        if self._laptop is None:
            self._laptop = machine.laptop(self.root)
        return self._laptop

    @property
    def own(self) -> str:
        return self.laptop.id

    def note(self, session_id: str, seq: int, rounds: int) -> None:
        """Note what this laptop's log holds now it is written."""
        if self.folder is not None:
            data = json.dumps([seq, rounds]).encode().ljust(_WIDTH)
            self._write(write_in_place, f"{session_id}.json", data)

    def _write(self, write: Callable[[Path, bytes], None], name: str, data: bytes) -> None:
        """``write`` one of the notes, its folder made where missing, not fsynced (a
        failure costs only the noticing)."""
        if self.folder is None:
            return
        with contextlib.suppress(OSError, ValueError):
            try:
                write(self.folder / name, data)
            except FileNotFoundError:
                self.folder.mkdir(parents=True, exist_ok=True)
                write(self.folder / name, data)

    def noted(self, session_id: str) -> Noted | None:
        """What was noted of this laptop's copy, if anything."""
        if self.folder is None:
            return None
        with contextlib.suppress(OSError, ValueError, UnicodeError):  # none: most sessions
            with open(f"{self.folder}{os.sep}{session_id}.json", "rb") as note:  # no Path made
                found = json.loads(note.read(_WIDTH))
            if type(found) is list and len(found) == 2 and all(type(n) is int for n in found):
                return Noted(found[0], found[1])
        return None

    def keep(self, session_id: str, file: Path) -> None:
        """Keep this laptop's log just written as a second name here (none across disks)."""
        if self.folder is None:
            return
        kept = self.kept(session_id)
        with contextlib.suppress(OSError):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(kept)
            os.link(file, kept, follow_symlinks=False)

    def kept(self, session_id: str) -> Path:
        """Where ``keep`` keeps this laptop's copy of the session."""
        assert self.folder is not None
        return self.folder / f"{session_id}.copy"

    def others(self, session_id: str) -> tuple[Event, ...]:
        """Other laptops' events of the session this laptop folded before, checked."""
        if self.folder is None or not self.holds_others(session_id):
            return ()  # most sessions: no file opened, no error made
        from scorekeeper.store import log
        from scorekeeper.store.events import ANY

        with contextlib.suppress(DamagedFile, OSError):
            found = log.read(self.folder / f"{session_id}.others", ANY).events
            return tuple(event for event in found if event.laptop != self.own)
        return ()

    def holds_others(self, session_id: str) -> bool:
        """Whether other laptops' events of the session are kept here (``keep_others``)."""
        others = f"{self.folder}{os.sep}{session_id}.others"  # no Path: asked of each junk file
        return self.folder is not None and os.path.lexists(others)

    def others_held(self) -> frozenset[str]:
        """The sessions ``holds_others`` says yes to, from one listing (for a walk)."""
        if self.folder is None:
            return frozenset()
        try:
            names = os.listdir(self.folder)
        except OSError:
            return frozenset()
        return frozenset(name[: -len(".others")] for name in names if name.endswith(".others"))

    def keep_others(self, session_id: str, logs: Logs, kept: Sequence[Event]) -> None:
        """Keep the other laptops' events the ``logs`` hold that ``kept`` lacks: the one other
        laptop's log as read where it holds them all (nothing encoded again), else all."""
        theirs = [found for key, found in logs if copies.owner(key) != self.own]
        held = {event.id: event for event in kept}
        new = {e.id: e for found in theirs for e in found.events if e.id not in held}
        if self.folder is None or not new:
            return
        one = {e.id: e for e in theirs[0].events} if len(theirs) == 1 else {}
        if one and not theirs[0].refused and all(one.get(made) == e for made, e in held.items()):
            data = theirs[0].raw
        else:
            from scorekeeper.store.log import TABLE

            records = [event.record() for event in {**held, **new}.values()]
            data = encode({TABLE: {str(n): record for n, record in enumerate(records, 1)}})
        self._write(
            functools.partial(write_atomically, durable=False), f"{session_id}.others", data
        )

    def forget(self, session_id: str) -> None:
        if self.folder is not None:
            for name in (f"{session_id}.json", self.kept(session_id).name, f"{session_id}.others"):
                with contextlib.suppress(OSError):
                    os.unlink(self.folder / name)

    def check(self, session_id: str, found: Gathered) -> None:
        """Put the session in ``pending`` while this laptop's log among ``found`` holds fewer
        of its events than noted."""
        if self.folder is None:
            return
        mine = self.own + ":"
        own = [event.number for made, event in found.events.items() if made.startswith(mine)]
        kept = self.noted(session_id)
        held = max(own, default=0)
        if kept is None or held >= kept.seq:
            self.pending.pop(session_id, None)
            return
        players = tuple(str(name) for name in found.merged.shown.session["players"])
        rounds = len(found.merged.shown.rounds)
        self.pending[session_id] = CameBack(
            session_id, players, rounds, kept.rounds, kept.seq, held=held
        )
