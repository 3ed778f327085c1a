"""One laptop's log: a TinyDB database of its events (table ``events``) on
``DurableStorage``, written with ``insert`` by that laptop alone, read with ``all()``. Each
event is checked (``events``) before the fold sees it; what is refused is counted by kind.
"""

from __future__ import annotations

import bisect
import os
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from tinydb import TinyDB
from tinydb.storages import Storage
from tinydb.table import Document, Table

from scorekeeper.checks import JSONObject
from scorekeeper.store.careful_read import DamagedFile, read_regular, unreadable
from scorekeeper.store.durable import BACKUP, encode, read_database, write_atomically
from scorekeeper.store.events import ID, Event, checked
from scorekeeper.store.stamp import identity
from scorekeeper.wording import plural

TABLE = "events"
Made = tuple[str, JSONObject, tuple[str, ...] | None, int]
"""An event to make: kind, body, what it is typed on top of (None: the one made just
before), and when (ms)."""
Known = tuple[list[int], JSONObject]
"""A log file's identity (``stamp.identity``) and what TinyDB read there then."""


@dataclass(frozen=True)
class Read:
    """A log's trusted events, how many of each fault were refused, the bytes read (kept by
    ``reach``), and the database read (appended to next, while the file is unchanged)."""

    events: tuple[Event, ...]
    refused: tuple[tuple[str, int], ...] = ()
    raw: bytes = field(default=b"", compare=False)
    database: Known | None = field(default=None, compare=False, repr=False)


class DurableStorage(Storage):
    """TinyDB storage: atomic, fsynced writes with a backup, and careful reads. What it last
    read or wrote, or was handed (``held``, ``known`` with its bytes ``raw``), is not read
    again while the file is unchanged; as a log only grows, an append encodes only the
    documents it adds."""

    def __init__(
        self,
        path: Path,
        held: JSONObject | None = None,
        known: Known | None = None,
        raw: bytes = b"",
    ) -> None:
        self.path = path
        self._backup = os.fspath(path) + BACKUP  # as text: no path made
        self._held = held
        self._known = known
        self._encoded = None if known is None else _written(known[1], raw)

    def read(self) -> JSONObject | None:
        if self._held is not None:
            held, self._held = self._held, None
            return held
        if self._known is not None and _identity(self.path) == self._known[0]:
            return self._known[1]
        self._known = None
        found = read_regular(self.path)
        if found is None:
            return None
        data = read_database(self.path, found[0])
        if data is not None:
            self._known = identity(found[1]), data
        return data

    def write(self, data: JSONObject) -> None:
        self._known = None  # TinyDB changed what it read in place: read again if this fails
        write_atomically(self.path, self._encode(data), backup=self._backup)
        found = _identity(self.path)
        if found is not None:
            self._known = found, data

    def _encode(self, data: JSONObject) -> bytes:
        """``encode(data)``, encoding only the documents after those last written."""
        if self._encoded is None:
            whole = encode(data)
            self._encoded = _written(data, whole)
            return whole
        encoded: Encoded = {}
        tables = []
        for name, table in data.items():
            assert isinstance(table, dict)  # as TinyDB hands it: a table of documents
            documents = list(table.items())
            before, joined = self._encoded.get(name, ([], b""))
            if documents[: len(before)] != before:  # the same objects: compared in a C loop
                before, joined = [], b""
            # each as ``encode`` writes it inside the table: ``"key":value``
            added = [encode({key: value})[1:-1] for key, value in documents[len(before) :]]
            joined = b",".join([joined, *added] if joined else added)
            encoded[name] = documents, joined
            tables.append(encode(name) + b":{" + joined + b"}")
        self._encoded = encoded
        return b"{" + b",".join(tables) + b"}"


Encoded = dict[str, tuple[list[tuple[str, object]], bytes]]
"""Each table as last written: its documents (the very objects) and their members joined."""


def _written(data: JSONObject, raw: bytes) -> Encoded | None:
    """``data``'s one table as encoded in ``raw``, where ``raw`` is written as ``encode``
    writes it; else None (encoded whole at the first write)."""
    if len(data) != 1:
        return None
    [(name, table)] = data.items()
    head = b"{" + encode(name) + b":{"
    if not (isinstance(table, dict) and table and raw.startswith(head) and raw.endswith(b"}}")):
        return None
    return {name: (list(table.items()), raw[len(head) : -2])}


