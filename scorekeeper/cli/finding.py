"""What ``doctor`` finds: one file, what is wrong with it and what ``--fix`` does; shared
by the checks of the store's own files and those of a synced folder."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

DAMAGED = "damaged"
"""The folder in the store where ``--fix`` keeps what it takes out of use."""
SESSION_FILE = re.compile(r"[A-Za-z0-9_-]{1,64}\.[a-z2-7]{10}\.json")


@dataclass(frozen=True)
class Finding:
    """One file, what is wrong with it, and what ``--fix`` does about it (``restore``:
    put the good backup back; else move it aside, or with ``leave`` touch nothing)."""

    file: Path
    problem: str
    fix: str
    restore: bool = False
    leave: bool = False
    write_back: bool = False
    """This laptop's copy, put back older: the store writes back what it still holds."""
