"""The session list's one cache, ``index.json``: every session's row with the fingerprint
of the logs it was worked out from, thrown away row by row the moment they change.

The file is one JSON object, written compact on three lines so that the first screenful
is read without the rest::

    {"schema":S,"folder":F,"total":N,"recent":[[id,entry,keys],...],
    "damaged":[[why,keys,id,digest,size,ctime_ns,id,...],...],
    "sessions":{id:entry,...}}

An entry on disk is ``[digest, size, ctime_ns, order, row, state]`` (``Entry`` in
memory): the first three are the fingerprint of the session's log files as they were
read (``gather.identity``: a change time, which no copying tool can set back, never a
modification time alone), ``order`` sorts by last update, ``row`` is the summary (a
list, see ``summary.row``; an older scorekeeper's: why the session cannot be read, which
is read again), and ``state`` whether it waits for a decision (``summary.state``), then,
only where there are any, the keys of the session's logs that cannot be read while the
others make it. A session none of whose logs can be read is in ``damaged``, in a group
of those whose logs have the same keys (the one the words are about first) and the same
words on what is wrong: a hundred thousand junk files are a few megabytes, each named
again without a look at the folder. ``folder`` is the logs folder's own fingerprint
when the cache was saved, or null if it had changed too recently to vouch for: while the
folder is still that, the cache is the list and no log is looked at; once it changed,
each row's fingerprint is held against its files and only the changed sessions are
read. ``recent`` is the ``RECENT``
newest rows with their logs' keys, which Home shows before the rest is read. Nothing
else notices change.

The writer keeps the cache up to date as it saves; a reader of a shared store keeps it
too (it lives on this machine then, see ``machine``), so ``scorekeeper list`` after ten
thousand sessions arrived reads them once, not at every list.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from pathlib import Path

from scorekeeper import collector
from scorekeeper.checks import JSONMapping, JSONObject
from scorekeeper.store import copies
from scorekeeper.store.durable import write_atomically
from scorekeeper.store.gather import Files, combined, folded
from scorekeeper.store.gather import identity as files_identity
from scorekeeper.store.index_file import (
    Entries,
    Entry,
    Head,
    Stored,
    encoded,
    entry_read,
    fingerprint,
    keys_read,
    load,
    read_head,
    relist,
    stored,
)
from scorekeeper.store.stamp import NOT_SETTLED, identity_of, settled
from scorekeeper.store.store_errors import SessionNotFound, StoreDamaged
from scorekeeper.store.summary import Summary, compact, pack, row

RECENT = 50
"""Rows the cache's first line holds: more than a tall terminal's screenful (each costs
its checks before Home's first frame)."""
SO_FAR = 0.3
"""Seconds between the lists of what is read so far, while logs are read (``entries``)."""
Changed = tuple[str, tuple[str, ...], tuple[int, int, int]]
"""A session whose logs changed: its id, its logs' keys and their fingerprint."""
InTwo = Callable[
    [list[Changed], Callable[[Sequence[Changed]], list[Entry | None]]], list[Entry | None]
]
"""How the changed sessions are read: ``two_cores.in_two`` as the reader sets it up."""


class Index:
    """The session list of the store whose logs are in ``folder``, cached in ``root``. A
    reader checks it against the files each time it asks; the writer checks once, then
    keeps it up to date itself (``put``, ``drop``) and saves it on ``save``."""

    def __init__(
        self,
        root: Path,
        folder: Path,
        *,
        readonly: bool,
        keeps: bool,
        read: Callable[[str, Files, int], tuple[JSONObject, bool | int]],
        is_session_id: Callable[[str], bool],
        mine: Callable[[str], bool] = bool,
        too_small: Callable[[str, tuple[str, ...], int, Collection[str] | None], str | None] = (
            lambda *_: None
        ),
        others_held: Callable[[], Collection[str]] = frozenset,
        legacy: Path | None = None,
        in_two: InTwo | None = None,
    ) -> None:
        self._file = root / "index.json"
        self._legacy = legacy
        """A cache another place kept (a store become shared, see ``machine``): read,
        and checked file by file, while this one has not been saved."""
        self._folder = folder
        self._readonly = readonly
        self._keeps = keeps
        """Whether the cache is saved: by the writer, and by a reader where the cache is
        this machine's own."""
        self._read = read
        self._in_two: InTwo = in_two or (lambda sessions, read: read(sessions))
        self._is_session_id = is_session_id
        self._mine = mine
        """Whether a log key is this laptop's: only its logs are mended here in place."""
        self._too_small = too_small
        """Why a session of logs that small is damaged, judged without a look: a peer may
        fill the folder with a hundred thousand of them."""
        self._others_held = others_held
        """The sessions whose other laptops' events this laptop keeps, listed once a walk
        (a small log of one of them is not judged by its size)."""
        self._entries: dict[str, Stored] | None = None
        self._pending: dict[str, Stored] = {}
        """Sessions saved before the cache was loaded: merged in when it is, so a writer
        that only adds (an import) leaves a cache no reader has to rebuild."""
        self._read_here: dict[str, Stored] = {}
        """A reader's entries as it last read them: what a second look finds unchanged
        is not read again (a command lists, then says what is damaged)."""
        self._read_at: list[int] | None = None
        """The folder's fingerprint when the reader's entries were vouched for."""
        self._folder_seen: list[int] | None = None
        self._seen_keys: dict[str, tuple[int, int, int]] = {}
        """Each session's fingerprint at the last ``take_in`` of a reader."""
        self._swept: int | None = None
        """What the last ``sweep`` found, folded into one number."""
        self.dirty = False
        self.keys: dict[str, tuple[str, ...]] | None = None
        """Each session's log keys at the last walk of the folder (None: not walked)."""

    def summary(self, session_id: str, entry: Entry) -> Summary:
        """The ``Summary`` of an entry ``recent`` gave."""
        assert not isinstance(entry.row, str)
        return pack(session_id, (0, 0, 0, 0), entry.row, entry.state)

    def entries(self, so_far: Callable[[Entries], None] | None = None) -> Entries:
        """The list, checked against the files.

        A cache whose folder fingerprint is the folder's now is trusted as it is;
        otherwise every session's fingerprint is checked and changed sessions are read
        again. So a file damaged where it lies, with nothing else in the folder changed,
        is found only when its session is opened. ``so_far``: see ``_checked_afresh``.
        """
        if self._entries is not None:
            return Entries(self._entries)
        folder = identity_of(self._folder)
        if self._read_here and folder is not None and folder == self._read_at:
            # a reader asking again: the same files, already checked
            return Entries(self._read_here)
        known, head = ({}, None) if self._read_here else self._load()
        if relist(known):
            self.dirty = True
        if head is not None and head.folder is not None and head.folder == folder:
            if self._read_again_if_damaged(known):
                self.dirty = True
            self._use(known, folder)
            if self._readonly:
                self._save(folder)
            return Entries(known)
        fresh = self._checked_afresh(known, so_far)
        self._pending.clear()
        self._use(fresh, folder if folder == identity_of(self._folder) else None)
        self.dirty = True
        self._save(folder)
        return Entries(fresh)

    def _checked_afresh(
        self, known: dict[str, Stored], so_far: Callable[[Entries], None] | None
    ) -> dict[str, Stored]:
        """Every session's entry, read again where its fingerprint changed. With
        ``so_far``, the biggest logs are read first (a folder a peer filled with tiny junk
        files lists its real sessions at once) and ``so_far`` is handed the entries read
        until then every ``SO_FAR`` seconds."""
        fresh: dict[str, Stored | None] = {}
        held = self._others_held()
        found: Iterable[Changed] = self._session_files()
        if so_far is not None:
            found = sorted(found, key=lambda session: -session[2][1])
        handed = time.monotonic()
        unread: list[Changed] = []
        for session_id, keys, key in found:
            entry = self._pending.get(session_id) or self._read_here.get(session_id)
            if entry is None or fingerprint(entry) != key:
                entry = known.get(session_id)
            if entry is None or fingerprint(entry) != key:
                entry = self._small(session_id, keys, key, held)
                if entry is None and so_far is None:  # read below, all at once, in its place
                    unread.append((session_id, keys, key))
                    fresh[session_id] = None
                    continue
                entry = entry or self._entry(session_id, keys, key)
                if so_far is not None and time.monotonic() - handed > SO_FAR:
                    so_far(Entries({sid: e for sid, e in fresh.items() if e is not None}))
                    handed = time.monotonic()
            fresh[session_id] = entry
        if unread:
            made = self._in_two(unread, self._entries_read)
            for (session_id, _, _), read in zip(unread, made, strict=True):
                fresh[session_id] = None if read is None else stored(session_id, read)
        return {sid: entry for sid, entry in fresh.items() if entry is not None}

    def _entries_read(self, sessions: Sequence[Changed]) -> list[Entry | None]:
        return [self._entry_read(*session) for session in sessions]

    def _use(self, entries: dict[str, Stored], folder: list[int] | None) -> None:
        if self._readonly:
            self._read_here, self._read_at = entries, folder
        else:
            self._entries = entries
            self._seen_keys = {}  # what a look finds is held against the entries now

    def _read_again_if_damaged(self, known: dict[str, Stored]) -> bool:
        """Read again this laptop's own logs the cache calls damaged that changed since
        (mended by hand, in place: the folder is as it was); whether any reads well now.
        Another laptop's log judged here is read again once the folder changes, as any
        log of a session is: its entry names its logs, so a hundred thousand junk files
        are passed over without a look at the folder. (What an older scorekeeper judged
        is not kept: ``index_file.load``.)"""
        theirs = self._judged_theirs(known)
        mine = [
            (sid, one)
            for sid, one in known.items()
            if type(one) is Entry and one.damaged and sid not in theirs
        ]
        changed = False
        for session_id, entry in mine:
            files = [
                (key, self._folder / copies.file_name(session_id, key)) for key in entry.broken
            ]
            found = files_identity(files)
            if found is None or tuple(found) == entry.fingerprint:
                continue  # gone, or not changed since
            again = self._entry(session_id, entry.broken, (found[0], found[1], found[2]))
            if again != entry:
                changed = True
                if again is None:
                    del known[session_id]
                else:
                    known[session_id] = again
        return changed

    def _judged_theirs(self, listed: Mapping[str, Stored]) -> set[str]:
        """The sessions judged damaged here whose logs are all other laptops': judged
        again only once the folder changes (their laptops mend them, and a sync engine
        brings them back as new files)."""
        theirs: dict[tuple[str, ...], bool] = {}
        found = set()
        for session_id, entry in listed.items():
            if type(entry) is Entry and entry.damaged:
                if entry.broken not in theirs:
                    theirs[entry.broken] = not any(map(self._mine, entry.broken))
                if theirs[entry.broken]:
                    found.add(session_id)
        return found

    def recent(self) -> tuple[list[tuple[str, Entry]], int, bool] | None:
        """The most recently updated entries, newest first, how many sessions there are,
        and whether the folder changed since (the list is then as it was, each entry's
        logs still as they were: a look at the whole folder is due), if the cache's first
        line still describes the folder; else None (a writer that changed it since, too)."""
        if self._entries is not None or self._pending:
            return None
        head = read_head(self._file, RECENT)
        if head is None:
            return None
        listed: list[tuple[str, Entry]] = []
        held: list[list[str] | None] = []
        for item in head.recent:
            if type(item) is not list or len(item) not in (2, 3) or type(item[0]) is not str:
                return None
            entry = entry_read(item[1]) if self._is_session_id(item[0]) else None
            if entry is None or entry.damaged:
                return None
            listed.append((item[0], entry))
            held.append(keys_read(item[2]) if len(item) == 3 else None)
        if head.folder is not None and head.folder == identity_of(self._folder):
            return listed, head.total, False
        for (sid, entry), keys in zip(listed, held, strict=True):
            files = [(key, self._folder / copies.file_name(sid, key)) for key in keys or ()]
            found = files_identity(files)
            if keys is None or found is None or tuple(found) != entry.fingerprint:
                return None
        return listed, head.total, True

    def rebuild(self) -> None:
        """Forget the cache, then read every session's logs again."""
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
        state: bool | int = False,
        keys: tuple[str, ...] = (),
        broken: tuple[str, ...] = (),
    ) -> None:
        """Record a session just saved, its log files' ``keys`` with it (only once the
        cache is loaded: else it is read later)."""
        digest, size, changed = seen if len(seen) == 3 else (0, 0, NOT_SETTLED)
        kept = compact(row(fields))
        entry = stored(session_id, Entry(digest, size, changed, order, kept, state, broken))
        if self.keys is not None and keys:
            self.keys[session_id] = keys
        if self._entries is not None:
            self._entries[session_id] = entry
        else:
            self._pending[session_id] = entry
        self.dirty = True

    def scan(self) -> bool:
        """Whether the logs folder changed since the last scan: one ``stat``, no file
        read and no lock held. A reader's first scan notes what is there and says no."""
        folder = identity_of(self._folder)
        if folder == self._folder_seen:
            return False
        first = self._folder_seen is None
        self._folder_seen = folder
        if first and self._entries is None:
            self._seen_keys = {sid: key for sid, _, key in self._session_files()}
            return False
        return True

    def sweep(self) -> bool:
        """Whether any session's log files changed since the last sweep: every file's
        identity (name, inode, size, change time) taken, no file read. A file rewritten
        in place with its times put back (a copying tool restoring them) leaves the
        folder's own fingerprint as it was; this still sees it. The first sweep says yes.
        Another laptop's log judged damaged here is left out (it is judged again once the
        folder changes): a hundred thousand junk files were half a second of every look."""
        listed = self._entries if self._entries is not None else self._read_here
        total = folded(self._folder, self._judged_theirs(listed))
        changed = total != self._swept
        self._swept = total
        return changed

    def take_in(self) -> set[str]:
        """The sessions whose logs appeared, changed or went since the last look (after a
        ``scan`` said the folder changed): another machine's, brought by a sync engine; the
        changed ones are read again. The folder is walked an entry at a time and held
        against the entries already here, so a look costs no copy of the list."""
        known: Mapping[str, object] = self._entries or {}
        seen_before = self._seen_keys
        changed: set[str] = set()
        gone: set[str] = set()
        """Sessions deleted while the look read them."""
        seen: dict[str, tuple[int, int, int]] = {}
        for session_id, copy_keys, key in self._session_files():
            if self._entries is None:
                seen[session_id] = key
                if seen_before.get(session_id) != key:
                    changed.add(session_id)
                continue
            entry = self._entries.get(session_id)
            if entry is not None and fingerprint(entry) == key:
                continue
            changed.add(session_id)
            again = self._entry(session_id, copy_keys, key)
            if again is None:
                gone.add(session_id)
            else:
                self._entries[session_id] = again
                self.dirty = True
        before = known if self._entries is not None else seen_before
        present = self.keys or {}  # what the walk found
        for session_id in [sid for sid in before if sid not in present or sid in gone]:
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

    def save(self) -> None:
        """Write the cache atomically but without fsync: losing it only costs a rebuild.
        It vouches for the folder as it is now, if that is old enough to be trusted."""
        if self._entries is None and not self._readonly:
            self.entries()  # merges what was saved meanwhile, then saves
            return
        self._save(identity_of(self._folder))

    def _save(self, folder: list[int] | None) -> None:
        """Save the cache as vouching for the folder as it was when its entries were
        checked (``folder``), only if that is old enough to be trusted (``settled``) and is
        still the folder now: a folder changed this instant may change again unseen."""
        if not self._keeps or not self.dirty:
            return
        entries = self._entries if self._entries is not None else self._read_here
        if folder is None or settled(folder) != folder or folder != identity_of(self._folder):
            folder = None
        with contextlib.suppress(OSError, ValueError):
            listed = Entries(entries)
            write_atomically(
                self._file, encoded(listed, self.keys or {}, folder, RECENT), durable=False
            )
            self.dirty = False

    def session_count(self, most: int) -> int:
        """How many sessions the logs folder holds, counted up to ``most``: a big
        store's is known from its first entries alone."""
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

    def _session_files(self) -> Iterator[Changed]:
        """Each session with its log keys and their files' one fingerprint
        (``gather.identity``), from one walk of the folder (which also holds each log's
        backup and rows). The keys found are kept (``keys``) so a session is opened
        without listing the folder.

        The walk holds only the session files' names, sorted (a session's files are then
        next to each other: an id holds no dot), and takes each session's files' identities
        as it comes to them; a session listed is named by the list's own id. So a look at
        ten thousand sessions, a second after start and at each change, leaves nothing
        behind in memory: what it made is let go as one."""
        names = self._session_names()
        listed = self._entries if self._entries is not None else self._read_here
        own = {sid: sid for sid in listed}
        self.keys = {}
        one: dict[tuple[str, ...], tuple[str, ...]] = {}
        # A Path would keep every file name (``sys.intern``): the folder's path as text.
        folder = os.path.join(self._folder, "")
        for session_id, files in itertools.groupby(names, _session_of):
            identities = []
            for name in files:
                try:
                    stat = os.stat(folder + name)
                except FileNotFoundError:
                    continue
                key = _key_of(name)
                identities.append((key, stat.st_ino, stat.st_size, stat.st_ctime_ns))
            if not identities:
                continue
            sid = own.get(session_id, session_id)
            identities.sort()
            named = tuple([item[0] for item in identities])
            keys = one.setdefault(named, named)  # most sessions' logs are the same few
            self.keys[sid] = keys
            digest, size, changed = combined(identities)
            yield sid, keys, (digest, size, changed)

    def _session_names(self) -> list[str]:
        """The names of the session files in the folder, sorted."""
        try:
            listing = os.scandir(self._folder)
        except FileNotFoundError:
            return []
        with listing:
            names = [
                entry.name
                for entry in listing
                if copies.parse(entry.name)  # a session's id as ``is_session_id`` has it
            ]
        names.sort()
        return names

    def copy_keys(self, session_id: str) -> tuple[str, ...]:
        """The session's log keys at the last walk of the folder (walked now if never)."""
        if self.keys is None:
            for _ in self._session_files():
                pass  # the walk notes each session's logs
        return () if self.keys is None else self.keys.get(session_id, ())

    def _entry(
        self, session_id: str, keys: tuple[str, ...], key: tuple[int, int, int]
    ) -> Stored | None:
        """The entry for a changed session; None if it was deleted meanwhile."""
        entry = self._entry_read(session_id, keys, key)
        return None if entry is None else stored(session_id, entry)

    def _entry_read(
        self, session_id: str, keys: tuple[str, ...], key: tuple[int, int, int]
    ) -> Entry | None:
        """``_entry``, not packed yet (as a forked copy hands it back, ``two_cores``)."""
        small = self._small(session_id, keys, key)
        if small is not None:
            return small
        digest, size, changed = settled(list(key))
        files = [(copy, self._folder / copies.file_name(session_id, copy)) for copy in keys]
        try:
            document, state = self._read(session_id, files, size)
        except SessionNotFound:
            return None
        except StoreDamaged as error:
            named = tuple(copy for copy, path in files if path is error.path)  # one of these
            held = (*named, *(copy for copy in keys if copy not in named))
            return Entry(digest, size, changed, 0, error.reason, False, held)
        kept = compact(row(document["summary"]))
        broken = tuple(document.get("broken") or ())
        return Entry(digest, size, changed, document["order"], kept, state, broken)

    def _small(
        self,
        session_id: str,
        keys: tuple[str, ...],
        key: tuple[int, int, int],
        held: Collection[str] | None = None,
    ) -> Entry | None:
        """The entry of a session damaged by the size of its logs alone (``too_small``):
        judged here, never handed to a second core, which costs more than it saves."""
        digest, size, changed = settled(list(key))
        small = self._too_small(session_id, keys, size, held)
        return None if small is None else Entry(digest, size, changed, 0, small, False, keys)

    def _load(self) -> tuple[dict[str, Stored], Head | None]:
        """The saved cache (another place's while this one has none: ``legacy``). A big
        one's parse leaves Python's lists of spare objects full of what it made, spread
        over the memory the list now lies in and holding it all: a full pass of the
        collector (some 10 ms) empties them, and a megabyte goes back."""
        file = self._file
        if self._legacy is not None and not os.path.lexists(file):
            file = self._legacy
        found = load(file, RECENT, self._is_session_id)
        if len(found[0]) > RECENT:
            collector.full_pass()
        return found


def _session_of(name: str) -> str:
    """The session id of a file ``Index._session_names`` listed (``copies.parse`` passed it)."""
    return name[: name.index(".")]


def _key_of(name: str) -> str:
    """The log key of a file ``Index._session_names`` listed."""
    return name[name.index(".") + 1 : -len(".json")]
