"""A small store to damage: two sessions, one of them about to be hit."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scorekeeper import Session
from scorekeeper.store import Store
from tests.factories import MADE_3, UPPED_2, file_of, racehorse

Document = dict[str, Any]


def two_sessions(path: Path) -> tuple[str, str]:
    """(hit, spared): two Racehorse sessions of two rounds each, and a Seven Hand one."""
    with Store(path) as store:
        hit = store.add(racehorse(MADE_3))
        store.record(hit, UPPED_2)
        spared = store.add(racehorse(MADE_3, UPPED_2))
        store.add(Session.new("seven-hand", ("Ann", "Bob")))
    return hit, spared


def rewrite(path: Path, session_id: str, change: Callable[[Document], object]) -> Path:
    """Apply ``change`` to the session document in its file, as a hand edit would."""
    file = file_of(path, session_id)
    data = json.loads(file.read_bytes())
    change(data["session"]["1"])
    file.write_text(json.dumps(data))
    return file
