"""Small apps that hold one screen, so a screen can be tested without the whole app, and
the ways a test puts a screen in front and hands it keys."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from textual import events
from textual.app import App
from textual.pilot import Pilot

from scorekeeper.errors import RuleError
from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.rounds import ENTRIES
from screens.rounds.base import RoundEntry
from screens.table import TableScreen
from tests.ui.play import settled


class EntryHost(App[None]):
    """Opens one game's round entry over an empty screen and records into ``session``.

    ``recorded`` holds what the modal dismissed with (a round, or ``None`` on Esc);
    ``submitted`` every round the modal tried, refused ones included.
    """

    def __init__(
        self,
        session: Session,
        prefill: Mapping[str, Any] | None = None,
        index: int | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.prefill = prefill
        self.index = index
        self.recorded: list[dict[str, Any] | None] = []
        self.submitted: list[dict[str, Any]] = []

    def submit(self, round_: dict[str, Any]) -> RuleError | None:
        self.submitted.append(round_)
        try:
            if self.index is None:
                self.session.record(round_)
            else:
                self.session.edit(self.index, round_)
        except RuleError as error:
            return error
        return None

    def on_mount(self) -> None:
        self.open(self.session, self.prefill, self.index)

    def open(
        self,
        session: Session,
        prefill: Mapping[str, Any] | None = None,
        index: int | None = None,
    ) -> None:
        """``session``'s entry in front (a test of many tables' entries opens each in one
        app, once the last is closed)."""
        self.session, self.prefill, self.index = session, prefill, index
        entry = ENTRIES[session.game.id](session, self.submit, prefill, index)
        self.push_screen(entry, self.recorded.append)


def entry_of(app: App[Any]) -> RoundEntry:
    """The round entry in front (a test fails here if another screen is)."""
    entry = app.screen
    assert isinstance(entry, RoundEntry), f"on {entry!r}"
    return entry


def paste(pilot: Pilot[Any], text: str) -> None:
    """``text`` pasted into the focused field, one event as a terminal hands a paste over,
    where what is typed is the subject and not the keys: a key pressed in a test costs the
    app's whole round of work, and a hand of cards is a dozen keys. The keys pressed after
    it land after it."""
    pilot.app.post_message(events.Paste(text))


def burst(app: App[Any], keys: list[str]) -> None:
    """Hand the app every key at once, as a terminal does with keys sent in one write:
    a character typed, or a key by its name (``down``, ``ctrl+u``, ``space``)."""
    for key in keys:
        character = " " if key == "space" else key if len(key) == 1 else None
        app.post_message(events.Key(key, character))


async def sent(pilot: Pilot[Any], *keys: str) -> None:
    """``keys`` sent in one burst and landed, for a test whose subject is what they do
    rather than each key's own round (a burst lands each key where it would land alone:
    ``test_entry_keys``): the app draws the screen once, not once per key."""
    burst(pilot.app, list(keys))
    await pilot.pause()
    await pilot.pause()


async def at_table(pilot: Pilot[Any], store: Store, session_id: str) -> TableScreen:
    """The table of ``session_id`` in front, in the place of the table in front if there
    is one (Home stays under it): a test that looks at many tables does so in one app,
    with no Home laid out again between them. Its footer comes a frame after it."""
    app = pilot.app
    if isinstance(app.screen, TableScreen):
        app.switch_screen(TableScreen(store, session_id, None))
    else:
        app.push_screen(TableScreen(store, session_id, None))
    await settled(pilot)
    table = app.screen
    assert isinstance(table, TableScreen), f"on {table!r}"
    return table
