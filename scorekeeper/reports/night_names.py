"""The names given to game nights ("Grandma's birthday") and the sessions moved to
another night than their date's, kept so that every laptop may change them.

Each change is an event in the changing laptop's own log (``store.entries``), an entry
each, ``name/<night>`` -> the name, ``move/<session id>`` -> the night. Every laptop
folds the same names and moves from all the logs, entry by entry: a rename or a move
made on one laptop is kept whatever the other did to other nights, a change made after
seeing another stands over it, and the same night renamed on both apart takes the later
name, the app saying which was replaced.

A night is keyed by the date its sessions were started on ("2024-05-03"), or, for a
second table that evening, by that date and a number ("2024-05-03-2"); see ``nights``.
A new night of its own made on a laptop is a change of its own (a move to ``new:<date>``),
and the logs call it by that change's id (``made:<id>``), which no other laptop makes: two
laptops that each make a new night while apart make two nights. Its number is worked out
alike on every laptop (the numbers the date's older nights hold kept, then the nights
made there in the order they were made), and its name and games follow it; where another
laptop's night arriving numbers it again, each laptop that showed the old number says so
once (``replaced``).
An older scorekeeper kept them all in one ``nights.json`` (``{"schema": 2, "names":
{night: name}, "moves": {session id: night}}``, schema 1 names only); it is read as it
is, as are the release before's ``nights/<laptop id>.json``, and both are moved into
this laptop's log by the first change made here.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field
from datetime import date as Date
from pathlib import Path

from scorekeeper.checks import JSON
from scorekeeper.errors import RuleError
from scorekeeper.names import check_name
from scorekeeper.reports.stats import person
from scorekeeper.store import Store, StoreError, entries, machine, older_entries
from scorekeeper.store.careful_read import DamagedFile, read_json
from scorekeeper.store.machine import Laptop
from scorekeeper.wording import day, spoken_day, visible

NAMES_FILE = "nights.json"
"""The older single file, moved into this laptop's log by the first change (``entries``)."""
FOLDER = "nights"
SCHEMA = 2
SAVED_NAME_LENGTH = 60
"""The longest name read back from the file: names were held to 60 characters before
they were held to 30 (``scorekeeper.names``), and a file written then still reads."""
CAP = 20_000
"""More names and moves than a lifetime of evenings makes."""
_KEY = re.compile(r"(\d{4}-\d{2}-\d{2})(?:-([1-9]\d{0,3}))?")
_SESSION = re.compile(r"[A-Za-z0-9_-]{1,64}")
_NAME, _MOVE = "name/", "move/"
NEW, MADE = "new:", "made:"
"""A move to a new night of its own, made by that very change; a night so made, by the
id of the change that made it."""
_MADE = re.compile(r"made:(?:[a-z2-7]{10}:[1-9][0-9]{0,15}|m:[0-9a-f]{64})")


@dataclass
class NightBook:
    """Names by night, and the sessions moved off their date (nights by their keys)."""

    names: dict[str, str] = field(default_factory=dict)
    moves: dict[str, str] = field(default_factory=dict)
    made: dict[str, str] = field(default_factory=dict)
    """Each night made on a laptop, by its key: what the logs call it (``MADE``)."""


def _is_night(text: str) -> bool:
    return _KEY.fullmatch(text) is not None or _MADE.fullmatch(text) is not None


def _check(key: str, value: JSON) -> JSON:
    """An entry as a laptop's file holds it; ``ValueError`` for one that is no night's."""
    text = isinstance(value, str)
    if key.startswith(_NAME) and _is_night(key[len(_NAME) :]):
        fits = text and 0 < len(value) <= SAVED_NAME_LENGTH
    else:
        fits = key.startswith(_MOVE) and _SESSION.fullmatch(key[len(_MOVE) :]) is not None
        new = text and value.startswith(NEW) and _KEY.fullmatch(value[len(NEW) :]) is not None
        fits = fits and text and (_is_night(value) or new)
    if not fits:
        raise ValueError(f"{key!r} is no night's name or move")
    return value


