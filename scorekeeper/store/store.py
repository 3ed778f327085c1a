"""``Store``: the sessions in one folder, and the one process that may write there.

A round takes one path through it, top to bottom in ``record`` and ``_save``: the open
session (replayed once, then kept) checks the round, the session's whole document is
made and written durably (``documents``, ``durable``), the keeper registered by a layer
above keeps its cache beside the file (``sidecar``), and the session list's index is
updated in memory (``index``), to be saved as the store closes.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections import OrderedDict
from collections.abc import Callable, Collection, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from scorekeeper.checks import JSONMapping, JSONObject
from scorekeeper.ids import new_id
from scorekeeper.store import copies, documents, machine, sidecar
from scorekeeper.store.careful_read import DamagedFile
from scorekeeper.store.durable import backup_of, fsync_folder, sweep_stale
from scorekeeper.store.lock import WriterLock, take_lock
from scorekeeper.store.merge import Copy, Decision, Stamp, Version, merge, same
from scorekeeper.store.reach import CameBack
from scorekeeper.store.reader import Opened, Reader, is_session_id
from scorekeeper.store.sidecar import Keeper
from scorekeeper.store.staging import commit
from scorekeeper.store.store_errors import (
    StoreError,
    cannot_write_down,
    changed_elsewhere,
    lock_lost,
    not_saved,
    read_only,
)

if TYPE_CHECKING:
    from scorekeeper.session import Session

CACHED_SESSIONS = 8


class Saved(NamedTuple):
    """A session as another store saved it: its id there and its times (ISO 8601)."""

    id: str
    session: Session
    started: str
    updated: str


def _newest(kept: Sequence[Copy], floor: int) -> tuple[Session, Copy] | None:
    """The newest of the copies ``kept`` above ``seq`` ``floor`` that replays, replayed."""
    from scorekeeper.session import Session  # here: a list is read with no round replayed

    for copy in sorted(kept, key=lambda copy: copy.seq, reverse=True):
        if copy.seq <= floor:
            break
        try:
            return Session.from_dict(copy.version.session), copy
        except (LookupError, TypeError, ValueError, AttributeError):
            continue
    return None


def _now() -> tuple[int, str]:
    """Nanoseconds for ordering, and the ISO-8601 local time a person reads."""
    stamp = time.time_ns()
    local = datetime.fromtimestamp(stamp / 1e9).astimezone()
    return stamp, local.isoformat(timespec="seconds")


class Store(Reader):
    """The sessions in one folder. One writer at a time; readers need no lock.

    Sessions returned by ``load`` and ``record`` are the store's own: change them only
    through the store. The writer scans the folder once and then trusts what it wrote.
    """

    def __init__(
        self,
        path: str | Path | None = None,
        *,
        readonly: bool = False,
        keeper: Keeper | None = None,
    ) -> None:
        super().__init__(path, readonly=readonly, keeper=keeper)
        self._open: OrderedDict[str, Opened] = OrderedDict()
        self._held: dict[str, Opened] = {}
        """Sessions open here whose copy of this laptop's came back older: what they
        held, until written back (``came_back``)."""
        self._written_back: list[CameBack] = []
        self._lock: WriterLock | None = None
        if not readonly:
            self._lock = take_lock(self.places, self._folder, _now()[1])

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Save the index, sweep what a crash left, and let another process write; safe to
        call twice. The sweep lists every session file, so it waits for the close rather
        than hold back the app's first frame."""
        if self._lock is None:
            return
        try:
            if self._lock.held():
                with contextlib.suppress(StoreError):
                    self.came_back()  # what this laptop still holds is never left behind
                with self._guard:
                    if self._index.dirty:
                        self._index.save()
                        machine.forget_legacy_caches(self.places)
                sweep_stale(self.path)
                sweep_stale(self._folder)
                with contextlib.suppress(OSError):
                    os.unlink(self.places.writer)
        finally:
            self._lock.release()
            self._lock = None

    def _forget(self, session_id: str) -> None:
        super()._forget(session_id)
        opened = self._open.pop(session_id, None)
        if opened is None:
            return
        with contextlib.suppress(StoreError):
            self._reach.check(session_id, self.gathered(session_id).copies)
        if session_id in self._reach.pending:
            self._held[session_id] = opened

    def came_back(self, session_id: str | None = None) -> list[CameBack]:
        """The sessions (or the one) whose copy of this laptop's a sync tool put back
        older than this laptop left it, each with what this laptop still held written
        back (the session as it was open here, else the copy's backup where that is
        newer); each is returned once. Raises ``StoreError`` if one cannot be written."""
        if self.readonly:
            return self.put_back(session_id)
        for pending in list(self._reach.pending):
            if session_id in (None, pending):
                self._write_back(pending)
        said = [back for back in self._written_back if session_id in (None, back.session_id)]
        self._written_back = [back for back in self._written_back if back not in said]
        return said

    def _write_back(self, session_id: str) -> None:
        """Write this laptop's newest copy of the session it still holds on top of the
        older one put back, with a ``seq`` above the one it had; where it holds none, note
        the copy as it is, so that it is said once."""
        self.ensure_writable()
        came = self._reach.pending.pop(session_id)
        held = self._held.pop(session_id, None) or self._open.pop(session_id, None)
        try:
            opened = self._read_session(session_id)
            self._reach.pending.pop(session_id, None)
            now = next((copy for copy in opened.copies if copy.key == self.own_key), None)
            floor = 0 if now is None else now.seq
            kept = [] if held is None else [c for c in held.copies if c.key == self.own_key]
            file = self._file(session_id)
            beside = [backup_of(file), self._reach.kept(session_id)]
            newest = _newest(kept + [c for f in beside for c in self._own_copy(f)], floor)
            if newest is None:
                self._reach.note(session_id, floor, came.rounds)
            else:
                opened.session, copy = newest
                opened.stamps = list(copy.version.stamps)
                self._save(session_id, opened, seq_from=came.seq + 1)
        except StoreError:
            self._reach.pending[session_id] = came
            if held is not None:
                self._held[session_id] = held
            raise
        self._remember(session_id, opened)
        back = 0 if newest is None else len(newest[0].rounds)
        self._written_back.append(came._replace(back=back))

    def _own_copy(self, file: Path) -> list[Copy]:
        """This laptop's copy of a session as ``file`` holds it (the copy's backup, or the
        one kept beside the folder), if it can be read and is this laptop's."""
        try:
            missing = StoreError(f"{file} is gone", file)
            document = documents.read(file, lambda: missing, recover=False)
        except StoreError:
            return []
        found = copies.read(self.own_key, document)
        return [] if isinstance(found, str) or found.laptop != self.laptop.id else [found]

    # -- writing --------------------------------------------------------------------

    def add(self, session: Session) -> str:
        """Store a copy of ``session`` (with any rounds it has); returns its new id."""
        self.ensure_writable()
        from scorekeeper.session import Session  # here: a list is read with no round replayed

        if not isinstance(session, Session):
            raise TypeError(f"Store.add takes a Session, not {type(session).__name__}")
        opened = Opened(Session.from_dict(session.to_dict()), started="", seeded=True)
        session_id = self._new_id()
        self._save(session_id, opened, new=True)
        self._remember(session_id, opened)
        return session_id

    def record(self, session_id: str, round_: JSONMapping) -> Session:
        """Check the round through the session, then save it; a refused round saves nothing."""
        opened = self._changing(session_id)
        opened.session.record(round_)
        self._save(session_id, opened, changed=len(opened.session.rounds) - 1)
        return opened.session

    def undo(self, session_id: str) -> JSONObject:
        """Remove the last round and return it."""
        opened = self._changing(session_id)
        removed = opened.session.undo()
        del opened.stamps[len(opened.session.rounds) :]
        self._save(session_id, opened)
        return removed

    def edit(self, session_id: str, index: int, round_: JSONMapping) -> Session:
        """Replace round ``index`` (0-based); later rounds must still hold, or nothing changes."""
        opened = self._changing(session_id)
        opened.session.edit(index, round_)
        self._save(session_id, opened, changed=index)
        return opened.session

    def settle_versions(
        self, session_id: str, version: Version, choice: str, aside: tuple[Version, ...]
    ) -> Session:
        """Write the table's decision as this laptop's copy: ``version`` (already chosen
        or combined from those waiting, see ``resolve``) on top of every copy, with
        ``aside`` (the versions not chosen) kept readable in it. Raises what replaying
        ``version`` raises; nothing is written then."""
        opened = self._changing(session_id)
        from scorekeeper.session import Session  # here: a list is read with no round replayed

        session = Session.from_dict(version.session)
        every = {copy.key: copy.seq for copy in opened.copies}
        opened.session = session
        opened.stamps = list(version.stamps)
        decision = Decision(_now()[0], self.laptop.id, choice)
        self._save(session_id, opened, decision=decision, aside=aside, covers=every)
        return opened.session

    def _changing(self, session_id: str) -> Opened:
        """The open session about to change; the first time, its keeper is handed what
        was kept for it as it was read, so the save after the change costs one round."""
        self.ensure_writable()
        opened = self._opened(session_id)
        if not opened.seeded:
            opened.seeded = True
            if opened.shown_key == self.own_key and self._identity(session_id) == opened.seen:
                self._beside.seed(self._file(session_id), session_id, opened.session)
        return opened

    def add_saved(
        self,
        sessions: Sequence[Saved],
        before_commit: Callable[[list[str]], None] | None = None,
        *,
        replacing: Collection[str] = (),
        versions: Sequence[tuple[str, bytes]] = (),
    ) -> list[str]:
        """Store sessions saved elsewhere, all or none; returns the id each one has here.

        Each keeps its id where that is free here (else gets a new one) and its times, so it
        stays in its night; one whose id is in ``replacing`` takes the place of the session
        stored under that id (the game went on elsewhere), which becomes its ``.bak``. Every
        file is written and synced in ``importing/`` first; only then, after
        ``before_commit(ids)``, are they moved into ``sessions/``. A failure before that
        leaves the store exactly as it was; one while moving puts back what was moved.
        ``versions``: more copies of sessions here (file name, bytes: ``imported``), written
        and moved in with them.
        """
        import shutil  # here, as importing is the only writing that needs it

        self.ensure_writable()
        staging = self.path / "importing"
        shutil.rmtree(staging, ignore_errors=True)
        staged: list[tuple[str, int, JSONObject]] = []
        try:
            staging.mkdir()
            taken: set[str] = set()
            for saved in sessions:
                session_id = saved.id
                if not is_session_id(session_id) or session_id in taken:
                    session_id = self._new_id()
                while session_id in taken or (
                    session_id not in replacing and self._copy_files(session_id)
                ):
                    session_id = self._new_id()
                taken.add(session_id)
                fields = documents.summary_fields(saved.session, saved.started, saved.updated)
                order = time.time_ns()
                with contextlib.suppress(ValueError):
                    order = int(datetime.fromisoformat(saved.updated).timestamp() * 1e9)
                file = staging / f"{session_id}.json"
                document = documents.document(saved.session, order, fields)
                gone_on = None
                if session_id in replacing:
                    with contextlib.suppress(StoreError):
                        gone_on = self.gathered(session_id)
                document["copy"] = copies.imported_part(
                    self.laptop,
                    self.own_key,
                    None if gone_on is None else gone_on.merged,
                    [] if gone_on is None else gone_on.copies,
                    saved.session,
                    order,
                )
                data = documents.encoded(document)
                documents.write(file, data)
                self._beside.keep(file, session_id, saved.session, data)
                staged.append((session_id, order, fields))
            for name, data in versions:
                documents.write(staging / name, data)
            fsync_folder(staging)
            ids = [session_id for session_id, _, _ in staged]
            if before_commit is not None:
                before_commit(ids)
            self._index.before_change()
            targets = [(f"{sid}.json", sid, self._file(sid)) for sid in ids]
            targets += [(name, "", self._folder / name) for name, _ in versions]
            commit(staging, self._folder, targets, set(replacing))
        except (OSError, DamagedFile) as error:
            raise StoreError(
                f"Could not add the sessions to {self.path}: {error}. Nothing was added; "
                "make room on the disk (or fix what the message says) and try again.",
                self.path,
            ) from error
        finally:
            shutil.rmtree(staging, ignore_errors=True)
        for session_id, _, _ in staged:
            self._open.pop(session_id, None)
            self._reindex(session_id)
        if versions:
            self.refresh()  # the sessions they are versions of, read again
        return ids

    def delete(self, session_id: str) -> None:
        """Remove the session from disk: every laptop's copy of it, with their backups
        (deleting is on purpose: the versions set aside go with it)."""
        self.ensure_writable()
        files = [path for _, path in self._copy_files(session_id)]
        if not files:
            raise self._not_found(session_id)
        self._index.before_change()
        for file in files:
            try:
                os.unlink(file)
            except FileNotFoundError:
                continue
            except OSError as error:
                raise StoreError(f"Could not delete {file}: {error.strerror}.", file) from error
            for kept in (backup_of(file), sidecar.rows_file(file)):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(kept)
        fsync_folder(self._folder)
        self._open.pop(session_id, None)
        self._reach.forget(session_id)
        with self._guard:
            self._unreadable.pop(session_id, None)
            self._index.drop(session_id)

    def rebuild_index(self) -> None:
        """Read every session file again and save a fresh index (``scorekeeper doctor``)."""
        self.ensure_writable()
        with self._guard:
            self._index.rebuild()

    # -- reading --------------------------------------------------------------------

    def load(self, session_id: str) -> Session:
        if self.readonly:
            return self._read_session(session_id).session
        return self._opened(session_id).session

    def ensure_writable(self) -> None:
        """Raise ``StoreError`` unless this store may write now: open for writing, and its
        lock still the lock on disk (files beside the sessions check this too)."""
        if self.readonly:
            raise read_only(self.path)
        if self._lock is None:
            raise StoreError(f"The store {self.path} is closed.", self.path)
        if not self._lock.held():
            self._open.clear()
            raise lock_lost(self._lock.path)

    def _new_id(self) -> str:
        while True:
            session_id = new_id()
            if not self._copy_files(session_id):
                return session_id

    def _opened(self, session_id: str) -> Opened:
        if session_id in self._reach.pending:
            self._write_back(session_id)  # never a change made on the older copy
        opened = self._open.get(session_id)
        if opened is None:
            opened = self._read_session(session_id)
            if session_id in self._reach.pending:
                self._write_back(session_id)
                opened = self._open[session_id]
        self._remember(session_id, opened)
        return opened

    def _remember(self, session_id: str, opened: Opened) -> None:
        self._open[session_id] = opened
        self._open.move_to_end(session_id)
        if len(self._open) > CACHED_SESSIONS:
            self._open.popitem(last=False)

    def _save(
        self,
        session_id: str,
        opened: Opened,
        *,
        new: bool = False,
        changed: int | None = None,
        decision: Decision | None = None,
        aside: tuple[Version, ...] | None = None,
        covers: Mapping[str, int] | None = None,
        seq_from: int = 0,
    ) -> None:
        """Every change's one way to the disk: this laptop's copy of the session (its
        document, with the stamps of its rounds and what it took in), its durable write,
        the keeper's cache beside it, the index. On any failure the session is forgotten,
        so memory never claims more than the disk holds. ``changed``: the round just
        recorded or edited, stamped now; ``seq_from``: the least ``seq`` of the copy."""
        file = self._file(session_id)
        order, updated = _now()
        opened.started = opened.started or updated
        laptop = self.laptop
        count = len(opened.session.rounds)
        stamps = opened.stamps[:count]
        stamps += [(order, laptop.id)] * (count - len(stamps))
        if changed is not None and changed < count:
            stamps[changed] = (order, laptop.id)
        try:
            fields = documents.summary_fields(opened.session, opened.started, updated)
            document = documents.document(opened.session, order, fields)
            document["copy"] = copies.on_top_part(
                laptop,
                self.own_key,
                opened.merged,
                opened.copies,
                document["session"],
                stamps,
                decision=decision,
                aside=aside,
                covers=covers,
                seq_from=seq_from,
            )
            data = documents.encoded(document)
        except (ValueError, TypeError) as error:
            self._open.pop(session_id, None)
            raise cannot_write_down(file, error) from None
        if not new and self._identity(session_id) != opened.seen:
            self._open.pop(session_id, None)
            raise changed_elsewhere(file)
        try:
            with self._guard:
                self._index.before_change()
            documents.write(file, data)
        except OSError as error:
            self._open.pop(session_id, None)
            raise not_saved(file, error) from error
        self._reach.note(session_id, document["copy"]["seq"], count)
        self._reach.keep(session_id, file)
        self._beside.keep(file, session_id, opened.session, data)
        self._after_save(session_id, opened, document, stamps, fields)

    def _after_save(
        self,
        session_id: str,
        opened: Opened,
        document: JSONObject,
        stamps: list[Stamp],
        fields: JSONObject,
    ) -> None:
        """The open session and the index as the copies make them now that this laptop's
        is written: where another waiting version is still shown (an undo that left this
        laptop's rounds the start of the other's), that one is."""
        mine = copies.read(self.own_key, document)
        assert not isinstance(mine, str)  # a copy this laptop just made
        opened.copies = [copy for copy in opened.copies if copy.key != self.own_key] + [mine]
        opened.merged = merged = merge(opened.copies)
        opened.stamps = stamps
        opened.shown_key = self.own_key
        opened.seen = self._identity(session_id)
        if not same(merged.shown, mine.version):
            holder = next(copy for copy in opened.copies if copy.version is merged.shown)
            from scorekeeper.session import Session  # here: a list is read with no round replayed

            opened.session = Session.from_dict(merged.shown.session)
            opened.stamps = list(merged.shown.stamps)
            opened.shown_key = holder.key
            fields = documents.summary_fields(opened.session, opened.started, fields["updated"])
        assert opened.seen is not None
        self._put(session_id, opened.seen, document["order"], fields, merged)
