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
the lock, the writer file, this laptop's id and name, and how far its own copy of each
session reached (``reach``: a copy put back older is said and written back) on each
machine instead (``machine``). Recording a round rewrites only this laptop's copy of
that session, so it costs the same with ten sessions stored or ten thousand. Listing
replays no round: it reads the index and, unless the stamp vouches for it, checks each
session's copy files' identity (inode, size, change time: never a time a copying tool
sets back) and re-reads the sessions that changed.

Inside the package: ``store`` is ``Store``, the one writer, on ``reader``, what any
process may read; ``documents`` reads, writes and upgrades one file through ``durable``
(the atomic write) and ``careful_read`` (the careful read); ``sidecar`` keeps what a layer
above caches beside this laptop's copy, sealed with the key in ``seal``; ``index`` keeps
the session list's cache of ``summary`` rows, each judged by ``well_formed``; ``lock`` is the
writer's lock; ``imported`` keeps an import's version of a game as one more copy;
``entries`` keeps night names, night moves and house games as events in each laptop's
log (``events``, ``log``, ``fold``: the model below, in use for them now; what
earlier layouts kept, ``older_entries`` reads as events moved over);
``store_errors`` words what goes wrong. This module only names what the rest of scorekeeper
uses.

Where the store is going: each laptop's log of what it did, folded alike everywhere
(the model the copies above give way to, module by module, the entries first; what is
written here is the contract those modules keep)::

    logs/<id>/<laptop>.json       one laptop's log of session <id>: a TinyDB database
                                  (table ``events``) opened with ``DurableStorage`` (atomic
                                  write, fsync, ``.bak``, careful read), written only with
                                  ``insert`` and only by that laptop, read with ``all()``
    entries/<laptop>.json         one laptop's log of night names, night moves and house
                                  games, the same kind of log
    <machine folder>/laptop.json  this laptop's id (ten base-32 letters, made once) and
                                  name, never in the synced folder (``machine``)
    <machine folder>/reach/<id>.json  how far this laptop's own log of session <id>
                                  reached (as ``reach`` keeps it for the copies now): a log
                                  of its own that comes back shorter is noticed, said, and
                                  written back
    <machine folder>/list.json    the session list and first screenful: a cache keyed by
                                  the fingerprint of the log files' identities, disposable

An event is a record with names: ``id`` is ``<laptop>:<n>``, n counting up in that
laptop's log, so no other laptop makes it (an event in ``<laptop>.json`` whose id names
another laptop is forged and refused; an event moved over from an older layout has the id
``m:<hash of what it holds>``, which any laptop can check and every laptop makes alike);
``after`` is the ids it was typed on top of (the heads this laptop showed); ``at`` is the
laptop's clock in milliseconds; ``kind`` is one of ``setup`` (players, game, options,
start), ``round`` (the table's end is the game's end round), ``undo``, ``edit`` (which
round, what it became), ``decide`` (the heads it settles and the rounds the table chose:
this version, the other, or both one after the other) for a session, and ``night`` (a
night's name, a session's night), ``house`` (a house game), ``laptop`` (a laptop's name,
given only by itself) for the entries, each ``{"key": ..., "value": ...}``; ``body`` is
what the kind needs. Nothing is ever rewritten: an undo is an event.

The fold is one pure function, the same on every laptop: the union of every log's events
(a union only grows, so arrival order and repetition change nothing; an event whose
``after`` has not arrived yet waits) is a graph whose ends are its heads. A session's head
replays its line (set-up, then each event on top of the one before); heads whose rounds
agree, or whose rounds are the start of another's, are one version. One version left is
the session; several are a game that went on differently, shown as the version changed
later (later means after, then by the clock, then by id) and waiting until a ``decide``
names them. Two decisions of the same heads made apart: the later stands, and the one it
replaced is said. Versions a decision did not choose stay in the graph, listed by what
they hold (rounds after the parting, the laptop, the balances) and brought back by a new
decision. An entry (a night's name, a game's night, a house game) is the same fold per
key, except that heads made apart are ordered without asking: after, then the clock, then
the id; the replaced change is said. A night made on a laptop is named by the id of the
event that made it, so two laptops making "a new night" apart make two nights.

This follows Automerge (a change is its actor, its sequence number, the heads it depends
on and a time; every replica applies the union in causal order) cut down to what a card
table needs: no operation-level merge of a round, since a game that went on differently
is the table's decision, not the software's.
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
