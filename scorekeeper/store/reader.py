"""What any process may do with a store folder, no lock needed: read a session, list them.

``Reader`` is the reading half of ``Store`` (the writer adds the rest): a session's file
read and checked (``documents``), a session replayed from it, what a layer above kept
beside it (``sidecar``), and the session list from the index (``index``).
"""

from __future__ import annotations

import functools
import os
import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorekeeper import collector
from scorekeeper.session import Session
from scorekeeper.store import agreement, documents, machine, sidecar
from scorekeeper.store import conflicts as conflicts_module
from scorekeeper.store import index as index_module
from scorekeeper.store.documents import damaged
from scorekeeper.store.errors import SessionNotFound, StoreError, not_a_folder, not_found
from scorekeeper.store.index import Index
from scorekeeper.store.sidecar import Kept
from scorekeeper.store.stamp import identity
from scorekeeper.store.summary import Summary, summary

_SESSION_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def default_path() -> Path:
    """``$SCOREKEEPER_DB`` if set, else the user data folder (~/.local/share/scorekeeper)."""
    override = os.environ.get("SCOREKEEPER_DB")
    if override:
        return Path(override).expanduser()
    import platformdirs  # here: a command given its store (--db) never needs it

    return Path(platformdirs.user_data_dir("scorekeeper", appauthor=False))


@dataclass
class Opened:
    """A session the writer has replayed once, kept so the next round costs one round."""

    session: Session
    started: str
    seen: list[int] | None = None
    """The identity of the file as last read or written: if it changed, another process
    wrote it, and saving over it would lose what that process saved."""
    seeded: bool = False
    """Whether what is kept beside the file (``sidecar``) was handed to its keeper."""


def _read_document(store: Path, file: Path, session_id: str) -> dict[str, Any]:
    """A session's document, read for the store at ``store``. The index is handed this
    with the path, not the store's own method: that would make the store and its index
    a cycle, which with 10,000 summaries in it waits for the cyclic collector to be freed."""
    return documents.read(file, lambda: not_found(store, session_id))


def _read_checked(store: Path, file: Path, session_id: str) -> dict[str, Any]:
    """``_read_document`` for the index, whose summaries the list, statistics and a night's
    money are read from: one that disagrees with the rounds is damage (``agreement``)."""
    found = documents.read(file, lambda: not_found(store, session_id), recover=False)
    return agreement.checked(file, session_id, found)


def is_session_id(name: str) -> bool:
    return _SESSION_ID.fullmatch(name) is not None


class Reader:
    """The sessions in the folder at ``path`` (default: ``default_path``), as read."""

    def __init__(self, path: str | Path | None = None, *, readonly: bool = False) -> None:
        self.path = default_path() if path is None else Path(path).expanduser()
        self.readonly = readonly
        self._folder = self.path / "sessions"
        self.places = machine.places(self.path)
        self._index = Index(
            self.places.index,
            self._folder,
            readonly=readonly,
            read=functools.partial(_read_checked, self.path),
            is_session_id=is_session_id,
            legacy=self.places.legacy_index,
        )
        self._generation = 0
        self._changed: dict[str, int] = {}
        self._conflicts_seen: list[conflicts_module.Conflict] = []
        self._unreadable: dict[str, Path] = {}
        self._guard = threading.RLock()
        """Held while the index is read or changed: the app lists sessions in a worker
        thread while its event loop may be saving a round."""
        if self.path.exists() and not self.path.is_dir():
            raise not_a_folder(self.path)

    def saved(self, session_id: str) -> dict[str, Any]:
        """The session as saved (``Session.to_dict``'s shape), no round replayed: for
        reports that only read the rounds, at about a tenth of the cost of ``load``."""
        saved: dict[str, Any] = self.document(session_id)["session"]
        return saved

    def document(self, session_id: str) -> dict[str, Any]:
        """The session's whole document as saved and checked on every read (see
        ``documents``), no round replayed."""
        return _read_document(self.path, self._file(session_id), session_id)

    def sealed_rows(self, session_id: str) -> Kept | None:
        """What the registered keeper kept beside the session's file (the reports: its
        CSV export rows), where the seal says it was kept with the file as it is
        (``sidecar``); else None. The file is not read as JSON."""
        return sidecar.sealed(self._file(session_id), session_id)

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
            if type(entry[4]) is not str and sid not in self._unreadable
        ]
        live.sort(reverse=True)
        return [self._index.summary(sid, index[sid]) for _, sid in live]

    def refresh(self) -> int:
        """Take in what another machine changed (a sync engine brought a session file,
        changed one, took one away, or left a conflict copy): one ``stat`` while the
        sessions folder is as it was. Returns a number that grows with each such change,
        for ``changed_since``."""
        if not self._index.scan():
            return self._generation
        with self._guard:
            changed = self._index.take_in()
            found = conflicts_module.find(self._folder)
            if changed or found != self._conflicts_seen:
                self._generation += 1
                self._conflicts_seen = found
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

    def conflicts(self) -> list[conflicts_module.Conflict]:
        """The sessions a sync engine brought back in two versions, waiting for a person."""
        return conflicts_module.find(self._folder)

    def _forget(self, session_id: str) -> None:
        """Drop what is known of a session whose file another machine changed."""
        self._unreadable.pop(session_id, None)

    def damage(self) -> list[tuple[Path, str]]:
        """Each session file that cannot be read and why, in the store's words (without
        the way back, which ``how_to_recover`` gives), reading no file again."""
        with self._guard:
            index = self._index.entries()
        said = {sid: entry[4] for sid, entry in index.items() if type(entry[4]) is str}
        for sid in list(self._unreadable):
            if sid in index and sid not in said:
                try:
                    self._read_session(sid)
                except StoreError as error:
                    said[sid] = error.message
        return [(self._folder / f"{sid}.json", said[sid]) for sid in sorted(said)]

    def damaged(self) -> list[Path]:
        """Session files that cannot be read; they are left untouched (see ``how_to_recover``)."""
        with self._guard:
            index = self._index.entries()
        found = {sid for sid, entry in index.items() if type(entry[4]) is str}
        found.update(sid for sid in self._unreadable if sid in index)
        return [self._folder / f"{sid}.json" for sid in sorted(found)]

    # -- inside ---------------------------------------------------------------------

    def _file(self, session_id: str) -> Path:
        if not isinstance(session_id, str) or not is_session_id(session_id):
            raise self._not_found(session_id)
        return self._folder / f"{session_id}.json"

    def _not_found(self, session_id: object) -> SessionNotFound:
        return not_found(self.path, session_id)

    def _read_session(self, session_id: str) -> Opened:
        file = self._file(session_id)
        seen = self._identity(file)
        document = _read_document(self.path, file, session_id)
        try:
            opened = Opened(
                Session.from_dict(document["session"]), document["summary"]["started"], seen
            )
        except (LookupError, TypeError, ValueError, AttributeError) as error:
            self._unreadable[session_id] = file
            raise damaged(file, f"does not replay ({error})") from None
        wrong = agreement.disagreement(document["summary"], opened.session)
        if wrong is not None:
            self._unreadable[session_id] = file
            raise agreement.damaged(file, wrong)
        self._unreadable.pop(session_id, None)
        return opened

    @staticmethod
    def _identity(file: Path) -> list[int] | None:
        try:
            return identity(os.stat(file))
        except FileNotFoundError:
            return None
