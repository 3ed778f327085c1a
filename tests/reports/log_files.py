"""Where a session's events lie in a store one laptop wrote: that laptop's log of it."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.store.reader import FOLDER


def log_of(store_path: Path, session_id: str) -> Path:
    """The one log the session has in the store at ``store_path``."""
    (log,) = (store_path / FOLDER).glob(f"{session_id}.*.json")
    return log
