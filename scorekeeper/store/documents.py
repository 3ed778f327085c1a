"""A session's document as the older layouts kept it, and a damaged session file worded.

An older layout's session file is a TinyDB database whose table ``session`` holds one
document, ``{"schema": 1, "order": <ns>, "summary": {...}, "session": Session.to_dict()}``,
upgraded when read through ``MIGRATIONS``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from scorekeeper.checks import JSONObject
from scorekeeper.store.careful_read import DamagedFile
from scorekeeper.store.durable import backup_of, read_database
from scorekeeper.store.store_errors import StoreDamaged, StoreError
from scorekeeper.store.well_formed import document_problem

SCHEMA = 1
MIGRATIONS: dict[int, Callable[[JSONObject], JSONObject]] = {}
"""``MIGRATIONS[n]`` turns a schema-``n`` session document into a schema-``n + 1`` one."""

TABLE = "session"
DOC_ID = 1


def problem(file: Path) -> str | None:
    """What is wrong with a session's log ``file`` (also its ``.bak``), or None."""
    from scorekeeper.store import copies, log  # here: Home starts without TinyDB

    if not os.path.lexists(file):
        return "does not exist"  # TinyDB reads a missing file as an empty database
    parsed = copies.parse(file.name.removesuffix(".bak"))
    return log.problem(file, copies.owner(parsed[1]) if parsed else "")


def how_to_recover(file: Path) -> str:
    """What a person can do about an unreadable session file."""
    from scorekeeper.store import copies, machine

    parsed = copies.parse(file.name)
    if parsed is not None and (
        copies.is_conflict_copy(parsed[1])
        or copies.owner(parsed[1]) != machine.laptop(file.parent.parent).id
    ):
        return (
            "It is not this laptop's log (another laptop's, or a sync engine's copy of one), "
            "so `scorekeeper doctor --fix` leaves it where it is: mend it on the laptop "
            "that wrote it."
        )
    if problem(backup_of(file)) is None:
        return (
            "To recover, close scorekeeper and run `scorekeeper doctor --fix`: it puts back "
            f"{backup_of(file).name}, the version before the last save (at most the last "
            f"change is lost), and keeps {file.name} in the damaged folder."
        )
    return (
        "It has no good backup. To set it aside, close scorekeeper and run "
        f"`scorekeeper doctor --fix`: it moves {file.name} to the damaged folder, "
        "where you can keep it to try repairing it; the session no longer appears."
    )


def damaged(file: Path, reason: str, *, recover: bool = True) -> StoreDamaged:
    """The error for an unreadable session file, with how to get its session back unless
    ``recover`` is false (a folder may hold a hundred thousand such)."""
    said = f"{file} {reason}. Scorekeeper left it untouched."
    if not recover:
        return StoreDamaged(said, file, None, reason)
    backup = backup_of(file) if problem(backup_of(file)) is None else None
    return StoreDamaged(f"{said} {how_to_recover(file)}", file, backup, reason)


def read(file: Path) -> JSONObject:
    """The session document in ``file``, migrated step by step to ``SCHEMA``:
    ``StoreDamaged`` where it cannot be read, ``StoreError`` where there is none."""
    try:
        found = (read_database(file) or {}).get(TABLE, {}).get(str(DOC_ID))
    except DamagedFile as error:
        raise damaged(file, error.reason, recover=False) from None
    except OSError as error:
        raise StoreError(f"Cannot read {file}: {error.strerror}.", file) from error
    if found is None:
        if not file.exists():
            raise StoreError(f"{file} is gone.", file)
        raise damaged(file, "holds no session", recover=False)
    saved = dict(found)
    version = saved.get("schema")
    if type(version) is not int:
        raise damaged(file, "has no schema version", recover=False)
    if version > SCHEMA:
        raise StoreDamaged(
            f"{file} was saved by a newer scorekeeper (schema {version}; this one reads "
            f"up to {SCHEMA}). Upgrade scorekeeper to open it; the file was left untouched.",
            file,
            None,
        )
    while version < SCHEMA:
        migrate = MIGRATIONS.get(version)
        if migrate is None:
            raise damaged(
                file, f"has schema version {version}, which nothing can read", recover=False
            )
        saved = migrate(saved)
        version += 1
        saved["schema"] = version
    for key in ("order", "summary", "session"):
        if key not in saved:
            raise damaged(file, f"lacks its {key!r} part", recover=False)
    wrong = document_problem(saved)
    if wrong is not None:
        raise damaged(file, f"holds {wrong}", recover=False)
    return saved
