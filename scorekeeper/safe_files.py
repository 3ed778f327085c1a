"""Reading a file that comes from outside the store: an import file, the user's key.

Whatever is at such a path is looked at before it is read: a named pipe would wait
forever for a writer, a device may never end, a folder cannot be read at all. Only a
regular file is opened (without waiting, so a pipe swapped in meanwhile is found by its
descriptor, not read), and no more than ``limit`` bytes of it.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

_OPEN = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


class NotReadable(ValueError):
    """What is at ``path`` is not a file to read; ``reason`` says what it is instead."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path} {reason}")
        self.path = path
        self.reason = reason


def kind(mode: int) -> str | None:
    """What a file of ``mode`` (from ``stat``, or ``lstat``) is when it is not a regular
    file, else None."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _amount(limit: int) -> str:
    return f"{limit // 2**20} MB" if limit >= 2**20 else f"{limit:,} bytes"


def _check(path: Path, found: os.stat_result, limit: int) -> None:
    what = kind(found.st_mode)
    if what is not None:
        raise NotReadable(path, f"is {what}, not a file")
    if found.st_size > limit:
        raise NotReadable(
            path, f"is {found.st_size:,} bytes: more than the {_amount(limit)} that is read"
        )


def read_file(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path`` (a link to one is followed: a person may
    keep their files behind one); ``NotReadable`` for anything else or more than ``limit``
    bytes, ``OSError`` if it cannot be opened."""
    _check(path, os.stat(path), limit)
    descriptor = os.open(path, _OPEN)
    with open(descriptor, "rb") as handle:
        _check(path, os.fstat(descriptor), limit)
        raw = handle.read(limit + 1)
    if len(raw) > limit:
        raise NotReadable(path, f"grew past {_amount(limit)} while it was read")
    return raw


def lone_surrogate(raw: bytes, data: object) -> str | None:
    """Why the JSON ``data`` read from ``raw`` cannot be kept, if it holds half a character:
    an escape such as ``\\ud800`` reads as a lone surrogate, which no UTF-8 file (nor the
    terminal) can take, so the first write or print of it would fail."""
    if b"\\ud" not in raw and b"\\uD" not in raw:
        return None  # the only way JSON text holds one
    left = [data]
    while left:  # a stack, not recursion: the shape of the data is not checked yet
        value = left.pop()
        if isinstance(value, dict):
            left += [*value, *value.values()]
        elif isinstance(value, list):
            left += value
        elif isinstance(value, str):
            try:
                value.encode()
            except UnicodeEncodeError as error:
                half = f"U+{ord(value[error.start]):04X}"
                return f"holds {half}, half of a character (a lone surrogate), which no file holds"
    return None
