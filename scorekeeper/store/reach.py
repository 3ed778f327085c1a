"""How far this laptop's own log of each session reached, kept outside the synced folder.

A sync tool that puts back an older copy of this laptop's own log (a two-way ``rsync -a``
without ``-u``, a cloud client restoring a version) would otherwise roll back rounds
recorded here in silence. Each change notes how many events the log holds and the rounds
shown in this machine's folder for the store (``machine``), one small file per session;
a read that finds this laptop's log holding fewer events than noted has found it put
back. The note is written after the log, in place (one write of a few bytes, well inside
one disk sector) and not fsynced: a crash can only leave it behind the log (a rollback
then goes unnoticed once), never ahead of it, so a change costs no second fsync.

What this laptop folded from other laptops' logs of a session is kept here too
(``others``, a log as any other), so a log of another laptop's that comes back shorter
loses nothing already folded: written when another laptop's events first arrive, never
on a change made here; most often a copy of the bytes of that laptop's log as read.

Beside each note is a hard link to the log as this laptop last wrote it (no data copied:
the same file until a sync tool renames another over it, as every one does): what this
laptop still holds of the session with the app closed, written back from there (the
events it lacks, as they were: no id is made twice).
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from scorekeeper.store import copies, machine
from scorekeeper.store.careful_read import DamagedFile
from scorekeeper.wording import plural

if TYPE_CHECKING:
    from scorekeeper.store.events import Event
    from scorekeeper.store.gather import Gathered, Logs

FOLDER = "reach"
_WIDTH = 48
"""A note's bytes, padded: a shorter note written over a longer one leaves nothing of it."""


class Noted(NamedTuple):
    """What a note says of this laptop's log of a session when it last wrote it."""

    seq: int
    """How many events the log held."""
    rounds: int
    """How many rounds the session showed."""


class CameBack(NamedTuple):
    """This laptop's copy of a session found older than it left it (a tuple, not a
    dataclass: the store is read before Home's first frame)."""

    session_id: str
    players: tuple[str, ...]
    rounds: int
    """The rounds the copy put back holds."""
    reached: int
    """The rounds this laptop's copy held when it last wrote it."""
    seq: int
    """How many events this laptop's log held when it last wrote it."""
    back: int | None = None
    """The rounds written back (None: not written back, as by a reader)."""
    held: int = 0
    """How many events of this laptop's the copy put back holds."""

    def problem(self) -> str:
        """What is wrong with the copy, after its file's name: the rounds it lost, or, where
        it shows as many or more (an undo put back, another laptop's rounds since), the
        changes."""
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
        """What happened, which session and how many rounds, and what was done."""
        who = ", ".join(self.players)
        said = f"This laptop's copy of the session of {who} ({self.session_id}) {self.problem()}."

        if self.back is None:
            return f"{said} Open it in scorekeeper to write back what this laptop still holds."
        if self.back:
            return f"{said} This laptop still held {plural(self.back, 'round')}: written back."
        return f"{said} This laptop holds no newer copy of it to write back."


class Reach:
    """The notes of the store at ``root`` (none kept for a store no laptop shares), and
    the sessions found put back and not yet dealt with (``pending``)."""

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
        """Note what this laptop's copy holds now it is written (a failure costs only
        the noticing)."""
        if self.folder is None:
            return
        file = self.folder / f"{session_id}.json"
        data = json.dumps([seq, rounds]).encode().ljust(_WIDTH)
        with contextlib.suppress(OSError):
            try:
                opened = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW, 0o600)
            except FileNotFoundError:
                self.folder.mkdir(parents=True, exist_ok=True)
                opened = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW, 0o600)
            try:
                os.pwrite(opened, data, 0)
            finally:
                os.close(opened)

    def noted(self, session_id: str) -> Noted | None:
        """What was noted of this laptop's copy, if anything."""
        if self.folder is None:
            return None
        with contextlib.suppress(OSError, ValueError, UnicodeError):
            found = json.loads((self.folder / f"{session_id}.json").read_bytes()[:_WIDTH])
            if type(found) is list and len(found) == 2 and all(type(n) is int for n in found):
                return Noted(found[0], found[1])
        return None

    def keep(self, session_id: str, file: Path) -> None:
        """Keep this laptop's copy just written, ``file``, as a second name for it here
        (none where the machine's folder is on another disk: only the note is kept)."""
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
        """Other laptops' events of the session this laptop folded before (``keep_others``),
        each checked as any log's is."""
        from scorekeeper.store import log
        from scorekeeper.store.events import ANY

        if self.folder is None:
            return ()
        with contextlib.suppress(DamagedFile, OSError):
            found = log.read(self.folder / f"{session_id}.others", ANY).events
            return tuple(event for event in found if event.laptop != self.own)
        return ()

    def holds_others(self, session_id: str) -> bool:
        """Whether other laptops' events of the session are kept here (``keep_others``)."""
        others = f"{self.folder}{os.sep}{session_id}.others"  # no Path: asked of each junk file
        return self.folder is not None and os.path.lexists(others)

    def others_held(self) -> frozenset[str]:
        """The sessions ``holds_others`` says yes to, from one listing of the folder: a
        walk asks of each of a hundred thousand junk files."""
        if self.folder is None:
            return frozenset()
        try:
            names = os.listdir(self.folder)
        except OSError:
            return frozenset()
        return frozenset(name[: -len(".others")] for name in names if name.endswith(".others"))

    def keep_others(self, session_id: str, logs: Logs, kept: Sequence[Event]) -> None:
        """Keep beside the folder the other laptops' events its ``logs`` hold and ``kept``
        (``others``) lacks: the bytes of the one other laptop's log as read, where it holds
        every event kept and each was trusted (no event encoded again); else every one of
        theirs and kept. Not fsynced, as the notes (a failure costs only the keeping)."""
        theirs = [found for key, found in logs if copies.owner(key) != self.own]
        held = {event.id: event for event in kept}
        new = {e.id: e for found in theirs for e in found.events if e.id not in held}
        if self.folder is None or not new:
            return
        file = self.folder / f"{session_id}.others"
        one = {e.id: e for e in theirs[0].events} if len(theirs) == 1 else {}
        if one and not theirs[0].refused and all(one.get(made) == e for made, e in held.items()):
            data = theirs[0].raw
        else:
            from scorekeeper.store.durable import encode
            from scorekeeper.store.log import TABLE

            records = [event.record() for event in {**held, **new}.values()]
            data = encode({TABLE: {str(n): record for n, record in enumerate(records, 1)}})
        with contextlib.suppress(OSError, ValueError):
            try:
                _keep(file, data)
            except FileNotFoundError:
                self.folder.mkdir(parents=True, exist_ok=True)
                _keep(file, data)

    def forget(self, session_id: str) -> None:
        if self.folder is not None:
            for name in (f"{session_id}.json", self.kept(session_id).name, f"{session_id}.others"):
                with contextlib.suppress(OSError):
                    os.unlink(self.folder / name)

    def check(self, session_id: str, found: Gathered) -> None:
        """Whether this laptop's log among the logs ``found`` holds fewer of its events
        than noted: kept in ``pending`` until dealt with."""
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


def _keep(file: Path, data: bytes) -> None:
    """Write what is kept of other laptops' events: a new file where it lies the first
    time (10,000 sessions arriving make as many), else in place of the last, whole. A
    first write torn by a crash is read as nothing kept, and replaced at the next."""
    from scorekeeper.store.durable import write_atomically, write_new

    try:
        write_new(file, data)
    except FileExistsError:
        write_atomically(file, data, durable=False)
