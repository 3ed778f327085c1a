"""Reading what an import brings: the sessions of an export file or of another store's
folder, each checked and replayed, with its night; a source that cannot be read at all,
was written by a newer scorekeeper, or names a night that could not be typed here, is
refused whole. A store folder is only read: one of an older layout, which opening would
move over, is read through a copy of its sessions' files.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from scorekeeper.errors import RuleError
from scorekeeper.reports.import_checks import IMPORT_CAP, check_incoming
from scorekeeper.reports.json_export import FORMAT, versions_waiting
from scorekeeper.reports.night_names import check_date, check_night_name, load_book
from scorekeeper.reports.nights import group
from scorekeeper.reports.rows import open_store
from scorekeeper.safe_files import NotReadable, read_file
from scorekeeper.session import Session
from scorekeeper.store import (
    SCHEMA,
    Saved,
    Store,
    StoreError,
    copies,
    documents,
    machine,
    older_sessions,
)
from scorekeeper.store.careful_read import DamagedFile, parse_json, read_bytes, read_json
from scorekeeper.store.events import NEWER
from scorekeeper.store.reader import FOLDER as LOGS
from scorekeeper.store.well_formed import session_problem
from scorekeeper.wording import iso

_REPLAY_ERRORS = (RuleError, LookupError, TypeError, ValueError, AttributeError)


class ImportRefused(StoreError):
    """The source as a whole cannot be imported; nothing was changed."""


@dataclass(frozen=True)
class Incoming:
    """One session from the source, as read and replayed."""

    saved: Saved
    night: str | None
    night_name: str | None

    @property
    def content(self) -> str:
        return json.dumps(self.saved.session.to_dict(), sort_keys=True, ensure_ascii=False)


def _newer(source: Path, schema: object) -> None:
    if type(schema) is int and schema > SCHEMA:
        raise ImportRefused(
            f"{source} was written by a newer scorekeeper (schema {schema}; this one reads up "
            f"to {SCHEMA}). Upgrade scorekeeper here first. Nothing was imported.",
            source,
        )


def _entry(source: Path, number: int, entry: object, schema: int) -> Incoming:
    """One entry of an export file, upgraded and replayed; RuleError says why not."""
    if not isinstance(entry, dict):
        raise RuleError(f"entry {number}", "is not a session")
    session_id = entry.get("id")
    label = f"entry {number} ({session_id})" if isinstance(session_id, str) else f"entry {number}"
    if not isinstance(session_id, str) or not session_id:
        raise RuleError(label, "has no id")
    times = [entry.get("started"), entry.get("updated")]
    for when in times:
        try:
            aware = isinstance(when, str) and datetime.fromisoformat(when).tzinfo is not None
        except ValueError:
            aware = False
        if not aware:
            raise RuleError(label, f"has no readable time with its UTC offset ({when!r})")
    part = entry.get("session")
    for version in range(schema, SCHEMA):
        migrate = documents.MIGRATIONS.get(version)
        if migrate is None:
            raise RuleError(label, f"has schema version {version}, which nothing can read")
        part = migrate({"schema": version, "order": 0, "summary": {}, "session": part})["session"]
    problem = session_problem(part)
    if problem is not None or not isinstance(part, dict):
        raise RuleError(label, f"holds {problem}")
    try:
        session = Session.from_dict(part)
    except _REPLAY_ERRORS as error:
        raise RuleError(label, f"does not replay ({error})") from None
    check_incoming(label, session)
    night, name = entry.get("night"), entry.get("night name")
    check_night(source, label, night, name)
    return Incoming(
        Saved(session_id, session, str(times[0]), str(times[1])),
        night if isinstance(night, str) else None,
        name if isinstance(name, str) else None,
    )


def check_night(source: Path, label: str, night: object, name: object) -> None:
    """Refuse the whole import, in one line, for a night or a night's name that could not
    be typed here: a key that is no date (or date and table), a name that breaks the
    rules of names or reads as a date."""
    try:
        if night is not None:
            if not isinstance(night, str):
                raise RuleError("night", f"{night!r} is not a date written YYYY-MM-DD")
            check_date(night)
        if name is not None:
            if not isinstance(name, str):
                raise RuleError("night name", f"{name!r} is not text")
            check_night_name(name)
    except RuleError as error:
        raise ImportRefused(
            f"{source}: {label}: {error.field}: {error.message}. Nothing was imported.", source
        ) from None


def _from_file(source: Path) -> tuple[list[Incoming], list[str]]:
    try:
        data = parse_json(source, read_file(source, IMPORT_CAP))
    except NotReadable as error:
        raise ImportRefused(
            f"{error}: give an export file (scorekeeper export --json) or a store folder. "
            "Nothing was imported.",
            source,
        ) from None
    except DamagedFile as error:
        raise ImportRefused(f"{error}. Nothing was imported.", source) from None
    except OSError as error:
        raise ImportRefused(f"Cannot read {source}: {error.strerror or error}.", source) from None
    if data.get("format") != FORMAT:
        raise ImportRefused(
            f"{source} is not a scorekeeper export (made by `scorekeeper export --json`). "
            "Nothing was imported.",
            source,
        )
    schema, entries = data.get("schema"), data.get("sessions")
    _newer(source, schema)
    if type(schema) is not int or not isinstance(entries, list):
        raise ImportRefused(
            f"{source} is damaged: it has no schema or no list of sessions. Nothing was imported.",
            source,
        )
    incoming, damaged = [], []
    for number, entry in enumerate(entries, start=1):
        try:
            incoming.append(_entry(source, number, entry, schema))
        except RuleError as error:
            damaged.append(f"{error.field} of {source} {error.message}")
    return incoming, damaged


def _from_store(source: Path) -> tuple[list[Incoming], list[str]]:
    folder = source / "sessions"
    for file in sorted(folder.glob("*.json")):
        try:
            raw = read_json(file) or {}
        except (DamagedFile, OSError):
            continue
        table = raw.get(documents.TABLE)
        found = table.get(str(documents.DOC_ID)) if isinstance(table, dict) else None
        if isinstance(found, dict):
            _newer(file, found.get("schema"))
    incoming: list[Incoming] = []
    damaged: list[str] = []
    book = load_book(source)
    with _as_read(source, damaged) as folder, open_store(folder, readonly=True) as other:
        for file in other.damaged():
            damaged.append(f"{source / file.relative_to(folder)} cannot be read")
        summaries = other.summaries()
        nights = {
            summary.id: night
            for night in group(summaries, book.names, book.moves)
            for summary in night.sessions
        }
        for summary in sorted(summaries, key=lambda summary: (summary.started, summary.id)):
            try:
                session = other.load(summary.id)
                newer = NEWER in other.gathered(summary.id).refused
            except StoreError as error:
                damaged.append(error.message.replace(str(folder), str(source)))
                continue
            if newer:
                raise ImportRefused(
                    f"{source}: session {summary.id} holds what a newer scorekeeper wrote. "
                    "Upgrade scorekeeper here first. Nothing was imported.",
                    source,
                )
            night = nights[summary.id]
            try:
                check_incoming(f"session {summary.id}", session)
            except RuleError as error:
                damaged.append(f"{error.field} of {source} {error.message}")
                continue
            check_night(source, f"session {summary.id}", night.key, night.name or None)
            shown = (session, iso(summary.updated))
            for version, updated in [shown, *_replayed_waiting(other, summary.id, damaged)]:
                incoming.append(
                    Incoming(
                        Saved(summary.id, version, iso(summary.started), updated),
                        night.key,
                        night.name or None,
                    )
                )
    return incoming, damaged


@contextlib.contextmanager
def _as_read(source: Path, damaged: list[str]) -> Iterator[Path]:
    """The store folder to open to read ``source``: itself, or, where it holds sessions
    of an older layout (which opening it would move over, writing there), a copy of its
    sessions' files, so the folder given is only read. A file that cannot be copied as a
    session's is named in ``damaged``."""
    if not older_sessions.old_files(source):
        yield source
        return
    with tempfile.TemporaryDirectory() as temp:
        copy = Path(temp) / "store"
        for folder in (copies.OLDER, LOGS):
            (copy / folder).mkdir(parents=True)
            try:
                names = sorted(os.listdir(source / folder))
            except OSError:
                continue
            for name in (name for name in names if name.endswith(".json")):
                try:
                    data = read_bytes(source / folder / name)
                except DamagedFile as error:
                    damaged.append(f"{source / folder / name} cannot be read ({error.reason})")
                    continue
                except OSError:
                    continue
                if data is not None:
                    (copy / folder / name).write_bytes(data)
        try:
            yield copy
        finally:
            shutil.rmtree(machine.machine_folder(copy), ignore_errors=True)


def _replayed_waiting(
    store: Store, session_id: str, damaged: list[str]
) -> list[tuple[Session, str]]:
    """``versions_waiting``, replayed and checked as an import takes them (as ``export
    --json`` writes them); one that does not replay is named in ``damaged``."""
    versions = []
    for saved, updated in versions_waiting(store, session_id):
        label = f"session {session_id} (a version waiting for a decision)"
        try:
            session = Session.from_dict(saved)
        except _REPLAY_ERRORS as error:
            damaged.append(f"{label} does not replay ({error})")
            continue
        try:
            check_incoming(label, session)
        except RuleError as error:
            damaged.append(f"{error.field} {error.message}")
            continue
        versions.append((session, updated))
    return versions


def read_source(source: str | Path) -> tuple[list[Incoming], list[str]]:
    """The sessions in an export file or a store folder, and why any were left out."""
    path = Path(source).expanduser().absolute()
    if path.is_dir():
        if not any((path / folder).is_dir() for folder in (LOGS, copies.OLDER)):
            raise ImportRefused(
                f"{path} is a folder but not a scorekeeper store (it has no sessions). "
                "Give an export file (scorekeeper export --json) or a store folder.",
                path,
            )
        return _from_store(path)
    return _from_file(path)
