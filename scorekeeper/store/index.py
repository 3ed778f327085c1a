"""The index: every session's summary in one file, a cache the session files can rebuild.

``index.json`` holds ``{"schema": n, "sessions": {id: entry}}``; an entry is
``[key, size, ctime_ns, order, row, waiting]``: the first three identify the session's
copy files as they were read (``gather.identity``; a change time, which no copying tool
can set back, never a modification time alone), ``order`` sorts by last update, ``row``
is the summary (a list, see ``summary.row``) or, for a session none of whose copies can
be read, why not, and ``waiting`` whether it went on differently on two laptops.
``index.stamp`` is present only while nothing has been saved since ``index.json`` was: it
names both files' identities, so an index it vouches for is trusted without looking at a
single session file. ``recent.json``, the list's first screenful, is written with it.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path

from scorekeeper.checks import JSON, JSONMapping, JSONObject
from scorekeeper.store import copies
from scorekeeper.store.durable import encode, fsync_folder, write_atomically
from scorekeeper.store.gather import Files, combined, folded, walk
from scorekeeper.store.gather import identity as files_identity
from scorekeeper.store.index_file import read_index, write_index
from scorekeeper.store.recent import Entry, read_recent, save_recent
from scorekeeper.store.stamp import identity_of, read_stamp, settled
from scorekeeper.store.store_errors import SessionNotFound, StoreDamaged
from scorekeeper.store.summary import Summary, compact, row, summary

RECENT = 100
"""Entries ``recent.json`` holds: more than a screenful."""


class Index:
    """The index of the store at ``root``. A reader checks it against the files each time
    it asks; the writer checks once, then keeps it up to date itself (``put``, ``drop``)
    and saves it on ``save``."""

    def __init__(
        self,
        root: Path,
        folder: Path,
        *,
        readonly: bool,
        read: Callable[[str, Files], tuple[JSONObject, bool | int]],
        is_session_id: Callable[[str], bool],
        legacy: Path | None = None,
    ) -> None:
        self._file = root / "index.json"
        self._legacy = legacy
        """An index another place kept (a store become shared, see ``machine``): read,
        and checked file by file, while this one has not been saved."""
        self._stamp_file = root / "index.stamp"
        self._recent_file = root / "recent.json"
        self._pending: dict[str, Entry] = {}
        """Sessions saved before the index was loaded: merged in when it is, so a writer
        that only adds (an import) leaves an index no reader has to rebuild."""
        self._root = root
        self._folder = folder
        self._readonly = readonly
        self._read = read
        self._is_session_id = is_session_id
        self._entries: dict[str, Entry] | None = None
        self._vouched: tuple[JSONObject, dict[str, Entry]] | None = None
        """A reader's last index the stamp vouched for, with that stamp: while the stamp,
        the index file and the sessions folder are still those it named, it is still the
        index (a command asks for it more than once: the list, then what is damaged)."""
        self._stamp_on_disk = True
        self._recent_on_disk = True
        self.dirty = False
        self._read_here: dict[str, Entry] = {}
        """A reader's entries as it last read them: what a second look finds unchanged
        is not read again (a command lists, then says what is damaged)."""
        self._folder_seen: list[int] | None = None
        self._seen_keys: dict[str, Entry] = {}
        """Each session file's identity at the last ``refresh`` of a reader, which keeps
        no index of its own."""
        self._shared: dict[JSON, JSON] = {}
        """The texts, numbers and names that rows repeat, one object each (``compact``)."""
        self._swept: int | None = None
        """What the last ``sweep`` found, folded into one number."""
        self.keys: dict[str, tuple[str, ...]] | None = None
        """Each session's copy keys at the last walk of the folder (None: not walked)."""

    @staticmethod
    def summary(session_id: str, entry: Entry) -> Summary:
        """The ``Summary`` of an entry of ``entries``: a view over its compact row."""
        return summary(session_id, entry[4], len(entry) > 5 and entry[5])

    def entries(self, *, vouch: bool = True) -> dict[str, Entry]:
        """The index, checked against the files.

        An index the stamp vouches for is trusted as it is; otherwise every file's identity
        is checked and changed files are read again. So a file damaged where it lies, with
        nothing else in the folder changed, is found only when its session is opened.
        """
        if self._entries is not None:
            return self._entries
        if self._vouched is not None:
            vouched_by, kept = self._vouched
            if self._vouching() == vouched_by:
                return kept  # a reader asking again: the same files, already checked
        # A reader's second look in one command holds its first against the files.
        known, saved_as = ({}, None) if self._read_here else self._load()
        stamp = read_stamp(self._stamp_file)
        stamped = saved_as is not None and stamp == {
            "index": saved_as,
            "sessions": identity_of(self._folder),
        }
        if stamped:
            if self._read_again_if_damaged(known) and not self._readonly:
                self.dirty = True
            if not self._readonly:
                self._entries = known
            elif stamp is not None:
                self._vouched = (stamp, known)
            return known
        fresh: dict[str, Entry] = {}
        for session_id, keys, key in self._session_files():
            entry = self._pending.get(session_id) or self._read_here.get(session_id)
            if entry is None or entry[:3] != key:
                entry = known.get(session_id)
            if entry is None or entry[:3] != key or _judged_elsewhere(entry):
                entry = self._entry(session_id, keys, key)
            if entry is not None:
                fresh[session_id] = entry
        self._pending.clear()
        if self._readonly:
            self._read_here = fresh
            return fresh
        self._entries = fresh
        self.save(vouch=vouch)
        return fresh

    def _read_again_if_damaged(self, known: dict[str, Entry]) -> bool:
        """Read again the files the index calls damaged that changed since, or that
        another scorekeeper judged; whether any reads well now. An older scorekeeper run
        on this store after a newer one cannot read what the newer one writes, and a
        session wrongly called damaged would be offered to ``doctor --fix`` to be set
        aside."""
        changed = False
        for session_id, entry in list(known.items()):
            if type(entry[4]) is not str:
                continue
            files = [
                (key, self._folder / copies.file_name(session_id, key))
                for key in self.copy_keys(session_id)
            ]
            key = files_identity(files) if entry[3] == DAMAGE_JUDGED else None
            if key is not None and key == entry[:3]:
                continue  # judged here, and not changed since: a stat, not a read
            again = self._entry(session_id, self.copy_keys(session_id), key or entry[:3])
            if again != entry:
                changed = True
                if again is None:
                    del known[session_id]
                else:
                    known[session_id] = again
        return changed

    def recent(self) -> tuple[list[tuple[str, Entry]], int, bool] | None:
        """The most recently updated entries, newest first, how many sessions there are,
        and whether the folder changed since, if ``recent.json`` still describes the
        sessions folder or its entries' files (``read_recent``); else None."""
        return read_recent(self._recent_file, self._folder, self._is_session_id)

    def rebuild(self) -> None:
        """Forget the index and the stamp, then read every session file again."""
        self.before_change()
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self._file)
        self._entries = None
        self.entries()

    def put(
        self,
        session_id: str,
        seen: list[int],
        order: int,
        fields: JSONMapping,
        waiting: bool | int = False,
        keys: tuple[str, ...] = (),
    ) -> None:
        """Record a session just saved, its copy files' ``keys`` with it (only once the
        index is loaded: else it is read later)."""
        entry = [*seen, order, compact(row(fields), self._shared), waiting]
        if self.keys is not None and keys:
            self.keys[session_id] = keys
        if self._entries is not None:
            self._entries[session_id] = entry
        else:
            self._pending[session_id] = entry
        self.dirty = True

    def scan(self) -> bool:
        """Whether the sessions folder changed since the last scan: one ``stat``, no file
        read and no lock held. A reader's first scan notes what is there and says no."""
        folder = identity_of(self._folder)
        if folder == self._folder_seen:
            return False
        first = self._folder_seen is None
        self._folder_seen = folder
        if first and self._entries is None:
            self._seen_keys = {sid: [*key, 0, None] for sid, _, key in self._session_files()}
            return False
        return True

    def sweep(self) -> bool:
        """Whether any session's copy files changed since the last sweep: every file's
        identity (name, inode, size, change time) taken, no file read. A file rewritten
        in place with its times put back (a copying tool restoring them) leaves the
        folder's own identity as it was; this still sees it. The first sweep says yes."""
        total = folded(self._folder)
        changed = total != self._swept
        self._swept = total
        return changed

    def take_in(self) -> set[str]:
        """The sessions whose files appeared, changed or went since the last look (after a
        ``scan`` said the folder changed): another machine's, brought by a sync engine; the
        changed ones are read again. The folder is walked an entry at a time and held
        against the entries already here, so a look costs no copy of the list."""
        known = self._entries if self._entries is not None else self._seen_keys
        changed: set[str] = set()
        present: set[str] = set()
        seen: dict[str, Entry] = {}
        for session_id, copy_keys, key in self._session_files():
            present.add(session_id)
            if self._entries is None:
                seen[session_id] = [*key, 0, None]
            entry = known.get(session_id)
            if entry is not None and entry[:3] == key:
                continue
            changed.add(session_id)
            if self._entries is not None:
                again = self._entry(session_id, copy_keys, key)
                if again is None:
                    present.discard(session_id)
                else:
                    self._entries[session_id] = again
                    self.dirty = True
        for session_id in [sid for sid in known if sid not in present]:
            changed.add(session_id)
            if self._entries is not None:
                del self._entries[session_id]
                self.dirty = True
        self._seen_keys = seen
        return changed

    def drop(self, session_id: str) -> None:
        self._pending.pop(session_id, None)
        if self._entries is not None and self._entries.pop(session_id, None) is not None:
            self.dirty = True

    def save(self, *, vouch: bool = True) -> None:
        """Write the cache and its stamp atomically but without fsync: losing them only
        costs a rebuild. The stamp names the index and the sessions folder as they are now.

        A writer that only added sessions never listed them: its index is saved, so no
        file is read again, but not stamped, so the next reader still checks each file's
        identity as it did before."""
        if self._entries is None:
            self.entries(vouch=False)  # merges what was saved meanwhile, then saves
            return
        try:
            save_recent(self._recent_file, self._folder, self._entries, self.keys or {}, RECENT)
            self._recent_on_disk = True
            write_index(self._file, self._entries)
            if not vouch:
                self.dirty = False
                return
            folder = identity_of(self._folder)
            if folder is None or settled(folder) != folder:
                self.dirty = False  # a folder changed this instant may change again unseen
                return
            stamp = {"index": identity_of(self._file), "sessions": folder}
            write_atomically(self._stamp_file, encode(stamp), durable=False)
        except OSError:
            return
        self._stamp_on_disk = True
        self.dirty = False

    def before_change(self) -> None:
        """Withdraw the stamp, durably, before the first change it would otherwise cover,
        and the recent list, which would otherwise still vouch for its entries."""
        if self._recent_on_disk:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self._recent_file)
            self._recent_on_disk = False
        if self._stamp_on_disk:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self._stamp_file)
            fsync_folder(self._root)
            self._stamp_on_disk = False

    def session_count(self, most: int) -> int:
        """How many session files the sessions folder holds, counted up to ``most``: a
        big store's is known from its first entries alone."""
        seen: set[str] = set()
        try:
            with os.scandir(self._folder) as found:
                for entry in found:
                    parsed = copies.parse(entry.name)
                    if parsed is not None and self._is_session_id(parsed[0]):
                        seen.add(parsed[0])
                        if len(seen) >= most:
                            break
        except FileNotFoundError:
            return 0
        return len(seen)

    def _session_files(self) -> Iterator[tuple[str, tuple[str, ...], list[int]]]:
        """Each session with its copy keys and their files' one identity (``gather.identity``),
        from one walk of the folder (which also holds each copy's backup and rows). The
        keys found are kept (``keys``) so a session is opened without listing the folder."""
        found = walk(self._folder, self._is_session_id)
        self.keys = {}
        for session_id, identities in found.items():
            identities.sort()
            keys = tuple(item[0] for item in identities)
            self.keys[session_id] = keys
            yield session_id, keys, combined(identities)

    def _keys_of(self, session_id: str) -> tuple[str, ...]:
        return () if self.keys is None else self.keys.get(session_id, ())

    def copy_keys(self, session_id: str) -> tuple[str, ...]:
        """The session's copy keys at the last walk of the folder (walked now if never)."""
        if self.keys is None:
            for _ in self._session_files():
                pass  # the walk notes each session's copies
        return self._keys_of(session_id)

    def _entry(self, session_id: str, keys: tuple[str, ...], key: list[int]) -> Entry | None:
        """The entry for a changed session; None if it was deleted meanwhile."""
        files = [(copy, self._folder / copies.file_name(session_id, copy)) for copy in keys]
        try:
            document, waiting = self._read(session_id, files)
        except SessionNotFound:
            return None
        except StoreDamaged as error:
            return [*settled(key), DAMAGE_JUDGED, error.message, False]
        fields = document["summary"]
        return [*settled(key), document["order"], compact(row(fields), self._shared), waiting]

    def _load(self) -> tuple[dict[str, Entry], list[int] | None]:
        """The saved index (another place's while this one has none: ``legacy``)."""
        file = self._file
        if self._legacy is not None and not os.path.lexists(file):
            file = self._legacy
        return read_index(file, self._is_session_id, self._shared)

    def _vouching(self) -> JSONObject | None:
        """The stamp, if it still names the index file and the sessions folder as they are."""
        stamp = read_stamp(self._stamp_file)
        if stamp != {"index": identity_of(self._file), "sessions": identity_of(self._folder)}:
            return None
        return stamp


DAMAGE_JUDGED = -1
"""The order of an entry for a file found damaged here (an older scorekeeper's: 0): it is
read again only once it changes, so a hundred thousand junk files are read once."""


def _judged_elsewhere(entry: Entry) -> bool:
    """A damaged file's entry that another scorekeeper made: its judgement is read again."""
    return type(entry[4]) is str and entry[3] != DAMAGE_JUDGED
