"""What ``doctor`` says of a store in a synced folder: a sync engine's conflict copies
(a session's waits for a person to choose) and the ignore lines that keep this laptop's
own files off the others."""

from __future__ import annotations

import os
from pathlib import Path

from scorekeeper.finding import DAMAGED, Finding
from scorekeeper.store import machine
from scorekeeper.store.conflicts import original_name


def conflict_copy(file: Path, name: str) -> Finding | None:
    """A sync engine's conflict copy: a session's waits for a person to choose (never
    moved by ``--fix``); a copy of anything else is kept aside."""
    original = original_name(name)
    if original is None:
        return None
    return Finding(
        file,
        f"is a sync engine's copy of {original}, changed on two laptops at once; "
        "scorekeeper reads only the original",
        f"move it to {DAMAGED}/",
    )


def conflict_copies(root: Path) -> list[Finding]:
    """Conflict copies beside the sessions folder (of the night names, the settings)."""
    try:
        names = sorted(os.listdir(root))
    except OSError:
        return []
    return [found for name in names if (found := conflict_copy(root / name, name)) is not None]


def sync_ignores(root: Path) -> Finding | None:
    """A Syncthing folder that would copy this laptop's own files to the others."""
    missing = machine.missing_ignores(root)
    if not missing:
        return None
    top = machine.synced_top(root)
    assert top is not None
    return Finding(
        top / ".stignore",
        f"lacks scorekeeper's lines {', '.join(missing)}, so Syncthing copies this laptop's "
        "own files (temporary files, backups, export rows) to the others: add them (the "
        "README's Several laptops gives them all)",
        "",
        leave=True,
    )
