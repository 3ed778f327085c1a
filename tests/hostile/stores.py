"""A small store to damage: two sessions, one of them about to be hit, each kept as this
laptop's log (``logs/<id>.<laptop>.json``: a TinyDB database, table ``events``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scorekeeper import Session
from scorekeeper.store import Store
from tests.factories import MADE_3, UPPED_2, file_of, racehorse

Record = dict[str, Any]
"""An event as its log keeps it: ``id``, ``after``, ``at``, ``kind``, ``body``."""


def two_sessions(path: Path) -> tuple[str, str]:
    """(hit, spared): two Racehorse sessions of two rounds each, and a Seven Hand one. The
    hit one's log holds, in order: this laptop's name, the set-up, then the two rounds."""
    with Store(path) as store:
        hit = store.add(racehorse(MADE_3))
        store.record(hit, UPPED_2)
        spared = store.add(racehorse(MADE_3, UPPED_2))
        store.add(Session.new("seven-hand", ("Ann", "Bob")))
    return hit, spared


def events_in(file: Path) -> list[Record]:
    """The events of the log ``file``, in the order they were written."""
    return list(json.loads(file.read_bytes())["events"].values())


def rewrite(path: Path, session_id: str, change: Callable[[list[Record]], object]) -> Path:
    """Apply ``change`` to the events of this laptop's log of the session, as a hostile
    peer or a hand edit would, and write the log back as TinyDB keeps it."""
    file = file_of(path, session_id)
    events = events_in(file)
    change(events)
    table = {str(number): event for number, event in enumerate(events, start=1)}
    file.write_text(json.dumps({"events": table}))
    return file
