"""What any process may do with a store folder, no lock needed: read a session (its logs
replayed into the version shown, a peer's round the rules refuse left out), list them.
``Reader`` is the reading half of ``Store``.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import threading
import time
from collections.abc import Callable, Collection, Sequence
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from scorekeeper import collector
from scorekeeper.checks import JSONObject, as_recorded
from scorekeeper.store import copies, machine
from scorekeeper.store import index as index_module
from scorekeeper.store.careful_read import DamagedFile
from scorekeeper.store.documents import damaged, problem
from scorekeeper.store.index import Changed, Index, ReadRow
from scorekeeper.store.index_file import Entries, Entry
from scorekeeper.store.reach import CameBack, Reach
from scorekeeper.store.store_errors import REPLAY_ERRORS, StoreError, StoreLocked, not_found
from scorekeeper.store.summary import Fixed, Row, Summary, listed, state
from scorekeeper.store.well_formed import WAITING, is_time
from scorekeeper.wording import moment, plural

if TYPE_CHECKING:
    from scorekeeper.session import Session
    from scorekeeper.store.conflicts import Conflict
    from scorekeeper.store.events import Event
    from scorekeeper.store.gather import Files, Gathered, Logs
    from scorekeeper.store.log import OwnLog
    from scorekeeper.store.merge import Version
    from scorekeeper.store.sidecar import Keeper, Kept, Sidecar

_SESSION_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
FOLDER = "logs"
"""Where the sessions' logs are, in the store folder."""
Value = TypeVar("Value")
SMALLEST_LOG = 64
"""Bytes no log holding a set-up comes down to (the shortest is 80): a session of one
smaller log of another laptop's is judged unopened, as a peer may send 100,000."""


def default_path() -> Path:
    """``$SCOREKEEPER_DB`` if set, else the user data folder (~/.local/share/scorekeeper)."""
    override = os.environ.get("SCOREKEEPER_DB")
    if override:
        return Path(override).expanduser()
    import platformdirs  # here: a command given its store (--db) never needs it

    return Path(platformdirs.user_data_dir("scorekeeper", appauthor=False))


_ZONES: dict[int, timezone] = {}
"""Each offset from UTC met, as one ``timezone``: a handful."""


def local(at: int) -> datetime:
    """A log's clock (milliseconds) as the local time, to the second, at the offset from UTC
    in force then, without the cost of ``astimezone`` for every event."""
    second = at // 1000
    offset = time.localtime(second).tm_gmtoff
    zone = _ZONES.get(offset)
    if zone is None:
        zone = _ZONES.setdefault(offset, timezone(timedelta(seconds=offset)))
    return datetime.fromtimestamp(second, zone)


def when(at: int) -> str:
    """A log's clock (milliseconds) as the ISO-8601 local time a person reads."""
    return local(at).isoformat(timespec="seconds")


def playable(found: Gathered, own: str) -> tuple[Gathered, Session]:
    """The session shown, replayed. A round the rules refuse that a laptop other than
    ``own`` made, in any version, is left out with its event: a hostile peer's round never
    hides this laptop's, nor makes the table decide on it. ``REPLAY_ERRORS`` if the set-up
    or a round of this laptop's does not replay."""
    from scorekeeper.session import Session  # here: a list is read with no round replayed
    from scorekeeper.store.gather import REFUSED_BY_RULES, without

    while True:
        refused = None
        for version in found.merged.versions:  # the one shown first, then any waiting
            try:
                session = Session.from_dict(version.session)
            except REPLAY_ERRORS:
                refused = refused_round(version, own)
                if refused is None:
                    raise
                break
            if version is found.merged.shown:
                shown = session
        if refused is None:
            return found, shown
        found = without(found, refused, REFUSED_BY_RULES)


def refused_round(version: Version, own: str) -> str | None:
    """The event of the first round of ``version`` the rules refuse, unless ``own`` made it."""
    from scorekeeper.session import Session
    from scorekeeper.store.events import MOVED

    try:
        session = Session.from_dict({**version.session, "rounds": []})
    except REPLAY_ERRORS:
        return None
    for round_, made in zip(version.rounds, version.made, strict=True):
        try:
            with as_recorded():
                session.record(round_)
        except REPLAY_ERRORS:
            return None if made.partition(":")[0] in (own, MOVED) else made
    return None


