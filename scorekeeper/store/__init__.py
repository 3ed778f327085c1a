"""The sessions on disk: each laptop's own durable copy of a session, merged into one.

A store is a folder: ``Store(path)``, by default ``$SCOREKEEPER_DB`` or else the user data
folder. Inside it::

    sessions/<id>.json            a session in a store no laptop shares (its one writer's
                                  copy); in a shared store, a copy an older scorekeeper
                                  wrote: read, never written
    sessions/<id>.<laptop>.json   one laptop's copy in a shared store: only it writes it
    sessions/<id>[.<laptop>].sync-conflict-….json   a sync engine's copy: one more version
    sessions/<copy>.json.bak      a copy as it was before its last save (this laptop's own)
    index.json                    every session's summary; rebuilt from the files when stale
    importing/                    sessions from another store, staged until all are written
    index.stamp                   present only while nothing has been saved since index.json
    recent.json                   the most recent summaries, the list's first screenful
    lock, writer.json             the one writer's lock, and who holds it

A copy is a session document (``documents``) whose ``copy`` part (``copies``) says which
laptop wrote it, how many times, which other copies it was written on top of, and when and
on which laptop each round was recorded. Every read gathers every copy (``gather``) and
``merge`` makes the session of them, a pure function: the same copies give the same
session on every laptop in any order. A game that went on differently on two laptops
stays one session, shown as the version whose last round was recorded later and marked
``waiting`` until the table decides (``conflicts`` shows the versions side by side,
``resolve`` writes the decision as this laptop's copy on top of all of them). Nothing is
migrated on opening: an older store's files are copies like any other, and each laptop's
first change to a session writes its own copy beside them.

A store in a folder synced between laptops keeps the index, its stamp, the recent list,
the lock, the writer file and this laptop's id and name on each machine instead
(``machine``). Recording a round rewrites only this laptop's copy of that session, so it
costs the same with ten sessions stored or ten thousand. Listing replays no round: it
reads the index and, unless the stamp vouches for it, checks each session's copy files'
identity (inode, size, change time: never a time a copying tool sets back) and re-reads
the sessions that changed.

Inside the package: ``store`` is ``Store``, the one writer, on ``reader``, what any
process may read; ``documents`` reads, writes and upgrades one file through ``durable``
(the atomic write) and ``careful_read`` (the careful read); ``sidecar`` keeps what a layer
above caches beside this laptop's copy, sealed with the key in ``seal``; ``index`` keeps
the session list's cache of ``summary`` rows, each judged by ``well_formed``; ``lock`` is the
writer's lock; ``imported`` keeps an import's version of a game as one more copy;
``store_errors`` words what goes wrong. This module only names what the rest of scorekeeper
uses.
"""

from scorekeeper.store.documents import MIGRATIONS, SCHEMA, how_to_recover
from scorekeeper.store.reader import default_path
from scorekeeper.store.store import Saved, Store
from scorekeeper.store.store_errors import SessionNotFound, StoreDamaged, StoreError, StoreLocked
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
