"""Game nights: the sessions of one evening, and one settle-up across all of them.

A night is the calendar date a session was started on (``Summary.started``, local time),
so a game begun after midnight belongs to the next date. A night may be given a name
("Grandma's birthday"): ``night_names`` keeps those; ``night_report`` words a night.

The settle-up adds each person's balances over the night's games — a name is one person
whatever its case, as in ``stats`` — and finds the few payments that clear them all.
Money (minor units) and chips are settled apart: chips are not money, and the app does
not know what a chip is worth at this table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date as Date

from scorekeeper.game import Unit
from scorekeeper.games import GAMES
from scorekeeper.reports.night_names import load_names
from scorekeeper.reports.stats import person
from scorekeeper.settle import Payment, settle
from scorekeeper.store import Store, Summary
from scorekeeper.wording import day, spoken_day


def night_of(summary: Summary) -> str:
    """The night a session belongs to: the date (YYYY-MM-DD) it was started on."""
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
    date: str
    name: str
    sessions: tuple[Summary, ...]
    """Oldest first, as they were played."""

    @property
    def title(self) -> str:
        """The name if it has one, else the date as a person says it: "Fri 3 May 2024"."""
        if self.name:
            return self.name
        return spoken_day(Date.fromisoformat(self.date))

    @property
    def label(self) -> str:
        """What the CSV export and the command line call it: its name, else its date."""
        return self.name or self.date

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
            for name in summary.players:
                shown = spelling[person(name)]
                book[shown] = book.get(shown, 0) + summary.balances[name]
            carried = -sum(summary.balances.values())
            if carried and game.kitty is not None:
                book[game.kitty] = book.get(game.kitty, 0) + carried
        return [
            Ledger(unit, books[unit], settle(books[unit]))
            for unit in ("money", "chips")
            if unit in books
        ]


def group(summaries: Iterable[Summary], names: Mapping[str, str]) -> list[Night]:
    """Sessions grouped into nights, the most recent night first."""
    by_date: dict[str, list[Summary]] = {}
    for summary in summaries:
        by_date.setdefault(night_of(summary), []).append(summary)
    return [
        Night(date, names.get(date, ""), tuple(sorted(by_date[date], key=lambda s: s.started)))
        for date in sorted(by_date, reverse=True)
    ]


def find(nights: Iterable[Night], wanted: str) -> Night:
    """The night with this date (YYYY-MM-DD) or this name (any case)."""
    nights = list(nights)
    key = wanted.strip()
    for night in nights:
        if night.date == key or (night.name and person(night.name) == person(key)):
            return night
    recent = (
        ", ".join(
            f"{night.name} ({night.date})" if night.name else night.date for night in nights[:5]
        )
        or "none yet"
    )
    raise LookupError(
        f"No night is dated or named {wanted!r}. Give a date as YYYY-MM-DD or a night's "
        f"name; the most recent nights: {recent}."
    )


def nights_of(store: Store) -> list[Night]:
    """Every night in ``store``, the most recent first."""
    return group(store.summaries(), load_names(store.path))
