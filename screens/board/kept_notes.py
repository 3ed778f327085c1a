"""The served board's corrections kept on this laptop, so a page opened after the server
restarts still reads the undo or the edit made before it.

The store keeps each session's rounds as they are now, not its undos and edits. So the
board keeps, after each look, the session it showed (its document) and the corrections
it says about it, in this laptop's own folder for the store (beside the address's
secret, ``secret.py``; never in the store folder, which a sync engine hands to other
laptops). Started again, it says those corrections, and every one between that session
and the one on disk now: one made while the board was stopped is said too. A store
that records undos and edits itself would make this file needless: the notes would be
read from the session.

Anything in its place the board did not write (damaged, too large, not a file, another
store's) is left alone and unread: the board then starts with no corrections to say.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from scorekeeper.safe_files import read_file
from scorekeeper.session import Session
from scorekeeper.store.durable import write_atomically
from scorekeeper.store.machine import machine_folder

FILE = "board-notes.json"
LIMIT = 8 * 1024 * 1024
"""Bytes at most: a long evening's session at a large table is a few hundred kilobytes."""


@dataclass(frozen=True)
class Kept:
    """What the board showed last: which session, the session itself, what it said."""

    session_id: str
    session: Session
    notes: list[str]


def notes_file(store: Path) -> Path:
    return machine_folder(store) / FILE


def read_kept(store: Path) -> Kept | None:
    """What the board kept for ``store`` on this laptop, or None (none, or unreadable)."""
    try:
        data = json.loads(read_file(notes_file(store), LIMIT))
        session_id, notes = data["session_id"], data["notes"]
        if not isinstance(session_id, str) or not isinstance(notes, list):
            return None
        if not all(isinstance(note, str) for note in notes):
            return None
        return Kept(session_id, Session.from_dict(data["session"]), notes)
    except (OSError, ValueError, TypeError, KeyError):  # a RuleError is a ValueError
        return None


def keep(store: Path, kept: Kept | None) -> None:
    """Keep what the board shows now (None: no session, nothing to say after a restart);
    a laptop whose folder cannot be written keeps the notes until the board stops."""
    file = notes_file(store)
    if kept is None:
        data = b"{}"
    else:
        document = {
            "session_id": kept.session_id,
            "session": kept.session.to_dict(),
            "notes": kept.notes,
        }
        data = json.dumps(document, ensure_ascii=False).encode()
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(file, data)
    except OSError:
        return
