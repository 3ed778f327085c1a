"""Where a store keeps the files that belong to one machine, so a store can live in a
folder that Syncthing or a cloud drive copies between laptops.

A store is *shared* when its folder, or a folder above it, holds ``.stfolder``
(Syncthing's marker), or when the store holds a file named ``shared`` (made by hand for
a cloud drive, which leaves no marker). A shared store keeps its writer's lock, the
writer file and the session list's cache outside the folder, in this
user's state folder (``$SCOREKEEPER_STATE`` if set), one folder per store keyed by its
path: each laptop then writes through its own lock, so two laptops never block each
other, and no cache of one laptop is copied over another's. A store that is not shared
keeps them beside the sessions, as it always has.

A store that becomes shared moves nothing at once: its first index here starts from the
index beside the sessions, checked file by file, and once its own is saved those old
caches are removed.
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

MARKERS = (".stfolder",)
"""What a sync engine keeps at the top of what it syncs (a folder now, a file once)."""
SHARED_FILE = "shared"
CACHES = ("index.json", "index.stamp", "recent.json")
"""The session list's cache, and the two files that went with it in earlier releases."""
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
"""The lines of Syncthing's ``.stignore`` for a store's folder (the README gives them):
temporary files, backups and export rows sealed with this user's key stay here, as do
the machine files of a store from before it was shared. None is anchored to the top, so
they hold where the store is a folder inside the one Syncthing shares."""
ENGINE_FILES = (".stfolder", ".stversions", ".stignore")
"""What Syncthing keeps in a folder it syncs: never a session, never named as damage."""


class Places(NamedTuple):
    """The paths of one store's machine files, and whether they are away from the folder.
    A ``NamedTuple``, as ``Laptop``: a dataclass is compiled from source as its module is
    imported, before Home's first frame."""

    root: Path
    lock: Path
    writer: Path
    index_folder: Path
    """The folder ``index.json`` is kept in."""
    shared: bool

    @property
    def legacy_index(self) -> Path | None:
        """The index beside the sessions that a store shared since it was made left."""
        return self.root / "index.json" if self.shared else None


def is_shared(root: Path) -> bool:
    """Whether the store at ``root`` lives in a folder copied between machines."""
    return os.path.lexists(root / SHARED_FILE) or synced_top(root) is not None


def synced_top(root: Path) -> Path | None:
    """The folder Syncthing shares that holds the store at ``root`` (``root`` itself or
    one above it), where its ``.stignore`` lives; None if there is none."""
    folder = root.absolute()
    for above in (folder, *folder.parents):
        if any(os.path.lexists(above / marker) for marker in MARKERS):
            return above
    return None


def missing_ignores(root: Path) -> list[str]:
    """The ``STIGNORE`` lines the ``.stignore`` of the Syncthing folder holding the store
    at ``root`` lacks (none where no Syncthing folder holds it, or it cannot be read)."""
    top = synced_top(root)
    if top is None:
        return []
    try:
        with open(top / ".stignore", encoding="utf-8") as file:
            have = {line.strip() for line in file.read(1_000_000).splitlines()}
    except FileNotFoundError:
        have = set()
    except (OSError, UnicodeError):
        return []  # not a file this reads: named by nothing here, used by Syncthing
    return [line for line in STIGNORE[1:] if line not in have]


def state_folder() -> Path:
    override = os.environ.get("SCOREKEEPER_STATE")
    if override:
        return Path(override)
    import platformdirs  # here: only a shared store needs it

    return Path(platformdirs.user_state_dir("scorekeeper", appauthor=False))


def machine_folder(root: Path) -> Path:
    """This machine's folder for the store at ``root``: the same whichever way the path
    is written (relative, through a link)."""
    import hashlib  # here: a store opened as usual names no machine folder before Home

    real = os.path.realpath(root)
    key = hashlib.sha256(os.fsencode(real)).hexdigest()[:16]
    return state_folder() / "stores" / key


def places(root: Path) -> Places:
    """Where the store at ``root`` keeps its machine files on this machine."""
    if not is_shared(root):
        return Places(root, root / "lock", root / "writer.json", root, shared=False)
    folder = machine_folder(root)
    return Places(root, folder / "lock", folder / "writer.json", folder, shared=True)


def prepare(found: Places) -> None:
    """Make this machine's folder for a shared store, with a note of which store it is
    for a person who finds it."""
    if not found.shared:
        return
    found.index_folder.mkdir(parents=True, exist_ok=True)
    note = found.index_folder / "store.txt"
    if not note.exists():
        with contextlib.suppress(OSError):
            note.write_text(f"{os.path.realpath(found.root)}\n", encoding="utf-8")


def forget_legacy_caches(found: Places) -> None:
    """Remove the caches a shared store kept beside its sessions before it was shared:
    this machine's own are saved, and another machine's would only mislead."""
    if not found.shared:
        return
    for name in CACHES:
        with contextlib.suppress(OSError):
            os.unlink(found.root / name)


LAPTOP_FILE = "laptop.json"
LAPTOP_NAME = "SCOREKEEPER_LAPTOP"
"""The environment variable that names this laptop (else its ``laptop.json``, else its
host name): the name the other laptops show beside the rounds recorded here."""
_LAPTOP_ID = re.compile(LAPTOP_ID)


class Laptop(NamedTuple):
    """This laptop as the copies it writes name it: an id made once, and a name people read."""

    id: str
    name: str


def is_laptop_id(text: object) -> bool:
    return isinstance(text, str) and _LAPTOP_ID.fullmatch(text) is not None


def laptop(root: Path) -> Laptop:
    """This laptop, for the store at ``root``: kept in this machine's folder for it (never
    in the store, where a sync engine would carry it to the other laptop); made the first
    time it is asked for."""
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
    """What this laptop noted for the store at ``root`` under ``name`` (``remember``), or
    None: a note kept outside the store, so no other laptop's copy of it ever arrives."""
    return _read(note(root, name), 1_000_000).get("kept")


def _read(file: Path, cap: int) -> dict[str, object]:
    """The JSON object in one of this machine's files (up to ``cap`` characters of it),
    {} where there is none: what cannot be read is made again, never a reason to stop."""
    with contextlib.suppress(OSError, ValueError, UnicodeError):
        with open(file, encoding="utf-8") as opened:
            found = json.loads(opened.read(cap))
        if isinstance(found, dict):
            return found
    return {}


def remember(root: Path, name: str, value: object, *, durable: bool = True) -> None:
    """Note ``value`` (JSON) for the store at ``root``, durably unless it is only a cache.
    Raises ``OSError``."""
    file = note(root, name)
    file.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps({"kept": value}).encode()
    write_atomically(file, data, durable=durable)
