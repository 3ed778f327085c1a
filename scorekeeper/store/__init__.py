"""The sessions on disk: one durable TinyDB file per session, and an index that is a cache.

A store is a folder: ``Store(path)``, by default ``$SCOREKEEPER_DB`` or else the user data
folder. Inside it::

    sessions/<id>.json      one session: setup, rounds, a summary and the rounds' results
                            (TinyDB, table "session"; see ``documents``)
    sessions/<id>.json.bak  the same file as it was before its last save
    index.json              every session's summary; rebuilt from the files when stale or damaged
    importing/              sessions from another store, staged until all are written
    index.stamp             present only while nothing has been saved since index.json was
    recent.json             the most recent summaries, the list's first screenful
    lock, writer.json       the one writer's lock, and who holds it

A store in a folder synced between laptops keeps the index, its stamp, the recent list,
the lock and the writer file on each machine instead (``machine``); a sync engine's
conflict copy of a session waits beside it for a person to decide (``conflicts``).

Recording a round rewrites only that session's file, so it costs the same with ten sessions
stored or ten thousand. Listing replays no round: it reads the index and, unless the stamp
vouches for it, checks each file's inode, size and modification time and re-reads the files
that changed.

Inside the package: ``durable`` writes files atomically, ``documents`` reads and upgrades
one session's file, ``index`` keeps the summaries cache, ``errors`` words what goes wrong.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper import collector
from scorekeeper.session import Session
from scorekeeper.store import conflicts as conflicts_module
from scorekeeper.store import documents, machine
from scorekeeper.store import index as index_module
from scorekeeper.store.documents import MIGRATIONS, SCHEMA, damaged, how_to_recover
from scorekeeper.store.durable import (
    DamagedFile,
    backup_of,
    encode,
    fsync_folder,
    read_json,
    sweep_stale,
    write_atomically,
)
from scorekeeper.store.errors import (
    SessionNotFound,
    StoreDamaged,
    StoreError,
    StoreLocked,
    not_found,
)
from scorekeeper.store.index import Index, Summary, identity, summary
from scorekeeper.store.lock import LockHeld, WriterLock
from scorekeeper.wording import visible

if TYPE_CHECKING:
    from scorekeeper.reports.rows import Rows

__all__ = [
    "MIGRATIONS",
    "SCHEMA",
    "Saved",
    "SessionNotFound",
    "Store",
    "StoreDamaged",
    "StoreError",
    "StoreLocked",
    "Summary",
    "default_path",
    "how_to_recover",
]

CACHED_SESSIONS = 8
_SESSION_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def default_path() -> Path:
    """``$SCOREKEEPER_DB`` if set, else the user data folder (~/.local/share/scorekeeper)."""
    override = os.environ.get("SCOREKEEPER_DB")
    if override:
        return Path(override).expanduser()
    import platformdirs  # here: a command given its store (--db) never needs it

    return Path(platformdirs.user_data_dir("scorekeeper", appauthor=False))


@dataclass(frozen=True)
class Saved:
    """A session as another store saved it: its id there and its times (ISO 8601)."""

    id: str
    session: Session
    started: str
    updated: str


@dataclass
class _Open:
    """A session the writer has replayed once, kept so the next round costs one round."""

    session: Session
    started: str
    seen: list[int] | None = None
    """The identity of the file as last read or written: if it changed, another process
    wrote it, and saving over it would lose what that process saved."""


def _now() -> tuple[int, str]:
    """Nanoseconds for ordering, and the ISO-8601 local time a person reads."""
    stamp = time.time_ns()
    local = datetime.fromtimestamp(stamp / 1e9).astimezone()
    return stamp, local.isoformat(timespec="seconds")


def _read_document(store: Path, file: Path, session_id: str) -> dict[str, Any]:
    """A session's document, read for the store at ``store``. The index is handed this
    with the path, not the store's own method: that would make the store and its index
    a cycle, which with 10,000 summaries in it waits for the cyclic collector to be freed."""
    return documents.read(file, lambda: not_found(store, session_id))


def _is_session_id(name: str) -> bool:
    return _SESSION_ID.fullmatch(name) is not None


def _not_held_here(legacy: Path) -> None:
    """Raise ``LockHeld`` if a scorekeeper on this machine that kept its lock beside the
    sessions (before the store was shared) is writing there now."""
    if not os.path.lexists(legacy):
        return
    other = WriterLock(legacy)
    try:
        other.acquire()
    except OSError:
        return  # not a lock anyone here can hold: no writer behind it
    other.release()


class Store:
    """The sessions in one folder. One writer at a time; readers need no lock.

    Sessions returned by ``load`` and ``record`` are the store's own: change them only
    through the store. The writer scans the folder once and then trusts what it wrote.
    """

    def __init__(self, path: str | Path | None = None, *, readonly: bool = False) -> None:
        self.path = default_path() if path is None else Path(path).expanduser()
        self.readonly = readonly
        self._folder = self.path / "sessions"
        self._open: OrderedDict[str, _Open] = OrderedDict()
        self.places = machine.places(self.path)
        self._index = Index(
            self.places.index,
            self._folder,
            readonly=readonly,
            read=functools.partial(_read_document, self.path),
            is_session_id=_is_session_id,
            legacy=self.places.legacy_index,
        )
        self._generation = 0
        self._changed: dict[str, int] = {}
        self._conflicts_seen: list[conflicts_module.Conflict] = []
        self._unreadable: dict[str, Path] = {}
        self._lock: WriterLock | None = None
        self._guard = threading.RLock()
        """Held while the index is read or changed: the app lists sessions in a worker
        thread while its event loop may be saving a round."""
        if self.path.exists() and not self.path.is_dir():
            raise StoreError(
                f"{self.path} is a file, but a store is a folder: give a folder instead "
                "(it is created if missing).",
                self.path,
            )
        if not readonly:
            self._open_for_writing()

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

    # -- writing --------------------------------------------------------------------

    def add(self, session: Session) -> str:
        """Store a copy of ``session`` (with any rounds it has); returns its new id."""
        self.ensure_writable()
        if not isinstance(session, Session):
            raise TypeError(f"Store.add takes a Session, not {type(session).__name__}")
        opened = _Open(Session.from_dict(session.to_dict()), started="")
        session_id = self._new_id()
        self._save(session_id, opened, new=True)
        self._remember(session_id, opened)
        return session_id

    def record(self, session_id: str, round_: Mapping[str, Any]) -> Session:
        """Check the round through the session, then save it; a refused round saves nothing."""
        self.ensure_writable()
        opened = self._opened(session_id)
        opened.session.record(round_)
        self._save(session_id, opened)
        return opened.session

    def undo(self, session_id: str) -> dict[str, Any]:
        """Remove the last round and return it."""
        self.ensure_writable()
        opened = self._opened(session_id)
        removed = opened.session.undo()
        self._save(session_id, opened)
        return removed

    def edit(self, session_id: str, index: int, round_: Mapping[str, Any]) -> Session:
        """Replace round ``index`` (0-based); later rounds must still hold, or nothing changes."""
        self.ensure_writable()
        opened = self._opened(session_id)
        opened.session.edit(index, round_)
        self._save(session_id, opened)
        return opened.session

    def add_saved(
        self, sessions: Sequence[Saved], before_commit: Callable[[list[str]], None] | None = None
    ) -> list[str]:
        """Store sessions saved elsewhere, all or none; returns the id each one has here.

        Each keeps its id where that is free here (else gets a new one) and its times, so it
        stays in its night. Every file is written and synced in ``importing/`` first; only
        then, after ``before_commit(ids)``, are they moved into ``sessions/``. A failure
        before that leaves the store exactly as it was; one while moving takes back the
        files already moved.
        """
        import shutil  # here, as importing is the only writing that needs it

        self.ensure_writable()
        staging = self.path / "importing"
        shutil.rmtree(staging, ignore_errors=True)
        staged: list[tuple[str, int, dict[str, Any]]] = []
        try:
            staging.mkdir()
            taken: set[str] = set()
            for saved in sessions:
                session_id = saved.id
                if not _is_session_id(session_id) or session_id in taken:
                    session_id = self._new_id()
                while session_id in taken or self._file(session_id).exists():
                    session_id = self._new_id()
                taken.add(session_id)
                fields = documents.summary_fields(saved.session, saved.started, saved.updated)
                order = time.time_ns()
                with contextlib.suppress(ValueError):
                    order = int(datetime.fromisoformat(saved.updated).timestamp() * 1e9)
                file = staging / f"{session_id}.json"
                document = documents.document(saved.session, order, fields)
                _, written = documents.write(file, document, first=True)
                documents.keep_rows(file, session_id, saved.session, written)
                staged.append((session_id, order, fields))
            fsync_folder(staging)
            ids = [session_id for session_id, _, _ in staged]
            if before_commit is not None:
                before_commit(ids)
            self._index.before_change()
            self._commit(staging, ids)
        except (OSError, DamagedFile) as error:
            raise StoreError(
                f"Could not add the sessions to {self.path}: {error}. Nothing was added; "
                "make room on the disk (or fix what the message says) and try again.",
                self.path,
            ) from error
        finally:
            shutil.rmtree(staging, ignore_errors=True)
        for session_id, order, fields in staged:
            self._index.put(session_id, os.stat(self._file(session_id)), order, fields)
        return ids

    def _commit(self, staging: Path, ids: list[str]) -> None:
        """Move staged session files into place; if one fails, take back those moved."""
        moved: list[Path] = []
        try:
            for session_id in ids:
                target = self._file(session_id)
                if target.exists():
                    raise FileExistsError(f"{target} appeared while importing")
                os.replace(staging / f"{session_id}.json", target)
                moved.append(target)
                with contextlib.suppress(OSError):  # only a cache: the export can do without
                    os.replace(staging / f"{session_id}.rows", documents.rows_file(target))
            fsync_folder(self._folder)
        except BaseException:
            for target in moved:
                for made in (target, documents.rows_file(target)):
                    with contextlib.suppress(OSError):
                        os.unlink(made)
            with contextlib.suppress(OSError):
                fsync_folder(self._folder)
            raise

    def delete(self, session_id: str) -> None:
        """Remove the session and its backup from disk."""
        self.ensure_writable()
        file = self._file(session_id)
        try:
            self._index.before_change()
            os.unlink(file)
        except FileNotFoundError:
            raise self._not_found(session_id) from None
        except OSError as error:
            raise StoreError(f"Could not delete {file}: {error.strerror}.", file) from error
        for kept in (backup_of(file), documents.rows_file(file)):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(kept)
        fsync_folder(self._folder)
        self._open.pop(session_id, None)
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

    def saved(self, session_id: str) -> dict[str, Any]:
        """The session as saved (``Session.to_dict``'s shape), no round replayed: for
        reports that only read the rounds, at about a tenth of the cost of ``load``."""
        saved: dict[str, Any] = self._read_document(self._file(session_id), session_id)["session"]
        return saved

    def document(self, session_id: str) -> dict[str, Any]:
        """The session's whole document as saved and checked on every read (see
        ``documents``), no round replayed: for the CSV export, which takes its ``rows``
        where ``documents.sealed_rows`` vouches for them."""
        return self._read_document(self._file(session_id), session_id)

    def sealed_rows(self, session_id: str) -> Rows | None:
        """What the session adds to a CSV export, as kept beside its file, where the seal
        says it was written with the file as it is (``documents.sealed_rows``); else None,
        and the export replays the session. The file is not read as JSON."""
        return documents.sealed_rows(self._file(session_id), session_id)

    def summaries(self) -> list[Summary]:
        """Every readable session, most recently updated first (see ``damaged`` for the rest)."""
        with self._guard, collector.paused():
            return self._summaries()

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
        entries, total = found
        return [summary(sid, entry[4]) for sid, entry in entries], total

    def _summaries(self) -> list[Summary]:
        """Apart from ``summaries`` so the index is freed before the collector resumes."""
        index = self._index.entries()
        live = [
            (entry[3], sid)
            for sid, entry in index.items()
            if type(entry[4]) is list and sid not in self._unreadable
        ]
        live.sort(reverse=True)
        return [self._index.summary(sid, index[sid]) for _, sid in live]

    def refresh(self) -> int:
        """Take in what another machine changed (a sync engine brought a session file,
        changed one, took one away, or left a conflict copy): one ``stat`` while the
        sessions folder is as it was. Returns a number that grows with each such change,
        for ``changed_since``."""
        with self._guard:
            changed = self._index.refresh()
            if changed is None:
                return self._generation
            found = conflicts_module.find(self._folder)
            if changed or found != self._conflicts_seen:
                self._generation += 1
                self._conflicts_seen = found
                for session_id in changed:
                    self._changed[session_id] = self._generation
                    self._open.pop(session_id, None)
                    self._unreadable.pop(session_id, None)
            return self._generation

    def changed_since(self, generation: int, session_id: str) -> bool:
        """Whether ``refresh`` found session ``session_id`` changed after ``generation``."""
        return self._changed.get(session_id, 0) > generation

    def conflicts(self) -> list[conflicts_module.Conflict]:
        """The sessions a sync engine brought back in two versions, waiting for a person."""
        return conflicts_module.find(self._folder)

    def damaged(self) -> list[Path]:
        """Session files that cannot be read; they are left untouched (see ``how_to_recover``)."""
        with self._guard:
            index = self._index.entries()
        files = {self._file(sid) for sid, entry in index.items() if type(entry[4]) is str}
        files.update(file for sid, file in self._unreadable.items() if sid in index)
        return sorted(files)

    # -- inside ---------------------------------------------------------------------

    def _open_for_writing(self) -> None:
        import socket  # here: a reader, such as every command but a few, needs none

        try:
            self._folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(
                f"Cannot create the store folder {self.path}: {error.strerror}. "
                "Give another folder with --db or SCOREKEEPER_DB.",
                self.path,
            ) from error
        lock = WriterLock(self.places.lock)
        try:
            machine.prepare(self.places)
            lock.acquire()
            if self.places.shared:
                _not_held_here(self.path / "lock")
        except LockHeld:
            lock.release()
            raise StoreLocked(self.path, self._owner()) from None
        except OSError as error:
            raise StoreError(
                f"Cannot lock the store {self.path}: {error.strerror}.", self.path
            ) from error
        self._lock = lock
        owner = {
            "pid": os.getpid(),
            "host": socket.gethostname(),
            # drawn: an argument of bytes that are not UTF-8 must not stop the store opening
            "command": visible(" ".join([Path(sys.argv[0]).name, *sys.argv[1:]]))
            if sys.argv
            else "",
            "since": _now()[1],
        }
        with contextlib.suppress(OSError):
            write_atomically(self.places.writer, encode(owner), durable=False)

    def _owner(self) -> dict[str, Any]:
        try:
            return read_json(self.places.writer) or {}
        except (DamagedFile, OSError):
            return {}

    def ensure_writable(self) -> None:
        """Raise ``StoreError`` unless this store may write now: open for writing, and its
        lock still the lock on disk (files beside the sessions check this too)."""
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

    def _file(self, session_id: str) -> Path:
        if not isinstance(session_id, str) or not _is_session_id(session_id):
            raise self._not_found(session_id)
        return self._folder / f"{session_id}.json"

    def _not_found(self, session_id: object) -> SessionNotFound:
        return not_found(self.path, session_id)

    def _read_document(self, file: Path, session_id: str) -> dict[str, Any]:
        return _read_document(self.path, file, session_id)

    def _new_id(self) -> str:
        while True:
            session_id = os.urandom(4).hex()
            if not self._file(session_id).exists():
                return session_id

    def _read_session(self, session_id: str) -> _Open:
        file = self._file(session_id)
        seen = self._identity(file)
        document = self._read_document(file, session_id)
        try:
            opened = _Open(
                Session.from_dict(document["session"]), document["summary"]["started"], seen
            )
        except (LookupError, TypeError, ValueError, AttributeError) as error:
            self._unreadable[session_id] = file
            raise damaged(file, f"does not replay ({error})") from None
        self._unreadable.pop(session_id, None)
        return opened

    @staticmethod
    def _identity(file: Path) -> list[int] | None:
        try:
            return identity(os.stat(file))
        except FileNotFoundError:
            return None

    def _opened(self, session_id: str) -> _Open:
        opened = self._open.get(session_id)
        if opened is None:
            opened = self._read_session(session_id)
        self._remember(session_id, opened)
        return opened

    def _remember(self, session_id: str, opened: _Open) -> None:
        self._open[session_id] = opened
        self._open.move_to_end(session_id)
        if len(self._open) > CACHED_SESSIONS:
            self._open.popitem(last=False)

    def _save(self, session_id: str, opened: _Open, *, new: bool = False) -> None:
        """Write the session's file durably; on failure forget it so memory matches disk."""
        order, updated = _now()
        opened.started = opened.started or updated
        file = self._file(session_id)
        try:
            fields = documents.summary_fields(opened.session, opened.started, updated)
            new_document = documents.document(opened.session, order, fields)
            encode(new_document)
        except (ValueError, TypeError) as error:
            self._open.pop(session_id, None)
            raise StoreError(
                f"Could not save {file}: the change cannot be written down ({error}). It was "
                "not saved and the file still holds the state before it.",
                file,
            ) from None
        if not new and self._identity(file) != opened.seen:
            self._open.pop(session_id, None)
            raise StoreError(
                f"{file} was changed by another program since scorekeeper read it, so this "
                "change was not saved over it. Close scorekeeper and open it again to see "
                "the session as it is now.",
                file,
            )
        try:
            with self._guard:
                self._index.before_change()
            stat, written = documents.write(file, new_document, first=new)
        except DamagedFile as error:
            self._open.pop(session_id, None)
            raise damaged(file, error.reason) from None
        except OSError as error:
            self._open.pop(session_id, None)
            raise StoreError(
                f"Could not save {file}: {error.strerror or error}. The change was not "
                "saved and the file still holds the state before it. Make room on the disk "
                "(or fix what the message says) and try again.",
                file,
            ) from error
        opened.seen = identity(stat)
        documents.keep_rows(file, session_id, opened.session, written)
        with self._guard:
            self._index.put(session_id, stat, order, fields)
