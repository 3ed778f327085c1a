"""Plain file copying standing in for a sync engine between two store folders.

A file is brought the way Syncthing brings one: written beside its place under a
temporary name, then renamed into it, so a reader never sees half a file. Everything in
the folder is carried, whatever it is, as a cloud drive with no ignore list would; a
file changed on both sides is the caller's to make into a conflict.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

ENGINE_TEMP = ".syncthing.{}.tmp"


def carry(source: Path, target: Path, relative: str) -> None:
    """Bring the file ``relative`` from ``source`` to ``target``, as an engine would."""
    there = target / relative
    there.parent.mkdir(parents=True, exist_ok=True)
    temp = there.with_name(ENGINE_TEMP.format(there.name))
    shutil.copy2(source / relative, temp)
    os.replace(temp, there)


def mirror(source: Path, target: Path) -> int:
    """Carry every file of ``source`` that ``target`` lacks or holds an older version
    of (the copy keeps its time); how many."""
    carried = 0
    for folder, _, files in os.walk(source):
        for name in files:
            if name.startswith(".syncthing."):
                continue
            relative = os.path.relpath(Path(folder) / name, source)
            there = target / relative
            try:
                if there.exists() and (
                    there.stat().st_mtime_ns >= (source / relative).stat().st_mtime_ns
                ):
                    continue  # the same or newer there: the newer edit wins, as in an engine
                carry(source, target, relative)
            except FileNotFoundError:
                continue  # replaced as it was read: carried on the next pass
            carried += 1
    return carried


def conflict_name(session_id: str, device: str = "ABCDEF7") -> str:
    return f"{session_id}.sync-conflict-20261201-203015-{device}.json"
