"""``Store``: the sessions in one folder, and the one process that may write there. A
round takes one path through it, top to bottom in ``record`` and ``_write``.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import time
from collections import OrderedDict
from collections.abc import Callable, Collection, Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from scorekeeper.checks import JSONMapping, JSONObject
from scorekeeper.store import machine
from scorekeeper.store.careful_read import DamagedFile, read_bytes
from scorekeeper.store.durable import backup_of, fsync_folder, sweep_stale, write_atomically
from scorekeeper.store.lock import WriterLock, take_lock
from scorekeeper.store.reach import CameBack
from scorekeeper.store.reader import Opened, Reader, is_session_id, playable, row, when
from scorekeeper.store.stamp import files_identity
from scorekeeper.store.store_errors import REPLAY_ERRORS, StoreError, cannot_write_down, not_found
from scorekeeper.store.summary import state

if TYPE_CHECKING:
    from scorekeeper.session import Session
    from scorekeeper.store import log
    from scorekeeper.store.events import Event
    from scorekeeper.store.gather import Gathered
    from scorekeeper.store.merge import Version
    from scorekeeper.store.sidecar import Keeper

CACHED_SESSIONS = 8


class Saved(NamedTuple):
    """A session as another store saved it: its id there and its times (ISO 8601)."""

    id: str
    session: Session
    started: str
    updated: str


def _now() -> tuple[int, str]:
    """Milliseconds for the log, and the ISO-8601 local time a person reads."""
    at = time.time_ns() // 1_000_000
    return at, when(at)


class Store(Reader):
    """The sessions in one folder. One writer at a time; readers need no lock. Sessions
    ``load`` and ``record`` return are the store's own: change them only through it. The
    app calls it from workers too: each change holds the guard (``_changing``)."""

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        readonly: bool = False,
        keeper: Keeper | None = None,
    ) -> None:
        super().__init__(path, readonly=readonly, keeper=keeper)
        self._open: OrderedDict[str, Opened] = OrderedDict()
        self._written_back: list[CameBack] = []
        self._held: dict[str, list[Event]] = {}
        """This laptop's events of sessions whose log came back shorter, until written back."""
        self._stamped = 0
        """The last millisecond a change was given: two in one millisecond list as made."""
        self._lock: WriterLock | None = None
        if not readonly:
            self._lock = take_lock(self.places, self._folder, _now()[1])
            try:
                self._move_over()
            except StoreError:
                self.close()
                raise

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Save the index, sweep what a crash left, let another process write; idempotent."""
        if self._lock is None:
            return
        try:
            if self._lock.held():
                with contextlib.suppress(StoreError):
                    self.came_back()  # what this laptop still holds is never left behind
                with self._guard:
                    if self._index.dirty:
                        self._index.save()
                        for name in machine.CACHES if self.places.shared else ():
                            with contextlib.suppress(OSError):  # from before it was shared
                                os.unlink(self.path / name)
                sweep_stale(self.path)
                sweep_stale(self._folder)
                with contextlib.suppress(OSError):
                    os.unlink(self.places.writer)
        finally:
            self._lock.release()
            self._lock = None

    def refresh(self, session_id: str | None = None) -> int:
        """Take in what another machine changed. With ``session_id``, about to be changed
        here: nothing is swept while no log came or went since the last sweep and its logs
        are as it was last read (a few stats, however many sessions the store holds)."""
        if session_id is not None and self._guard.acquire(blocking=False):
            try:
                if self._as_held(session_id):
                    return self.generation
            finally:
                self._guard.release()
        return super().refresh()

    def _as_held(self, session_id: str) -> bool:
        """Whether the session open here is its logs as they are: no log of its own changed
        since it was read, and no log came into the folder (another laptop's first)."""
        opened = self._open.get(session_id)
        if opened is None or not self._index.folder_as_swept():
            return False
        return files_identity(self._copy_files(session_id)) == opened.found.seen

    def _forget(self, session_id: str) -> None:
        """Another laptop's log arrived or changed: what is open is read again, and this
        laptop's own events it held are kept for writing back."""
        super()._forget(session_id)
        opened = self._open.pop(session_id, None)
        if opened is None:
            return
        with contextlib.suppress(StoreError):
            found = self.gathered(session_id)
            self._reach.check(session_id, found)
            lost = [e for made, e in opened.found.events.items() if made not in found.events]
            if lost and session_id in self._reach.pending:
                self._held[session_id] = lost

    def came_back(self, session_id: str | None = None) -> list[CameBack]:
        """The sessions (or the one) whose log came back shorter, written back, each once."""
        if self.readonly:
            return self.put_back(session_id)
        with self._guard:
            for pending in list(self._reach.pending):
                if session_id in (None, pending):
                    self._write_back(pending)
            said = [back for back in self._written_back if session_id in (None, back.session_id)]
            self._written_back = [back for back in self._written_back if back not in said]
            return said

    def _write_back(self, session_id: str) -> None:
        """Write this laptop's events its log lost back into it with the same ids (every
        laptop takes them in once), from the session open here, the log as last written
        (kept outside the folder) or its backup."""
        from scorekeeper.store import log  # here: a list read from its index opens no database

        self.ensure_writable()
        came = self._reach.pending.pop(session_id)
        held = self._held.pop(session_id, [])
        opened = self._open.pop(session_id, None)
        if opened is not None:
            held += list(opened.found.events.values())
        try:
            for kept in (self._reach.kept(session_id), backup_of(self._file(session_id))):
                with contextlib.suppress(DamagedFile, OSError):
                    held += list(log.read(kept, self.laptop.id).events)
            found = self.gathered(session_id)
            mine = {e.id: e for e in held if e.laptop == self.laptop.id}
            lost = [e for made, e in sorted(mine.items()) if made not in found.events]
            if lost:
                own = self._own_log(session_id, found.events)
                own.extend([event.record() for event in lost], [])
                self._reach.keep(session_id, self._file(session_id))
                found = self.gathered(session_id)
                self._reach.note(session_id, own.count, len(found.merged.shown.rounds))
            self._after(session_id, found)
        except StoreError:
            self._reach.pending[session_id] = came
            raise
        back = len(found.merged.shown.rounds) if lost else 0
        self._written_back.append(came._replace(back=back))

    def add(self, session: Session) -> str:
        """Store ``session`` (with any rounds it has); returns its new id."""
        self.ensure_writable()
        with self._guard:
            session_id = self._new_id()
            at, started = self._clock()
            self._write(session_id, _made(session, started, at))
            return session_id

    def _clock(self) -> tuple[int, str]:
        """``_now``, a millisecond later than this store's last change at least."""
        at, local = _now()
        self._stamped = max(at, self._stamped + 1)
        return self._stamped, local

    def record(self, session_id: str, round_: JSONMapping) -> Session:
        """Check the round through the session, then save it; a refused round saves nothing."""
        with self._changing(session_id) as opened:
            opened.session.record(round_)
            played = opened.session.rounds[-1]  # the session's own copy, as recorded
            return self._change(session_id, opened, "round", {"round": played})

    def undo(self, session_id: str) -> JSONObject:
        """Remove the last round and return it."""
        with self._changing(session_id) as opened:
            removed = opened.session.undo()
            self._change(session_id, opened, "undo", {})
            return removed

    def edit(self, session_id: str, index: int, round_: JSONMapping) -> Session:
        """Replace round ``index`` (0-based); later rounds must still hold, or nothing changes."""
        with self._changing(session_id) as opened:
            opened.session.edit(index, round_)
            made = opened.session.rounds[index]
            return self._change(session_id, opened, "edit", {"index": index, "round": made})

    def settle_versions(
        self, session_id: str, version: Version, choice: str, heads: Sequence[str]
    ) -> Session:
        """Write the table's decision: ``version`` (see ``resolve``) typed on top of the
        versions ``heads`` it settles; nothing is written where it does not replay."""
        from scorekeeper.session import Session  # here: a list is read with no round replayed

        with self._changing(session_id) as opened:
            Session.from_dict(version.session)
            body: JSONObject = {"rounds": list(version.made), "choice": choice}
            return self._change(session_id, opened, "decide", body, tuple(sorted(set(heads))))

    @contextlib.contextmanager
    def _changing(self, session_id: str) -> Iterator[Opened]:
        """The open session about to change, the guard held until the change is listed:
        ``refresh``, in a worker, would forget a session half changed."""
        with self._guard:
            self.ensure_writable()
            yield self._opened(session_id)

    def _change(
        self,
        session_id: str,
        opened: Opened,
        kind: str,
        body: JSONObject,
        after: tuple[str, ...] | None = None,
    ) -> Session:
        """One event on top of the version shown; returns the session as changed. A failure
        forgets the session: memory never claims more than the disk holds."""
        on_top = (opened.found.folded.shown.head,) if after is None else after
        try:
            return self._write(session_id, [(kind, body, on_top, self._clock()[0])], opened)
        except StoreError:
            self._open.pop(session_id, None)
            raise

    def _write(
        self, session_id: str, made: list[log.Made], opened: Opened | None = None
    ) -> Session:
        """Every change's one way to the disk: the events ``made`` appended to this laptop's
        log in one durable write, then opened, kept beside and listed. Where no other log
        changed since ``opened`` was read, the fold is stepped in memory and the session as
        changed here kept: a round costs one round, however long the game."""
        from scorekeeper.store.older_entries import NAME_CAP  # here: Home starts without it

        files, own_key = self._copy_files(session_id), self.own_key
        if opened is not None and opened.own is not None:
            own = opened.own
        else:
            held, read = ({}, None) if opened is None else (opened.found.events, opened.found.own)
            own = self._own_log(session_id, held, read=read)
        file, laptop = own.path, self.laptop
        name = laptop.name[:NAME_CAP]
        known = {} if opened is None else opened.found.merged.names
        if known.get(laptop.id) != name:  # how the others name this laptop
            made = [("laptop", {"key": laptop.id, "value": name}, (), made[0][3]), *made]
        others = [(key, path) for key, path in files if key != own_key]
        theirs = files_identity(others)
        unchanged = opened is not None and files_identity(files) == opened.found.seen
        try:
            written = own.extend([], made)
        except (ValueError, TypeError) as error:
            raise cannot_write_down(file, error) from None
        except OSError as error:  # a damaged log is a ValueError: not written down
            raise StoreError(
                f"Could not save {file}: {error.strerror or error}. The change was not saved "
                "and the file still holds the state before it. Make room on the disk (or fix "
                "what the message says) and try again.",
                file,
            ) from error
        self._reach.keep(session_id, file)
        found, session = None, None
        # another laptop's log arriving before or during the write: folded again
        if opened is not None and unchanged and files_identity(others) == theirs:
            from scorekeeper.store.gather import stepped  # here: Home starts without it

            files = files if (own_key, file) in files else sorted([*files, (laptop.id, file)])
            found, session = stepped(opened.found, written, files_identity(files)), opened.session
        if found is None:
            found, files, session = self.gathered(session_id), self._copy_files(session_id), None
        self._reach.note(session_id, own.count, len(found.merged.shown.rounds))
        return self._after(session_id, found, session, own, files)

    def _after(
        self,
        session_id: str,
        found: Gathered,
        session: Session | None = None,
        own: log.OwnLog | None = None,
        files: list[tuple[str, Path]] | None = None,
    ) -> Session:
        """The session as its logs make it now (``session``: as changed here, where the
        fold was stepped): open here, kept beside and listed (``files``: its logs)."""
        file = self._file(session_id) if own is None else own.path
        try:
            if session is None:
                found, session = playable(found, self.own_key)
        except REPLAY_ERRORS as error:
            self._open.pop(session_id, None)
            raise cannot_write_down(file, error) from None
        held = self._open.get(session_id)
        files = self._copy_files(session_id) if files is None else files
        if self._beside is not None:
            self._beside.keep(file, session_id, session, files)
        fixed = None if held is None else held.fixed
        order, kept, broken, fixed = row(found, session, files, fixed)
        self._remember(session_id, Opened(session, found, own, fixed))
        keys, waits = tuple(key for key, _ in files), state(found.merged)
        self._index.put(session_id, found.seen or [], order, kept, waits, keys, tuple(broken))
        return session

    def _own_log(
        self,
        session_id: str,
        held: dict[str, Event],
        file: Path | None = None,
        read: log.Read | None = None,
    ) -> log.OwnLog:
        """This laptop's log of the session (at ``file`` where staged; ``read`` as read),
        numbering on from every event of its own it ever wrote there, held or noted."""
        from scorekeeper.store import log  # here: a list read from its index opens no database

        noted = self._reach.noted(session_id)
        file = file or self._file(session_id)
        return log.OwnLog(file, self.laptop.id, held, noted[0] if noted else 0, read)

    def delete(self, session_id: str) -> None:
        """Remove every laptop's log of the session, with their backups."""
        from scorekeeper.store.sidecar import rows_file  # here: a store opened keeps none

        self.ensure_writable()
        with self._guard:
            files = [path for _, path in self._copy_files(session_id)]
            if not files:
                raise not_found(self.path, session_id)
            for file in files:
                try:
                    os.unlink(file)
                except FileNotFoundError:
                    continue
                except OSError as error:
                    raise StoreError(f"Could not delete {file}: {error.strerror}.", file) from error
                for kept in (backup_of(file), rows_file(file)):
                    with contextlib.suppress(FileNotFoundError):
                        os.unlink(kept)
            fsync_folder(self._folder)
            self._open.pop(session_id, None)
            self._reach.forget(session_id)
            self._unreadable.pop(session_id, None)
            self._index.drop(session_id)

    def rebuild_index(self) -> None:
        """Read every session's logs again and save a fresh index (``scorekeeper doctor``)."""
        self.ensure_writable()
        with self._guard:
            self._index.rebuild()

    def load(self, session_id: str) -> Session:
        with self._guard:
            if self.readonly:
                return self._read_session(session_id).session
            return self._opened(session_id).session

    def ensure_writable(self) -> None:
        """``StoreError`` unless this store is open for writing, its lock still on disk."""
        if self.readonly:
            raise StoreError(
                f"The store {self.path} was opened read-only; nothing can be changed.", self.path
            )
        if self._lock is None:
            raise StoreError(f"The store {self.path} is closed.", self.path)
        if not self._lock.held():
            self._open.clear()
            raise StoreError(
                f"The lock file {self._lock.path} was deleted or replaced while this "
                "scorekeeper had the store open, so another scorekeeper may be writing there "
                "now. To keep both from saving over each other, nothing more is saved here "
                "(all that was shown as recorded is saved): close scorekeeper and open it again.",
                self._lock.path,
            )

    def _new_id(self) -> str:
        from scorekeeper.ids import new_id  # here: Home's first frame makes no session

        while True:
            session_id = new_id()
            if not self._copy_files(session_id):
                return session_id

    def _opened(self, session_id: str) -> Opened:
        if session_id in self._reach.pending:
            self._write_back(session_id)  # never a change made on the older log
        opened = self._open.get(session_id)
        if opened is None:
            opened = self._read_session(session_id)
            if session_id in self._reach.pending:
                self._write_back(session_id)
                opened = self._open[session_id]
            elif self._beside is not None:  # handed what was kept: a change costs one round
                files = self._copy_files(session_id)
                self._beside.seed(self._file(session_id), session_id, opened.session, files)
        self._remember(session_id, opened)
        return opened

    def _remember(self, session_id: str, opened: Opened) -> None:
        self._open[session_id] = opened
        self._open.move_to_end(session_id)
        if len(self._open) > CACHED_SESSIONS:
            self._open.popitem(last=False)

    def add_saved(
        self,
        sessions: Sequence[Saved],
        before_commit: Callable[[list[str]], None] | None = None,
        *,
        replacing: Collection[str] = (),
        versions: Sequence[tuple[str, Saved]] = (),
    ) -> list[str]:
        """Store sessions saved elsewhere, all or none, keeping their times; returns the id
        each has here (its own where free). Those in ``replacing`` (the game here gone on
        elsewhere) and ``versions`` (gone on differently) are typed on top of the rounds
        they share with the version shown. Logs are staged in ``importing/``, then after
        ``before_commit(ids)`` moved into place (a failure puts back what was moved)."""
        self.ensure_writable()
        with self._guard:
            staging = self.path / "importing"
            shutil.rmtree(staging, ignore_errors=True)
            ids: list[str] = []
            try:
                staging.mkdir()
                taken: set[str] = set()
                for saved in sessions:
                    session_id = saved.id if is_session_id(saved.id) else self._new_id()
                    while session_id in taken or (
                        session_id not in replacing and self._copy_files(session_id)
                    ):
                        session_id = self._new_id()
                    taken.add(session_id)
                    ids.append(session_id)
                    self._stage(staging, session_id, saved, session_id in replacing)
                for session_id, saved in versions:
                    self._stage(staging, session_id, saved, True)
                fsync_folder(staging)
                if before_commit is not None:
                    before_commit(ids)
                touched = dict.fromkeys([*ids, *(session_id for session_id, _ in versions)])
                _commit(staging, self._folder, [self._file(sid) for sid in touched])
            except (OSError, DamagedFile) as error:
                raise StoreError(
                    f"Could not add the sessions to {self.path}: {error}. Nothing was added; "
                    "make room on the disk (or fix what the message says) and try again.",
                    self.path,
                ) from error
            finally:
                shutil.rmtree(staging, ignore_errors=True)
            for session_id in touched:
                self._open.pop(session_id, None)
                with contextlib.suppress(StoreError):  # left out if unread
                    self._after(session_id, self.gathered(session_id))
            return ids

    def _stage(self, staging: Path, session_id: str, saved: Saved, on_top: bool) -> None:
        """This laptop's log of ``session_id`` with ``saved`` written into it, in ``staging``."""
        own = self._file(session_id)
        staged = staging / own.name
        if not staged.exists() and own.exists():
            shutil.copyfile(own, staged)
        found: Gathered | None = None
        if on_top:
            with contextlib.suppress(StoreError):
                files = [(key, path) for key, path in self._copy_files(session_id) if path != own]
                if staged.exists():
                    files.append((self.own_key, staged))
                from scorekeeper.store.gather import gather  # here: Home starts without it

                found = gather(files, lambda: not_found(self.path, session_id))
        target = self._own_log(session_id, {} if found is None else found.events, staged)
        at = _now()[0]
        with contextlib.suppress(ValueError):
            at = int(datetime.fromisoformat(saved.updated).timestamp() * 1000)
        if found is None:
            target.extend([], _made(saved.session, saved.started, at))
            return
        from scorekeeper.store.merge import Version, parted  # here: Home starts without it

        rounds = saved.session.to_dict()["rounds"]
        shown = found.merged.shown
        shared = parted([shown, Version({"rounds": rounds}, ())])
        setup = found.folded.setup
        assert setup is not None
        head = shown.made[shared - 1] if shared else setup.id
        made: list[log.Made] = [
            ("round", {"round": round_}, None if number else (head,), at)
            for number, round_ in enumerate(rounds[shared:])
        ]
        target.extend([], made)


def _made(session: Session, started: str, at: int) -> list[log.Made]:
    """The events that make ``session`` anew: its set-up, then each of its rounds."""
    table = session.to_dict()
    rounds = table.pop("rounds")
    made: list[log.Made] = [("setup", {**table, "started": started}, (), at)]
    return made + [("round", {"round": round_}, None, at) for round_ in rounds]


def _commit(staging: Path, folder: Path, targets: list[Path]) -> None:
    """Move each log staged in ``staging`` into place at ``targets``; if one fails, put
    back, byte for byte, every file they replaced (none where there was none)."""
    kept: dict[Path, bytes | None] = {}
    try:
        for target in targets:
            for old in (target, backup_of(target)):
                kept[old] = read_bytes(old)
            if kept[target] is not None:
                os.replace(target, backup_of(target))
            os.replace(staging / target.name, target)
        fsync_folder(folder)
    except BaseException:
        for old, data in kept.items():
            with contextlib.suppress(OSError):
                if data is None:
                    os.unlink(old)
                else:
                    write_atomically(old, data)
        with contextlib.suppress(OSError):
            fsync_folder(folder)
        raise
