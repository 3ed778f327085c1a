"""``recent.json``, written with the index: its ``RECENT`` most recently updated entries,
the number of sessions, and the identity the sessions folder had then. While the folder is
unchanged it is the first screenful of the list, read in a few milliseconds whatever the
store's size.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from scorekeeper.checks import JSON
from scorekeeper.store import documents
from scorekeeper.store.careful_read import DamagedFile, read_json
from scorekeeper.store.durable import encode, write_atomically
from scorekeeper.store.stamp import identity_of
from scorekeeper.store.summary import entry_problem, expand

Entry = list[JSON]
"""An index entry, ``[key, size, ctime_ns, order, row, waiting]`` (see ``index``); in
memory the row is ``compact``."""


def read_recent(
    file: Path, folder: Path, is_session_id: Callable[[str], bool]
) -> tuple[list[tuple[str, Entry]], int] | None:
    """The most recently updated entries, newest first, and how many sessions there
    are, if ``recent.json`` (``file``) still describes the sessions ``folder``; else None."""
    try:
        found = read_json(file)
    except (DamagedFile, OSError):
        return None
    if type(found) is not dict or found.get("schema") != documents.SCHEMA:
        return None
    if found.get("sessions") != identity_of(folder):
        return None
    entries, total = found.get("entries"), found.get("total")
    if type(entries) is not list or type(total) is not int or total < len(entries):
        return None
    for pair in entries:
        if type(pair) is not list or len(pair) != 2 or type(pair[0]) is not str:
            return None
        if not is_session_id(pair[0]) or entry_problem(pair[1]) is not None:
            return None
        if type(pair[1][4]) is not list:
            return None
    return [(sid, entry) for sid, entry in entries], total


def save_recent(file: Path, folder: Path, entries: dict[str, Entry], most: int) -> None:
    """Write the ``most`` newest readable entries, the count, and the folder's identity."""
    listed = [(entry[3], sid) for sid, entry in entries.items() if type(entry[4]) is not str]
    newest = sorted(listed, reverse=True)[:most]
    recent = {
        "schema": documents.SCHEMA,
        "sessions": identity_of(folder),
        "total": len(listed),
        "entries": [[sid, saved_entry(entries[sid])] for _, sid in newest],
    }
    write_atomically(file, encode(recent), durable=False)


def saved_entry(entry: Entry) -> Entry:
    """An entry as the index file holds it: its row a list again."""
    kept = entry[4]
    return entry if type(kept) is str else [*entry[:4], expand(kept), *entry[5:]]
