"""Whether a file or folder is still the one that was read: its identity (inode, size,
change time), the fingerprint the session list's cache (``index``) is held against.
"""

from __future__ import annotations

import os
import time
from pathlib import Path


def identity(stat: os.stat_result) -> list[int]:
    """Changes whenever the file is replaced (new inode) or rewritten (size, change time).
    The change time, not the modification time: a copying tool (``rsync -a``, a cloud
    drive) sets the latter back to the source's, and a folder's with it, but the kernel
    moves the former on with every change, that setting back included."""
    return [stat.st_ino, stat.st_size, stat.st_ctime_ns]


RACY_NS = 2_000_000_000
"""How recent a change may be and still be made again unseen: the kernel moves change
times on by its clock's tick, and a file replaced twice within one tick (its inode freed
and taken again, its size the same) keeps its identity. Two seconds covers the coarsest
file systems' times."""
NOT_SETTLED = -1
"""The change time an identity is kept with while too recent to vouch for its file: no
file has it, so the file is read again at the next look."""


def settled(found: list[int]) -> list[int]:
    """``found`` (inode or digest, size, change time) as it may be trusted later: as it is
    once its change time is ``RACY_NS`` old, else marked ``NOT_SETTLED``."""
    if time.time_ns() - found[2] < RACY_NS:
        return [found[0], found[1], NOT_SETTLED]
    return found


def identity_of(path: Path) -> list[int] | None:
    try:
        return identity(os.stat(path))
    except OSError:
        return None
