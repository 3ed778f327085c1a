"""The sessions on disk: one durable TinyDB file per session, and an index that is a cache.

A store is a folder: ``Store(path)``, by default ``$SCOREKEEPER_DB`` or else the user data
folder. Inside it::

    sessions/<id>.json      one session: setup, rounds, a summary and the rounds' results
                            (TinyDB, table "session"; see ``documents``)
    sessions/<id>.json.bak  the same file as it was before its last save
    index.json              every session's summary; rebuilt from the files when stale or damaged
    importing/              sessions from another store, staged until all are written
    index.stamp             present only while nothing has been saved since index.json was
    recent.json             the most recent summaries, the list's first screenful
    lock, writer.json       the one writer's lock, and who holds it

A store in a folder synced between laptops keeps the index, its stamp, the recent list,
the lock and the writer file on each machine instead (``machine``); a sync engine's
conflict copy of a session waits beside it for a person to decide (``conflicts``, and
``resolve`` carries out the decision).

Recording a round rewrites only that session's file, so it costs the same with ten sessions
stored or ten thousand. Listing replays no round: it reads the index and, unless the stamp
vouches for it, checks each file's inode, size and modification time and re-reads the files
that changed.

Inside the package: ``store`` is ``Store``, the one writer, on ``reader``, what any
process may read; ``documents`` reads, writes and upgrades one session's file through
``durable`` (the atomic write) and ``reading`` (the careful read); ``sidecar`` keeps what a
layer above caches beside each session file, sealed with the key in ``seal``; ``index``
keeps the session list's cache of ``summary`` rows, each judged by ``checks``; ``lock``
is the writer's lock; ``errors`` words what goes wrong. This module only names what the
rest of scorekeeper uses.
"""

from scorekeeper.store.documents import MIGRATIONS, SCHEMA, how_to_recover
from scorekeeper.store.errors import SessionNotFound, StoreDamaged, StoreError, StoreLocked
from scorekeeper.store.reader import default_path
from scorekeeper.store.store import Saved, Store
from scorekeeper.store.summary import Summary

__all__ = [
    "MIGRATIONS",
    "SCHEMA",
    "Saved",
    "SessionNotFound",
    "Store",
    "StoreDamaged",
    "StoreError",
    "StoreLocked",
    "Summary",
    "default_path",
    "how_to_recover",
]
