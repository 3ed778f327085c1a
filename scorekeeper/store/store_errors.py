"""What can go wrong with a store, each error worded for the person who has to act on it."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.checks import JSONMapping

REPLAY_ERRORS = (LookupError, TypeError, ValueError, AttributeError)
"""What replaying rounds from a file may raise (a ``RuleError`` is a ``ValueError``)."""


class StoreError(Exception):
    """A problem with the store on disk; the message tells a person what to do about it."""

    def __init__(self, message: str, path: Path | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path

    def __str__(self) -> str:
        return self.message


class SessionNotFound(StoreError, KeyError):
    """No session has that id; also a KeyError, as a lookup by key would raise."""


class StoreLocked(StoreError):
    """Another process has the store open for writing; ``owner`` says who, when it is known."""

    def __init__(self, path: Path, owner: JSONMapping) -> None:
        self.owner = dict(owner)
        who = f"process {owner['pid']}" if "pid" in owner else "another process"
        for key, said in (("host", " on {}"), ("command", " ({})"), ("since", ", open since {}")):
            if "pid" in owner and owner.get(key):
                who += said.format(owner[key])
        super().__init__(
            f"The store {path} is already open for writing by {who}. Close scorekeeper "
            "there first. What only reads works meanwhile: `scorekeeper list`, `export`, "
            "`settle`, `stats`, `doctor` (without --fix).",
            path,
        )


class StoreDamaged(StoreError):
    """A file that cannot be read, left untouched; ``backup`` is its previous version if
    that one is good, ``reason`` what is wrong (the words after the file's name)."""

    def __init__(self, message: str, path: Path, backup: Path | None, reason: str = "") -> None:
        super().__init__(message, path)
        self.backup = backup
        self.reason = reason or message


def not_found(store: Path, session_id: object) -> SessionNotFound:
    return SessionNotFound(
        f"There is no session {session_id!r} in {store}. "
        "`scorekeeper list` shows the sessions there.",
        store,
    )


def cannot_write_down(file: Path, error: Exception) -> StoreError:
    return StoreError(
        f"Could not save {file}: the change cannot be written down ({error}). It was "
        "not saved and the file still holds the state before it.",
        file,
    )
