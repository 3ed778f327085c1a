"""A person's decision about a conflict copy (``conflicts``), carried out on the store."""

from __future__ import annotations

import contextlib
import json
import os
import stat
import time
from typing import Any

from scorekeeper.finding import DAMAGED
from scorekeeper.ids import branch_id
from scorekeeper.session import Session
from scorekeeper.store import Saved, Store, documents
from scorekeeper.store.conflicts import Conflict
from scorekeeper.store.durable import backup_of, fsync_folder, keep_previous
from scorekeeper.store.errors import StoreError

KEEP_BOTH, KEEP_ORIGINAL, KEEP_COPY = "both", "original", "copy"
CHOICES = (KEEP_BOTH, KEEP_ORIGINAL, KEEP_COPY)
_TAKE_COPY = "goes further"
_TABLE = ("game", "players", "dealer", "options")
"""What makes two versions one table: the same game, players, first dealer and options."""


def _read_copy(store: Store, conflict: Conflict) -> dict[str, Any]:
    """The copy's document, read and replayed as a session file would be; StoreError if
    it cannot be (``doctor --fix`` keeps such a copy aside)."""
    document = documents.read(conflict.copy, lambda: _gone(conflict))
    try:
        Session.from_dict(document["session"])
    except (LookupError, TypeError, ValueError, AttributeError) as error:
        raise StoreError(
            f"{conflict.copy} does not replay ({error}): it cannot be kept as a session. "
            "`scorekeeper doctor --fix` keeps it aside in damaged/.",
            conflict.copy,
        ) from None
    return document


def _gone(conflict: Conflict) -> StoreError:
    return StoreError(f"{conflict.copy} is gone: nothing to decide.", conflict.copy)


def _take_away(store: Store, conflict: Conflict) -> str:
    """Remove the copy not chosen: a file or a link (never what it points to) goes; a
    folder, which no sync engine makes of a session file, is set aside in ``damaged/``
    (this laptop's own), whatever it holds. Returns what was done."""
    if not stat.S_ISDIR(os.lstat(conflict.copy).st_mode):
        os.unlink(conflict.copy)
        return f"removed {conflict.copy.name}"
    aside = store.path / DAMAGED
    with contextlib.suppress(FileExistsError):
        os.mkdir(aside)
    if not stat.S_ISDIR(os.lstat(aside).st_mode):
        raise StoreError(f"{aside} is not a folder: the folder {conflict.copy} stays.", aside)
    kept = aside / f"{conflict.copy.name}.{time.strftime('%Y%m%d-%H%M%S')}"
    os.rename(conflict.copy, kept)
    return f"set the folder {conflict.copy.name} aside as {kept}"


def _text(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _course(store: Store, conflict: Conflict) -> str | None:
    """Why keeping both would count a game twice: the copy holds the same rounds as the
    session, or the start of them, or they are the start of its (then it is taken);
    None where the two went on differently, and both are kept."""
    try:
        mine = store.saved(conflict.session_id)
    except StoreError:
        return None  # the original cannot be read: the copy becomes a session of its own
    theirs = _read_copy(store, conflict)["session"]
    assert isinstance(theirs, dict)
    if any(_text(mine[key]) != _text(theirs[key]) for key in _TABLE):
        return None
    ours, new = [_text(r) for r in mine["rounds"]], [_text(r) for r in theirs["rounds"]]
    if ours == new:
        return "held the same rounds; it was removed"
    if ours[: len(new)] == new:
        return "held only the start of its rounds; it was removed"
    if new[: len(ours)] == ours:
        return _TAKE_COPY
    return None


def _branch(store: Store, conflict: Conflict, theirs: dict[str, Any]) -> str:
    """The id the other version takes: the branch id an import gives a game that went on
    differently (``ids.branch_id`` of its table and rounds up to where the two part), so
    each laptop that keeps both makes the same session, and an import recognises it."""
    try:
        ours = [_text(r) for r in store.saved(conflict.session_id)["rounds"]]
    except StoreError:
        ours = []
    new = [_text(r) for r in theirs["rounds"]]
    same = 0
    while same < min(len(ours), len(new)) and ours[same] == new[same]:
        same += 1
    return branch_id(conflict.session_id, [_text(theirs[key]) for key in _TABLE] + new[: same + 1])


def _same_rounds(store: Store, session_id: str, theirs: dict[str, Any]) -> bool:
    """Whether session ``session_id`` is here with the same table and rounds as ``theirs``."""
    try:
        mine = store.saved(session_id)
    except StoreError:
        return False
    return all(_text(mine[key]) == _text(theirs[key]) for key in (*_TABLE, "rounds"))


def resolve(store: Store, conflict: Conflict, choice: str) -> str:
    """Do what the person chose (``CHOICES``); returns what was done, in one line."""
    store.ensure_writable()
    if choice not in CHOICES:
        raise ValueError(f"choose one of {', '.join(CHOICES)}, not {choice!r}")
    folder = conflict.copy.parent
    try:
        if choice == KEEP_ORIGINAL:
            if not os.path.lexists(conflict.original):
                raise StoreError(
                    f"Session {conflict.session_id} is not here any more, so {conflict.copy.name} "
                    "is its only version: keep the copy (or both) instead. Nothing was changed.",
                    conflict.copy,
                )
            done = f"kept session {conflict.session_id} as it is; " + _take_away(store, conflict)
        elif choice == KEEP_COPY:
            _read_copy(store, conflict)
            with contextlib.suppress(FileNotFoundError):
                keep_previous(conflict.original, backup_of(conflict.original))
            os.replace(conflict.copy, conflict.original)
            done = (
                f"session {conflict.session_id} is now {conflict.copy.name}; the version it "
                f"replaced is {backup_of(conflict.original).name}"
            )
        elif (course := _course(store, conflict)) is not None:
            if course == _TAKE_COPY:
                return resolve(store, conflict, KEEP_COPY)
            os.unlink(conflict.copy)
            done = f"kept session {conflict.session_id}: {conflict.copy.name} {course}"
        else:
            document = _read_copy(store, conflict)
            branch = _branch(store, conflict, document["session"])
            if _same_rounds(store, branch, document["session"]):
                new_id = branch  # kept already, here or by another laptop that synced it
            else:
                summary = document["summary"]
                assert isinstance(summary, dict)
                saved = Saved(
                    branch,
                    Session.from_dict(document["session"]),
                    str(summary["started"]),
                    str(summary["updated"]),
                )
                (new_id,) = store.add_saved([saved])
            os.unlink(conflict.copy)
            done = f"kept both: session {conflict.session_id}, and its other version as {new_id}"
        fsync_folder(folder)
    except FileNotFoundError:
        raise _gone(conflict) from None
    except OSError as error:
        raise StoreError(
            f"Could not settle {conflict.copy}: {error.strerror or error}. Both files are "
            "as they were; try again.",
            conflict.copy,
        ) from error
    store.refresh()
    return done


def rounds_of_each(store: Store, conflict: Conflict) -> tuple[int | None, int | None]:
    """How many rounds the session and its other version hold (None: cannot be read)."""
    counts: list[int | None] = []
    for read in (
        lambda: store.saved(conflict.session_id),
        lambda: _read_copy(store, conflict)["session"],
    ):
        try:
            counts.append(len(read()["rounds"]))
        except (StoreError, LookupError, TypeError):
            counts.append(None)
    return counts[0], counts[1]
