"""Game nights: the sessions of one evening, and one settle-up across all of them.

A night is the sessions that belong together. By default that is the calendar date a
session was started on (``Summary.started``, local time), so a game begun after midnight
belongs to the next date; a session can be moved to another night, or to a new night of
its own date (a second table: "2024-05-03-2"), so two tables that never played together
settle apart. A night may be given a name ("Grandma's birthday"): ``night_names`` keeps
the names and the moves; ``night_report`` words a night.

The settle-up adds each person's balances over the night's games — a name is one person
whatever its case, as in ``stats`` — and finds the few payments that clear them all.
Money (minor units) and chips are settled apart: chips are not money, and the app does
not know what a chip is worth at this table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date as Date
from datetime import datetime

from scorekeeper.errors import RuleError
from scorekeeper.game import Unit
from scorekeeper.games import GAMES
from scorekeeper.reports.night_names import (
    NEW,
    NightBook,
    book_to_change,
    date_of,
    load_book,
    night_order,
    save_book,
)
from scorekeeper.reports.night_settle import evening_end
from scorekeeper.reports.stats import person
from scorekeeper.settle import Payment, settle
from scorekeeper.store import Store, Summary
from scorekeeper.wording import day, spoken_day, visible


def night_of(summary: Summary, moves: Mapping[str, str] | None = None) -> str:
    """The night a session belongs to: where it was moved, else the date (YYYY-MM-DD) it
    was started on."""
    if moves and summary.id in moves:
        return moves[summary.id]
    return day(summary.started)


@dataclass(frozen=True)
class Ledger:
    """One unit's settle-up for a night: each person's balance and who pays whom.

    A game's kitty (``Game.kitty``) is a party when it still holds chips at the end of a
    session: those chips were paid in and nobody has won them yet.
    """

    unit: Unit
    balances: dict[str, int]
    payments: list[Payment]


@dataclass(frozen=True)
class Night:
    key: str
    """The date, or for a second table that evening the date and a number: "2024-05-03-2"."""
    name: str
    sessions: tuple[Summary, ...]
    """Oldest first, as they were played."""
    ended: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    """The balances of a game still carrying a kitty (a Calcutta pool), by session id, once
    the game's own end of the evening (``Game.end``) has shared it out: the night is over,
    so no chip stays in the pool. Filled in by ``nights_of``."""
    notes: tuple[str, ...] = ()
    """What ending those games did ("Pool of 9 chips shared out: ..."), in the game's words."""

    @property
    def date(self) -> str:
        return date_of(self.key)

    @property
    def table(self) -> int:
        """Which of the evening's nights this is: 1 for the date's own, 2, 3... for more."""
        return night_order(self.key)[1]

    @property
    def title(self) -> str:
        """The name if it has one, else the date as a person says it: "Fri 3 May 2024",
        "Fri 3 May 2024, table 2"."""
        if self.name:
            return visible(self.name)
        spoken = spoken_day(Date.fromisoformat(self.date))
        return spoken if self.table == 1 else f"{spoken}, table {self.table}"

    @property
    def label(self) -> str:
        """What the CSV export and the command line call it: its name, else its key."""
        return visible(self.name) or self.key

    @property
    def players(self) -> list[str]:
        """Everyone who played that night, in the order they first sat down, each name
        spelt as in their last game."""
        seen: dict[str, str] = {}
        for summary in self.sessions:
            for name in summary.players:
                seen[person(name)] = name
        return list(seen.values())

    def ledgers(self) -> list[Ledger]:
        """The money settle-up, then the chips one; only units the night's games used."""
        spelling = {person(name): name for name in self.players}
        books: dict[Unit, dict[str, int]] = {}
        for summary in self.sessions:
            game = GAMES.get(summary.game)
            if game is None or not summary.rounds:
                continue
            book = books.setdefault(game.unit, {})
            balances = self.ended.get(summary.id, summary.balances)
            for name in summary.players:
                shown = spelling[person(name)]
                book[shown] = book.get(shown, 0) + balances[name]
            carried = -sum(balances.values())
            if carried and game.kitty is not None:
                book[game.kitty] = book.get(game.kitty, 0) + carried
        return [
            Ledger(unit, books[unit], settle(books[unit]))
            for unit in ("money", "chips")
            if unit in books
        ]


