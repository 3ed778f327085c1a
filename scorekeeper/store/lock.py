"""The one writer's lock, which deleting its file cannot take away unnoticed (people delete
``lock`` to get past "already open"): ``held`` says whether the file at the path is still
the one locked, asked before every write. ``writer.json`` says who holds it.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

from scorekeeper.checks import JSONObject
from scorekeeper.store import machine
from scorekeeper.store.careful_read import DamagedFile, read_json
from scorekeeper.store.durable import encode, write_atomically
from scorekeeper.store.machine import Places
from scorekeeper.store.store_errors import StoreError, StoreLocked
from scorekeeper.wording import visible

_OPEN = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


class LockHeld(Exception):
    """Another process holds the lock."""


def _lock(descriptor: int) -> None:
    """Lock the whole file without waiting; BlockingIOError or PermissionError if taken."""
    if sys.platform == "win32":
        import msvcrt

        msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)


class WriterLock:
    """An exclusive lock on the file at ``path``, held until ``release``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._descriptor: int | None = None

    def acquire(self) -> None:
        """Take the lock now or raise ``LockHeld``; ``OSError`` if the file cannot be made."""
        while True:
            descriptor = os.open(self.path, _OPEN, 0o644)
            try:
                _lock(descriptor)
            except (BlockingIOError, PermissionError):
                os.close(descriptor)
                raise LockHeld(self.path) from None
            except BaseException:
                os.close(descriptor)
                raise
            self._descriptor = descriptor
            if self.held():
                return
            # Deleted between our open and our lock: a lock on that file guards nothing.
            self.release()

    def held(self) -> bool:
        """Whether the file at ``path`` is still the very file this lock holds."""
        if self._descriptor is None:
            return False
        try:
            on_disk = os.stat(self.path, follow_symlinks=False)
        except OSError:
            return False
        ours = os.fstat(self._descriptor)
        return (on_disk.st_dev, on_disk.st_ino) == (ours.st_dev, ours.st_ino)

    def release(self) -> None:
        """Let another writer in; the file stays, as removing it would race a new writer."""
        if self._descriptor is not None:
            with contextlib.suppress(OSError):
                os.close(self._descriptor)
            self._descriptor = None


def take_lock(places: Places, folder: Path, since: str) -> WriterLock:
    """The writer's lock on the store at ``places.root`` (its ``folder`` made if missing),
    ``writer.json`` saying who holds it; ``StoreLocked`` says who does if another has it."""
    import socket  # here: a reader, such as every command but a few, needs none

    root = places.root
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError(
            f"Cannot create the store folder {root}: {error.strerror}. "
            "Give another folder with --db or SCOREKEEPER_DB.",
            root,
        ) from error
    lock = WriterLock(places.lock)
    try:
        machine.prepare(places)
        lock.acquire()
        if places.shared and os.path.lexists(root / "lock"):
            # held by a scorekeeper that locked beside the sessions before the store was
            # shared (LockHeld); one nobody here can take has no writer behind it
            legacy = WriterLock(root / "lock")
            with contextlib.suppress(OSError):
                legacy.acquire()
                legacy.release()
    except LockHeld:
        lock.release()
        owner: JSONObject = {}
        with contextlib.suppress(DamagedFile, OSError):
            owner = read_json(places.writer) or {}
        raise StoreLocked(root, owner) from None
    except OSError as error:
        raise StoreError(f"Cannot lock the store {root}: {error.strerror}.", root) from error
    owner = {
        "pid": os.getpid(),
        "host": socket.gethostname(),
        # drawn: an argument of bytes that are not UTF-8 must not stop the store opening
        "command": visible(" ".join([Path(sys.argv[0]).name, *sys.argv[1:]])) if sys.argv else "",
        "since": since,
    }
    with contextlib.suppress(OSError):
        write_atomically(places.writer, encode(owner), durable=False)
    return lock
