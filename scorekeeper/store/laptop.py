"""Which laptop this is: an id that names the files only it writes in a shared store,
and the name people know it by.

The id is made once, at random, and kept in this user's state folder (``machine``),
which no sync engine copies, so two laptops never take the same one. The name is the
machine's host name as it is now; a peer's name is read from its own files and shown
as text.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import socket
from dataclasses import dataclass
from pathlib import Path

from scorekeeper.store.machine import state_folder

_ID = re.compile(r"[a-z0-9]{10}")
FILE = "laptop.json"


@dataclass(frozen=True)
class Laptop:
    """A laptop as its files name it: ``id`` names the files, ``name`` is for people."""

    id: str
    name: str


def is_laptop_id(text: object) -> bool:
    return isinstance(text, str) and _ID.fullmatch(text) is not None


def this_laptop() -> Laptop:
    """This laptop, its id made and kept on first use (a fresh one each time where the
    state folder cannot be written: its files then stay apart from every other's)."""
    folder = state_folder()
    file = folder / FILE
    found = None
    with contextlib.suppress(OSError, ValueError, UnicodeError):
        found = json.loads(file.read_text(encoding="utf-8")).get("id")
    if not is_laptop_id(found):
        found = _make(file)
    return Laptop(str(found), _host_name())


def _make(file: Path) -> str:
    """A new id kept as ``file``; where another process kept one first, that one."""
    made = secrets.token_hex(5)
    temp = file.with_name(f"{FILE}.{os.getpid()}.tmp")
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        temp.write_text(json.dumps({"id": made}), encoding="utf-8")
        os.link(temp, file)
    except FileExistsError:
        with contextlib.suppress(OSError, ValueError, UnicodeError):
            kept = json.loads(file.read_text(encoding="utf-8")).get("id")
            if is_laptop_id(kept):
                return str(kept)
    except OSError:
        pass
    finally:
        with contextlib.suppress(OSError):
            temp.unlink()
    return made


def _host_name() -> str:
    name = socket.gethostname().split(".")[0].strip()
    return name[:30] or "this laptop"
