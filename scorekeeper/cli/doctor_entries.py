"""What ``doctor`` says of the night names and house games (``store.journal``): each
laptop's own file of changes, and the single file an older scorekeeper kept.

``--fix`` touches only what this laptop alone writes: its own file, put back from its
backup (kept on this laptop only). Another laptop's file, the older single file and a
sync engine's copy of it are read by the other laptops too: moving one away would be a
deletion that syncs, so they are named and left, each costing only its own entries.
"""

from __future__ import annotations

import os
from pathlib import Path

from scorekeeper.cli.finding import DAMAGED, Finding
from scorekeeper.reports import night_names
from scorekeeper.store import house_games, journal, machine
from scorekeeper.store.durable import backup_of

_KINDS = (
    (night_names.KIND, night_names.NAMES_FILE, "nights show their dates where it is not read"),
    (house_games.KIND, house_games.HOUSE_FILE, "its house games are not offered"),
)


def entry_findings(root: Path) -> list[Finding]:
    """What is wrong with the night names' and house games' files of the store at ``root``."""
    own = f"{machine.laptop(root).id}.json"
    shared = machine.is_shared(root)
    findings = []
    for kind, older, without in _KINDS:
        for file in journal.legacy_files(root, older):
            findings += _older(file, kind, older, without, shared)
        findings += _journals(root / kind.folder, kind, own)
    return findings


def _older(file: Path, kind: journal.Kind, older: str, without: str, shared: bool) -> list[Finding]:
    """The older single file, or a sync engine's copy of it: read as one more laptop's
    version, taken over by the next change made here."""
    wrong = _problem(kind, file)
    if file.name != older:
        if wrong is None:
            return []  # read as another version, and taken over by the next change
        return [Finding(file, f"(another laptop's version of {older}) {wrong}", "", leave=True)]
    if wrong is None:
        return []
    backup = backup_of(file)
    if shared:
        reason = f"{wrong}: {without}; left for the other laptops, which read it too"
        return [Finding(file, reason, "", leave=True)]
    if os.path.lexists(backup) and _problem(kind, backup) is None:
        fix = f"put back {backup.name}; keep this one in {DAMAGED}/"
        return [Finding(file, wrong, fix, restore=True)]
    return [Finding(file, wrong, f"move it to {DAMAGED}/: {without}")]


def _problem(kind: journal.Kind, file: Path) -> str | None:
    wrong = kind.read_legacy(file)[2]
    return None if wrong is None else wrong.removeprefix(f"{file} ").split(", so ")[0]


def _journals(folder: Path, kind: journal.Kind, own: str) -> list[Finding]:
    findings = []
    backup = backup_of(folder / own)
    if os.path.lexists(backup) and (wrong := journal.problem(backup, kind)) is not None:
        findings.append(Finding(backup, f"(a backup) {wrong}", f"move it to {DAMAGED}/"))
    for file, wrong in journal.damaged_files(folder, kind):
        if file.name == own:
            backup = backup_of(file)
            if journal.problem(backup, kind) is None and os.path.lexists(backup):
                fix = f"put back {backup.name}, this laptop's own; keep this one in {DAMAGED}/"
                findings.append(Finding(file, wrong, fix, restore=True))
            else:
                reason = f"{wrong}; it is this laptop's own and has no good backup"
                findings.append(Finding(file, reason, f"move it to {DAMAGED}/"))
        else:
            reason = f"{wrong}; another laptop's, left for it to write again"
            findings.append(Finding(file, reason, "", leave=True))
    return findings