def _identity(path: Path) -> list[int] | None:
    try:
        return identity(os.lstat(path))
    except FileNotFoundError:
        return None


def _table(
    path: Path, held: JSONObject | None = None, known: Known | None = None, raw: bytes = b""
) -> Table:
    return TinyDB(path, storage=DurableStorage, held=held, known=known, raw=raw).table(TABLE)


def read(path: Path, owner: str) -> Read:
    """The events of laptop ``owner``'s log at ``path``; ``DamagedFile`` for what is no
    TinyDB database, found before one is made (a folder may hold 100,000)."""
    found = read_regular(path)
    if found is None:
        return Read(())  # no such file: what TinyDB reads as an empty database
    raw = found[0]
    held = read_database(path, raw)
    events: list[Event] = []
    faults: Counter[str] = Counter()
    for record in _table(path, held).all():
        event = checked(record, owner)
        if isinstance(event, str):
            faults[event] += 1
        else:
            events.append(event)
    known = None if held is None else (identity(found[1]), held)
    return Read(tuple(events), tuple(sorted(faults.items())), raw, known)


def problem(path: Path, owner: str) -> str | None:
    """What is wrong with ``owner``'s log (or its ``.bak``) at ``path``, after its name."""
    try:
        found = read(path, owner)
    except (DamagedFile, OSError) as error:
        return unreadable(error)
    if not found.refused:
        return None
    return "holds " + "; ".join(f"{plural(count, 'event')} {why}" for why, count in found.refused)


class OwnLog:
    """This laptop's log at ``path``, numbering on from the highest of its ids ``held`` and
    ``reached`` (events it ever wrote there), so a log put back shorter never makes an id
    twice; ``as_read``: the log as just read, not read again for the first append."""

    def __init__(
        self,
        path: Path,
        laptop: str,
        held: Iterable[str],
        reached: int,
        as_read: Read | None = None,
    ) -> None:
        self.path = path
        self.laptop = laptop
        self.count = max(reached, _highest(held, laptop))
        self._as_read = as_read
        self._table: Table | None = None

    def extend(self, moved: list[JSONObject], made: list[Made]) -> list[Event]:
        """Write in one durable write the records ``moved`` from elsewhere, then the events
        ``made`` here, numbered on; on ``OSError`` none was written."""
        if self._table is None:
            if not os.path.isdir(os.path.dirname(self.path)):  # one look, not a refused mkdir
                self.path.parent.mkdir(parents=True, exist_ok=True)
            known, as_read, raw = None, self._as_read, b""
            if as_read is not None and as_read.database is not None:
                seen, database = as_read.database
                if _identity(self.path) == seen:  # TinyDB changes in place what it reads
                    known, raw = (seen, dict(database)), as_read.raw
            self._table = _table(self.path, known=known, raw=raw)
            if known is None or as_read is None or as_read.refused:  # else among ``events``
                self.count = max([self.count, *_numbered(self._table.all(), self.laptop)])
        count = self.count
        events: list[Event] = []
        for kind, body, after, at in made:
            count += 1
            on_top = (events[-1].id,) if after is None and events else after or ()
            events.append(Event(f"{self.laptop}:{count}", on_top, at, kind, body))
        self._table.insert_multiple([*moved, *(event.record() for event in events)])
        self.count = count
        return events


def _highest(ids: Iterable[str], laptop: str) -> int:
    """The highest number among ``laptop``'s ids (``name:n``, no leading zero): sorted, they
    lie together, and the last of the longest is the highest (a sort in C, no int each)."""
    order = sorted(ids)
    mine = order[bisect.bisect_left(order, laptop + ":") : bisect.bisect_left(order, laptop + ";")]
    return int(max(reversed(mine), key=len)[len(laptop) + 1 :]) if mine else 0


def _numbered(records: list[Document], laptop: str) -> list[int]:
    """The numbers of ``laptop``'s ids in a log's records, refused ones (a newer
    scorekeeper's kind) too: none is ever made again."""
    numbers = []
    for record in records:
        made = record.get("id")
        found = ID.fullmatch(made) if isinstance(made, str) else None
        if found is not None and found[1] == laptop:
            numbers.append(int(found[2]))
    return numbers
