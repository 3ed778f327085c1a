"""What any process may do with a store folder, no lock needed: read a session, list them.

``Reader`` is the reading half of ``Store`` (the writer adds the rest): a session's logs
read and folded (``gather``), a session replayed from the fold, what a layer above kept
beside it (``sidecar``), and the session list from the index (``index``).
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import threading
from collections.abc import Callable, Collection, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from scorekeeper import collector
from scorekeeper.checks import JSONObject, as_recorded
from scorekeeper.store import copies, machine, older_sessions, two_cores
from scorekeeper.store import index as index_module
from scorekeeper.store.careful_read import DamagedFile
from scorekeeper.store.documents import damaged, problem, summary_fields
from scorekeeper.store.gather import REFUSED_BY_RULES, Files, Gathered, Logs, gather, without
from scorekeeper.store.index import Changed, Index
from scorekeeper.store.index_file import Entries, Entry
from scorekeeper.store.reach import CameBack, Reach
from scorekeeper.store.sidecar import Keeper, Kept, Sidecar
from scorekeeper.store.store_errors import (
    SessionNotFound,
    StoreDamaged,
    StoreError,
    StoreLocked,
    not_a_folder,
    not_found,
)
from scorekeeper.store.summary import Summary, state
from scorekeeper.store.well_formed import WAITING, is_time
from scorekeeper.wording import plural

if TYPE_CHECKING:
    from scorekeeper.session import Session
    from scorekeeper.store.conflicts import Conflict
    from scorekeeper.store.events import Event
    from scorekeeper.store.log import OwnLog
    from scorekeeper.store.merge import Version

_SESSION_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
FOLDER = "logs"
"""Where the sessions' logs are, in the store folder."""
Value = TypeVar("Value")
REPLAY_ERRORS = (LookupError, TypeError, ValueError, AttributeError)
SMALLEST_LOG = 64
"""Bytes no log holding a set-up comes down to (the shortest, written compact, is 80): a
session whose one log is another laptop's and smaller is judged without opening it, as
a peer may fill the folder with a hundred thousand such files."""


def default_path() -> Path:
    """``$SCOREKEEPER_DB`` if set, else the user data folder (~/.local/share/scorekeeper)."""
    override = os.environ.get("SCOREKEEPER_DB")
    if override:
        return Path(override).expanduser()
    import platformdirs  # here: a command given its store (--db) never needs it

    return Path(platformdirs.user_data_dir("scorekeeper", appauthor=False))


class Damage:
    """A session file that cannot be read (``Reader.damage``), its path made only where
    asked for (a folder a peer filled holds a hundred thousand); ``reason``: what is
    wrong with it, the store's words after its path. A plain class, as ``Opened``."""

    __slots__ = ("folder", "name", "reason")

    def __init__(self, folder: Path, name: str, reason: str) -> None:
        self.folder, self.name, self.reason = folder, name, reason

    @property
    def path(self) -> Path:
        return self.folder / self.name


class Opened:
    """A session the writer has replayed once, kept so the next round costs one round. A
    plain class: a dataclass is compiled from source as its module is imported, before
    Home's first frame."""

    __slots__ = ("events", "found", "own", "seeded", "seen", "session")

    def __init__(
        self,
        session: Session,
        found: Gathered | None = None,
        seen: list[int] | None = None,
        *,
        seeded: bool = False,
        events: dict[str, Event] | None = None,
        own: OwnLog | None = None,
    ) -> None:
        self.session = session
        self.found = found
        """What its logs made when read or last written (None: a session new here)."""
        self.seen = seen
        """The identity of the log files as last read or written: if it changed, another
        laptop's log arrived (or another process wrote), and a change made on what was
        read would pass over it."""
        self.seeded = seeded
        """Whether what is kept beside the logs (``sidecar``) was handed to its keeper."""
        self.events = {} if events is None else events
        self.own = own
        """This laptop's log of it, kept open: what it last wrote is not read again."""

    @property
    def head(self) -> str:
        return "" if self.found is None else self.found.folded.shown.head


def when(at: int) -> str:
    """A log's clock (milliseconds) as the ISO-8601 local time a person reads."""
    return datetime.fromtimestamp(at / 1000).astimezone().isoformat(timespec="seconds")


