"""The names given to game nights ("Grandma's birthday") and the sessions moved to
another night than their date's, kept in ``nights.json``.

The file sits in the store folder beside the sessions, written through the store's one
atomic write (with a ``.bak``), and holds ``{"schema": 2, "names": {night: name},
"moves": {session id: night}}``. A night is keyed by the date its sessions were started
on ("2024-05-03"), or, for a second table that evening, by that date and a number
("2024-05-03-2"); see ``nights``. A schema-1 file (names only) is read as it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date as Date
from pathlib import Path

from scorekeeper.errors import RuleError
from scorekeeper.names import check_name
from scorekeeper.reports.stats import person
from scorekeeper.store import Store, StoreDamaged, StoreError
from scorekeeper.store.durable import backup_of, encode, write_atomically
from scorekeeper.store.reading import DamagedFile, read_json
from scorekeeper.wording import day

NAMES_FILE = "nights.json"
SCHEMA = 2
SAVED_NAME_LENGTH = 60
"""The longest name read back from the file: names were held to 60 characters before
they were held to 30 (``scorekeeper.names``), and a file written then still reads."""
_KEY = re.compile(r"(\d{4}-\d{2}-\d{2})(?:-([1-9]\d{0,3}))?")


@dataclass
class NightBook:
    """What ``nights.json`` holds: names by night, and the sessions moved off their date."""

    names: dict[str, str] = field(default_factory=dict)
    moves: dict[str, str] = field(default_factory=dict)


def _names_file(store: Store) -> Path:
    return store.path / NAMES_FILE


def read_book(folder: Path) -> tuple[NightBook, str | None]:
    """The night names and moves saved in the store folder ``folder``, and what is wrong
    with the file, if anything. Damage costs only what cannot be read: nights fall back
    to their dates, and every session is still listed, exported and settled."""
    file = folder / NAMES_FILE
    try:
        data = read_json(file)
    except DamagedFile as error:
        return NightBook(), _lost(file, error.reason)
    except OSError as error:
        return NightBook(), _lost(file, f"cannot be read ({error.strerror or error})")
    if data is None:
        return NightBook(), None
    names, moves = data.get("names"), data.get("moves", {})
    if data.get("schema") not in (1, SCHEMA) or not isinstance(names, dict):
        return NightBook(), _lost(file, "does not hold night names this scorekeeper reads")
    unreadable = 0 if isinstance(moves, dict) else 1
    if not isinstance(moves, dict):
        moves = {}
    book = NightBook(
        {
            key: name
            for key, name in names.items()
            if _KEY.fullmatch(key) and isinstance(name, str) and 0 < len(name) <= SAVED_NAME_LENGTH
        },
        {sid: key for sid, key in moves.items() if isinstance(key, str) and _KEY.fullmatch(key)},
    )
    dropped = unreadable + len(names) + len(moves) - len(book.names) - len(book.moves)
    if dropped:
        return book, _lost(file, f"holds {dropped} entries that are not nights")
    return book, None


def _lost(file: Path, reason: str) -> str:
    return (
        f"{file} {reason}, so nights are shown by their dates where it cannot be read. The "
        "sessions are not affected; `scorekeeper doctor --fix` puts back its backup or sets "
        "it aside."
    )


def load_book(folder: Path) -> NightBook:
    """What can be read of the night names and moves (``read_book`` says what cannot)."""
    return read_book(folder)[0]


def read_names(folder: Path) -> tuple[dict[str, str], str | None]:
    """The night names (night -> name) and what is wrong with the file, if anything."""
    book, problem = read_book(folder)
    return book.names, problem


def load_names(folder: Path) -> dict[str, str]:
    """The night names saved in the store folder ``folder`` (night -> name)."""
    return load_book(folder).names


def book_to_change(store: Store) -> NightBook:
    """The book to change and save: refused while the file is damaged, as saving would
    put what could not be read out of reach (``doctor --fix`` first)."""
    book, problem = read_book(store.path)
    if problem is not None:
        raise StoreDamaged(problem + " Nothing was changed.", _names_file(store), None)
    return book


def save_book(store: Store, book: NightBook, keeps: str) -> None:
    """Write ``book`` durably; ``keeps`` says what stays as it was if that fails."""
    if store.readonly:
        raise StoreError(f"The store {store.path} was opened read-only; nights cannot change.")
    store.ensure_writable()
    file = _names_file(store)
    data = {
        "schema": SCHEMA,
        "names": dict(sorted(book.names.items())),
        "moves": dict(sorted(book.moves.items())),
    }
    try:
        write_atomically(file, encode(data), backup=backup_of(file))
    except OSError as error:
        raise StoreError(
            f"Could not save {file}: {error.strerror or error}. {keeps}", file
        ) from error


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
