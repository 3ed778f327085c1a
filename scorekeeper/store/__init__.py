"""The sessions on disk: ``Store`` (``store``) and what can go wrong with it."""

from scorekeeper.store.documents import MIGRATIONS, SCHEMA, how_to_recover
from scorekeeper.store.errors import SessionNotFound, StoreDamaged, StoreError, StoreLocked
from scorekeeper.store.index import Summary
from scorekeeper.store.store import Saved, Store, default_path

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