def playable(found: Gathered, own: str) -> tuple[Gathered, Session]:
    """The session shown, replayed. A round the game's rules refuse that another laptop
    than ``own`` (this one) made, in the version shown or in one waiting for the table (a
    log from a hostile peer), is refused with the event that made it, and the session is
    made of the rest: another laptop's bad round never hides this laptop's rounds, nor
    makes the table decide on it. Raises ``REPLAY_ERRORS`` if the table does not set up
    or a round of this laptop's own log does not replay (damage ``doctor --fix`` mends)."""
    from scorekeeper.session import Session  # here: a list is read with no round replayed

    while True:
        refused = None
        for version in found.merged.versions:  # the one shown first, then any waiting
            try:
                session = Session.from_dict(version.session)
            except REPLAY_ERRORS:
                refused = _refused_round(version, own)
                if refused is None:
                    raise
                break
            if version is found.merged.shown:
                shown = session
        if refused is None:
            return found, shown
        found = without(found, refused, REFUSED_BY_RULES)


def _refused_round(version: Version, own: str) -> str | None:
    """The event that made the first round of ``version`` the rules refuse, where another
    laptop than ``own`` made it; None if the table itself does not set up, or that round
    is this laptop's."""
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


def times(found: Gathered) -> tuple[str, str, int]:
    """When the session was started and last changed (as a person reads them), and the
    last change in nanoseconds (the list's order). The set-up's own start is taken only
    where it is a time with its offset: a peer's log may say anything there."""
    setup = found.folded.setup
    assert setup is not None
    started = setup.body.get("started")
    last = max([event.at for event in found.events.values()])
    kept = started if isinstance(started, str) and is_time(started) else when(setup.at)
    return kept, when(last), last * 10**6


def _gathered(
    reach: Reach,
    session_id: str,
    files: Files,
    missing: Callable[[], StoreError],
    own: str = "",
    *,
    identify: bool = True,
) -> Gathered:
    """The session its logs make, with what this laptop folded of other laptops' before
    (``reach``): a log of another laptop's that came back shorter loses nothing. ``own``:
    this laptop, whose damaged log says how to get it back; ``identify``: as ``gather``."""
    read: list[tuple[Logs, tuple[Event, ...]]] = []

    def others(logs: Logs) -> tuple[Event, ...]:  # asked for only where a log reads
        read.append((logs, reach.others(session_id)))
        return read[0][1]

    found = gather(files, missing, others, own, identify=identify)
    if read:
        reach.keep_others(session_id, *read[0])
    return found


def _read_for_index(
    store: Path,
    damaged_logs: dict[str, list[Path]],
    reach: Reach,
    session_id: str,
    files: Files,
    size: int,
) -> tuple[JSONObject, bool | int]:
    """A session's list row and whether it waits, worked out from its logs (``size``
    bytes in all) for the store at ``store``. The index is handed this with the path, not
    the store's own method: that would make the store and its index a cycle, which with
    10,000 summaries in it waits for the cyclic collector to be freed. This laptop's log
    found shorter than it left it is noted in ``reach``."""
    missing = functools.partial(not_found, store, session_id)
    found = _gathered(reach, session_id, files, missing, identify=False)
    reach.check(session_id, found)
    if found.damaged:
        damaged_logs[session_id] = [error.path for error in found.damaged if error.path]
    else:
        damaged_logs.pop(session_id, None)
    try:
        found, session = playable(found, reach.own)
    except REPLAY_ERRORS as error:
        raise damaged(files[0][1], f"does not replay ({error})", recover=False) from None
    started, updated, order = times(found)
    fields = summary_fields(session, started, updated)
    broken = _broken(files, found)
    return {"order": order, "summary": fields, "broken": broken}, state(found.merged)


def _too_small(
    reach: Reach, session_id: str, keys: tuple[str, ...], size: int, held: Collection[str] | None
) -> str | None:
    """Why a session of logs of ``size`` bytes in all is damaged without a look, where it
    is (fewer than ``SMALLEST_LOG``, one log, another laptop's, and nothing kept of its
    events here that would make the session: in ``held`` where a walk listed them once);
    else None. This laptop's own log is read, for its words on how to get it back."""
    if size >= SMALLEST_LOG or len(keys) != 1 or copies.owner(keys[0]) == reach.own:
        return None
    if session_id in held if held is not None else reach.holds_others(session_id):
        return None
    return f"is too small to be a log of a session ({plural(size, 'byte')})" if size else "is empty"


def _is_own(reach: Reach, key: str) -> bool:
    """Whether the log of ``key`` is this laptop's (a sync engine's copy of it too)."""
    return copies.owner(key) == reach.own


