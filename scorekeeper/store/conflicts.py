"""A session changed on two laptops at once, as a sync engine brings it back: two files.

Syncthing keeps the newer edit under the real name and the other beside it as
``<id>.sync-conflict-YYYYMMDD-HHMMSS-<device>.json``. The store never lists that copy
as a session (its name is no session id) nor calls it damaged, so no figure counts the
game twice; Home and ``doctor`` name it until a person decides:

- keep both: the copy becomes a session of its own under a new id, as an import keeps a
  game that went on differently on each side;
- keep the original: the copy is removed;
- keep the copy: it takes the original's place (the original is kept as the ``.bak``).

A copy that does not read or replay can only be kept aside by ``doctor --fix``. The
choice is carried out by ``resolve``, above the store.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

_COPY = re.compile(
    r"(?P<stem>.+)\.sync-conflict-(?P<day>\d{8})-(?P<clock>\d{6})-(?P<device>[A-Z0-9]{7})"
    r"(?P<ext>\.[^.]+)?"
)
_SESSION_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


@dataclass(frozen=True)
class Conflict:
    """A sync engine's conflict copy of a session file, and the file it is a copy of."""

    copy: Path
    original: Path
    session_id: str
    when: str
    """When the engine made the copy, ``YYYY-MM-DD HH:MM:SS`` in its machine's time."""
    device: str
    """The start of the id of the device whose edit lost."""

    def words(self) -> str:
        """One line a person reads: which session, and when."""
        return (
            f"Session {self.session_id} was changed on two laptops at once; the other "
            f"version is {self.copy.name} (from device {self.device}, {self.when})"
        )


def original_name(name: str) -> str | None:
    """The name of the file ``name`` is a sync engine's conflict copy of, or None."""
    found = _COPY.fullmatch(name)
    if found is None:
        return None
    return found["stem"] + (found["ext"] or "")


def is_engine_file(name: str) -> bool:
    """A file Syncthing writes while receiving (``.syncthing.<name>.tmp``): its own, for
    a moment, never a session and never damage."""
    return name.startswith(".syncthing.") and name.endswith(".tmp")


def find(folder: Path) -> list[Conflict]:
    """The conflict copies of session files in the sessions folder ``folder``, oldest first."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    found = []
    for name in names:
        match = _COPY.fullmatch(name)
        if match is None or match["ext"] != ".json" or not _SESSION_ID.fullmatch(match["stem"]):
            continue
        day, clock = match["day"], match["clock"]
        when = f"{day[:4]}-{day[4:6]}-{day[6:]} {clock[:2]}:{clock[2:4]}:{clock[4:]}"
        found.append(
            Conflict(
                folder / name,
                folder / f"{match['stem']}.json",
                match["stem"],
                when,
                match["device"],
            )
        )
    return sorted(found, key=lambda conflict: (conflict.when, conflict.copy.name))
