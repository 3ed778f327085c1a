"""What ``doctor`` says of a store in a synced folder: a sync engine's conflict copies
(a session's waits for a person to choose) and the ignore lines that keep this laptop's
own files off the others."""

from __future__ import annotations

import os
from pathlib import Path

from scorekeeper.cli.finding import DAMAGED, Finding
from scorekeeper.store import machine
from scorekeeper.store.copies import original_name

TAKEN_OVER = ("nights.json", "house_games.json")
"""Older single files whose conflict copies are read as one more laptop's version
(``doctor_entries`` checks them)."""


def conflict_copy(file: Path, name: str) -> Finding | None:
    """A sync engine's conflict copy of a file beside the sessions folder: kept aside,
    but in a shared store only named, as moving it away would delete it on the other
    laptops too."""
    original = original_name(name)
    if original is None or (original in TAKEN_OVER and file.parent.name != "sessions"):
        return None
    said = (
        f"is a sync engine's copy of {original}, changed on two laptops at once; "
        "scorekeeper reads only the original"
    )
    if machine.is_shared(file.parent):
        return Finding(
            file, f"{said}. Left for the other laptops; remove it by hand", "", leave=True
        )
    return Finding(file, said, f"move it to {DAMAGED}/")


def conflict_copies(root: Path) -> list[Finding]:
    """Conflict copies beside the sessions folder (of the night names, the settings)."""
    try:
        names = sorted(os.listdir(root))
    except OSError:
        return []
    return [found for name in names if (found := conflict_copy(root / name, name)) is not None]


def sync_ignores(root: Path) -> Finding | None:
    """A Syncthing folder whose ``.stignore`` lacks some of ``machine.STIGNORE``, so it
    would copy this laptop's own files to the others."""
    top = machine.synced_top(root)
    if top is None:
        return None
    try:
        with open(top / ".stignore", encoding="utf-8") as file:
            have = {line.strip() for line in file.read(1_000_000).splitlines()}
    except FileNotFoundError:
        have = set()
    except (OSError, UnicodeError):
        return None  # not a file this reads: named by nothing here, used by Syncthing
    missing = [line for line in machine.STIGNORE[1:] if line not in have]
    if not missing:
        return None
    return Finding(
        top / ".stignore",
        f"lacks scorekeeper's lines {', '.join(missing)}, so Syncthing copies this laptop's "
        "own files (temporary files, backups, export rows) to the others: add them (the "
        "README's Several laptops gives them all)",
        "",
        leave=True,
    )
