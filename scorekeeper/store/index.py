"""The session list's one cache, ``index.json``: each session's row (``index_file.Entry``)
with the fingerprint of the logs it was worked out from, read again once they change.

``folder`` is the logs folder's fingerprint when saved (null if too recent to vouch for):
while the folder is still that, the cache is the list; else only sessions whose logs'
fingerprint changed are read. ``recent``, the newest rows with their logs' keys, is what
Home shows before the rest is read. The writer keeps the cache as it saves; a reader of a
shared store keeps its own (``machine``). Thousands of changed sessions are read on two
cores (``in_two``).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pickle
import threading
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from scorekeeper import collector
from scorekeeper.store import copies
from scorekeeper.store.durable import write_atomically
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
    stored,
)
from scorekeeper.store.stamp import (
    NOT_SETTLED,
    combined,
    files_identity,
    folded,
    identity_of,
    settled,
)
from scorekeeper.store.store_errors import SessionNotFound, StoreDamaged
from scorekeeper.store.summary import Row, Summary, pack

if TYPE_CHECKING:
    from scorekeeper.store.gather import Files

RECENT = 50
"""Rows the first line holds: more than a tall screenful (each costs its checks)."""
SO_FAR = 0.3
"""Seconds between the lists of what is read so far (``entries``)."""
Changed = tuple[str, tuple[str, ...], tuple[int, int, int]]
"""A session whose logs changed: its id, its logs' keys and their fingerprint."""
ReadRow = tuple[int, Row, tuple[str, ...], bool | int]
"""A session read from its logs: its order, row, logs that could not be read, state."""
InTwo = Callable[
    [list[Changed], Callable[[Sequence[Changed]], list[Entry | None]]], list[Entry | None]
]
"""How the changed sessions are read (``in_two``, as the reader sets it up)."""
Kept = TypeVar("Kept")
AT_LEAST = 200
"""Sessions below which one process reads them all: a fork costs what 200 logs take."""


