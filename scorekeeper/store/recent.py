"""``recent.json``, written with the index: its ``RECENT`` most recently updated entries
(each with its copy files' keys), the number of sessions, and the identity the sessions
folder had then. While the folder is unchanged it is the first screenful of the list,
read in a few milliseconds whatever the store's size. Once the folder changed (files
arrived, a hundred thousand of them perhaps) it is still the list as it was, if each of
its entries' files is as it was: shown at once, while the whole folder is read behind it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from scorekeeper.checks import JSON
from scorekeeper.store import copies, documents
from scorekeeper.store.careful_read import DamagedFile, read_json
from scorekeeper.store.durable import encode, write_atomically
from scorekeeper.store.gather import identity
from scorekeeper.store.stamp import identity_of
from scorekeeper.store.summary import entry_problem, expand

Entry = list[JSON]
"""An index entry, ``[key, size, ctime_ns, order, row, waiting]`` (see ``index``); in
memory the row is ``compact``."""


def read_recent(
    file: Path, folder: Path, is_session_id: Callable[[str], bool]
) -> tuple[list[tuple[str, Entry]], int, bool] | None:
    """The most recently updated entries, newest first, how many sessions there are, and
    whether the folder changed since (the list is then as it was, each entry's files
    still as they were: a look at the whole folder is due), if ``recent.json`` (``file``)
    still describes the sessions ``folder``; else None."""
    try:
        found = read_json(file)
    except (DamagedFile, OSError):
        return None
    if type(found) is not dict or found.get("schema") != documents.SCHEMA:
        return None
    entries, total = found.get("entries"), found.get("total")
    if type(entries) is not list or type(total) is not int or total < len(entries):
        return None
    listed: list[tuple[str, Entry]] = []
    keys: list[list[str] | None] = []
    for pair in entries:
        if type(pair) is not list or len(pair) not in (2, 3) or type(pair[0]) is not str:
            return None
        if not is_session_id(pair[0]) or entry_problem(pair[1]) is not None:
            return None
        if type(pair[1][4]) is not list:
            return None
        listed.append((pair[0], pair[1]))
        keys.append(_keys(pair[2]) if len(pair) == 3 else None)
    if found.get("sessions") == identity_of(folder):
        return listed, total, False
    for (sid, entry), held in zip(listed, keys, strict=True):
        files = [(key, folder / copies.file_name(sid, key)) for key in held or ()]
        if held is None or identity(files) != entry[:3]:
            return None
    return listed, total, True


def _keys(value: JSON) -> list[str] | None:
    """A session's copy keys as saved, if they are keys (``copies.parse``)."""
    if type(value) is not list or not 0 < len(value) <= 100:
        return None
    for key in value:
        if type(key) is not str or copies.parse(copies.file_name("a", key)) != ("a", key):
            return None
    return [str(key) for key in value]


def save_recent(
    file: Path,
    folder: Path,
    entries: dict[str, Entry],
    keys: Mapping[str, tuple[str, ...]],
    most: int,
) -> None:
    """Write the ``most`` newest readable entries with their copy keys (where known),
    the count, and the folder's identity."""
    listed = [(entry[3], sid) for sid, entry in entries.items() if type(entry[4]) is not str]
    newest = sorted(listed, reverse=True)[:most]
    recent = {
        "schema": documents.SCHEMA,
        "sessions": identity_of(folder),
        "total": len(listed),
        "entries": [_saved_pair(sid, entries[sid], keys.get(sid)) for _, sid in newest],
    }
    write_atomically(file, encode(recent), durable=False)


def _saved_pair(sid: str, entry: Entry, keys: tuple[str, ...] | None) -> list[JSON]:
    pair: list[JSON] = [sid, saved_entry(entry)]
    return pair if keys is None else [*pair, list(keys)]


def saved_entry(entry: Entry) -> Entry:
    """An entry as the index file holds it: its row a list again."""
    kept = entry[4]
    return entry if type(kept) is str else [*entry[:4], expand(kept), *entry[5:]]
