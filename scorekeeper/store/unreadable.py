"""A sync engine's conflict copy of a session that nobody can read (a folder, a link, a
file that holds no session), named and, when the table says so, set aside.

Setting aside moves it, as it is, into ``set-aside/`` beside the sessions folder: never
deleted (another laptop may want what it holds), never followed (a link is moved as a
link, whatever it points at, and nothing is written through one).
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from scorekeeper.store import copies, documents
from scorekeeper.store.durable import fsync_folder
from scorekeeper.store.reader import Reader
from scorekeeper.store.store import Store
from scorekeeper.store.store_errors import StoreDamaged, StoreError

SET_ASIDE = "set-aside"
"""The folder, beside ``sessions/``, that conflict copies nobody can read are moved to."""


@dataclass(frozen=True)
class Unreadable:
    """A conflict copy of a session that cannot be read, and why."""

    session_id: str
    file: Path
    reason: str

    def words(self) -> str:
        return (
            f"Session {self.session_id}: its conflict copy {self.file.name} cannot be read "
            f"(it {self.reason}); the session is made of its other copies. Set it aside "
            f"(moved, as it is, to {SET_ASIDE}/) with `scorekeeper conflicts --keep shown "
            f"{self.session_id}`."
        )


def unreadable_copies(store: Reader) -> list[Unreadable]:
    """Every conflict copy in the sessions folder that cannot be read, by file name."""
    folder = store.path / "sessions"
    try:
        names = sorted(os.listdir(folder))
    except (FileNotFoundError, NotADirectoryError):
        return []
    found = []
    for name in names:
        parsed = copies.parse(name)
        if parsed is None or not copies.is_conflict_copy(parsed[1]):
            continue
        reason = _why_unreadable(folder / name)
        if reason is not None:
            found.append(Unreadable(parsed[0], folder / name, reason))
    return found


def _why_unreadable(file: Path) -> str | None:
    """What is wrong with the conflict copy ``file``, None if it reads (or went)."""
    try:
        document = documents.read(file, lambda: StoreError("gone", file), recover=False)
    except StoreDamaged as error:
        return error.reason
    except StoreError:
        return None
    copy = copies.read(file.name, document)
    return f"holds {copy}" if isinstance(copy, str) else None


def set_aside(store: Store, copy: Unreadable) -> str:
    """Move the conflict copy into ``set-aside/``, under a name no file there has; what
    was done, in one line. ``StoreError`` if it cannot be done (nothing moved then)."""
    store.ensure_writable()
    folder = store.path / "sessions"
    file = folder / copy.file.name
    parsed = copies.parse(file.name)
    if copy.file.parent != folder or parsed is None or not copies.is_conflict_copy(parsed[1]):
        raise StoreError(f"{copy.file} is not a conflict copy in {folder}.", copy.file)
    aside = store.path / SET_ASIDE
    try:
        os.mkdir(aside)
    except FileExistsError:
        pass
    except OSError as error:
        raise StoreError(f"Could not make {aside}: {error.strerror}.", aside) from None
    if not stat.S_ISDIR(os.lstat(aside).st_mode):
        raise StoreError(
            f"{aside} is not a folder (a link, or a file): nothing is moved through it. "
            "Move it away, then decide again.",
            aside,
        )
    target, number = aside / file.name, 1
    while os.path.lexists(target):
        target, number = aside / f"{file.name}.{number}", number + 1
    try:
        os.rename(file, target)
    except OSError as error:
        raise StoreError(f"Could not move {file} to {aside}: {error.strerror}.", file) from None
    fsync_folder(aside)
    fsync_folder(folder)
    store.refresh()
    return f"Session {copy.session_id}: set {file.name} aside, as it is, in {target}"
