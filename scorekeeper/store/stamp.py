"""Whether a file or folder is still the one that was read (what ``index`` is held against)."""

from __future__ import annotations

import os
import time
from pathlib import Path

RACY_NS = 2_000_000_000
"""How recent a change may be made again unseen (a file replaced twice in one tick of the
clock keeps its identity): two seconds covers the coarsest file systems."""
NOT_SETTLED = -1
"""The change time of an identity too recent to vouch for: no file has it."""


def identity(stat: os.stat_result) -> list[int]:
    """Inode, size, change time: a copying tool sets the modification time back, never
    the change time."""
    return [stat.st_ino, stat.st_size, stat.st_ctime_ns]


def settled(found: list[int]) -> list[int]:
    """``found`` as it may be trusted later: marked ``NOT_SETTLED`` while ``RACY_NS`` new."""
    if time.time_ns() - found[2] < RACY_NS:
        return [found[0], found[1], NOT_SETTLED]
    return found


def identity_of(path: Path) -> list[int] | None:
    try:
        return identity(os.stat(path))
    except OSError:
        return None
