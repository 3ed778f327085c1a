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
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper import collector
from scorekeeper.checks import JSONObject
from scorekeeper.store import agreement, copies, machine
from scorekeeper.store import index as index_module
from scorekeeper.store.documents import damaged
from scorekeeper.store.gather import Files, Gathered, gather, identity
from scorekeeper.store.index import Index
from scorekeeper.store.merge import Copy, Merged, Stamp, same
from scorekeeper.store.reach import CameBack, Reach
from scorekeeper.store.sidecar import Keeper, Kept, Sidecar
from scorekeeper.store.store_errors import SessionNotFound, StoreError, not_a_folder, not_found
from scorekeeper.store.summary import Summary, state, summary

if TYPE_CHECKING:
    from scorekeeper.session import Session
    from scorekeeper.store.conflicts import Conflict

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
    """The identity of the copy files as last read or written: if it changed, another
    laptop's copy arrived (or another process wrote), and a change made on what was read
    would pass over it."""
    seeded: bool = False
    """Whether what is kept beside the file (``sidecar``) was handed to its keeper."""
    merged: Merged | None = None
    """What the copies made when read (None: a session new here)."""
    copies: list[Copy] = field(default_factory=list)
    stamps: list[Stamp] = field(default_factory=list)
    """When and on which laptop each round was recorded."""
    shown_key: str = ""


