"""What ``doctor`` says of the night names and house games (``store.entries``): each
laptop's own log of changes, and the files earlier layouts kept (the single file of an
older scorekeeper, each laptop's file of the release before).

``--fix`` touches only what this laptop alone writes: its own log, or its own file of
the release before, put back from its backup (kept on this laptop only). Another
laptop's file, the older single file and a sync engine's copy of it are read by the
other laptops too: moving one away would be a deletion that syncs, so they are named and
left, each costing only its own entries.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from pathlib import Path

from scorekeeper.cli.finding import DAMAGED, Finding
from scorekeeper.reports import night_names
from scorekeeper.store import entries, house_games, machine, older_entries
from scorekeeper.store.durable import backup_of

_KINDS = (
    (night_names.KIND, "nights show their dates where it is not read"),
    (house_games.KIND, "its house games are not offered"),
)


def entry_findings(root: Path) -> list[Finding]:
    """What is wrong with the night names' and house games' files of the store at ``root``."""
    own = f"{machine.laptop(root).id}.json"
    shared = machine.is_shared(root)
    findings = []
    for kind, without in _KINDS:
        for file in older_entries.legacy_files(root, kind.legacy_name):
            findings += _older(file, kind, without, shared)
        folder = root / kind.folder
        findings += _laptops(folder, own, functools.partial(_journal_problem, kind))
    findings += _laptops(root / entries.FOLDER, own, entries.problem)
    return findings


def _older(file: Path, kind: older_entries.Kind, without: str, shared: bool) -> list[Finding]:
    """The older single file, or a sync engine's copy of it: read as one more laptop's
    version, moved into this laptop's log by the next change made here."""
    wrong = _problem(kind, file)
    if file.name != kind.legacy_name:
        if wrong is None:
            return []
        reason = f"(another laptop's version of {kind.legacy_name}) {wrong}"
        return [Finding(file, reason, "", leave=True)]
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


def _journal_problem(kind: older_entries.Kind, file: Path) -> str | None:
    return older_entries.journal_problem(file, kind)


def _problem(kind: older_entries.Kind, file: Path) -> str | None:
    wrong = kind.read_legacy(file)[2]
    return None if wrong is None else wrong.removeprefix(f"{file} ").split(", so ")[0]


def _laptops(folder: Path, own: str, problem: Callable[[Path], str | None]) -> list[Finding]:
    """Each laptop's file in ``folder``: this laptop's own put back from its backup,
    another's named and left for it to write again."""
    findings = []
    backup = backup_of(folder / own)
    if os.path.lexists(backup) and (wrong := problem(backup)) is not None:
        findings.append(Finding(backup, f"(a backup) {wrong}", f"move it to {DAMAGED}/"))
    try:
        names = sorted(name for name in os.listdir(folder) if name.endswith(".json"))
    except OSError:
        return findings
    for file in (folder / name for name in names if not name.startswith(".")):
        wrong = problem(file)
        if wrong is None:
            continue
        if file.name == own:
            backup = backup_of(file)
            if os.path.lexists(backup) and problem(backup) is None:
                fix = f"put back {backup.name}, this laptop's own; keep this one in {DAMAGED}/"
                findings.append(Finding(file, wrong, fix, restore=True))
            else:
                reason = f"{wrong}; it is this laptop's own and has no good backup"
                findings.append(Finding(file, reason, f"move it to {DAMAGED}/"))
        else:
            reason = f"{wrong}; another laptop's, left for it to write again"
            findings.append(Finding(file, reason, "", leave=True))
    return findings
