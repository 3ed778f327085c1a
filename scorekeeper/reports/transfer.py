"""Bringing two laptops' histories together: another laptop's sessions imported (from its
export file, or straight from its store folder) each by its id, and the report of what
that did.

The file is ``json_export``'s; reading a source is ``import_source``'s, and how a
session relates to the one here under its id is ``import_match``'s.

A session keeps its id wherever it is copied, and an import goes by that id alone (two
sessions are never taken for one because they look alike):

- an id not here: the session is added under it, with its times, so it stays in its night;
- the same table and the same rounds: nothing to do (importing twice adds nothing);
- the same table, the rounds here the start of the imported ones: the game went on
  elsewhere, and the session here takes the imported rounds;
- the same table, the imported rounds the start of those here: the game went on here,
  and it stays as it is;
- the same table, each side going on differently from a shared start: one game, counted
  once; the imported version is typed on top of the rounds the two share (in this
  laptop's log), and the game waits for the table to decide, as when two laptops sync;
- anything else (another table under the id, a file here that cannot be read): both are
  kept, the imported one under a new id, and the report names both. That id is the
  branch's (``ids.branch_id``), so the same branch imported again is found there, and a
  store that receives its own game back under it recognises it.

Night names and moves in an import obey the rules typed ones do; a bad one refuses the
whole import in one line. An entry that does not read or replay is reported and skipped.
A source that cannot be read at all, or was written by a newer scorekeeper, is refused
whole; so is a store open for writing elsewhere (its lock). Nothing here changes until
every session is written.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path

from scorekeeper.checks import JSONMapping, JSONObject
from scorekeeper.game import is_end_round
from scorekeeper.reports.import_match import (
    DIVERGED,
    SAME,
    WENT_ON_DIFFERENTLY,
    WENT_ON_HERE,
    WENT_ON_THERE,
    Here,
    another_version,
    course_of,
)
from scorekeeper.reports.import_source import ImportRefused, Incoming, read_source
from scorekeeper.reports.night_names import NightBook, book_to_change, load_book, save_book
from scorekeeper.reports.stats import person
from scorekeeper.session import Session
from scorekeeper.store import Saved, Store, house_games
from scorekeeper.wording import day, iso, plural


@dataclass
class ImportReport:
    source: Path
    added: list[str] = field(default_factory=list)
    """Ids here of the sessions added (a newcomer kept beside a conflict included)."""
    skipped: list[str] = field(default_factory=list)
    """Ids of sessions already here with the same rounds."""
    both_kept: list[tuple[str, str]] = field(default_factory=list)
    """(id, the newcomer's new id) for each id that is another table here."""
    waiting: list[str] = field(default_factory=list)
    """Ids of the games that went on differently here and there: one game each, the
    imported version kept as one more version, waiting for the table to decide."""
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
            f"Session {old} here and the imported session {old} are other tables: "
            f"both kept, the imported one as {new}."
            for old, new in self.both_kept
        ]
        lines += [
            f"Session {session_id} went on differently here and there: one game, its other "
            "version kept beside it, waiting for a decision (`scorekeeper conflicts`)."
            for session_id in self.waiting
        ]
        if self.house_games:
            lines.append(f"Added {plural(self.house_games, 'house game')}.")
        lines += [f"Skipped: {reason}" for reason in self.damaged]
        return lines


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
    here = Here(store, {summary.id for summary in summaries}, {})
    here.ids.update(file.name.partition(".")[0] for file in store.damaged())
    for summary in summaries:
        here.started.setdefault((summary.game, iso(summary.started)), []).append(summary.id)
    plan: list[tuple[str, Incoming]] = []
    """Each session to write, with the id it had in the source."""
    replacing: set[str] = set()
    versions: list[tuple[str, Incoming]] = []
    """Versions of games here that went on differently, each kept as one more copy."""
    decided: dict[str, JSONObject] = {}
    """What this import already brings under each id here, so an id is decided once."""
    for entry in incoming:
        source_id, theirs = entry.saved.id, entry.saved.session.to_dict()
        course, target = here.match(source_id, theirs, entry.saved.started)
        if target in decided:  # one more version of a game this import brings
            course = another_version(decided[target], theirs)
            target = target if course != DIVERGED else source_id
        else:
            decided[target] = theirs
        if course == SAME:
            report.skipped.append(target)
        elif course == WENT_ON_DIFFERENTLY:
            versions.append((target, entry))
        elif course == WENT_ON_HERE:
            report.skipped.append(target)
            mine = here.saved(target) or {"rounds": []}
            report.further_here.append((target, _played(mine), _played(theirs)))
        else:
            if course == WENT_ON_THERE:
                replacing.add(target)
                mine = here.saved(target) or {"rounds": []}
                report.continued.append((target, _played(mine), _played(theirs)))
            plan.append((source_id, replace(entry, saved=entry.saved._replace(id=target))))
    kept: list[tuple[str, Saved]] = []
    for session_id, entry in versions:
        if session_id in here.ids and _holds(store, session_id, entry.saved.session):
            report.skipped.append(session_id)
        else:
            kept.append((session_id, entry.saved))
            report.waiting.append(session_id)
    if not plan and not kept:
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

    ids = store.add_saved(
        [entry.saved for entry in written], save_nights, replacing=replacing, versions=kept
    )
    for (source_id, _), session_id in zip(plan, ids, strict=True):
        if session_id in replacing:
            continue
        report.added.append(session_id)
        if session_id != source_id:
            report.both_kept.append((source_id, session_id))
    return report


def _holds(store: Store, session_id: str, session: Session) -> bool:
    """Whether the game here already keeps ``session`` as one of its versions (waiting or
    set aside): a version that came from here goes back as nothing new."""
    theirs = session.to_dict()
    merged = store.gathered(session_id).merged
    return any(course_of(v.session, theirs) == SAME for v in (*merged.versions, *merged.aside))


def _played(saved: JSONMapping) -> int:
    """Rounds as the table counts them in a saved session (not its end)."""
    rounds = saved["rounds"]
    return len(rounds) - bool(rounds and is_end_round(rounds[-1]))