def _played_order(summary: Summary) -> tuple[datetime, datetime, int, str]:
    """As they were played; two started together (a game kept twice, one branch from
    each laptop, under each other's ids) by when each was last played, then by length,
    so every laptop lists them alike."""
    return summary.started, summary.updated, summary.rounds, summary.id


def group(
    summaries: Iterable[Summary],
    names: Mapping[str, str],
    moves: Mapping[str, str] | None = None,
) -> list[Night]:
    """Sessions grouped into nights, the most recent night first."""
    by_key: dict[str, list[Summary]] = {}
    for summary in summaries:
        by_key.setdefault(night_of(summary, moves), []).append(summary)
    return [
        Night(key, names.get(key, ""), tuple(sorted(by_key[key], key=_played_order)))
        for key in sorted(by_key, key=night_order, reverse=True)
    ]


def find(nights: Iterable[Night], wanted: str) -> Night:
    """The night with this date (YYYY-MM-DD) or this name (any case), or called as the
    nights screen and ``settle`` call a night without a name ("Fri 3 May 2024")."""
    nights = list(nights)
    key = wanted.strip()
    for night in nights:
        if night.key == key or person(night.title) == person(key):
            return night
    recent = ", ".join(f"{night.title} ({night.key})" for night in nights[:5]) or "none yet"
    raise LookupError(
        f"No night is dated or named {wanted!r}. Give a date as YYYY-MM-DD or a night's "
        f"name; the most recent nights: {recent}."
    )


def latest_evening(nights: Sequence[Night]) -> list[Night]:
    """The nights of the most recent date, table 1 first: more than one when two tables
    played apart that evening, and then none of them is "the latest" more than another."""
    latest = nights[0].date
    return sorted((night for night in nights if night.date == latest), key=lambda n: n.table)


def nights_of(store: Store) -> list[Night]:
    """Every night in ``store``, the most recent first, each settled as at the end of the
    evening (see ``at_evenings_end``)."""
    book = load_book(store.path)
    return [
        at_evenings_end(store, night) for night in group(store.summaries(), book.names, book.moves)
    ]


def at_evenings_end(store: Store, night: Night) -> Night:
    """The night settled as at the end of the evening (``night_settle.evening_end``), as
    every place that shows a night's money shows it."""
    ended = evening_end(store, night.sessions)
    if not ended.balances:
        return night
    return replace(night, ended=dict(ended.balances), notes=ended.notes)


def night_labels(store: Store) -> dict[str, str]:
    """Each session's night as the export names it: the night's name, else its key."""
    book = load_book(store.path)
    return {
        summary.id: night.label
        for night in group(store.summaries(), book.names, book.moves)
        for summary in night.sessions
    }


NEW_NIGHT = "new"
"""What ``move`` takes for "a night of its own": a new night on the session's date."""


def move(store: Store, session_id: str, wanted: str) -> Night:
    """Move a session to another night (its key, date or name), or with ``NEW_NIGHT`` to a
    new night of its own date (numbered alike on every laptop: see ``night_names``).
    Returns the night it is now in.

    Moving it back to its date's own night forgets the move. Raises ``RuleError`` for a
    night that does not exist, ``StoreError`` if the nights file cannot be saved.
    """
    summaries = store.summaries()
    summary = next((found for found in summaries if found.id == session_id), None)
    if summary is None:
        raise RuleError("session", f"there is no session {session_id!r} in {store.path}")
    book = book_to_change(store)
    nights = group(summaries, book.names, book.moves)
    if wanted.strip().casefold() == NEW_NIGHT:
        key = NEW + day(summary.started)  # numbered alike on every laptop once saved
    else:
        try:
            key = find(nights, wanted).key
        except LookupError as error:
            raise RuleError("night", str(error)) from None
    moved = NightBook(book.names, dict(book.moves), book.made)
    if key == day(summary.started):
        moved.moves.pop(session_id, None)
    else:
        moved.moves[session_id] = key
    save_book(store, moved, "The session stays in the night it was in.")
    saved = load_book(store.path)
    nights = group(summaries, saved.names, saved.moves)
    now = next(n for n in nights if any(each.id == session_id for each in n.sessions))
    return at_evenings_end(store, now)
