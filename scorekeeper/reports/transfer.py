"""Bringing two laptops' histories together: every session in one JSON file, and importing
another laptop's sessions (from that file, or straight from its store folder).

The file (``scorekeeper export --json``) is UTF-8 JSON::

    {"format": "scorekeeper-sessions", "schema": 1, "exported": "<ISO 8601 time>",
     "sessions": [{"id": "5f02a1da", "started": "<ISO 8601>", "updated": "<ISO 8601>",
                   "night": "2024-05-03", "night name": "Grandma's birthday" or null,
                   "session": {"game": "<game id>", "players": [...], "dealer": "Ann",
                               "options": {...}, "rounds": [{...}, ...]}}, ...]}

``schema`` is the session schema of the store that wrote it (``store.SCHEMA``); ``session``
is exactly what a session file holds and what ``Session.from_dict`` reads; ``night`` is
the night the session belongs to (see ``nights``).

An import adds each session that is not here yet under its own id and times, so it stays
in its night. The same id with the same rounds is skipped (so importing twice adds
nothing); the same id with other rounds keeps both, the newcomer under a new id. An entry
that does not read or replay is reported and skipped. A source that cannot be read at
all, or was written by a newer scorekeeper, is refused whole; so is a store open for
writing elsewhere (its lock). Nothing here changes until every session is written.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from scorekeeper.errors import RuleError
from scorekeeper.reports.import_checks import IMPORT_CAP, check_incoming
from scorekeeper.reports.night_names import NightBook, book_to_change, load_book, save_book
from scorekeeper.reports.nights import group
from scorekeeper.reports.stats import person
from scorekeeper.safe_files import NotReadable, read_file
from scorekeeper.session import Session
from scorekeeper.store import SCHEMA, Saved, Store, StoreDamaged, StoreError, documents
from scorekeeper.store.checks import session_problem
from scorekeeper.store.durable import write_atomically
from scorekeeper.store.reading import DamagedFile, parse_json, read_json
from scorekeeper.wording import day, iso, plural

FORMAT = "scorekeeper-sessions"
JSON_NAME = "sessions.json"
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


@dataclass
class ImportReport:
    source: Path
    added: list[str] = field(default_factory=list)
    """Ids here of the sessions added (a newcomer kept beside a conflict included)."""
    skipped: list[str] = field(default_factory=list)
    """Ids of sessions already here with the same rounds."""
    both_kept: list[tuple[str, str]] = field(default_factory=list)
    """(id, the newcomer's new id) for each id that held other rounds here."""
    damaged: list[str] = field(default_factory=list)
    """Why each entry that could not be read was skipped."""

    def lines(self) -> list[str]:
        """The report as a person reads it, one line each."""
        lines = [
            f"Imported {plural(len(self.added), 'session')} from {self.source}"
            f" ({len(self.skipped)} already here, skipped)."
        ]
        lines += [
            f"Session {old} differs from the one with that id here: both kept, "
            f"the imported one as {new}."
            for old, new in self.both_kept
        ]
        lines += [f"Skipped: {reason}" for reason in self.damaged]
        return lines


def export_json(store: Store, out_dir: str | Path, *, name: str = JSON_NAME) -> Path:
    """Write every readable session with its rounds into one JSON file; returns its path.

    Damaged sessions are left out (``store.damaged()`` names them).
    """
    out = Path(out_dir).expanduser().absolute()
    book = load_book(store.path)
    summaries = sorted(store.summaries(), key=lambda summary: (summary.started, summary.id))
    nights = {
        summary.id: night
        for night in group(summaries, book.names, book.moves)
        for summary in night.sessions
    }
    entries = []
    for summary in summaries:
        try:
            saved = store.saved(summary.id)
        except StoreDamaged:
            continue
        night = nights[summary.id]
        entries.append(
            {
                "id": summary.id,
                "started": iso(summary.started),
                "updated": iso(summary.updated),
                "night": night.key,
                "night name": night.name or None,
                "session": saved,
            }
        )
    data = {
        "format": FORMAT,
        "schema": SCHEMA,
        "exported": iso(datetime.now().astimezone()),
        "sessions": entries,
    }
    path = out / name
    try:
        out.mkdir(parents=True, exist_ok=True)
        write_atomically(path, json.dumps(data, ensure_ascii=False, indent=1).encode())
    except OSError as error:
        raise StoreError(
            f"Cannot write the export to {out}: {error.strerror or error}. "
            "Choose another folder (scorekeeper export --out FOLDER).",
            out,
        ) from error
    return path


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
    return Incoming(
        Saved(session_id, session, str(times[0]), str(times[1])),
        night if isinstance(night, str) else None,
        name if isinstance(name, str) else None,
    )


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
    incoming, damaged = [], []
    book = load_book(source)
    with Store(source, readonly=True) as other:
        for file in other.damaged():
            damaged.append(f"{file} cannot be read")
        summaries = other.summaries()
        nights = {
            summary.id: night
            for night in group(summaries, book.names, book.moves)
            for summary in night.sessions
        }
        for summary in sorted(summaries, key=lambda summary: (summary.started, summary.id)):
            try:
                session = other.load(summary.id)
            except StoreError as error:
                damaged.append(error.message)
                continue
            night = nights[summary.id]
            try:
                check_incoming(f"session {summary.id}", session)
            except RuleError as error:
                damaged.append(f"{error.field} of {source} {error.message}")
                continue
            incoming.append(
                Incoming(
                    Saved(summary.id, session, iso(summary.started), iso(summary.updated)),
                    night.key,
                    night.name or None,
                )
            )
    return incoming, damaged


def read_source(source: str | Path) -> tuple[list[Incoming], list[str]]:
    """The sessions in an export file or a store folder, and why any were left out."""
    path = Path(source).expanduser().absolute()
    if path.is_dir():
        if not (path / "sessions").is_dir():
            raise ImportRefused(
                f"{path} is a folder but not a scorekeeper store (it has no sessions folder). "
                "Give an export file (scorekeeper export --json) or a store folder.",
                path,
            )
        return _from_store(path)
    return _from_file(path)


def _nights_after(book: NightBook, brought: list[tuple[Incoming, str]]) -> NightBook | None:
    """This store's nights with the imported sessions' own nights carried over: a session
    that was moved off its date there is moved here too, and a night named there and not
    here gets that name, unless another night here has it. None when nothing changes."""
    changed = NightBook(dict(book.names), dict(book.moves))
    taken = {person(name) for name in changed.names.values()}
    for incoming, session_id in brought:
        night = incoming.night
        if night is None:
            continue
        if night != day(datetime.fromisoformat(incoming.saved.started)):
            changed.moves[session_id] = night
        name = incoming.night_name
        if name and night not in changed.names and person(name) not in taken:
            changed.names[night] = name
            taken.add(person(name))
    return None if changed == book else changed


def import_sessions(store: Store, source: str | Path) -> ImportReport:
    """Add the sessions of ``source`` (an export file or a store folder) to ``store``,
    which must be open for writing; see the module's docstring for what is added."""
    path = Path(source).expanduser().absolute()
    if path == store.path.absolute():
        raise ImportRefused(f"{path} is this store itself: nothing to import.", path)
    incoming, damaged = read_source(path)
    report = ImportReport(path, damaged=damaged)
    here: dict[str, str] = {}
    seen: set[tuple[str, str]] = set()
    for summary in store.summaries():
        try:
            mine = store.saved(summary.id)
        except StoreError:
            here[summary.id] = ""  # unreadable here: its id is taken, its content unknown
            continue
        content = json.dumps(mine, sort_keys=True, ensure_ascii=False)
        here[summary.id] = content
        seen.add((content, iso(summary.started)))
    plan: list[Incoming] = []
    for entry in incoming:
        content, saved = entry.content, entry.saved
        if here.get(saved.id) == content or (content, saved.started) in seen:
            report.skipped.append(saved.id)
            continue
        here.setdefault(saved.id, content)
        seen.add((content, saved.started))
        plan.append(entry)
    if not plan:
        return report
    book = load_book(store.path)

    def save_nights(ids: list[str]) -> None:
        nights = _nights_after(book, list(zip(plan, ids, strict=True)))
        if nights is not None:
            book_to_change(store)  # a damaged nights file is refused, not overwritten
            save_book(store, nights, "Nothing was imported.")

    ids = store.add_saved([entry.saved for entry in plan], save_nights)
    for entry, session_id in zip(plan, ids, strict=True):
        report.added.append(session_id)
        if session_id != entry.saved.id:
            report.both_kept.append((entry.saved.id, session_id))
    return report
