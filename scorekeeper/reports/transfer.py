"""Bringing two laptops' histories together: every session in one JSON file, and importing
another laptop's sessions (from that file, or straight from its store folder).

The file (``scorekeeper export --json``) is UTF-8 JSON::

    {"format": "scorekeeper-sessions", "schema": 1, "exported": "<ISO 8601 time>",
     "sessions": [{"id": "5f02a1da", "started": "<ISO 8601>", "updated": "<ISO 8601>",
                   "night": "2024-05-03", "night name": "Grandma's birthday" or null,
                   "session": {"game": "<game id>", "players": [...], "dealer": "Ann",
                               "options": {...}, "rounds": [{...}, ...]}}, ...],
     "house games": [{"name": "Hearts at Grandma's", "game": "<game id>",
                      "options": {...}}, ...]}

``schema`` is the session schema of the store that wrote it (``store.SCHEMA``); ``session``
is exactly what a session file holds and what ``Session.from_dict`` reads; ``night`` is
the night the session belongs to (see ``nights``). A house game (``store.house_games``)
is added by an import where none here has its name.

A session keeps its id wherever it is copied, and an import goes by that id alone (two
sessions are never taken for one because they look alike):

- an id not here: the session is added under it, with its times, so it stays in its night;
- the same table and the same rounds: nothing to do (importing twice adds nothing);
- the same table, the rounds here the start of the imported ones: the game went on
  elsewhere, and the session here takes the imported rounds;
- the same table, the imported rounds the start of those here: the game went on here,
  and it stays as it is;
- anything else (both went on differently, another table, a file here that cannot be
  read): both are kept, the imported one under a new id, and the report names both. That
  id is the branch's (``ids.branch_id``), so the same branch imported again is found
  there, and a store that receives its own game back under it recognises it.

Night names and moves in an import obey the rules typed ones do; a bad one refuses the
whole import in one line. An entry that does not read or replay is reported and skipped.
A source that cannot be read at all, or was written by a newer scorekeeper, is refused
whole; so is a store open for writing elsewhere (its lock). Nothing here changes until
every session is written.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from scorekeeper.errors import RuleError
from scorekeeper.game import is_end_round
from scorekeeper.ids import branch_id
from scorekeeper.reports.import_checks import IMPORT_CAP, check_incoming
from scorekeeper.reports.night_names import (
    NightBook,
    book_to_change,
    check_date,
    check_night_name,
    load_book,
    save_book,
)
from scorekeeper.reports.nights import group
from scorekeeper.reports.stats import person
from scorekeeper.safe_files import NotReadable, read_file
from scorekeeper.session import Session
from scorekeeper.store import SCHEMA, Saved, Store, StoreDamaged, StoreError, documents, house_games
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
    """(id, the newcomer's new id) for each id that went on differently here."""
    continued: list[tuple[str, int, int]] = field(default_factory=list)
    """(id, rounds here before, rounds now) for each session that went on elsewhere."""
    further_here: list[tuple[str, int, int]] = field(default_factory=list)
    """(id, rounds here, rounds in the import) for each that went on here (skipped too)."""
    damaged: list[str] = field(default_factory=list)
    """Why each entry that could not be read was skipped."""
    house_games: int = 0
    """House games added (those not here by name)."""

    def lines(self) -> list[str]:
        """The report as a person reads it, one line each."""
        went_on = f", {len(self.continued)} went on" if self.continued else ""
        lines = [
            f"Imported {plural(len(self.added), 'session')} from {self.source}"
            f" ({len(self.skipped)} already here, skipped{went_on})."
        ]
        lines += [
            f"Session {session_id} went on elsewhere: it now has {plural(now, 'round')} "
            f"(it had {before} here)."
            for session_id, before, now in self.continued
        ]
        lines += [
            f"Session {session_id} went further here ({plural(here, 'round')}; the import "
            f"has {there}): kept as it is here."
            for session_id, here, there in self.further_here
        ]
        lines += [
            f"Session {old} here and the imported session {old} went on differently: "
            f"both kept, the imported one as {new}."
            for old, new in self.both_kept
        ]
        if self.house_games:
            lines.append(f"Added {plural(self.house_games, 'house game')}.")
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
        house_games.EXPORT_KEY: house_games.export_entries(store),
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
            check_night(source, f"session {summary.id}", night.key, night.name or None)
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


SAME, WENT_ON_THERE, WENT_ON_HERE, DIVERGED = "same", "went on there", "went on here", "diverged"
_TABLE = ("game", "players", "dealer", "options")


def _text(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _course(mine: Mapping[str, Any], theirs: Mapping[str, Any]) -> str:
    """How a session saved here and one imported under its id relate: the same; the one
    here the start of the imported one (it went on there); the other way round (it went on
    here); or neither (another table, or both went on differently)."""
    if any(_text(mine[key]) != _text(theirs[key]) for key in _TABLE):
        return DIVERGED
    ours, new = [_text(r) for r in mine["rounds"]], [_text(r) for r in theirs["rounds"]]
    if ours == new:
        return SAME
    if new[: len(ours)] == ours:
        return WENT_ON_THERE
    if ours[: len(new)] == new:
        return WENT_ON_HERE
    return DIVERGED


def _branch(base: str, mine: Mapping[str, Any], theirs: Mapping[str, Any]) -> str:
    """The id the imported session ``theirs`` takes beside the session ``base`` here
    (``mine``) that went on differently: ``ids.branch_id`` of its rounds up to where the
    two part."""
    ours, new = [_text(r) for r in mine["rounds"]], [_text(r) for r in theirs["rounds"]]
    same = 0
    while same < min(len(ours), len(new)) and ours[same] == new[same]:
        same += 1
    return branch_id(base, [_text(theirs[key]) for key in _TABLE] + new[: same + 1])


def _is_branch(source_id: str, base: str, theirs: Mapping[str, Any]) -> bool:
    """Whether ``source_id`` is the id another store gave ``theirs`` as a branch of the
    session ``base`` (``_branch``): the branch's table and rounds up to some round."""
    table = [_text(theirs[key]) for key in _TABLE]
    rounds = [_text(r) for r in theirs["rounds"]]
    return any(branch_id(base, table + rounds[:end]) == source_id for end in range(len(rounds) + 1))


@dataclass
class _Here:
    """What the store holds, asked only about the ids an import names."""

    store: Store
    ids: set[str]
    started: dict[tuple[str, str], list[str]]
    """Ids by game and start time: a branch kept here starts when the session it left did."""

    def saved(self, session_id: str) -> dict[str, Any] | None:
        try:
            return self.store.saved(session_id)
        except StoreError:
            return None  # unreadable here: its id is taken, its rounds unknown

    def match(self, source_id: str, theirs: dict[str, Any], started: str) -> tuple[str, str]:
        """What to do with the imported session ``theirs``, and the id here it concerns."""
        if source_id in self.ids:
            mine = self.saved(source_id)
            if mine is None:
                return DIVERGED, source_id
            course = _course(mine, theirs)
            if course != DIVERGED:
                return course, source_id
            branch = _branch(source_id, mine, theirs)
            if branch not in self.ids:
                return DIVERGED, branch
            kept = self.saved(branch)
            course = DIVERGED if kept is None else _course(kept, theirs)
            return course, branch if course != DIVERGED else source_id
        # Not here by its id: it may be the branch another store keeps of a session here.
        for other in self.started.get((theirs["game"], started), []):
            mine = self.saved(other)
            course = DIVERGED if mine is None else _course(mine, theirs)
            if mine is not None and course != DIVERGED and _is_branch(source_id, other, theirs):
                return course, other
        return DIVERGED, source_id


def import_sessions(store: Store, source: str | Path) -> ImportReport:
    """Bring the sessions of ``source`` (an export file or a store folder) into ``store``,
    which must be open for writing, each by its id (see the module's docstring)."""
    path = Path(source).expanduser().absolute()
    if path == store.path.absolute():
        raise ImportRefused(f"{path} is this store itself: nothing to import.", path)
    incoming, damaged = read_source(path)
    report = ImportReport(path, damaged=damaged)
    report.house_games, unread = house_games.add_house_games(
        store, house_games.house_games_in(path)
    )
    report.damaged += unread
    summaries = store.summaries()
    here = _Here(store, {summary.id for summary in summaries}, {})
    here.ids.update(file.stem for file in store.damaged())
    for summary in summaries:
        here.started.setdefault((summary.game, iso(summary.started)), []).append(summary.id)
    plan: list[tuple[str, Incoming]] = []
    """Each session to write, with the id it had in the source."""
    replacing: set[str] = set()
    decided: dict[str, dict[str, Any]] = {}
    """What this import already brings under each id here, so an id is decided once."""
    for entry in incoming:
        source_id, theirs = entry.saved.id, entry.saved.session.to_dict()
        course, target = here.match(source_id, theirs, entry.saved.started)
        if target in decided:  # a second entry for the same session: the first counts
            course = SAME if _course(decided[target], theirs) == SAME else DIVERGED
            target = source_id
        else:
            decided[target] = theirs
        if course == SAME:
            report.skipped.append(target)
        elif course == WENT_ON_HERE:
            report.skipped.append(target)
            mine = here.saved(target) or {"rounds": []}
            report.further_here.append((target, _played(mine), _played(theirs)))
        else:
            if course == WENT_ON_THERE:
                replacing.add(target)
                mine = here.saved(target) or {"rounds": []}
                report.continued.append((target, _played(mine), _played(theirs)))
            plan.append((source_id, replace(entry, saved=replace(entry.saved, id=target))))
    if not plan:
        return report
    book = load_book(store.path)
    written = [entry for _, entry in plan]

    def save_nights(ids: list[str]) -> None:
        # A game taken up keeps the night it has here; only newcomers bring theirs.
        added = [
            (entry, sid) for entry, sid in zip(written, ids, strict=True) if sid not in replacing
        ]
        nights = _nights_after(book, added)
        if nights is not None:
            book_to_change(store)  # a damaged nights file is refused, not overwritten
            save_book(store, nights, "Nothing was imported.")

    ids = store.add_saved([entry.saved for entry in written], save_nights, replacing=replacing)
    for (source_id, _), session_id in zip(plan, ids, strict=True):
        if session_id in replacing:
            continue
        report.added.append(session_id)
        if session_id != source_id:
            report.both_kept.append((source_id, session_id))
    return report


def _played(saved: Mapping[str, Any]) -> int:
    """Rounds as the table counts them in a saved session (not its end)."""
    rounds = saved["rounds"]
    return len(rounds) - bool(rounds and is_end_round(rounds[-1]))