def row(
    found: Gathered, session: Session, files: Files, fixed: Fixed | None = None
) -> tuple[int, Row, list[str], Fixed]:
    """A session's place in the list (its last change, in ns), its row, the keys of its
    logs that could not be read, and its set-up's part of the row (``fixed`` if it holds)."""
    setup = found.folded.setup
    assert setup is not None
    if fixed is None or not fixed.holds(session, setup):
        started = setup.body.get("started")  # taken only if a time: a peer's log says anything
        kept = started if isinstance(started, str) and is_time(started) else when(setup.at)
        fixed = Fixed(session, moment(kept), setup)
    paths = {error.path for error in found.damaged}
    broken = [key for key, path in files if path in paths] if paths else []
    last = found.latest
    return last * 10**6, listed(session, fixed, local(last)), broken, fixed


class Damage(NamedTuple):
    """A session file that cannot be read and why (the words after its path); its path is
    made only where asked for, as a folder a peer filled holds a hundred thousand."""

    folder: Path
    name: str
    reason: str

    @property
    def path(self) -> Path:
        return self.folder / self.name


class Opened(NamedTuple):
    """A session the writer replayed, kept so the next round costs one round: what its logs
    made, this laptop's log kept open, and its set-up's part of its row (``fixed``)."""

    session: Session
    found: Gathered
    own: OwnLog | None = None
    fixed: Fixed | None = None


def _gathered(
    store: Path,
    reach: Reach,
    damaged_logs: dict[str, list[Path]],
    session_id: str,
    files: Files,
    own: str = "",
    *,
    identify: bool = True,
) -> Gathered:
    """``gather``, with what this laptop folded of other laptops' logs before (``reach``),
    so one that came back shorter loses nothing; damaged logs noted in ``damaged_logs``."""
    from scorekeeper.store.gather import gather  # here: Home starts without it

    read: list[tuple[Logs, tuple[Event, ...]]] = []

    def others(logs: Logs) -> tuple[Event, ...]:  # asked for only where a log reads
        read.append((logs, reach.others(session_id)))
        return read[0][1]

    found = gather(files, lambda: not_found(store, session_id), others, own, identify=identify)
    if read:
        reach.keep_others(session_id, *read[0])
    paths = [error.path for error in found.damaged if error.path]
    _put_or_drop(damaged_logs, session_id, paths if found.damaged else None)
    return found


def _read_for_index(
    store: Path,
    damaged_logs: dict[str, list[Path]],
    reach: Reach,
    session_id: str,
    files: Files,
    size: int,
) -> ReadRow:
    """A session's list row and whether it waits, from its logs. Not the store's method: a
    cycle of the store and its index, with 10,000 rows, waits for the cyclic collector."""
    found = _gathered(store, reach, damaged_logs, session_id, files, identify=False)
    reach.check(session_id, found)
    try:
        found, session = playable(found, reach.own)
    except REPLAY_ERRORS as error:
        raise damaged(files[0][1], f"does not replay ({error})", recover=False) from None
    order, kept, broken, _ = row(found, session, files)
    return order, kept, tuple(broken), state(found.merged)


def _too_small(
    reach: Reach, session_id: str, keys: tuple[str, ...], size: int, held: Collection[str] | None
) -> str | None:
    """Why a session of one log of another laptop's, ``size`` bytes, is damaged unread
    (under ``SMALLEST_LOG``, none of its events held here, as ``held`` lists); else None."""
    if size >= SMALLEST_LOG or len(keys) != 1 or copies.owner(keys[0]) == reach.own:
        return None
    if session_id in held if held is not None else reach.holds_others(session_id):
        return None
    return f"is too small to be a log of a session ({plural(size, 'byte')})" if size else "is empty"