def _read_for_index(
    store: Path,
    beside: Sidecar,
    damaged_copies: dict[str, list[Path]],
    reach: Reach,
    session_id: str,
    files: Files,
) -> tuple[JSONObject, bool | int]:
    """A session's shown document and whether it waits, read for the store at ``store``
    with every summary checked against its rounds (``agreement``): the list, statistics
    and a night's money are read from them. The index is handed this with the path, not
    the store's own method: that would make the store and its index a cycle, which with
    10,000 summaries in it waits for the cyclic collector to be freed. This laptop's copy
    found older than it left it is noted in ``reach``."""
    found = gather(files, lambda: not_found(store, session_id), session_id, checked=beside)
    reach.check(session_id, found.copies)
    if found.damaged:
        damaged_copies[session_id] = [error.path for error in found.damaged if error.path]
    else:
        damaged_copies.pop(session_id, None)
    return found.document, state(found.merged)


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
        self._folder = self.path / "sessions"
        self.places = machine.places(self.path)
        self._beside = Sidecar(keeper)
        self._laptop: machine.Laptop | None = None
        self._damaged_copies: dict[str, list[Path]] = {}
        """Copies that cannot be read of sessions whose other copies can."""
        self._reach = Reach(self.path, self.places.shared)
        self._index = Index(
            self.places.index,
            self._folder,
            readonly=readonly,
            read=functools.partial(
                _read_for_index, self.path, self._beside, self._damaged_copies, self._reach
            ),
            is_session_id=is_session_id,
            legacy=self.places.legacy_index,
        )
        self._generation = 0
        self._changed: dict[str, int] = {}
        self._unreadable: dict[str, Path] = {}
        self._guard = threading.RLock()
        """Held while the index is read or changed: the app lists sessions in a worker
        thread while its event loop may be saving a round."""
        if self.path.exists() and not self.path.is_dir():
            raise not_a_folder(self.path)

    @property
    def laptop(self) -> machine.Laptop:
        """This laptop, as the copies it writes name it."""
        if self._laptop is None:
            self._laptop = machine.laptop(self.path)
        return self._laptop

    @property
    def own_key(self) -> str:
        """Which of a session's copies this laptop writes (``copies``): in a store no
        laptop shares, the one file a session has always had."""
        return self.laptop.id if self.places.shared else copies.LEGACY

    def saved(self, session_id: str) -> JSONObject:
        """The session as saved (``Session.to_dict``'s shape), no round replayed: for
        reports that only read the rounds, at about a tenth of the cost of ``load``."""
        saved: JSONObject = self.document(session_id)["session"]
        return saved

    def document(self, session_id: str) -> JSONObject:
        """The document of the version of the session shown (see ``merge``) as saved and
        checked on every read (see ``documents``), no round replayed."""
        return self.gathered(session_id).document

    def gathered(self, session_id: str) -> Gathered:
        """Every copy of the session, read and merged (``gather``)."""
        return gather(self._copy_files(session_id), lambda: self._not_found(session_id), session_id)

    def keep_beside(self, keeper: Keeper) -> None:
        """From now on keep what ``keeper`` makes beside every session file written, and
        trust what it kept while its seal holds (``sidecar``). Whoever opens a store
        says what it keeps: the store knows nothing of the layers above it."""
        self._beside.keeper = keeper

    def sealed_rows(self, session_id: str) -> Kept | None:
        """What the store's keeper kept beside this laptop's copy of the session (the
        reports: its CSV export rows), where the seal says it was kept with the file as
        it is (``sidecar``) and that copy holds the version shown; else None."""
        own = self._file(session_id)
        files = self._copy_files(session_id)
        if files != [(self.own_key, own)]:
            try:
                found = self.gathered(session_id)
            except StoreError:
                return None
            mine = [copy for copy in found.copies if copy.key == self.own_key]
            if not mine or not same(mine[0].version, found.merged.shown):
                return None
        return self._beside.sealed(own, session_id)

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
        entries, total, behind = found
        if behind:
            self._generation += 1  # what arrived since: the next ``refresh`` says changed
        made = [summary(sid, entry[4], len(entry) > 5 and entry[5]) for sid, entry in entries]
        return made, total

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
        changed one, took one away, or left a conflict copy): one ``stat`` of the
        sessions folder, then one of each copy file (no file read) while nothing changed.
        Returns a number that grows with each such change, for ``changed_since``."""
        if not self._index.scan() and not self._index.sweep():
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
        return entry is not None and len(entry) > 5 and entry[5] is True

    def put_back(self, session_id: str | None = None) -> list[CameBack]:
        """The sessions (or the one) whose copy of this laptop's a sync tool put back
        older than this laptop left it, as the last reads found them, nothing written back
        yet (``Store.came_back`` writes back)."""
        with self._guard:
            found = list(self._reach.pending.values())
        return [back for back in found if session_id in (None, back.session_id)]

    def conflicts(self) -> list[Conflict]:
        """The sessions that went on differently on two laptops, waiting for the table
        to decide, oldest first."""
        from scorekeeper.store.conflicts import Conflict  # here: Home starts without it

        with self._guard:
            entries = self._index.entries()
            waiting = [sid for sid, entry in entries.items() if len(entry) > 5 and entry[5]]
        found = []
        for session_id in waiting:
            try:
                gathered = self.gathered(session_id)
            except StoreError:
                continue
            if gathered.waiting:
                found.append(Conflict(session_id, gathered.merged))
        return sorted(found, key=lambda conflict: conflict.since)

    def _reindex(self, session_id: str) -> None:
        """Put the session as its copies make it now in the index (left out if unread)."""
        try:
            found = self.gathered(session_id)
        except StoreError:
            return
        shown, seen = found.document, found.seen or []
        self._put(session_id, seen, shown["order"], shown["summary"], found.merged)

    def _put(
        self, session_id: str, seen: list[int], order: int, fields: JSONObject, merged: Merged
    ) -> None:
        """Put the session in the index with its copy files' keys (``recent`` checks them)."""
        keys = tuple(key for key, _ in self._copy_files(session_id))
        with self._guard:
            self._index.put(session_id, seen, order, fields, state(merged), keys)

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
        return [(self._damaged_file(sid), said[sid]) for sid in sorted(said)]

    def _damaged_file(self, session_id: str) -> Path:
        """The file to name for a session that cannot be read: its first damaged copy."""
        named = self._damaged_copies.get(session_id)
        if named:
            return named[0]
        keys = self._index.copy_keys(session_id)  # as the folder was walked: no look again
        return (
            self._folder / copies.file_name(session_id, keys[0]) if keys else self._file(session_id)
        )

    def damaged(self) -> list[Path]:
        """Session files that cannot be read; they are left untouched (see ``how_to_recover``)."""
        with self._guard:
            index = self._index.entries()
        files: set[Path] = set()
        for sid, entry in index.items():
            if type(entry[4]) is str:
                keys = self._index.copy_keys(sid)
                files.update(self._folder / copies.file_name(sid, key) for key in keys)
        files.update(file for sid, file in self._unreadable.items() if sid in index)
        for sid, paths in list(self._damaged_copies.items()):
            if sid in index:
                files.update(paths)
        return sorted(files)

    # -- inside ---------------------------------------------------------------------

    def _file(self, session_id: str) -> Path:
        """This laptop's copy of the session (see ``own_key``)."""
        if not isinstance(session_id, str) or not is_session_id(session_id):
            raise self._not_found(session_id)
        return self._folder / copies.file_name(session_id, self.own_key)

    def _copy_files(self, session_id: str) -> list[tuple[str, Path]]:
        """Every copy file of the session there is, this laptop's among them."""
        self._file(session_id)
        keys = {copies.LEGACY, self.own_key, *self._index.copy_keys(session_id)}
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
        self._reach.check(session_id, found.copies)
        document = found.document
        file = self._folder / copies.file_name(session_id, found.shown_key)
        shown = next(copy for copy in found.copies if copy.key == found.shown_key)
        from scorekeeper.session import Session  # here: a list is read with no round replayed

        try:
            opened = Opened(
                Session.from_dict(document["session"]),
                document["summary"]["started"],
                found.seen,
                merged=found.merged,
                copies=found.copies,
                stamps=list(shown.version.stamps),
                shown_key=found.shown_key,
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

    def _identity(self, session_id: str) -> list[int] | None:
        """The identity of the session's copy files now (``gather.identity``)."""
        return identity(self._copy_files(session_id))
