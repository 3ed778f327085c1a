"""Where a store keeps the files that belong to one machine. A store is *shared* when its
folder or one above holds Syncthing's ``.stfolder``, or it holds a file ``shared`` (made by
hand for a cloud drive); a shared store keeps its lock, writer file, list cache and this
laptop's notes in this user's state folder (``$SCOREKEEPER_STATE``), one folder per store,
so two laptops never block each other nor copy a cache over another's.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
import socket
from pathlib import Path
from typing import NamedTuple

from scorekeeper.store.copies import LAPTOP_ID
from scorekeeper.store.durable import write_atomically

MARKER = ".stfolder"
"""What Syncthing keeps at the top of what it syncs."""
SHARED_FILE = "shared"
CACHES = ("index.json", "index.stamp", "recent.json")
"""The list's cache (and two of earlier releases) beside the sessions: a store shared since
starts from it, and removes it once its own is saved."""
STIGNORE = (
    "// scorekeeper: what belongs to one laptop",
    "*.tmp",
    "*.bak",
    "*.rows",
    "lock",
    "writer.json",
    "index.json",
    "index.stamp",
    "recent.json",
    "settings.json",
    "importing",
    "damaged",
)
"""Syncthing's ``.stignore`` lines for a store (the README gives them), unanchored: they
hold where the store is a folder inside the one shared."""
ENGINE_FILES = (".stfolder", ".stversions", ".stignore")
"""What Syncthing keeps in a folder it syncs: never a session, never named as damage."""


class Places(NamedTuple):
    """The paths of one store's machine files, and whether they are away from its folder."""

    root: Path
    lock: Path
    writer: Path
    index_folder: Path
    shared: bool


def is_shared(root: Path) -> bool:
    """Whether the store at ``root`` lives in a folder copied between machines."""
    return os.path.lexists(root / SHARED_FILE) or synced_top(root) is not None


def synced_top(root: Path) -> Path | None:
    """The folder Syncthing shares (holding ``.stignore``) that holds the store at ``root``."""
    folder = root.absolute()
    return next(
        (above for above in (folder, *folder.parents) if os.path.lexists(above / MARKER)), None
    )


def state_folder() -> Path:
    override = os.environ.get("SCOREKEEPER_STATE")
    if override:
        return Path(override)
    import platformdirs  # here: only a shared store needs it

    return Path(platformdirs.user_state_dir("scorekeeper", appauthor=False))


def machine_folder(root: Path) -> Path:
    """This machine's folder for the store at ``root``, however its path is written."""
    import hashlib  # here: a store opened as usual names no machine folder before Home

    real = os.path.realpath(root)
    key = hashlib.sha256(os.fsencode(real)).hexdigest()[:16]
    return state_folder() / "stores" / key


def places(root: Path) -> Places:
    """Where the store at ``root`` keeps its machine files on this machine."""
    shared = is_shared(root)
    folder = machine_folder(root) if shared else root
    return Places(root, folder / "lock", folder / "writer.json", folder, shared)


def prepare(found: Places) -> None:
    """Make this machine's folder for a shared store, noting which store it is for."""
    if not found.shared:
        return
    found.index_folder.mkdir(parents=True, exist_ok=True)
    note = found.index_folder / "store.txt"
    if not note.exists():
        with contextlib.suppress(OSError):
            note.write_text(f"{os.path.realpath(found.root)}\n", encoding="utf-8")


LAPTOP_FILE = "laptop.json"
LAPTOP_NAME = "SCOREKEEPER_LAPTOP"
"""The variable that names this laptop to the others (else ``laptop.json``, the host name)."""


class Laptop(NamedTuple):
    """This laptop: an id made once, and a name people read."""

    id: str
    name: str


def is_laptop_id(text: object) -> bool:
    # Compiled on first use (re keeps it): Home's first frame checks no laptop's id.
    return isinstance(text, str) and re.fullmatch(LAPTOP_ID, text) is not None


def laptop(root: Path) -> Laptop:
    """This laptop, made the first time, kept in the machine folder of the store at ``root``
    (in the store, a sync engine would carry it to the other laptop)."""
    file = machine_folder(root) / LAPTOP_FILE
    kept = _read(file, 10_000)
    made = kept.get("id")
    if not isinstance(made, str) or not is_laptop_id(made):
        made = base64.b32encode(os.urandom(10)).decode().lower()[:10]
        kept = {"id": made, "name": kept.get("name") or socket.gethostname()[:60]}
        with contextlib.suppress(OSError):
            file.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(file, json.dumps(kept).encode())
    name = os.environ.get(LAPTOP_NAME) or kept.get("name")
    return Laptop(made, name if isinstance(name, str) and name else made)


def note(root: Path, name: str) -> Path:
    """The file of this laptop's note ``name`` for the store at ``root``."""
    return machine_folder(root) / f"{name}.json"


def remembered(root: Path, name: str) -> object:
    """What this laptop noted for the store at ``root`` under ``name``, or None (outside the
    store: no other laptop's copy of it arrives)."""
    return _read(note(root, name), 1_000_000).get("kept")


def _read(file: Path, cap: int) -> dict[str, object]:
    """The JSON object in one of this machine's files (up to ``cap`` characters), else {}:
    made again, never a reason to stop."""
    with contextlib.suppress(OSError, ValueError, UnicodeError):
        with open(file, encoding="utf-8") as opened:
            found = json.loads(opened.read(cap))
        if isinstance(found, dict):
            return found
    return {}


def remember(root: Path, name: str, value: object, *, durable: bool = True) -> None:
    """Note ``value`` (JSON) for the store at ``root``, durably unless it is only a cache."""
    file = note(root, name)
    file.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps({"kept": value}).encode()
    write_atomically(file, data, durable=durable)
