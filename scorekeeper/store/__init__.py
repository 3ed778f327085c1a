"""The sessions on disk: each laptop's log of what it did, folded alike everywhere.

A store is a folder: ``Store(path)``, by default ``$SCOREKEEPER_DB`` or else the user data
folder. Inside it::

    logs/<id>.<laptop>.json       one laptop's log of session <id>: a TinyDB database
                                  (table ``events``) opened with ``log.DurableStorage``
                                  (atomic write, fsync, ``.bak``, careful read), written
                                  only with ``insert`` and only by that laptop
    logs/<id>.<laptop>.rows       what a layer above keeps beside it (``sidecar``)
    entries/<laptop>.json         one laptop's log of night names, night moves and house
                                  games, the same kind of log (``entries``)
    index.json                    the session list: a cache of rows worked out from the
                                  logs, fingerprinted by them (``index``)
    sessions/                     an older layout's whole copies: moved over as the store
                                  opens (``older_sessions``)
    lock, writer.json             the one writer's lock, and who holds it
    importing/                    an import's logs, staged until all are written

A store in a folder synced between laptops keeps the index, the lock, the writer file,
this laptop's id and name, and how far its own log of each session reached (``reach``)
on each machine instead (``machine``).

An event is a record with names (``events``): ``id`` is ``<laptop>:<n>``, n counting up in
that laptop's log, so no other laptop makes it (one in a log of another laptop's name is
forged and refused; one moved over from an older layout is ``m:<hash of what it holds>``,
checked by any laptop, made alike by all); ``after``: the ids it was typed on top of;
``at``: the laptop's clock in ms; ``kind``: ``setup``, ``round`` (the table's end is the
game's end round), ``undo``, ``edit``, ``decide`` and ``laptop`` (a laptop's name, given
only by itself) in a session's logs, ``night``, ``house`` and ``laptop`` in the entries';
``body``: what the kind needs. Nothing is ever rewritten: an undo is an event.

The fold (``fold``) is one pure function of the union of every log's events (so arrival
order and repetition change nothing; an event whose ``after`` has not arrived waits): a
graph whose heads each replay a line from the set-up. Heads whose rounds agree, or are the
start of another's, are one version; several are a game that went on differently, shown
as the version changed later and waiting until a ``decide`` names them (of two made apart
the later stands, and the one replaced is said). Versions a decision did not choose stay
in the graph, listed and brought back by a new decision. An entry is the same fold per
key, heads made apart ordered without asking. This follows Automerge (a change is its
actor, its sequence number, the heads it depends on and a time) cut down to what a card
table needs: no merge inside a round.

Inside the package: ``store`` is ``Store``, the one writer, on ``reader``, what any
process may read (a session's version shown and its list row, made alike for both);
``gather`` reads a session's logs (``copies`` names them, ``log``
reads each) and folds them, ``merge`` shows the fold as versions, ``conflicts`` and
``resolve`` lay them side by side and carry out the table's decision; ``index`` keeps
the session list's one cache of ``summary`` rows (``index_file`` on disk), each judged
by ``well_formed`` and held against its logs' fingerprint (``stamp``), thousands of
changed logs read on two cores; ``durable`` and ``careful_read`` are the
one atomic write and the careful read; ``lock`` is the writer's lock; ``reach`` notices a
log of this laptop's put back shorter; ``entries`` and ``house_games`` keep what every
laptop may change; ``older_sessions`` (with ``moved`` and ``documents``) and
``older_entries`` move earlier layouts over; ``sidecar`` keeps what a layer above stores
beside a log, sealed with this user's key; ``store_errors`` words what goes wrong.
"""

from scorekeeper.store.documents import MIGRATIONS, SCHEMA, how_to_recover
from scorekeeper.store.reader import Damage, default_path
from scorekeeper.store.store import Saved, Store
from scorekeeper.store.store_errors import SessionNotFound, StoreDamaged, StoreError, StoreLocked
from scorekeeper.store.summary import Summary

__all__ = [
    "MIGRATIONS",
    "SCHEMA",
    "Damage",
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
