"""Reading thousands of logs on two cores: the second half in a forked copy of this
process, handed back through a pipe; a copy that fails or dies costs only its half,
read again here.
"""

from __future__ import annotations

import os
import pickle
import threading
from collections.abc import Callable, Sequence
from typing import TypeVar

Item = TypeVar("Item")
Made = TypeVar("Made")
Kept = TypeVar("Kept")

AT_LEAST = 200
"""Items below which one process does it all: a fork costs what 200 logs take to read."""


def may_fork() -> bool:
    """A second core, and one thread (no lock held by a thread the copy would lack)."""
    if not hasattr(os, "fork") or threading.active_count() != 1:
        return False
    cores = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else range(1)
    return len(cores) > 1


def in_two(
    items: Sequence[Item],
    work: Callable[[Sequence[Item]], list[Made]],
    kept: Callable[[Sequence[Item]], Kept],
    take: Callable[[Kept], None],
) -> list[Made]:
    """``work(items)``, the second half in a forked copy where it may be. What ``work``
    leaves behind, the copy hands back as ``kept(its half)``, given to ``take`` here."""
    if len(items) < AT_LEAST or not may_fork():
        return work(items)
    middle = len(items) // 2
    first, second = items[:middle], items[middle:]
    read, write = os.pipe()
    try:
        child = os.fork()
    except OSError:
        os.close(read)
        os.close(write)
        return work(items)
    if child == 0:  # the copy: its half handed back, then gone without running anything else
        status = 1
        try:
            os.close(read)
            handed = pickle.dumps((work(second), kept(second)), pickle.HIGHEST_PROTOCOL)
            with open(write, "wb") as pipe:
                pipe.write(handed)
            status = 0
        finally:
            os._exit(status)
    os.close(write)
    with open(read, "rb") as pipe:
        try:
            made = work(first)
        except BaseException:
            pipe.close()  # the copy's hand-back fails, and it ends
            os.waitpid(child, 0)
            raise
        handed = pipe.read()
    _, status = os.waitpid(child, 0)
    if status == 0:
        try:
            theirs: list[Made]
            left: Kept
            theirs, left = pickle.loads(handed)  # made by this process's own copy
        except (pickle.UnpicklingError, EOFError, ValueError, TypeError):
            pass
        else:
            take(left)
            return made + theirs
    return made + work(second)
