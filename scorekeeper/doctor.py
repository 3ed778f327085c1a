"""``scorekeeper doctor``: every file of a store checked and reported in plain words, and
with ``--fix`` put right where that can be done without losing anything.

A damaged session or night-names file with a good ``.bak`` gets the backup back; anything
that cannot be repaired is moved to ``damaged/`` in the store folder, never deleted; the
index is rebuilt from the session files.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

from scorekeeper.reports.night_names import NAMES_FILE, read_names
from scorekeeper.store import Store, StoreError, agreement
from scorekeeper.store.documents import ROWS, problem, read
from scorekeeper.store.durable import (
    DamagedFile,
    backup_of,
    parse_json,
    read_bytes,
    write_atomically,
)
from scorekeeper.store.index import entry_problem

DAMAGED = "damaged"
_SESSION = re.compile(r"[A-Za-z0-9_-]{1,64}\.json")
_TEMP = re.compile(r".+\.([0-9a-f]{16}\.)?tmp")


@dataclass(frozen=True)
class Finding:
    """One file, what is wrong with it, and what ``--fix`` does about it (``restore``:
    put the good backup back; else move it aside, or with ``leave`` touch nothing)."""

    file: Path
    problem: str
    fix: str
    restore: bool = False
    leave: bool = False
    summarize: bool = False
    """Work the summary out again from the rounds (``agreement``): the rounds are sound."""


def _kind_problem(file: Path) -> str | None:
    """Why ``file`` cannot be read as a file at all (a FIFO, a folder, a link), or None."""
    try:
        read_bytes(file)
    except DamagedFile as error:
        return error.reason
    except OSError as error:
        return f"cannot be read ({error.strerror or error})"
    return None


def _session(file: Path, present: set[str]) -> Finding | None:
    wrong = _kind_problem(file) or problem(file)
    if wrong is None:
        return _summary(file)
    backup = backup_of(file)
    if backup.name in present and problem(backup) is None:
        fix = (
            f"put back {backup.name}, the version before the last save; keep this one in {DAMAGED}/"
        )
        return Finding(file, wrong, fix, restore=True)
    return Finding(file, wrong, f"move it to {DAMAGED}/ (no good backup): the session is set aside")


def _summary(file: Path) -> Finding | None:
    """A file that reads and replays, whose summary disagrees with its rounds."""
    try:
        document = read(file, lambda: StoreError(f"{file} does not exist", file))
    except StoreError:
        return None
    wrong = agreement.problem(file, file.stem, document)
    if wrong is None:
        return None
    fix = "work its summary out again from its rounds (the rounds stay as they are)"
    return Finding(file, f"holds {wrong}", fix, summarize=True)


def _sessions(folder: Path) -> list[Finding]:
    try:
        names = sorted(os.listdir(folder))
    except FileNotFoundError:
        return []
    present = set(names)
    findings: list[Finding | None] = []
    for name in names:
        file = folder / name
        if _SESSION.fullmatch(name):
            findings.append(_session(file, present))
        elif name.endswith(".bak") and _SESSION.fullmatch(name.removesuffix(".bak")):
            if name.removesuffix(".bak") not in present:
                findings.append(Finding(file, "is a backup of a deleted session", "", leave=True))
            elif (wrong := _kind_problem(file) or problem(file)) is not None:
                findings.append(Finding(file, f"(a backup) {wrong}", f"move it to {DAMAGED}/"))
        elif name.endswith(ROWS) and _SESSION.fullmatch(name.removesuffix(ROWS) + ".json"):
            continue  # what an export takes from the session: rebuilt whenever it is saved
        elif _TEMP.fullmatch(name):
            findings.append(
                Finding(file, "is a temporary file an interrupted save left", "", leave=True)
            )
        else:
            findings.append(
                Finding(file, "is not a file scorekeeper writes", f"move it to {DAMAGED}/")
            )
    return [finding for finding in findings if finding is not None]


def _names_good(file: Path) -> bool:
    try:
        data = parse_json(file, read_bytes(file) or b"")
    except (DamagedFile, OSError):
        return False
    return data.get("schema") == 1 and isinstance(data.get("names"), dict)


def _names(root: Path) -> Finding | None:
    file = root / NAMES_FILE
    _, wrong = read_names(root)
    if wrong is None:
        return None
    reason = wrong.removeprefix(f"{file} ").split(", so nights")[0]
    if _names_good(backup_of(file)):
        fix = f"put back {backup_of(file).name}; keep this one in {DAMAGED}/"
        return Finding(file, reason, fix, restore=True)
    return Finding(file, reason, f"move it to {DAMAGED}/: nights show their dates until named")


def _index(root: Path) -> Finding | None:
    file = root / "index.json"
    try:
        raw = read_bytes(file)
        if raw is None:
            return None
        data = parse_json(file, raw)
    except DamagedFile as error:
        return Finding(file, error.reason, "rebuild it from the session files")
    except OSError as error:
        return Finding(file, f"cannot be read ({error.strerror or error})", "rebuild it")
    sessions = data.get("sessions")
    if not isinstance(sessions, dict) or any(map(entry_problem, sessions.values())):
        return Finding(file, "holds entries scorekeeper does not write", "rebuild it")
    try:
        files = {name.removesuffix(".json") for name in os.listdir(root / "sessions")}
    except FileNotFoundError:
        files = set()
    if not set(sessions) <= files or any(
        _SESSION.fullmatch(name + ".json") and name not in sessions for name in files
    ):
        return Finding(file, "does not list the session files as they are", "rebuild it")
    return None


def examine(root: Path) -> list[Finding]:
    """Everything wrong in the store at ``root``; an empty list is a healthy store."""
    findings = _sessions(root / "sessions")
    findings += [found for found in (_index(root), _names(root)) if found is not None]
    return findings


def _set_aside(root: Path, file: Path) -> Path:
    """Move ``file`` into ``damaged/`` under a name that never overwrites another."""
    folder = root / DAMAGED
    folder.mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = folder / f"{file.name}.{stamp}"
    number = 1
    while os.path.lexists(target):
        number += 1
        target = folder / f"{file.name}.{stamp}-{number}"
    os.rename(file, target)
    return target


def repair(store: Store, findings: list[Finding]) -> list[str]:
    """Do each finding's fix; returns what was done, one line each. ``store`` is open for
    writing, so no app saves meanwhile; nothing is deleted."""
    done = []
    for finding in findings:
        file = finding.file
        if finding.leave or file.name == "index.json":
            continue
        if finding.summarize:
            agreement.summarize_again(file)
            done.append(f"worked out the summary of {file} again from its rounds")
        elif finding.restore:
            backup = backup_of(file)
            data = read_bytes(backup) or b""
            kept = _set_aside(store.path, file)
            write_atomically(file, data)
            done.append(f"put back {backup.name} as {file}; the damaged file is now {kept}")
        else:
            kept = _set_aside(store.path, file)
            done.append(f"moved {file} to {kept}")
    store.rebuild_index()
    done.append(f"rebuilt {store.path / 'index.json'}")
    return done
