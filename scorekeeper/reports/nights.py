"""Game nights: the sessions of one evening, and one settle-up across all of them.

A night is the calendar date a session was started on (``Summary.started``, local time),
so a game begun after midnight belongs to the next date. A night may be given a name
("Grandma's birthday"); names live in ``nights.json`` in the store folder, written
atomically like every store file.

The settle-up adds each person's balances over the night's games — a name is one person
whatever its case, as in ``stats`` — and finds the few payments that clear them all.
Money (minor units) and chips are settled apart: chips are not money, and the app does
not know what a chip is worth at this table.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date as Date
from pathlib import Path

from scorekeeper.errors import RuleError
from scorekeeper.game import Unit
from scorekeeper.games import GAMES
from scorekeeper.reports.stats import game_name, person
from scorekeeper.settle import Payment, payment_lines, settle
from scorekeeper.store import Store, StoreDamaged, StoreError, Summary
from scorekeeper.store.durable import DamagedFile, encode, read_json, write_atomically
from scorekeeper.wording import clipped, clock, day, plural, spoken_day

NAMES_FILE = "nights.json"
SCHEMA = 1
NAME_LENGTH = 60
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


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


def _names_file(store: Store) -> Path:
    return store.path / NAMES_FILE


def load_names(folder: Path) -> dict[str, str]:
    """The night names saved in the store folder ``folder`` (date -> name)."""
    file = folder / NAMES_FILE
    try:
        data = read_json(file)
    except DamagedFile as error:
        raise StoreDamaged(
            f"{file} {error.reason}. It holds only the names given to nights, and was left "
            f"untouched: move it out of {folder} to start the names afresh (the sessions "
            "are not affected).",
            file,
            None,
        ) from None
    except OSError as error:
        raise StoreError(f"Cannot read {file}: {error.strerror}.", file) from error
    if data is None:
        return {}
    names = data.get("names")
    if data.get("schema") != SCHEMA or not isinstance(names, dict):
        raise StoreDamaged(
            f"{file} does not hold night names this scorekeeper reads; it was left untouched.",
            file,
            None,
        )
    return {day: name for day, name in names.items() if isinstance(name, str)}


def check_date(text: str) -> str:
    if not _DATE.fullmatch(text):
        raise RuleError("date", f"{text!r} is not a date written YYYY-MM-DD")
    try:
        Date.fromisoformat(text)
    except ValueError:
        raise RuleError("date", f"{text} is not a day of the calendar") from None
    return text


def rename(store: Store, date: str, name: str) -> dict[str, str]:
    """Give the night of ``date`` a name (an empty name gives it back its date).

    Names must tell nights apart, as ``find`` looks a night up by name; a name that reads
    as a date would be taken for one. Returns every name now saved.
    """
    if store.readonly:
        raise StoreError(f"The store {store.path} was opened read-only; nights cannot be named.")
    check_date(date)
    if not any(night_of(summary) == date for summary in store.summaries()):
        raise RuleError("date", f"no session was started on {date}, so there is no night to name")
    name = " ".join(name.split())
    if len(name) > NAME_LENGTH:
        raise RuleError("name", f"keep it to {NAME_LENGTH} characters (this is {len(name)})")
    if _DATE.fullmatch(name):
        raise RuleError("name", f"{name!r} reads as a date: give the night a name in words")
    names = load_names(store.path)
    for other, taken in names.items():
        if other != date and name and person(taken) == person(name):
            raise RuleError("name", f"{taken!r} is already the name of the night of {other}")
    if name:
        names[date] = name
    else:
        names.pop(date, None)
    file = _names_file(store)
    try:
        write_atomically(
            file,
            encode({"schema": SCHEMA, "names": dict(sorted(names.items()))}),
            backup=file.with_name(file.name + ".bak"),
        )
    except OSError as error:
        raise StoreError(
            f"Could not save {file}: {error.strerror or error}. The night keeps its old name.",
            file,
        ) from error
    return names


def nights_of(store: Store) -> list[Night]:
    """Every night in ``store``, the most recent first."""
    return group(store.summaries(), load_names(store.path))


def game_line(summary: Summary) -> str:
    """ "19:05  Calcutta Horse Race — Ann, Bob, Cy · 2 rounds" for one game of a night."""
    game = GAMES.get(summary.game)
    rounds = plural(summary.rounds, "round")
    # A points game pays only at its end, so until then it adds nothing to the settle-up.
    going_on = (
        game is not None and game.scored_in_points and summary.rounds and not summary.finished
    )
    return (
        f"{clock(summary.started)}  {game_name(summary.game)} — "
        f"{clipped(', '.join(summary.players), 40)} · {rounds}"
        + (" · not over: no money yet" if going_on else "")
    )


def report(night: Night) -> str:
    """The night's games and its settle-up as text for the command line."""
    heading = f"{night.name} ({night.date})" if night.name else night.title
    lines = [f"{heading}: {plural(len(night.sessions), 'game')}"]
    lines += [f"  {game_line(summary)}" for summary in night.sessions]
    ledgers = night.ledgers()
    if not ledgers:
        lines += ["", "No round was played: nothing to settle."]
    for ledger in ledgers:
        title = "Money" if ledger.unit == "money" else "Chips (settled apart from money)"
        lines += ["", title]
        lines += [f"  {line}" for line in payment_lines(ledger.payments, ledger.unit)]
    return "\n".join(lines)
