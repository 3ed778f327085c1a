"""Plain file copying standing in for a sync engine between two store folders.

A file is brought the way Syncthing brings one: written beside its place under a
temporary name, then renamed into it, so a reader never sees half a file. Everything in
the folder but a temporary file is carried, whatever it is, as a cloud drive with no
ignore list would.

``mirror`` copies one way, for a folder the other side has not touched. ``Engine`` keeps
two folders in step while both change, as an engine does: it remembers what each file
was when the two last agreed, and carries a file from the side where it changed since
(a time stamp cannot say which: two saves within one tick of the clock share one). A
file gone from one side is brought back from the other: no test here deletes while two
folders are kept in step.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from scorekeeper.store import machine
from scorekeeper.store.durable import write_atomically

ENGINE_TEMP = ".syncthing.{}.tmp"


def carry(source: Path, target: Path, relative: str) -> None:
    """Bring the file ``relative`` from ``source`` to ``target``, as an engine would."""
    there = target / relative
    there.parent.mkdir(parents=True, exist_ok=True)
    temp = there.with_name(ENGINE_TEMP.format(there.name))
    shutil.copy2(source / relative, temp)
    os.replace(temp, there)


def files(folder: Path) -> dict[str, bytes]:
    """Every file of ``folder`` by its path inside it, with its bytes (temporary files
    left out); one renamed away as it is read is left for the next look."""
    found = {}
    for parent, _, names in os.walk(folder):
        for name in names:
            if name.endswith(".tmp"):
                continue  # a file being written: no engine carries it half done
            path = Path(parent) / name
            try:
                found[os.path.relpath(path, folder)] = path.read_bytes()
            except FileNotFoundError:
                continue  # renamed away as it was read: the next pass sees what replaced it
    return found


def mirror(source: Path, target: Path) -> int:
    """Carry every file of ``source`` that ``target`` lacks or holds otherwise; how many."""
    have = files(target)
    carried = 0
    for relative, data in files(source).items():
        if have.get(relative) != data:
            carry(source, target, relative)
            carried += 1
    return carried


class Engine:
    """Two folders kept in step, each file carried from the side where it changed."""

    def __init__(self, first: Path, second: Path) -> None:
        self.sides = (first, second)
        self.agreed: dict[str, bytes] = {}

    def sync(self) -> int:
        """One pass both ways; how many files were carried."""
        first, second = (files(side) for side in self.sides)
        carried = 0
        for relative in first.keys() | second.keys():
            mine, theirs = first.get(relative), second.get(relative)
            if mine == theirs:
                if mine is not None:
                    self.agreed[relative] = mine
                continue
            before = self.agreed.get(relative)
            if theirs is None or (theirs == before and mine is not None):
                (source, target), changed = self.sides, mine
            elif mine is None or mine == before:
                (target, source), changed = self.sides, theirs
            else:
                continue  # changed on both sides: a conflict, left to the test that makes one
            try:
                carry(source, target, relative)
            except FileNotFoundError:
                continue  # replaced as it was carried: the next pass carries what replaced it
            assert changed is not None
            self.agreed[relative] = changed
            carried += 1
        return carried


def conflict_name(session_id: str, device: str = "ABCDEF7") -> str:
    return f"{session_id}.sync-conflict-20261201-203015-{device}.json"


def name_laptop(root: Path, name: str) -> None:
    """Give this laptop the name the other laptops show for the store at ``root``, as a
    person does by naming the machine (or with ``SCOREKEEPER_LAPTOP``)."""
    file = machine.machine_folder(root) / machine.LAPTOP_FILE
    made = machine.laptop(root)
    file.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(file, json.dumps({"id": made.id, "name": name}).encode())