class Index:
    """The session list of the logs in ``folder``, cached in ``root``. A reader checks it
    against the files each time it asks; the writer checks once, then keeps it itself."""

    def __init__(
        self,
        root: Path,
        folder: Path,
        *,
        readonly: bool,
        keeps: bool,
        read: Callable[[str, Files, int], ReadRow],
        is_session_id: Callable[[str], bool],
        mine: Callable[[str], bool],
        too_small: Callable[[str, tuple[str, ...], int, Collection[str] | None], str | None],
        others_held: Callable[[], Collection[str]],
        legacy: Path | None,
        in_two: InTwo,
    ) -> None:
        self._file = root / "index.json"
        self._legacy = legacy
        """The cache beside the sessions (a store become shared), read until this one is."""
        self._folder = folder
        self._readonly = readonly
        self._keeps = keeps
        """Whether the cache is saved: by the writer, and by a reader where it is its own."""
        self._read = read
        self._in_two = in_two
        self._is_session_id = is_session_id
        self._mine = mine
        """Whether a log key is this laptop's: only its logs are mended in place."""
        self._too_small = too_small
        """Why a session of logs that small is damaged, judged without a look."""
        self._others_held = others_held
        """The sessions whose other laptops' events this laptop keeps."""
        self._entries: dict[str, Stored] | None = None
        self._vouched: list[int] | None = None
        """The folder's fingerprint a reader's entries hold for."""
        self._pending: dict[str, Stored] = {}
        """Sessions saved before the cache was loaded, merged in when it is."""
        self._seen_keys: dict[str, tuple[int, int, int]] | None = None
        """Each session's fingerprint at the last ``take_in`` without a list (None: none)."""
        self._swept: tuple[int, list[int] | None] | None = None
        self._swept_folder: list[int] | None = None
        """The folder's own fingerprint at the last sweep, once settled (None: not)."""
        self.dirty = False
        self.keys: dict[str, tuple[str, ...]] | None = None
        """Each session's log keys at the last walk of the folder (None: not walked)."""

    def entries(self, so_far: Callable[[Entries], None] | None = None) -> Entries:
        """The list: the cache where it vouches for the folder as it is (a file damaged in
        place is found when its session opens); else changed sessions are read again."""
        held = self._entries
        if held is not None and not self._readonly:
            return Entries(held)
        folder = identity_of(self._folder)
        if held is not None and folder is not None and folder == self._vouched:
            return Entries(held)  # a reader asking again, nothing changed
        known, head = (held, None) if held is not None else self._load()
        if head is not None and head.folder is not None and head.folder == folder:
            if self._read_again_if_damaged(known):
                self.dirty = True
            self._entries, self._vouched = known, folder
            if self._readonly:
                self._save(folder)
            return Entries(known)
        fresh = self._checked_afresh(known, so_far)
        self._pending.clear()
        self._entries = fresh
        self._vouched = folder if folder == identity_of(self._folder) else None
        self.dirty = True
        self._save(folder)
        return Entries(fresh)

    def _checked_afresh(
        self, known: dict[str, Stored], so_far: Callable[[Entries], None] | None
    ) -> dict[str, Stored]:
        """Every session's entry, read again where its fingerprint changed: with ``so_far``
        the biggest logs first (tiny junk last), handed what is read every ``SO_FAR``
        seconds; else all at once, on two cores."""
        fresh: dict[str, Stored | None] = {}
        held = self._others_held()
        found: Iterable[Changed] = self._session_files()
        if so_far is not None:
            found = sorted(found, key=lambda session: -session[2][1])
        handed = time.monotonic()
        unread: list[Changed] = []
        for session_id, keys, key in found:
            entry = self._pending.get(session_id)
            if entry is None or fingerprint(entry) != key:
                entry = known.get(session_id)
            if entry is None or fingerprint(entry) != key:
                digest, size, changed = settled(list(key))
                small = self._too_small(session_id, keys, size, held)  # not worth a core
                if small is not None:
                    entry = Entry(digest, size, changed, 0, small, False, keys)
                elif so_far is None:  # read below, all at once, in its place
                    unread.append((session_id, keys, key))
                    fresh[session_id] = None
                    continue
                else:
                    read = self._entry(session_id, keys, key)
                    entry = None if read is None else stored(session_id, read)
                if so_far is not None and time.monotonic() - handed > SO_FAR:
                    so_far(Entries({sid: e for sid, e in fresh.items() if e is not None}))
                    handed = time.monotonic()
            fresh[session_id] = entry
        if unread:
            made = self._in_two(unread, lambda part: [self._entry(*one) for one in part])
            for (session_id, _, _), read in zip(unread, made, strict=True):
                fresh[session_id] = None if read is None else stored(session_id, read)
        return {sid: entry for sid, entry in fresh.items() if entry is not None}

    def _read_again_if_damaged(self, known: dict[str, Stored]) -> bool:
        """Read again this laptop's own logs judged damaged that changed since (mended in
        place: the folder is as it was); whether any entry changed."""
        theirs = self._judged_theirs(known)
        mine = [
            (sid, one)
            for sid, one in known.items()
            if type(one) is Entry and one.damaged and sid not in theirs
        ]
        changed = False
        for session_id, entry in mine:
            found = files_identity(self._files(session_id, entry.broken))
            if found is None or tuple(found) == entry.fingerprint:
                continue  # gone, or not changed since
            again = self._entry(session_id, entry.broken, (found[0], found[1], found[2]))
            if again != entry:
                changed = True
                if again is None:
                    del known[session_id]
                else:
                    known[session_id] = stored(session_id, again)
        return changed

    def _judged_theirs(self, listed: Mapping[str, Stored]) -> set[str]:
        """The sessions judged damaged whose logs are all other laptops' (mended there, they
        come back as new files)."""
        theirs: dict[tuple[str, ...], bool] = {}
        found = set()
        for session_id, entry in listed.items():
            if type(entry) is Entry and entry.damaged:
                if entry.broken not in theirs:
                    theirs[entry.broken] = not any(map(self._mine, entry.broken))
                if theirs[entry.broken]:
                    found.add(session_id)
        return found

    def recent(self, most: int) -> tuple[list[Summary], int, bool] | None:
        """The ``most`` newest sessions, how many there are, and whether the folder changed
        since (their logs as they were), if the first line still describes them; else None."""
        if (self._entries is not None and not self._readonly) or self._pending:
            return None
        head = read_head(self._file, RECENT)
        if head is None:
            return None
        behind = head.folder is None or head.folder != identity_of(self._folder)
        made: list[Summary] = []
        for item in head.recent[:most]:
            if type(item) is not list or len(item) not in (2, 3) or type(item[0]) is not str:
                return None
            entry = entry_read(item[1]) if self._is_session_id(item[0]) else None
            if entry is None or isinstance(entry.row, str):
                return None
            if behind:  # each of these sessions' logs still as they were
                keys = keys_read(item[2]) if len(item) == 3 else None
                found = None if keys is None else files_identity(self._files(item[0], keys))
                if found is None or tuple(found) != entry.fingerprint:
                    return None
            made.append(pack(item[0], (0, 0, 0, 0), entry.row, entry.state))
        return made, head.total, behind

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
        kept: Row,
        state: bool | int = False,
        keys: tuple[str, ...] = (),
        broken: tuple[str, ...] = (),
    ) -> None:
        """Record a session just saved with its logs' ``keys``."""
        digest, size, changed = seen if len(seen) == 3 else (0, 0, NOT_SETTLED)
        entry = stored(session_id, Entry(digest, size, changed, order, kept, state, broken))
        if self.keys is not None and keys:
            self.keys[session_id] = keys
        if self._entries is not None:
            self._entries[session_id] = entry
        else:
            self._pending[session_id] = entry
        self.dirty = True

    def sweep(self) -> bool:
        """Whether the logs folder or any log file (name, inode, size, change time) changed
        since the last sweep, no file read; the first says yes. Another laptop's log judged
        damaged is left out until the folder changes, not read again at every look."""
        listed = self._entries or {}
        folder = identity_of(self._folder)
        total = (folded(self._folder, self._judged_theirs(listed)), folder)
        changed = total != self._swept
        self._swept = total
        self._swept_folder = None if folder is None else settled(folder)
        return changed

    def folder_as_swept(self) -> bool:
        """Whether no log came or went since the last sweep (one ``stat``): never where
        that sweep found the folder changed too recently to vouch for."""
        return self._swept_folder is not None and self._swept_folder == identity_of(self._folder)

    def take_in(self) -> set[str]:
        """The sessions whose logs appeared, changed or went since the last look, read again
        into the list; without one, told from the look before (the first only notes)."""
        if self._entries is not None:
            before = self._entries
            self._entries = self._checked_afresh(before, None)
            changed = {sid for sid, one in self._entries.items() if before.get(sid) is not one}
            changed.update(sid for sid in before if sid not in self._entries)
            self.dirty = self.dirty or bool(changed)
            return changed
        first, before_keys = self._seen_keys is None, self._seen_keys or {}
        self._seen_keys = {sid: key for sid, _, key in self._session_files()}
        if first:
            return set()
        written = {sid: fingerprint(entry) for sid, entry in self._pending.items()}
        changed = {
            sid
            for sid, key in self._seen_keys.items()
            if before_keys.get(sid) != key and written.get(sid) != key  # not as saved here
        }
        changed.update(sid for sid in before_keys if sid not in self._seen_keys)
        return changed

    def drop(self, session_id: str) -> None:
        self._pending.pop(session_id, None)
        if self._entries is not None and self._entries.pop(session_id, None) is not None:
            self.dirty = True

    def save(self) -> None:
        """Write the cache atomically, without fsync: losing it costs a rebuild."""
        if self._entries is None and not self._readonly:
            self.entries()  # merges what was saved meanwhile, then saves
            return
        self._save(identity_of(self._folder))

    def _save(self, folder: list[int] | None) -> None:
        """Save the cache, vouching for ``folder`` only if that is settled and still the
        folder now: one changed this instant may change again unseen."""
        if not self._keeps or not self.dirty:
            return
        entries = self._entries or {}
        if folder is None or settled(folder) != folder or folder != identity_of(self._folder):
            folder = None
        with contextlib.suppress(OSError, ValueError):
            made = encoded(Entries(entries), self.keys or {}, folder, RECENT)
            write_atomically(self._file, made, durable=False)
            self.dirty = False

    def session_count(self, most: int) -> int:
        """How many sessions the logs folder holds, counted up to ``most``."""
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
        """Each session with its log keys (kept in ``keys``) and their one fingerprint, from
        one walk; only names are held, and a listed session is named by the list's own id
        string: a look at ten thousand sessions leaves nothing behind in memory."""
        try:
            with os.scandir(self._folder) as listing:
                names = [entry.name for entry in listing if copies.parse(entry.name)]
        except FileNotFoundError:
            names = []
        names.sort()  # a list made then sorted: a generator costs a frame a name
        listed = self._entries or {}
        own = {sid: sid for sid in listed}
        self.keys = {}
        one: dict[tuple[str, ...], tuple[str, ...]] = {}
        # A Path would keep every file name (``sys.intern``): the folder's path as text.
        folder = os.path.join(self._folder, "")
        for session_id, files in itertools.groupby(names, lambda name: name[: name.index(".")]):
            identities = []
            for name in files:
                try:
                    stat = os.stat(folder + name)
                except FileNotFoundError:
                    continue
                key = name[name.index(".") + 1 : -len(".json")]
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

    def copy_keys(self, session_id: str) -> tuple[str, ...]:
        """The session's log keys at the last walk of the folder (walked now if never)."""
        if self.keys is None:
            for _ in self._session_files():
                pass  # the walk notes each session's logs
        return () if self.keys is None else self.keys.get(session_id, ())

    def _entry(
        self, session_id: str, keys: tuple[str, ...], key: tuple[int, int, int]
    ) -> Entry | None:
        """The entry for a changed session; None if it was deleted meanwhile."""
        digest, size, changed = settled(list(key))
        files = self._files(session_id, keys)
        try:
            order, kept, broken, state = self._read(session_id, files, size)
        except SessionNotFound:
            return None
        except StoreDamaged as error:
            named = tuple(copy for copy, path in files if path is error.path)  # one of these
            held = (*named, *(copy for copy in keys if copy not in named))
            return Entry(digest, size, changed, 0, error.reason, False, held)
        return Entry(digest, size, changed, order, kept, state, broken)

    def _files(self, session_id: str, keys: Iterable[str]) -> Files:
        return [(key, self._folder / copies.file_name(session_id, key)) for key in keys]

    def _load(self) -> tuple[dict[str, Stored], Head | None]:
        """The saved cache (``legacy``'s while this one has none). A big one's parse leaves
        Python's spare-object lists holding memory: a full collector pass gives it back."""
        file = self._file
        if self._legacy is not None and not os.path.lexists(file):
            file = self._legacy
        found = load(file, RECENT, self._is_session_id)
        if len(found[0]) > RECENT:
            collector.full_pass()
        return found


