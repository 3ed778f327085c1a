"""The sessions of the older layouts (``sessions/<id>.json``, ``<id>.<laptop>.json`` and
a sync engine's copies), moved over as events (``moved``) into this laptop's logs on a
writing open. Once all are written, this laptop's own copies (every file, where no
laptop shares the store) are removed; another laptop's stays (an older scorekeeper may
still write it) and is moved again when it changes.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from scorekeeper.checks import JSONObject
from scorekeeper.store import documents, machine
from scorekeeper.store.copies import ENGINE_COPY, LAPTOP_ID, OLDER
from scorekeeper.store.durable import backup_of, fsync_folder
from scorekeeper.store.stamp import identity
from scorekeeper.store.store_errors import StoreError

MOVED = "moved"
"""This laptop's note of the older files it moved, by name: their identity then."""
_OLD = (
    r"(?P<id>[A-Za-z0-9_-]{1,64})"
    rf"(?:\.(?P<key>{LAPTOP_ID}))?(?P<conflict>{ENGINE_COPY})?\.json"
)


def old_files(root: Path) -> dict[str, list[tuple[str, Path]]]:
    """Each session's files in the older layout, as (key, path): "" for ``<id>.json``."""
    found: dict[str, list[tuple[str, Path]]] = defaultdict(list)
    with (
        contextlib.suppress(FileNotFoundError, NotADirectoryError),
        os.scandir(root / OLDER) as listing,
    ):
        for entry in listing:
            parsed = re.fullmatch(_OLD, entry.name)
            if parsed is not None:
                key = (parsed["key"] or "") + (parsed["conflict"] or "")
                found[parsed["id"]].append((key, Path(entry.path)))
    return dict(found)


def _read(path: Path) -> JSONObject | None:
    with contextlib.suppress(StoreError):
        return documents.read(path)
    return None


def move_over(root: Path, this_laptop: Callable[[], str], shared: bool) -> int:
    """Move every session of the older layout at ``root`` into this laptop's logs; how many
    sessions had events written. ``OSError`` (or ``DamagedFile``) if a log cannot be
    written: nothing is removed then. ``this_laptop`` is asked only where there is
    something to move."""
    found = old_files(root)
    if not found:
        return 0
    laptop = this_laptop()
    from scorekeeper.store import log  # here: only a store of an older layout needs them
    from scorekeeper.store.moved import moved_events

    noted = machine.remembered(root, MOVED) if shared else None
    moved: dict[str, object] = dict(noted) if isinstance(noted, dict) else {}
    written = 0
    removable: list[Path] = []
    for session_id, files in sorted(found.items()):
        stats = {}
        for _, path in files:
            with contextlib.suppress(OSError):
                stats[path] = os.lstat(path)
        if all(moved.get(path.name) == identity(stat) for path, stat in stats.items()):
            continue
        read = [(key, doc) for key, path in files if (doc := _read(path)) is not None]
        events = moved_events(read)
        if not events:
            continue
        own = root / "logs" / f"{session_id}.{laptop}.json"
        held: set[str] = set()
        with contextlib.suppress(FileNotFoundError):
            held = {event.id for event in log.read(own, laptop).events}
        missing = [event.record() for event in events if event.id not in held]
        if missing:
            log.OwnLog(own, laptop, (), 0).extend(missing, [])
            written += 1
        for key, path in files:
            if path in stats and (not shared or key == laptop):
                removable.append(path)
            elif path in stats:
                moved[path.name] = identity(stats[path])
    if shared and moved != noted:
        machine.remember(root, MOVED, moved)
    for path in removable:
        for made in (path, backup_of(path), path.with_suffix(".rows")):
            with contextlib.suppress(OSError):
                os.unlink(made)
    if removable:
        with contextlib.suppress(OSError):
            fsync_folder(root / OLDER)
    return written
