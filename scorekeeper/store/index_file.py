"""``index.json`` on disk: read member by member and checked entry by entry, written
compact. Only a cache: a missing or damaged one reads as empty and is built again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from scorekeeper.checks import JSON
from scorekeeper.store import documents
from scorekeeper.store.careful_read import DamagedFile, NotPlain, members, parse_json, read_regular
from scorekeeper.store.durable import encode, write_atomically
from scorekeeper.store.recent import Entry, saved_entry
from scorekeeper.store.stamp import identity
from scorekeeper.store.summary import compact, entry_problem, sound_row

_HEAD = b'{"schema":%d,"sessions":{' % documents.SCHEMA
"""How ``write_index`` begins the file, the sessions being its last member."""
INDEX_CAP = 256 * 1024 * 1024
"""A session file's cap would drop the index of a folder with a hundred thousand files
that are no sessions (each named, with why, about 200 bytes): every one read again."""


def read_index(
    file: Path, is_session_id: Callable[[str], bool], shared: dict[JSON, JSON]
) -> tuple[dict[str, Entry], list[int] | None]:
    """The index saved in ``file`` and the identity of the file it came from; each
    entry's row kept ``compact`` (with ``shared``)."""
    try:
        found = read_regular(file, INDEX_CAP)
        if found is None:
            return {}, None
        try:
            sessions = _checked(members(found[0], _HEAD), is_session_id, shared)
        except NotPlain:
            data = parse_json(file, found[0], shape_checked=True)
            listed = data.get("sessions")
            if data.get("schema") != documents.SCHEMA or not isinstance(listed, dict):
                return {}, None
            sessions = _checked(listed.items(), is_session_id, shared)
    except (DamagedFile, OSError):
        return {}, None
    return ({}, None) if sessions is None else (sessions, identity(found[1]))


def _checked(
    pairs: Iterable[tuple[str, JSON]],
    is_session_id: Callable[[str], bool],
    shared: dict[JSON, JSON],
) -> dict[str, Entry] | None:
    """The entries of a saved index, or None if any is not as scorekeeper writes them."""
    sessions = {}
    for sid, entry in pairs:
        if not is_session_id(sid):
            return None
        if sound_row(entry, shared) is None:
            if entry_problem(entry) is not None:
                return None
            if type(entry[4]) is list:  # sound, but only the careful check says so
                entry[4] = compact(entry[4], shared)
        sessions[sid] = entry
    return sessions


def write_index(file: Path, entries: dict[str, Entry]) -> None:
    """Write the index atomically, without fsync: losing it only costs a rebuild."""
    saved = {sid: saved_entry(entry) for sid, entry in entries.items()}
    write_atomically(file, encode({"schema": documents.SCHEMA, "sessions": saved}), durable=False)