def _read_legacy(file: Path) -> older_entries.Legacy:
    try:
        data = read_json(file)
    except DamagedFile as error:
        return file, {}, _lost(file, error.reason)
    except OSError as error:
        return file, {}, _lost(file, f"cannot be read ({error.strerror or error})")
    if data is None:
        return file, {}, None
    names, moves = data.get("names"), data.get("moves", {})
    if data.get("schema") not in (1, SCHEMA) or not isinstance(names, dict):
        return file, {}, _lost(file, "does not hold night names this scorekeeper reads")
    entries = {f"{_NAME}{key}": value for key, value in names.items()}
    if isinstance(moves, dict):
        entries.update({f"{_MOVE}{sid}": key for sid, key in moves.items()})
    kept = {}
    for key, value in entries.items():
        try:
            kept[key] = _check(key, value)
        except ValueError:
            continue
    if len(kept) < len(entries) or not isinstance(moves, dict):
        dropped = len(entries) - len(kept) or 1
        return file, kept, _lost(file, f"holds {dropped} entries that are not nights")
    return file, kept, None


KIND = older_entries.Kind(
    "night", FOLDER, "night names and moves", _check, CAP, NAMES_FILE, _read_legacy
)


def read_book(folder: Path) -> tuple[NightBook, str | None]:
    """The night names and moves saved in the store folder ``folder``, and what is wrong
    on the way, if anything (one line for each kind of trouble). Damage costs only what
    cannot be read: nights fall back to their dates, and every session is still listed,
    exported and settled."""
    merged = entries.read(folder, KIND)
    return _book(merged), _problem(merged)


def _book(merged: entries.Merged) -> NightBook:
    """The names and moves by the nights' keys, each night made on a laptop numbered."""
    made = sorted(
        (event.at, event.id, event.body["value"][len(NEW) :])
        for event in merged.history
        if isinstance(event.body.get("value"), str) and event.body["value"].startswith(NEW)
    )
    taken: dict[str, set[int]] = {}
    kept = [key[len(_NAME) :] for key in merged.values if key.startswith(_NAME)]
    kept += [value for key, value in merged.values.items() if key.startswith(_MOVE)]
    for night in kept:
        if _KEY.fullmatch(night):
            taken.setdefault(date_of(night), {1}).add(int(night[11:]) if len(night) > 10 else 1)
    shown: dict[str, str] = {}
    for _, made_by, date in made:
        numbers = taken.setdefault(date, {1})
        table = min(set(range(2, len(numbers) + 2)) - numbers)
        numbers.add(table)
        shown[MADE + made_by] = f"{date}-{table}"
    book = NightBook(made={key: night for night, key in shown.items()})
    for key, value in merged.values.items():
        if key.startswith(_NAME):
            night = key[len(_NAME) :]
            if not night.startswith(MADE) or night in shown:
                book.names[shown.get(night, night)] = value
            continue
        moved_to = str(value)
        if moved_to.startswith(NEW):
            moved_to = MADE + merged.standing[key].id
        if not moved_to.startswith(MADE) or moved_to in shown:
            book.moves[key[len(_MOVE) :]] = shown.get(moved_to, moved_to)
    return book


def _problem(merged: entries.Merged) -> str | None:
    if not merged.problems:
        return None
    first = merged.problems[0]
    more = len(merged.problems) - 1
    if not first.endswith("."):
        first += (
            ", so nights are shown by their dates where it cannot be read. The sessions "
            "are not affected."
        )
    return first if not more else f"{first} ({more} more: `scorekeeper doctor` names them)"


def _lost(file: Path, reason: str) -> str:
    return (
        f"{file} {reason}, so nights are shown by their dates where it cannot be read. The "
        "sessions are not affected; `scorekeeper doctor --fix` puts back its backup or sets "
        "it aside."
    )


