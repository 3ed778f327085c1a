"""The sessions on disk: one durable TinyDB file per session, and an index that is a cache.

A store is a folder: ``Store(path)``, by default ``$SCOREKEEPER_DB`` or else the user data
folder. Inside it::

    sessions/<id>.json      one session: setup, rounds and a summary (TinyDB, table "session")
    sessions/<id>.json.bak  the same file as it was before its last save
    index.json              every session's summary; rebuilt from the files when stale or damaged
    index.stamp             present only while nothing has been saved since index.json was
    lock, writer.json       the one writer's lock, and who holds it

Recording a round rewrites only that session's file, so it costs the same with ten sessions
stored or ten thousand. Listing replays no round: it reads the index and, unless the stamp
vouches for it, checks each file's inode, size and modification time and re-reads the files
that changed.
"""

from __future__ import annotations

import contextlib
import gc
import os
import re
import secrets
import socket
import sys
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import platformdirs
from filelock import FileLock, Timeout
from tinydb import TinyDB
from tinydb.table import Document

from scorekeeper.session import Session
from scorekeeper.store.durable import (
    DamagedFile,
    DurableStorage,
    encode,
    fsync_folder,
    parse_json,
    read_json,
    write_atomically,
)

SCHEMA = 1
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""``MIGRATIONS[n]`` turns a schema-``n`` session document into a schema-``n + 1`` one."""

TABLE = "session"
DOC_ID = 1
CACHED_SESSIONS = 8
_SESSION_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def default_path() -> Path:
    """``$SCOREKEEPER_DB`` if set, else the user data folder (~/.local/share/scorekeeper)."""
    override = os.environ.get("SCOREKEEPER_DB")
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir("scorekeeper", appauthor=False))


def how_to_recover(file: Path) -> str:
    """What a person can do about an unreadable session file, with the names they need."""
    backup = file.with_name(file.name + ".bak")
    steps = [f"move {file.name} out of {file.parent} to set that session aside"]
    if backup.exists():
        steps.insert(
            0,
            f"copy {backup.name} over {file.name} to get back the version before its last "
            "save (at most the last change is lost)",
        )
    return "To recover, close scorekeeper, then " + ", or ".join(steps) + "."


class StoreError(Exception):
    """A problem with the store on disk; the message tells a person what to do about it."""

    def __init__(self, message: str, path: Path | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path

    def __str__(self) -> str:
        return self.message


class SessionNotFound(StoreError, KeyError):
    """No session has that id; also a KeyError, as a lookup by key would raise."""


class StoreLocked(StoreError):
    """Another process has the store open for writing; ``owner`` says who, when it is known."""

    def __init__(self, path: Path, owner: Mapping[str, Any]) -> None:
        self.owner = dict(owner)
        who = "another process"
        if "pid" in owner:
            who = f"process {owner['pid']}"
            if owner.get("host"):
                who += f" on {owner['host']}"
            if owner.get("command"):
                who += f" ({owner['command']})"
            if owner.get("since"):
                who += f", open since {owner['since']}"
        super().__init__(
            f"The store {path} is already open for writing by {who}. Close scorekeeper "
            "there first. `scorekeeper list` and `scorekeeper export` work meanwhile.",
            path,
        )


class StoreDamaged(StoreError):
    """A file that cannot be read, left untouched; ``backup`` is its previous version."""

    def __init__(self, message: str, path: Path, backup: Path | None) -> None:
        super().__init__(message, path)
        self.backup = backup


@dataclass(frozen=True)
class Summary:
    """One line of the session list, read from the index without replaying any round."""

    id: str
    game: str
    players: tuple[str, ...]
    started: str
    updated: str
    rounds: int
    finished: bool
    winners: tuple[str, ...]
    dealer: str
    totals: dict[str, int]
    balances: dict[str, int]


@dataclass
class _Open:
    """A session the writer has replayed once, kept so the next round costs one round."""

    session: Session
    started: str


def _now() -> tuple[int, str]:
    """Nanoseconds for ordering, and the ISO-8601 local time a person reads."""
    stamp = time.time_ns()
    local = datetime.fromtimestamp(stamp / 1e9).astimezone()
    return stamp, local.isoformat(timespec="seconds")


def _summary_fields(session: Session, started: str, updated: str) -> dict[str, Any]:
    return {
        "game": session.game.id,
        "players": list(session.players),
        "started": started,
        "updated": updated,
        "rounds": len(session.rounds),
        "finished": session.finished,
        "winners": list(session.winners),
        "dealer": session.dealer,
        "totals": session.totals,
        "balances": session.balances,
    }


def _row(fields: Mapping[str, Any]) -> list[Any]:
    """A summary as the index keeps it: a list, and no balances when they equal the totals.

    Ten thousand lists parse in about half the time ten thousand objects do.
    """
    balances = None if fields["balances"] == fields["totals"] else fields["balances"]
    return [
        fields["game"],
        fields["players"],
        fields["started"],
        fields["updated"],
        fields["rounds"],
        fields["finished"],
        fields["winners"],
        fields["dealer"],
        fields["totals"],
        balances,
    ]


def _summary(session_id: str, row: list[Any]) -> Summary:
    game, players, started, updated, rounds, finished, winners, dealer, totals, balances = row
    return Summary(
        session_id,
        game,
        tuple(players),
        started,
        updated,
        rounds,
        finished,
        tuple(winners),
        dealer,
        dict(totals),
        dict(totals if balances is None else balances),
    )


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Building 10,000 summaries allocates ~200,000 containers, none of them cyclic; the
    cyclic garbage collector would otherwise run dozens of times for nothing."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _identity(stat: os.stat_result) -> list[int]:
    """Changes whenever the file is replaced (new inode) or rewritten (size, mtime)."""
    return [stat.st_ino, stat.st_size, stat.st_mtime_ns]


def _identity_of(path: Path) -> list[int] | None:
    try:
        return _identity(os.stat(path))
    except OSError:
        return None


def _overwrite_with(document: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    """A TinyDB update that replaces the whole document, so dropped keys do not linger."""

    def overwrite(stored: dict[str, Any]) -> None:
        stored.clear()
        stored.update(document)

    return overwrite


class Store:
    """The sessions in one folder. One writer at a time; readers need no lock.

    Sessions returned by ``load`` and ``record`` are the store's own: change them only
    through the store. The writer scans the folder once and then trusts what it wrote.
    """

    def __init__(self, path: str | Path | None = None, *, readonly: bool = False) -> None:
        self.path = default_path() if path is None else Path(path).expanduser()
        self.readonly = readonly
        self._folder = self.path / "sessions"
        self._index_file = self.path / "index.json"
        self._stamp_file = self.path / "index.stamp"
        self._stamp_on_disk = True
        self._open: OrderedDict[str, _Open] = OrderedDict()
        self._index: dict[str, list[Any]] | None = None
        self._index_dirty = False
        self._unreadable: dict[str, Path] = {}
        self._lock: FileLock | None = None
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
        """Save the index and let another process write; safe to call twice."""
        if self._lock is None:
            return
        try:
            if self._index_dirty:
                self._save_index()
        finally:
            with contextlib.suppress(OSError):
                os.unlink(self.path / "writer.json")
            self._lock.release()
            self._lock = None

    # -- writing --------------------------------------------------------------------

    def add(self, session: Session) -> str:
        """Store a copy of ``session`` (with any rounds it has); returns its new id."""
        self._writable()
        if not isinstance(session, Session):
            raise TypeError(f"Store.add takes a Session, not {type(session).__name__}")
        opened = _Open(Session.from_dict(session.to_dict()), started="")
        session_id = self._new_id()
        self._save(session_id, opened, new=True)
        self._remember(session_id, opened)
        return session_id

    def record(self, session_id: str, round_: Mapping[str, Any]) -> Session:
        """Check the round through the session, then save it; a refused round saves nothing."""
        self._writable()
        opened = self._opened(session_id)
        opened.session.record(round_)
        self._save(session_id, opened)
        return opened.session

    def undo(self, session_id: str) -> dict[str, Any]:
        """Remove the last round and return it."""
        self._writable()
        opened = self._opened(session_id)
        removed = opened.session.undo()
        self._save(session_id, opened)
        return removed

    def edit(self, session_id: str, index: int, round_: Mapping[str, Any]) -> Session:
        """Replace round ``index`` (0-based); later rounds must still hold, or nothing changes."""
        self._writable()
        opened = self._opened(session_id)
        opened.session.edit(index, round_)
        self._save(session_id, opened)
        return opened.session

    def delete(self, session_id: str) -> None:
        """Remove the session and its backup from disk."""
        self._writable()
        file = self._file(session_id)
        try:
            self._before_change()
            os.unlink(file)
        except FileNotFoundError:
            raise self._not_found(session_id) from None
        except OSError as error:
            raise StoreError(f"Could not delete {file}: {error.strerror}.", file) from error
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self._backup(file))
        fsync_folder(self._folder)
        self._open.pop(session_id, None)
        self._unreadable.pop(session_id, None)
        if self._index is not None and self._index.pop(session_id, None) is not None:
            self._index_dirty = True

    # -- reading --------------------------------------------------------------------

    def load(self, session_id: str) -> Session:
        if self.readonly:
            return self._read_session(session_id).session
        return self._opened(session_id).session

    def saved(self, session_id: str) -> dict[str, Any]:
        """The session as saved (``Session.to_dict``'s shape), no round replayed: for
        reports that only read the rounds, at about a tenth of the cost of ``load``."""
        return self._read_document(self._file(session_id), session_id)["session"]

    def summaries(self) -> list[Summary]:
        """Every readable session, most recently updated first (see ``damaged`` for the rest)."""
        with _collector_paused():
            return self._summaries()

    def _summaries(self) -> list[Summary]:
        """Apart from ``summaries`` so the index is freed before the collector resumes."""
        index = self._current_index()
        live = [
            (entry[3], sid)
            for sid, entry in index.items()
            if type(entry[4]) is list and sid not in self._unreadable
        ]
        live.sort(reverse=True)
        return [_summary(sid, index[sid][4]) for _, sid in live]

    def damaged(self) -> list[Path]:
        """Session files that cannot be read; they are left untouched (see ``how_to_recover``)."""
        index = self._current_index()
        files = {self._file(sid) for sid, entry in index.items() if type(entry[4]) is str}
        files.update(file for sid, file in self._unreadable.items() if sid in index)
        return sorted(files)

    # -- inside ---------------------------------------------------------------------

    def _open_for_writing(self) -> None:
        try:
            self._folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(
                f"Cannot create the store folder {self.path}: {error.strerror}. "
                "Give another folder with --db or SCOREKEEPER_DB.",
                self.path,
            ) from error
        lock = FileLock(self.path / "lock", timeout=0, thread_local=False)
        try:
            lock.acquire()
        except Timeout:
            raise StoreLocked(self.path, self._owner()) from None
        except OSError as error:
            raise StoreError(
                f"Cannot lock the store {self.path}: {error.strerror}.", self.path
            ) from error
        self._lock = lock
        owner = {
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "command": " ".join([Path(sys.argv[0]).name, *sys.argv[1:]]) if sys.argv else "",
            "since": _now()[1],
        }
        with contextlib.suppress(OSError):
            write_atomically(self.path / "writer.json", encode(owner), durable=False)

    def _owner(self) -> dict[str, Any]:
        try:
            return read_json(self.path / "writer.json") or {}
        except (DamagedFile, OSError):
            return {}

    def _writable(self) -> None:
        if self.readonly:
            raise StoreError(
                f"The store {self.path} was opened read-only; nothing can be changed.", self.path
            )
        if self._lock is None:
            raise StoreError(f"The store {self.path} is closed.", self.path)

    def _file(self, session_id: str) -> Path:
        if not isinstance(session_id, str) or not _SESSION_ID.fullmatch(session_id):
            raise self._not_found(session_id)
        return self._folder / f"{session_id}.json"

    @staticmethod
    def _backup(file: Path) -> Path:
        return file.with_name(file.name + ".bak")

    def _not_found(self, session_id: object) -> SessionNotFound:
        return SessionNotFound(
            f"There is no session {session_id!r} in {self.path}. "
            "`scorekeeper list` shows the sessions there.",
            self.path,
        )

    def _damaged(self, file: Path, reason: str) -> StoreDamaged:
        backup = self._backup(file)
        return StoreDamaged(
            f"{file} {reason}. Scorekeeper left it untouched. {how_to_recover(file)}",
            file,
            backup if backup.exists() else None,
        )

    def _new_id(self) -> str:
        while True:
            session_id = secrets.token_hex(4)
            if not self._file(session_id).exists():
                return session_id

    def _read_document(self, file: Path, session_id: str) -> dict[str, Any]:
        """The session document in ``file``, upgraded to this schema."""
        try:
            document = TinyDB(file, storage=DurableStorage).table(TABLE).get(doc_id=DOC_ID)
        except DamagedFile as error:
            raise self._damaged(file, error.reason) from None
        except OSError as error:
            raise StoreError(f"Cannot read {file}: {error.strerror}.", file) from error
        if document is None:
            if not file.exists():
                raise self._not_found(session_id)
            raise self._damaged(file, "holds no session")
        return self._upgrade(dict(document), file)

    def _upgrade(self, document: dict[str, Any], file: Path) -> dict[str, Any]:
        version = document.get("schema")
        if type(version) is not int:
            raise self._damaged(file, "has no schema version")
        if version > SCHEMA:
            raise StoreDamaged(
                f"{file} was saved by a newer scorekeeper (schema {version}; this one reads "
                f"up to {SCHEMA}). Upgrade scorekeeper to open it; the file was left untouched.",
                file,
                None,
            )
        while version < SCHEMA:
            migrate = MIGRATIONS.get(version)
            if migrate is None:
                raise self._damaged(file, f"has schema version {version}, which nothing can read")
            document = migrate(document)
            version += 1
            document["schema"] = version
        for key in ("order", "summary", "session"):
            if key not in document:
                raise self._damaged(file, f"lacks its {key!r} part")
        return document

    def _read_session(self, session_id: str) -> _Open:
        file = self._file(session_id)
        document = self._read_document(file, session_id)
        try:
            opened = _Open(Session.from_dict(document["session"]), document["summary"]["started"])
        except (LookupError, TypeError, ValueError, AttributeError) as error:
            self._unreadable[session_id] = file
            raise self._damaged(file, f"does not replay ({error})") from None
        self._unreadable.pop(session_id, None)
        return opened

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
        fields = _summary_fields(opened.session, opened.started, updated)
        document = {
            "schema": SCHEMA,
            "order": order,
            "summary": fields,
            "session": opened.session.to_dict(),
        }
        file = self._file(session_id)
        table = TinyDB(file, storage=DurableStorage).table(TABLE)
        try:
            self._before_change()
            if new:
                table.insert(Document(document, doc_id=DOC_ID))
            elif not table.update(_overwrite_with(document), doc_ids=[DOC_ID]):
                raise DamagedFile(file, "no longer holds the session")
            stat = os.stat(file)
        except DamagedFile as error:
            self._open.pop(session_id, None)
            raise self._damaged(file, error.reason) from None
        except OSError as error:
            self._open.pop(session_id, None)
            raise StoreError(
                f"Could not save {file}: {error.strerror or error}. The change was not "
                "saved and the file still holds the state before it. Make room on the disk "
                "(or fix what the message says) and try again.",
                file,
            ) from error
        if self._index is not None:
            self._index[session_id] = [*_identity(stat), order, _row(fields)]
            self._index_dirty = True

    def _current_index(self) -> dict[str, list[Any]]:
        """The index, checked against the files.

        An entry is ``[inode, size, mtime_ns, order, row]``: the first three identify the
        version of the file it was read from, ``order`` sorts by last update, and ``row``
        is the summary (see ``_row``) or, for a file that cannot be read, why not.

        An index the stamp vouches for is trusted as it is; otherwise every file's identity
        is checked and changed files are read again. So a file damaged where it lies, with
        nothing else in the folder changed, is found only when its session is opened. The
        writer checks once, then keeps the index up to date itself.
        """
        if self._index is not None:
            return self._index
        known, identity = self._load_index()
        stamped = identity is not None and self._read_stamp() == {
            "index": identity,
            "sessions": _identity_of(self._folder),
        }
        if stamped:
            if not self.readonly:
                self._index = known
            return known
        fresh: dict[str, list[Any]] = {}
        for session_id, file, key in self._session_files():
            entry = known.get(session_id)
            if entry is None or entry[:3] != key:
                entry = self._index_entry(session_id, Path(file), key)
            if entry is not None:
                fresh[session_id] = entry
        if self.readonly:
            return fresh
        self._index = fresh
        self._save_index()
        return fresh

    def _session_files(self) -> Iterator[tuple[str, str, list[int]]]:
        """Each session file with its identity (inode, size, mtime); the writer sweeps temps."""
        try:
            entries = list(os.scandir(self._folder))
        except FileNotFoundError:
            return
        for entry in entries:
            name = entry.name
            if name.endswith(".tmp") and not self.readonly:
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
                continue
            session_id = name.removesuffix(".json")
            if session_id == name or not _SESSION_ID.fullmatch(session_id):
                continue
            try:
                stat = entry.stat()
            except FileNotFoundError:
                continue
            yield session_id, entry.path, _identity(stat)

    def _index_entry(self, session_id: str, file: Path, key: list[int]) -> list[Any] | None:
        """The entry for a changed file; None if it was deleted meanwhile."""
        try:
            document = self._read_document(file, session_id)
            row = _row(document["summary"])
            _summary(session_id, row)
        except SessionNotFound:
            return None
        except StoreDamaged as error:
            return [*key, 0, error.message]
        except (LookupError, TypeError, ValueError):
            return [*key, 0, f"{file} has a broken summary. {how_to_recover(file)}"]
        return [*key, document["order"], row]

    def _load_index(self) -> tuple[dict[str, list[Any]], list[int] | None]:
        """The saved index and the identity of the file it came from; a missing or damaged
        cache is simply empty, and gets rebuilt."""
        try:
            with open(self._index_file, "rb") as handle:
                identity = _identity(os.fstat(handle.fileno()))
                data = parse_json(self._index_file, handle.read())
        except (DamagedFile, OSError):
            return {}, None
        sessions = data.get("sessions")
        if data.get("schema") != SCHEMA or not isinstance(sessions, dict):
            return {}, None
        entries = {
            sid: entry
            for sid, entry in sessions.items()
            if isinstance(entry, list) and len(entry) == 5
        }
        return entries, identity

    def _read_stamp(self) -> dict[str, Any] | None:
        try:
            return read_json(self._stamp_file)
        except (DamagedFile, OSError):
            return None

    def _save_index(self) -> None:
        """Write the cache and its stamp atomically but without fsync: losing them only
        costs a rebuild. The stamp names the index and the sessions folder as they are now."""
        try:
            write_atomically(
                self._index_file, encode({"schema": SCHEMA, "sessions": self._index}), durable=False
            )
            stamp = {
                "index": _identity_of(self._index_file),
                "sessions": _identity_of(self._folder),
            }
            write_atomically(self._stamp_file, encode(stamp), durable=False)
        except OSError:
            return
        self._stamp_on_disk = True
        self._index_dirty = False

    def _before_change(self) -> None:
        """Withdraw the stamp, durably, before the first change it would otherwise cover."""
        if self._stamp_on_disk:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self._stamp_file)
            fsync_folder(self.path)
            self._stamp_on_disk = False
