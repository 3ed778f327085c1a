"""Whether a file, a folder or a session's logs are still the ones that were read (what
``index`` is held against)."""

from __future__ import annotations

import os
import time
from collections.abc import Collection, Sequence
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


def files_identity(files: Sequence[tuple[str, Path]]) -> list[int] | None:
    """One identity for a session's log files (names, inodes, sizes, change times), which
    another laptop's log arriving changes; None: no file."""
    found = []
    for key, path in sorted(files):
        try:
            stat = os.stat(path)
        except FileNotFoundError:
            continue
        found.append((key, stat.st_ino, stat.st_size, stat.st_ctime_ns))
    return combined(found) if found else None


def combined(found: Sequence[tuple[str, int, int, int]]) -> list[int]:
    """``files_identity`` of logs as (key, inode, size, change time), sorted by key."""
    import hashlib  # here: Home's first frame fingerprints no log (OpenSSL loads with it)

    digest = int.from_bytes(hashlib.blake2b(repr(found).encode(), digest_size=7).digest(), "big")
    if len(found) == 1:  # most sessions (a record takes it thrice): no generator stepped
        return [digest, found[0][2], found[0][3]]
    return [digest, sum(item[2] for item in found), max(item[3] for item in found)]


def folded(folder: Path, leave_out: Collection[str] = ()) -> int:
    """One number for the ``.json`` files in ``folder`` (name, inode, size, change time) but
    the logs of the sessions in ``leave_out``: the same while none changed."""
    total = 0
    try:
        with os.scandir(folder) as listing:
            for entry in listing:
                name = entry.name
                if name.endswith(".json") and name[: name.find(".")] not in leave_out:
                    try:
                        stat = entry.stat()
                    except FileNotFoundError:
                        continue
                    total += hash((name, stat.st_ino, stat.st_size, stat.st_ctime_ns))
    except FileNotFoundError:
        pass
    return total & ((1 << 64) - 1)