def replaced(folder: Path, laptop: Laptop | None = None) -> list[str]:
    """What the later change of a night's name or move, made on a laptop that had not
    seen it, replaced, and each night without a name whose table number changed since
    this laptop worked it out (another laptop's new night of the same evening arrived,
    numbered before it): a line each, for the laptop ``laptop`` (this one) until it has
    said so (``acknowledge``)."""
    laptop = laptop or machine.laptop(folder)
    merged = entries.read(folder, KIND, laptop)
    return [_said(item) for item in merged.replaced] + _renumbered(folder, _book(merged))


def acknowledge(store: Store, laptop: Laptop | None = None) -> None:
    """Note that this laptop has said what ``replaced`` says, so it says it once."""
    if store.readonly:
        return
    laptop = laptop or machine.laptop(store.path)
    merged = entries.read(store.path, KIND, laptop)
    entries.acknowledge(store.path, merged.replaced)
    _note_numbers(store.path, _numbers(_book(merged)))


NUMBERED = "nights-numbered"
"""This laptop's note of the table number each night made on a laptop had when it last
worked the nights out or said a change of number (``machine.remember``): a number
changed since, by another laptop's night arriving, is said once, never in silence."""


def _numbers(book: NightBook) -> dict[str, str]:
    """Each night made on a laptop, by what the logs call it, and its key now."""
    return {made: night for night, made in book.made.items()}


def _note_numbers(folder: Path, numbers: dict[str, str]) -> None:
    with contextlib.suppress(OSError):  # noted next time: said again at worst
        machine.remember(folder, NUMBERED, numbers, durable=False)


def _noted(folder: Path, book: NightBook) -> dict[str, str]:
    """The numbers noted on this laptop, each night made on a laptop seen here for the
    first time noted as it is now, and each with a name too (its number is not what this
    laptop shows of it)."""
    found = machine.remembered(folder, NUMBERED)
    noted = {}
    if isinstance(found, dict):
        noted = {made: n for made, n in found.items() if isinstance(n, str) and _KEY.fullmatch(n)}
    now = _numbers(book)
    fresh = {made: night for made, night in now.items() if made not in noted or night in book.names}
    if any(noted.get(made) != night for made, night in fresh.items()):
        noted = {**noted, **fresh}
        _note_numbers(folder, noted)
    return noted


def _renumbered(folder: Path, book: NightBook) -> list[str]:
    """A line for each night without a name whose key changed since it was noted."""
    noted = _noted(folder, book)
    return [
        f"{_spoken(noted[made])} is now table {night_order(night)[1]}: another laptop made "
        "a new night of that evening too, and every laptop numbers them alike; its games "
        "go with it."
        for made, night in sorted(_numbers(book).items(), key=lambda item: night_order(item[1]))
        if noted[made] != night
    ]


def night_order(key: str) -> tuple[str, int]:
    """A night's date and its table number, to list the nights in order."""
    return date_of(key), int(key[11:]) if len(key) > 10 else 1


def _spoken(key: str) -> str:
    """A night without a name as the nights screen heads it: "Fri 3 May 2024, table 2"."""
    date, table = night_order(key)
    try:
        spoken = spoken_day(Date.fromisoformat(date))
    except ValueError:
        return key  # no day of the calendar: as it is written
    return spoken if table == 1 else f"{spoken}, table {table}"


def _said(item: entries.Replaced) -> str:
    key = item.kept.key
    what = key[len(_NAME) :] if key.startswith(_NAME) else key[len(_MOVE) :]
    lost, kept = _worded(item.lost.value, key), _worded(item.kept.value, key)
    subject = f"The night of {what}" if key.startswith(_NAME) else f"Session {what}"
    return (
        f"{subject} was changed on two laptops: {lost} ({visible(item.lost_by)}) was "
        f"replaced by {kept} ({visible(item.kept_by)}), the later change."
    )


