"""The real app in a real terminal (a pty): text the app puts into a field it can be
edited in (a remembered folder, a night's name, a stored player in a round being edited,
a name suggestion) is drawn there as text. Each payload's escape is followed by a marker
of its own: the marker is seen drawn, and never right after the raw escape; the C1
control and the bidi override after it never reach the terminal either."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from scorekeeper.session import Session
from scorekeeper.store import Store
from scorekeeper.wording import day, visible
from tests.factories import file_of
from tests.hostile.hostile_names import _renamed
from tests.hostile.test_hostile_text_terminal import Terminal

CTRL_E, CTRL_L, CTRL_N = "\x05", "\x0c", "\x0e"


C1_AND_BIDI = "\x9b2J\u202e"
"""A C1 CSI (clears the screen where C1 is obeyed), then a right-to-left override."""


def payload(marker: str) -> str:
    """An OSC that sets the clipboard with a marker, ended by ESC \\ (which Rich keeps),
    then a C1 control and a bidi override."""
    return f"\x1b]52;c;{marker}\x1b\\{C1_AND_BIDI}"


def raw(marker: str) -> bytes:
    return f"\x1b]52;c;{marker}".encode()


def drawn(marker: str) -> str:
    """The payload as every label draws it: ``␛]52;c;…␛\\x9b2J\\u202e``."""
    return visible(payload(marker))


def store_with(path: Path, names: dict[str, str]) -> str:
    """A Seven Hand session (Ann, Max, Zoe; Zoe called rummy twice) with ``names`` swapped
    in by hand, as an old version or an attacker would have left them; returns its night."""
    session = Session.new("seven-hand", ["Ann", "Max", "Zoe"], options={"stake": 10})
    session.record({"out": "Max", "cards": {"Ann": "K K 4", "Zoe": "A 9"}, "rummies": {"Zoe": 2}})
    with Store(path) as store:
        session_id = store.add(session)
        night = day(store.summaries()[0].started)
    file = file_of(path, session_id)
    file.write_text(json.dumps(_renamed(json.loads(file.read_bytes()), names)))
    for stale in [*path.glob("index*"), *(path / "logs").glob("*.bak")]:
        stale.unlink()
    return night


def run(store: Path, steps: Callable[[Terminal], None], marker: str, asked: str = "") -> bytes:
    """``steps`` on the app, then Ctrl+Q (answering yes where the app asks ``asked``)."""
    terminal = Terminal(store)
    try:
        terminal.until("1 session")
        steps(terminal)
    finally:
        code = terminal.close(asked)
    assert code == 0
    assert raw(marker) not in terminal.output, "the field sent the escape to the terminal"
    assert C1_AND_BIDI.encode() not in terminal.output
    return terminal.output


def test_the_remembered_export_folder_is_drawn(tmp_path: Path) -> None:
    store_with(tmp_path / "db", {})
    folder = f"/tmp/x{payload('Rk9MREVS')}"
    (tmp_path / "db" / "settings.json").write_text(
        json.dumps({"schema": 1, "export folder": folder})
    )
    run(
        tmp_path / "db",
        lambda terminal: terminal.press(CTRL_E, drawn("Rk9MREVS")),
        "Rk9MREVS",
    )


def test_a_nights_name_being_renamed_is_drawn(tmp_path: Path) -> None:
    night = store_with(tmp_path / "db", {})
    names = {"schema": 2, "names": {night: f"N{payload('TklHSFQ')}"}, "moves": {}}
    (tmp_path / "db" / "nights.json").write_text(json.dumps(names))

    def rename(terminal: Terminal) -> None:
        terminal.press(CTRL_L, drawn("TklHSFQ"))
        terminal.press("r", "Enter to save")  # the modal's last line: its field is drawn

    run(tmp_path / "db", rename, "TklHSFQ")


def test_a_stored_player_in_a_round_being_edited_is_drawn(tmp_path: Path) -> None:
    store_with(tmp_path / "db", {"Zoe": f"Zo{payload('RURJVA')}"})

    def edit(terminal: Terminal) -> None:
        terminal.press("\r", "Hand 2 of 7")
        since = len(terminal.output)
        terminal.press("\x1b[Ae", "RUMMY! calls")
        terminal.until("calls:", since)  # the field holds the stored player's calls
        terminal.until(drawn("RURJVA")[:16], since)  # as far as one line of it reaches

    run(tmp_path / "db", edit, "RURJVA")


def test_a_suggested_name_is_drawn(tmp_path: Path) -> None:
    store_with(tmp_path / "db", {"Zoe": f"Zo{payload('U1VHR0VTVA')}"})

    def suggest(terminal: Terminal) -> None:
        terminal.press(CTRL_N, "Players, clockwise")
        terminal.press("\r", "Name, Enter")
        terminal.press("Z", f"o{drawn('U1VHR0VTVA')}")

    run(tmp_path / "db", suggest, "U1VHR0VTVA", asked="Quit without starting")