def may_fork() -> bool:
    """A second core, and one thread (no lock held by a thread the copy would lack)."""
    if not hasattr(os, "fork") or threading.active_count() != 1:
        return False
    cores = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else range(1)
    return len(cores) > 1


def in_two(
    items: Sequence[Changed],
    work: Callable[[Sequence[Changed]], list[Entry | None]],
    kept: Callable[[Sequence[Changed]], Kept],
    take: Callable[[Kept], None],
) -> list[Entry | None]:
    """``work(items)``, the second half in a forked copy where it may be, which hands back
    what ``work`` noted beside as ``kept(its half)``, given to ``take`` here."""
    if len(items) < AT_LEAST or not may_fork():
        return work(items)
    middle = len(items) // 2
    first, second = items[:middle], items[middle:]
    read, write = os.pipe()
    try:
        child = os.fork()
    except OSError:
        os.close(read)
        os.close(write)
        return work(items)
    if child == 0:  # the copy: its half handed back, then gone without running anything else
        status = 1
        try:
            os.close(read)
            handed = pickle.dumps((work(second), kept(second)), pickle.HIGHEST_PROTOCOL)
            with open(write, "wb") as pipe:
                pipe.write(handed)
            status = 0
        finally:
            os._exit(status)
    os.close(write)
    with open(read, "rb") as pipe:
        try:
            made = work(first)
        except BaseException:
            pipe.close()  # the copy's hand-back fails, and it ends
            os.waitpid(child, 0)
            raise
        handed = pipe.read()
    _, status = os.waitpid(child, 0)
    if status == 0:
        try:
            theirs: list[Entry | None]
            left: Kept
            theirs, left = pickle.loads(handed)  # made by this process's own copy
        except (pickle.UnpicklingError, EOFError, ValueError, TypeError):
            pass
        else:
            take(left)
            return made + theirs
    return made + work(second)
