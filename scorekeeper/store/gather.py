"""Every copy of one session read and merged: what the reader, the writer and the index
all read a session through (``copies`` names the files, ``merge`` makes the session).

A copy that cannot be read, or whose summary disagrees with its rounds, is damaged and
named; the session is made of the others, and is damaged only when none is left.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple

from scorekeeper.checks import JSONObject
from scorekeeper.store import agreement, copies, documents
from scorekeeper.store.merge import Copy, Merged, merge
from scorekeeper.store.sidecar import Sidecar
from scorekeeper.store.store_errors import SessionNotFound, StoreDamaged, StoreError

Files = Sequence[tuple[str, Path]]
"""A session's copy files: each one's key (``copies``) and path."""


class Gathered(NamedTuple):
    """A session as its copies make it."""

    merged: Merged
    copies: list[Copy]
    document: JSONObject
    """The document of a copy holding the version shown (its summary is the list's row)."""
    shown_key: str
    damaged: list[StoreDamaged]
    seen: list[int] | None
    """The copy files' identity as they were read (``identity``)."""

    @property
    def waiting(self) -> bool:
        return self.merged.waiting


def identity(files: Files) -> list[int] | None:
    """One identity for all of a session's copy files (their names, inodes, sizes and
    change times): another laptop's copy arriving or changing changes it. None: no file."""
    found = []
    for key, path in sorted(files):
        try:
            stat = os.stat(path)
        except FileNotFoundError:
            continue
        found.append((key, stat.st_ino, stat.st_size, stat.st_ctime_ns))
    return combined(found) if found else None


def combined(found: Sequence[tuple[str, int, int, int]]) -> list[int]:
    """``identity`` of copies as (key, inode, size, change time), sorted by key."""
    digest = hashlib.blake2b(repr(found).encode(), digest_size=7).digest()
    return [
        int.from_bytes(digest, "big"),
        sum(item[2] for item in found),
        max(item[3] for item in found),
    ]


def gather(
    files: Files,
    missing: Callable[[], StoreError],
    session_id: str,
    *,
    checked: Sidecar | None = None,
) -> Gathered:
    """The session the copy ``files`` make; ``missing()`` if none is there; the damage of
    the first if none can be read. ``checked`` (the store's cache beside its files): a summary
    that disagrees with its rounds makes its copy damaged (the index's reading; opening a
    session replays anyway), whose walk of the folder gave it the files' identity: not
    taken again here."""
    seen = identity(files) if checked is None else None
    documents_by_key: dict[str, JSONObject] = {}
    found: list[Copy] = []
    damaged: list[StoreDamaged] = []
    for key, path in sorted(files):
        try:
            document = documents.read(path, missing, recover=checked is None)
            if checked is not None:
                agreement.checked(path, session_id, document, checked)
        except SessionNotFound:
            continue
        except StoreDamaged as error:
            damaged.append(error)
            continue
        copy = copies.read(key, document)
        if isinstance(copy, str):
            damaged.append(documents.damaged(path, f"holds {copy}", recover=False))
            continue
        documents_by_key[key] = document
        found.append(copy)
    if not found:
        if damaged:
            raise damaged[0]
        raise missing()
    merged = merge(found)
    shown = next(copy for copy in found if copy.version is merged.shown)
    return Gathered(merged, found, documents_by_key[shown.key], shown.key, damaged, seen)


def walk(
    folder: Path, is_session_id: Callable[[str], bool]
) -> dict[str, list[tuple[str, int, int, int]]]:
    """Each session's copies in the sessions ``folder`` as (key, inode, size, change
    time), from one walk (which also passes each copy's backup and rows)."""
    found: dict[str, list[tuple[str, int, int, int]]] = {}
    try:
        listing = os.scandir(folder)
    except FileNotFoundError:
        return found
    with listing:
        for entry in listing:
            parsed = copies.parse(entry.name)
            if parsed is None or not is_session_id(parsed[0]):
                continue
            try:
                stat = entry.stat()
            except FileNotFoundError:
                continue
            found.setdefault(parsed[0], []).append(
                (parsed[1], stat.st_ino, stat.st_size, stat.st_ctime_ns)
            )
    return found


def folded(folder: Path) -> int:
    """Every ``.json`` file's identity in ``folder`` (name, inode, size, change time)
    folded into one number: the same while no file there changed in any way."""
    total = 0
    try:
        with os.scandir(folder) as listing:
            for entry in listing:
                name = entry.name
                if name.endswith(".json"):
                    try:
                        stat = entry.stat()
                    except FileNotFoundError:
                        continue
                    total += hash((name, stat.st_ino, stat.st_size, stat.st_ctime_ns))
    except FileNotFoundError:
        pass
    return total & ((1 << 64) - 1)