def _in_two(
    damaged_logs: dict[str, list[Path]],
    reach: Reach,
    sessions: list[Changed],
    read: Callable[[Sequence[Changed]], list[Entry | None]],
) -> list[Entry | None]:
    """The changed ``sessions`` read on two cores (``two_cores``), what the copy noted
    of each (its damaged logs, this laptop's log put back) taken here. Handed to the
    index with what it fills, not the store's method, as ``_read_for_index`` is."""
    _ = reach.laptop  # read (or made) before the fork: two copies never make two ids

    def noted(part: Sequence[Changed]) -> Noted:
        return [(sid, damaged_logs.get(sid), reach.pending.get(sid)) for sid, _, _ in part]

    def take(left: Noted) -> None:
        for sid, logs, back in left:
            _put_or_drop(damaged_logs, sid, logs)
            _put_or_drop(reach.pending, sid, back)

    return two_cores.in_two(sessions, read, noted, take)


def _broken(files: Files, found: Gathered) -> list[str]:
    """The keys of the logs among ``files`` that could not be read."""
    paths = {error.path for error in found.damaged}
    return [key for key, path in files if path in paths]


Noted = list[tuple[str, list[Path] | None, CameBack | None]]
"""What reading a session noted beside its entry: its damaged logs, its log of this
laptop's found put back."""


def _put_or_drop(noted: dict[str, Value], session_id: str, value: Value | None) -> None:
    if value is None:
        noted.pop(session_id, None)
    else:
        noted[session_id] = value


def is_session_id(name: str) -> bool:
    return _SESSION_ID.fullmatch(name) is not None