def _worded(value: JSON, key: str) -> str:
    if value is None:
        return "its date" if key.startswith(_MOVE) else "no name"
    return f"the night {value}" if key.startswith(_MOVE) else f'"{visible(value)}"'


def fingerprint(folder: Path) -> object:
    """What the night names and moves are now on disk, to tell whether they changed."""
    return entries.fingerprint(folder, KIND)


def load_book(folder: Path) -> NightBook:
    """What can be read of the night names and moves (``read_book`` says what cannot)."""
    return read_book(folder)[0]


def read_names(folder: Path) -> tuple[dict[str, str], str | None]:
    """The night names (night -> name) and what is wrong with the file, if anything."""
    book, problem = read_book(folder)
    return book.names, problem


def book_to_change(store: Store) -> NightBook:
    """The book to change and give ``save_book``: what every laptop's files say now. A
    damaged file of another laptop costs only its own entries; this laptop's own is
    checked when saving."""
    return load_book(store.path)


def save_book(store: Store, book: NightBook, keeps: str, laptop: Laptop | None = None) -> None:
    """Save what ``book`` changed from the book as it is now, entry by entry, in this
    laptop's file; ``keeps`` says what stays as it was if that fails."""
    if store.readonly:
        raise StoreError(f"The store {store.path} was opened read-only; nights cannot change.")
    store.ensure_writable()
    now = load_book(store.path)
    made = {**now.made, **book.made}
    changes: dict[str, str | None] = {}
    for key in now.names.keys() | book.names.keys():
        if now.names.get(key) != book.names.get(key):
            changes[f"{_NAME}{made.get(key, key)}"] = book.names.get(key)
    for key in now.moves.keys() | book.moves.keys():
        night = book.moves.get(key)
        if now.moves.get(key) != night:
            changes[f"{_MOVE}{key}"] = night if night is None else made.get(night, night)
    if changes:
        entries.record(store.path, KIND, laptop or machine.laptop(store.path), changes, keeps)
        _noted(store.path, load_book(store.path))  # a night made here: its number as shown


def date_of(key: str) -> str:
    """The date a night (its key) falls on."""
    return key[:10]


def check_date(text: str) -> str:
    """A night's key: a date written YYYY-MM-DD, or a date and a table number."""
    match = _KEY.fullmatch(text)
    if not match:
        raise RuleError("date", f"{text!r} is not a date written YYYY-MM-DD")
    try:
        Date.fromisoformat(match.group(1))
    except ValueError:
        raise RuleError("date", f"{text} is not a day of the calendar") from None
    return text


def check_night_name(name: str) -> str:
    """A night's name: 1-30 characters of text that prints as it reads (``names``), and
    not one that reads as a date, which would be taken for one."""
    check_name(name, "name", "night's name")
    if _KEY.fullmatch(name):
        raise RuleError("name", f"{name!r} reads as a date: give the night a name in words")
    return name


def rename(store: Store, date: str, name: str) -> dict[str, str]:
    """Give the night of ``date`` a name (an empty name gives it back its date).

    A name is 1-30 characters of text that prints as it reads (``names``). Names must tell
    nights apart, as ``find`` looks a night up by name; a name that reads as a date would
    be taken for one. Returns every name now saved.
    """
    if store.readonly:
        raise StoreError(f"The store {store.path} was opened read-only; nights cannot be named.")
    check_date(date)
    book = book_to_change(store)
    if not any(
        book.moves.get(summary.id, day(summary.started)) == date for summary in store.summaries()
    ):
        raise RuleError("date", f"no session was started on {date}, so there is no night to name")
    if not name.strip():
        name = ""
    else:
        check_night_name(name)
    for other, taken in book.names.items():
        if other != date and name and person(taken) == person(name):
            raise RuleError("name", f"{taken!r} is already the name of the night of {other}")
    if name:
        book.names[date] = name
    else:
        book.names.pop(date, None)
    save_book(store, book, "The night keeps its old name.")
    return book.names
