"""The names given to game nights ("Grandma's birthday"), kept in ``nights.json``.

The file sits in the store folder beside the sessions, written through the store's one
atomic write (with a ``.bak``), and holds ``{"schema": 1, "names": {date: name}}``. A
night's date is the day its sessions were started on (see ``nights``).
"""

from __future__ import annotations

import re
from datetime import date as Date
from pathlib import Path

from scorekeeper.errors import RuleError
from scorekeeper.reports.stats import person
from scorekeeper.store import Store, StoreDamaged, StoreError
from scorekeeper.store.durable import (
    DamagedFile,
    backup_of,
    encode,
    read_json,
    write_atomically,
)
from scorekeeper.wording import day

NAMES_FILE = "nights.json"
SCHEMA = 1
NAME_LENGTH = 60
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


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
    return {when: name for when, name in names.items() if isinstance(name, str)}


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
    if not any(day(summary.started) == date for summary in store.summaries()):
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
            backup=backup_of(file),
        )
    except OSError as error:
        raise StoreError(
            f"Could not save {file}: {error.strerror or error}. The night keeps its old name.",
            file,
        ) from error
    return names