def _in_two(
    damaged_logs: dict[str, list[Path]],
    reach: Reach,
    sessions: list[Changed],
    read: Callable[[Sequence[Changed]], list[Entry | None]],
) -> list[Entry | None]:
    """The changed ``sessions`` read on two cores (``index.in_two``), what the copy noted of
    each taken here."""
    _ = reach.laptop  # read (or made) before the fork: two copies never make two ids

    def noted(part: Sequence[Changed]) -> Noted:
        return [(sid, damaged_logs.get(sid), reach.pending.get(sid)) for sid, _, _ in part]

    def take(left: Noted) -> None:
        for sid, logs, back in left:
            _put_or_drop(damaged_logs, sid, logs)
            _put_or_drop(reach.pending, sid, back)

    return index_module.in_two(sessions, read, noted, take)


Noted = list[tuple[str, list[Path] | None, CameBack | None]]
"""What reading a session noted beside its entry: its damaged logs, its own log put back."""


def _put_or_drop(noted: dict[str, Value], session_id: str, value: Value | None) -> None:
    if value is None:
        noted.pop(session_id, None)
    else:
        noted[session_id] = value


def is_session_id(name: str) -> bool:
    return _SESSION_ID.fullmatch(name) is not None


class Reader:
    """The sessions in the folder at ``path`` (default: ``default_path``), as read;
    ``keeper``: what is kept beside each session's log (``keep_beside``)."""

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        readonly: bool = False,
        keeper: Keeper | None = None,
    ) -> None:
        self.path = default_path() if path is None else Path(path).expanduser()
        self.readonly = readonly
        self._folder = self.path / FOLDER
        self.places = machine.places(self.path)
        self._beside: Sidecar | None = None
        """What is kept beside each log: nothing until a keeper is given."""
        if keeper is not None:
            self.keep_beside(keeper)
        self._damaged_copies: dict[str, list[Path]] = {}
        """Logs that cannot be read of sessions whose other logs can."""
        self._reach = reach = Reach(self.path, self.places.shared)
        self._index = Index(
            self.places.index_folder,
            self._folder,
            readonly=readonly,
            keeps=not readonly or self.places.shared,
            read=functools.partial(_read_for_index, self.path, self._damaged_copies, self._reach),
            is_session_id=is_session_id,
            mine=lambda key: copies.owner(key) == reach.own,
            too_small=functools.partial(_too_small, self._reach),
            others_held=self._reach.others_held,
            legacy=self.path / "index.json" if self.places.shared else None,  # from before
            in_two=functools.partial(_in_two, self._damaged_copies, self._reach),
        )
        self.generation = 0
        """The count ``refresh`` last returned: read it to know without looking again."""
        self._changed: dict[str, int] = {}
        self._unreadable: dict[str, tuple[Path, str]] = {}
        """Sessions whose logs read but do not replay, as a load found them: file, reason."""
        self._guard = threading.RLock()
        """Held while the index or what is open is read or changed, a change from its first
        read to its listing: the app lists and looks for arrivals in workers."""
        if self.path.exists() and not self.path.is_dir():
            raise StoreError(
                f"{self.path} is a file, but a store is a folder: give a folder instead "
                "(it is created if missing).",
                self.path,
            )
        if readonly and self._older_files():
            self._move_over_unless_open()

    def _older_files(self) -> bool:
        """Whether sessions of an older layout wait to be moved over: their module is read
        only where their folder is, as in few stores."""
        if not os.path.isdir(self.path / copies.OLDER):
            return False
        from scorekeeper.store import older_sessions

        return bool(older_sessions.old_files(self.path))

    def _move_over_unless_open(self) -> None:
        """Sessions of an older layout moved over by a reader that finds them first."""
        from scorekeeper.store.lock import take_lock  # here: a reader needs no lock

        with contextlib.suppress(StoreLocked):
            lock = take_lock(self.places, self._folder, "")
            try:
                self._move_over()
            finally:
                lock.release()

    def _move_over(self) -> None:
        """Move the sessions of an older layout into this laptop's logs."""
        try:
            if not self._older_files():
                return
            from scorekeeper.store import older_sessions

            older_sessions.move_over(self.path, lambda: self.laptop.id, self.places.shared)
        except (OSError, DamagedFile) as error:
            raise StoreError(
                f"Could not move the sessions in {self.path / copies.OLDER} to "
                f"this version's layout: {error}. Nothing was lost: the older files are "
                "left as they were; make room on the disk and open the store again.",
                self.path,
            ) from error

    @property
    def laptop(self) -> machine.Laptop:
        return self._reach.laptop

    @property
    def own_key(self) -> str:
        """Which of a session's logs this laptop writes (``copies``)."""
        return self.laptop.id

    def saved(self, session_id: str) -> JSONObject:
        """The session as saved (``Session.to_dict``'s shape) for reports; replayed only
        where another laptop's events are, so no round the rules refuse is reported."""
        found = self.gathered(session_id)
        mine = self.own_key + ":"
        if any(not made.startswith(mine) for made in found.events):
            try:
                found, _ = playable(found, self.own_key)
            except REPLAY_ERRORS as error:
                file = self._copy_files(session_id)[0][1]
                raise damaged(file, f"does not replay ({error})", recover=False) from None
        return dict(found.merged.shown.session)

    def gathered(self, session_id: str) -> Gathered:
        """Every log of the session, read and folded; the damaged noted."""
        with self._guard:
            files, damaged_logs = self._copy_files(session_id), self._damaged_copies
            return _gathered(self.path, self._reach, damaged_logs, session_id, files, self.own_key)

    def keep_beside(self, keeper: Keeper) -> None:
        """Keep what ``keeper`` makes beside every session written: the layers above's cache.
        Given once the app's first frame is out: a store opened imports no sidecar."""
        from scorekeeper.store.sidecar import Sidecar

        self._beside = Sidecar(keeper)

    def sealed_rows(self, session_id: str) -> Kept | None:
        """What the keeper kept beside the session, where its seal holds."""
        if self._beside is None:
            return None
        return self._beside.sealed(self._file(session_id), session_id, self._copy_files(session_id))

    def summaries(self, so_far: Callable[[list[Summary]], None] | None = None) -> list[Summary]:
        """Every readable session, most recently updated first; where logs must be read,
        ``so_far`` is handed those read so far every ``index.SO_FAR`` seconds."""
        with self._guard, collector.paused():
            return self._summaries(so_far)

    def recent(self, most: int = index_module.RECENT) -> tuple[list[Summary], int] | None:
        """The latest summaries, ``most`` of them where there are more than ``RECENT``,
        and how many sessions there are, in milliseconds whatever the store's size; None
        where the index's first line is out of date."""
        with self._guard:
            count = self._index.session_count(index_module.RECENT + 1)
            if count == 0:
                return [], 0
            if count <= index_module.RECENT:
                everything = self.summaries()
                return everything, len(everything)
            found = self._index.recent(most)
        if found is None:
            return None
        made, total, behind = found
        if behind:
            self.generation += 1  # what arrived since: the next ``refresh`` says changed
        return made, total

    def _summaries(self, so_far: Callable[[list[Summary]], None] | None = None) -> list[Summary]:
        """Apart from ``summaries`` so the index is freed before the collector resumes."""
        unreadable = self._unreadable
        partial = None if so_far is None else lambda found: so_far(found.summaries(unreadable))
        return self._index.entries(partial).summaries(unreadable)

    def refresh(self) -> int:
        """Take in what another machine changed, reading no file while nothing did or while
        another thread lists or writes; returns a number that grows with each change. Called
        from a worker: the guard is held throughout, as a change half written here (its log
        written, not yet listed) would look like another laptop's and be forgotten."""
        if not self._guard.acquire(blocking=False):
            return self.generation
        try:
            changed = self._index.take_in() if self._index.sweep() else set()
            if changed:
                self.generation += 1
                for session_id in changed:
                    self._changed[session_id] = self.generation
                    self._forget(session_id)
            return self.generation
        finally:
            self._guard.release()

    def changed_since(self, generation: int, session_id: str) -> bool:
        """Whether ``refresh`` found session ``session_id`` changed after ``generation``."""
        return self._changed.get(session_id, 0) > generation

    def waiting(self, session_id: str) -> bool:
        """Whether the session waits for the table to decide (as the index last found it)."""
        with self._guard:
            entry = self._index.entries().get(session_id)
        return entry is not None and entry.state is WAITING

    def put_back(self, session_id: str | None = None) -> list[CameBack]:
        """The sessions (or the one) whose log came back shorter, as the last reads found."""
        with self._guard:
            found = list(self._reach.pending.values())
        return [back for back in found if session_id in (None, back.session_id)]

    def conflicts(self) -> list[Conflict]:
        """The sessions waiting for the table to decide, oldest first."""
        from scorekeeper.store.conflicts import Conflict  # here: Home starts without it

        with self._guard:
            waiting = self._index.entries().waiting()
        found = []
        for session_id in waiting:
            try:
                gathered, _ = playable(self.gathered(session_id), self.own_key)
            except (StoreError, *REPLAY_ERRORS):
                continue
            if gathered.waiting:
                found.append(Conflict(session_id, gathered.merged))
        return sorted(found, key=lambda conflict: conflict.since)

    def _forget(self, session_id: str) -> None:
        """Drop what is known of a session whose file another machine changed."""
        self._unreadable.pop(session_id, None)

    def damage(self) -> list[Damage]:
        """Each session file that cannot be read and why: one of a session no log of which
        reads, then each damaged log of a session the others make."""
        with self._guard, collector.paused():
            index = self._index.entries()
            whole = self._broken_logs(index)
            said: dict[str, tuple[str, str]] = {}
            for sid, entry in whole.items():
                if isinstance(entry.row, str):
                    said[sid] = copies.file_name(sid, entry.broken[0]), entry.row
            for sid, (file, reason) in self._unreadable.items():
                if sid in index and sid not in said:
                    said[sid] = file.name, reason
            found = [Damage(self._folder, *said[sid]) for sid in sorted(said)]
            for sid, paths in sorted(self._damaged_copies.items()):
                if sid in index and sid not in said:  # a session made of its other logs
                    found += [Damage(self._folder, file.name, str(problem(file))) for file in paths]
            return found

    def _broken_logs(self, index: Entries) -> dict[str, Entry]:
        """Note the damaged logs of sessions the others make; returns the entries unpacked."""
        whole = index.whole()
        for sid, entry in whole.items():
            if entry.broken and not entry.damaged and sid not in self._damaged_copies:
                names = [copies.file_name(sid, key) for key in entry.broken]
                self._damaged_copies[sid] = [self._folder / name for name in names]
        return whole

    def damaged(self) -> list[Path]:
        """Session files that cannot be read, left untouched, sorted by name; unlike
        ``damage`` none is read again for its reason (100,000 junk files)."""
        with self._guard:
            index = self._index.entries()
        names: set[str] = set()
        for sid, entry in self._broken_logs(index).items():
            if entry.damaged:
                names.update(copies.file_name(sid, key) for key in entry.broken)
        names.update(file.name for sid, (file, _) in self._unreadable.items() if sid in index)
        for sid, paths in list(self._damaged_copies.items()):
            if sid in index:
                names.update(path.name for path in paths)
        return [self._folder / name for name in sorted(names)]

    # -- inside ---------------------------------------------------------------------

    def _file(self, session_id: str) -> Path:
        """This laptop's log of the session (see ``own_key``)."""
        if not isinstance(session_id, str) or not is_session_id(session_id):
            raise not_found(self.path, session_id)
        return self._folder / copies.file_name(session_id, self.own_key)

    def _copy_files(self, session_id: str) -> list[tuple[str, Path]]:
        """Every log file of the session there is, this laptop's among them."""
        self._file(session_id)  # a name no session has is refused here
        keys = sorted({self.own_key, *self._index.copy_keys(session_id)})
        paths = [(key, self._folder / copies.file_name(session_id, key)) for key in keys]
        return [(key, path) for key, path in paths if os.path.lexists(path)]

    def _read_session(self, session_id: str) -> Opened:
        found = self.gathered(session_id)
        self._reach.check(session_id, found)
        try:
            found, session = playable(found, self.own_key)
        except REPLAY_ERRORS as error:
            file = self._copy_files(session_id)[0][1]
            reason = f"does not replay ({error})"
            self._unreadable[session_id] = file, reason
            raise damaged(file, reason, recover=file == self._file(session_id)) from None
        self._unreadable.pop(session_id, None)
        return Opened(session, found)