class Reader:
    """The sessions in the folder at ``path`` (default: ``default_path``), as read;
    ``keeper``: what is kept beside each session file (``keep_beside``)."""

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
        self._beside = Sidecar(keeper)
        self._damaged_copies: dict[str, list[Path]] = {}
        """Logs that cannot be read of sessions whose other logs can."""
        self._reach = Reach(self.path, self.places.shared)
        self._index = Index(
            self.places.index_folder,
            self._folder,
            readonly=readonly,
            keeps=not readonly or self.places.shared,
            read=functools.partial(_read_for_index, self.path, self._damaged_copies, self._reach),
            is_session_id=is_session_id,
            mine=functools.partial(_is_own, self._reach),
            too_small=functools.partial(_too_small, self._reach),
            others_held=self._reach.others_held,
            legacy=self.places.legacy_index,
            in_two=functools.partial(_in_two, self._damaged_copies, self._reach),
        )
        self._generation = 0
        self._changed: dict[str, int] = {}
        self._unreadable: dict[str, Path] = {}
        self._guard = threading.RLock()
        """Held while the index is read or changed: the app lists sessions in a worker
        thread while its event loop may be saving a round."""
        if self.path.exists() and not self.path.is_dir():
            raise not_a_folder(self.path)
        if readonly and older_sessions.old_files(self.path):
            self._move_over_unless_open()

    def _move_over_unless_open(self) -> None:
        """Sessions of an older layout moved over by a reader that finds them first (a
        writer moves them as it opens: while one is open, it has)."""
        from scorekeeper.store.lock import take_lock  # here: a reader needs no lock

        with contextlib.suppress(StoreLocked):
            lock = take_lock(self.places, self._folder, "")
            try:
                self._move_over()
            finally:
                lock.release()

    def _move_over(self) -> None:
        """Move the sessions of an older layout into this laptop's logs
        (``older_sessions``); ``StoreError`` if they cannot be written."""
        try:
            older_sessions.move_over(self.path, lambda: self.laptop.id, self.places.shared)
        except (OSError, DamagedFile) as error:
            raise StoreError(
                f"Could not move the sessions in {self.path / older_sessions.FOLDER} to "
                f"this version's layout: {error}. Nothing was lost: the older files are "
                "left as they were; make room on the disk and open the store again.",
                self.path,
            ) from error

    @property
    def laptop(self) -> machine.Laptop:
        """This laptop, as the copies it writes name it."""
        return self._reach.laptop

    @property
    def own_key(self) -> str:
        """Which of a session's logs this laptop writes (``copies``)."""
        return self.laptop.id

    def saved(self, session_id: str) -> JSONObject:
        """The session as saved (``Session.to_dict``'s shape), for reports that only read
        the rounds: no round replayed where every event is this laptop's own; where
        another laptop's are there, its rounds are first vouched for by the rules, as
        the list's are (``playable``), so a round they refuse is never reported."""
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
        """Every log of the session, read and folded (``gather``); its logs that cannot
        be read are noted, for ``damaged`` to name."""
        files = self._copy_files(session_id)
        missing = functools.partial(self._not_found, session_id)
        found = _gathered(self._reach, session_id, files, missing, self.own_key)
        if found.damaged:
            self._damaged_copies[session_id] = [e.path for e in found.damaged if e.path]
        else:
            self._damaged_copies.pop(session_id, None)
        return found

    def keep_beside(self, keeper: Keeper) -> None:
        """From now on keep what ``keeper`` makes beside every session written, and
        trust what it kept while its seal holds (``sidecar``). Whoever opens a store
        says what it keeps: the store knows nothing of the layers above it."""
        self._beside.keeper = keeper

    def sealed_rows(self, session_id: str) -> Kept | None:
        """What the store's keeper kept beside the session (the reports: its CSV export
        rows), where the seal says it was kept with its logs as they are (``sidecar``)."""
        return self._beside.sealed(self._file(session_id), session_id, self._copy_files(session_id))

    def summaries(self, so_far: Callable[[list[Summary]], None] | None = None) -> list[Summary]:
        """Every readable session, most recently updated first (see ``damaged`` for the
        rest). Where logs must be read first (sessions arrived, junk), ``so_far`` is
        handed the sessions read until then every ``index.SO_FAR`` seconds."""
        with self._guard, collector.paused():
            return self._summaries(so_far)

    def recent(self) -> tuple[list[Summary], int] | None:
        """The most recently updated summaries (a screenful, newest first) and how many
        sessions there are, in milliseconds whatever the store's size: a store of a
        screenful or less is listed whole, a bigger one from a small file of its most
        recent; None when that file no longer describes the store (``summaries`` then)."""
        with self._guard:
            count = self._index.session_count(index_module.RECENT + 1)
            if count == 0:
                return [], 0
            if count <= index_module.RECENT:
                everything = self.summaries()
                return everything, len(everything)
            found = self._index.recent()
        if found is None:
            return None
        made, total, behind = found
        if behind:
            self._generation += 1  # what arrived since: the next ``refresh`` says changed
        return made, total

    def _summaries(self, so_far: Callable[[list[Summary]], None] | None = None) -> list[Summary]:
        """Apart from ``summaries`` so the index is freed before the collector resumes."""
        partial = None if so_far is None else lambda found: so_far(self._listed(found))
        return self._listed(self._index.entries(partial))

    def _listed(self, index: Entries) -> list[Summary]:
        return index.summaries(self._unreadable)

    def refresh(self) -> int:
        """Take in what another machine changed (a sync engine brought a session file,
        changed one, took one away, or left a conflict copy): one ``stat`` of the
        sessions folder, then one of each copy file (no file read) while nothing changed.
        Returns a number that grows with each such change, for ``changed_since``. Nothing
        is looked at while another thread reads the list (a first look at a folder a peer
        filled with junk): it takes in what changed, and a walk beside it only slows it."""
        if not self._guard.acquire(blocking=False):
            return self._generation
        self._guard.release()
        if not self._index.sweep():
            return self._generation
        with self._guard:
            changed = self._index.take_in()
            if changed:
                self._generation += 1
                for session_id in changed:
                    self._changed[session_id] = self._generation
                    self._forget(session_id)
            return self._generation

    @property
    def generation(self) -> int:
        """The count ``refresh`` last returned, without looking again."""
        return self._generation

    def changed_since(self, generation: int, session_id: str) -> bool:
        """Whether ``refresh`` found session ``session_id`` changed after ``generation``."""
        return self._changed.get(session_id, 0) > generation

    def waiting(self, session_id: str) -> bool:
        """Whether the session went on differently on two laptops and waits for the table
        to decide (as the index last found it)."""
        with self._guard:
            entry = self._index.entries().get(session_id)
        return entry is not None and entry.state is WAITING

    def put_back(self, session_id: str | None = None) -> list[CameBack]:
        """The sessions (or the one) whose copy of this laptop's a sync tool put back
        older than this laptop left it, as the last reads found them, nothing written back
        yet (``Store.came_back`` writes back)."""
        with self._guard:
            found = list(self._reach.pending.values())
        return [back for back in found if session_id in (None, back.session_id)]

    def conflicts(self) -> list[Conflict]:
        """The sessions that went on differently on two laptops, waiting for the table
        to decide, oldest first (each version as ``playable`` leaves it)."""
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

    def _reindex(self, session_id: str, found: Gathered | None = None) -> None:
        """Put the session as its logs make it now in the index (left out if unread)."""
        try:
            found, session = playable(found or self.gathered(session_id), self.own_key)
        except (StoreError, *REPLAY_ERRORS):
            return
        self._put(session_id, found, session)

    def _put(
        self, session_id: str, found: Gathered, session: Session, keys: tuple[str, ...] = ()
    ) -> None:
        """Put the session in the index with its log files' ``keys`` (``recent`` checks
        them; looked up where not given)."""
        started, updated, order = times(found)
        fields = summary_fields(session, started, updated)
        files = self._copy_files(session_id)
        keys = keys or tuple(key for key, _ in files)
        broken = tuple(_broken(files, found))
        with self._guard:
            self._index.put(
                session_id, found.seen or [], order, fields, state(found.merged), keys, broken
            )

    def _forget(self, session_id: str) -> None:
        """Drop what is known of a session whose file another machine changed."""
        self._unreadable.pop(session_id, None)

    def damage(self) -> list[Damage]:
        """Each session file that cannot be read and why, in the store's words (without
        the way back, which ``how_to_recover`` gives), by session: one of a session none
        of whose logs can be read, reading no file again, then each damaged log of a
        session the others make. The collector is paused as for ``summaries``: a folder
        of a hundred thousand junk files names as many."""
        with self._guard, collector.paused():
            index = self._index.entries()
            whole = self._broken_logs(index)
            said: dict[str, tuple[str, str]] = {}
            for sid, entry in whole.items():
                if isinstance(entry.row, str):
                    said[sid] = copies.file_name(sid, entry.broken[0]), entry.row
            for sid in list(self._unreadable):
                if sid in index and sid not in said:
                    try:
                        self._read_session(sid)
                    except StoreDamaged as error:
                        said[sid] = (error.path or self._file(sid)).name, error.reason
                    except StoreError:
                        continue
            found = [Damage(self._folder, *said[sid]) for sid in sorted(said)]
            for sid, paths in sorted(self._damaged_copies.items()):
                if sid in index and sid not in said:  # a session made of its other logs
                    found += [Damage(self._folder, file.name, str(problem(file))) for file in paths]
            return found

    def _broken_logs(self, index: Entries) -> dict[str, Entry]:
        """Note the logs the index found damaged in sessions the other logs make, where
        no read here said otherwise: a later look names them as the first did. Returns
        the entries not packed (``Entries.whole``)."""
        whole = index.whole()
        for sid, entry in whole.items():
            if entry.broken and not entry.damaged and sid not in self._damaged_copies:
                names = [copies.file_name(sid, key) for key in entry.broken]
                self._damaged_copies[sid] = [self._folder / name for name in names]
        return whole

    def damaged(self) -> list[Path]:
        """Session files that cannot be read; they are left untouched (see ``how_to_recover``).
        All are in the logs folder: sorted by name, a hundred thousand junk files sort in a
        tenth of the time their paths take."""
        with self._guard:
            index = self._index.entries()
        names: set[str] = set()
        for sid, entry in self._broken_logs(index).items():
            if entry.damaged:
                names.update(copies.file_name(sid, key) for key in entry.broken)
        names.update(file.name for sid, file in self._unreadable.items() if sid in index)
        for sid, paths in list(self._damaged_copies.items()):
            if sid in index:
                names.update(path.name for path in paths)
        return [self._folder / name for name in sorted(names)]

    # -- inside ---------------------------------------------------------------------

    def _file(self, session_id: str) -> Path:
        """This laptop's log of the session (see ``own_key``)."""
        if not isinstance(session_id, str) or not is_session_id(session_id):
            raise self._not_found(session_id)
        return self._folder / copies.file_name(session_id, self.own_key)

    def _copy_files(self, session_id: str) -> list[tuple[str, Path]]:
        """Every log file of the session there is, this laptop's among them."""
        self._file(session_id)
        keys = {self.own_key, *self._index.copy_keys(session_id)}
        found = []
        for key in sorted(keys):
            path = self._folder / copies.file_name(session_id, key)
            if os.path.lexists(path):
                found.append((key, path))
        return found

    def _not_found(self, session_id: object) -> SessionNotFound:
        return not_found(self.path, session_id)

    def _read_session(self, session_id: str) -> Opened:
        found = self.gathered(session_id)
        self._reach.check(session_id, found)
        try:
            found, session = playable(found, self.own_key)
        except REPLAY_ERRORS as error:
            file = self._copy_files(session_id)[0][1]
            self._unreadable[session_id] = file
            mine = file == self._file(session_id)
            raise damaged(file, f"does not replay ({error})", recover=mine) from None
        self._unreadable.pop(session_id, None)
        return Opened(session, found, found.seen, events=dict(found.events))
