"""Keystrokes a person at the table makes, for tests that play whole sessions."""

from __future__ import annotations

import csv
from pathlib import Path

from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input, OptionList

from screens.new_session import NewSessionScreen
from screens.table import TableScreen


async def put(pilot: Pilot[None], text: str, field: Widget | None = None) -> None:
    """Put ``text`` in the focused field at once, as a paste would, for scenarios where
    the typing itself is not what is tested (the entry tests type key by key): each key
    pressed in a test waits for the app to settle, so a long evening typed costs seconds."""
    field = field or pilot.app.focused
    if not isinstance(field, Input):
        await pilot.press(*text)  # a one-key choice: its keys are its values
        return
    field.value = text
    field.cursor_position = len(text)


async def open_form(pilot: Pilot[None], game_id: str) -> NewSessionScreen:
    """From Home: Ctrl+N, the game picked with the arrows and Enter; the names are next."""
    await pilot.press("ctrl+n")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, NewSessionScreen)
    games = screen.query_one("#games", OptionList)
    while games.get_option_at_index(games.highlighted or 0).id != game_id:
        await pilot.press("down")
    await pilot.press("enter")
    return screen


async def start_session(
    pilot: Pilot[None],
    game_id: str,
    players: list[str],
    *,
    dealer_key: str | None = None,
    options: dict[str, str] | None = None,
) -> TableScreen:
    """From Home: Ctrl+N, pick the game, type the names, choose the dealer, set options."""
    screen = await open_form(pilot, game_id)
    for name in players:
        await put(pilot, name)
        await pilot.press("enter")
    await pilot.press("enter")  # an empty name moves on to the first dealer
    if dealer_key:
        await pilot.press(dealer_key)
    for path, text in (options or {}).items():
        row = screen.query_one_row(f"options.{path}")
        row.control.focus()
        await pilot.pause()
        await put(pilot, text, row.control)
    await pilot.press("ctrl+s")
    await pilot.pause()
    table = pilot.app.screen
    assert isinstance(table, TableScreen), f"still on {table!r}"
    return table


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


async def settled(pilot: Pilot[None]) -> None:
    """Wait for the app's workers (an export, the session list) and what they hand back."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def export_here(pilot: Pilot[None]) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    """Press x on the table and Enter on the folder offered (``exports`` here); the rows of
    the session's ``<date>-<game>-<id>-sessions.csv`` and ``-rounds.csv``."""
    await pilot.press("x")
    await pilot.pause()
    await pilot.press("enter")
    await settled(pilot)
    (sessions,) = Path("exports").glob("*-sessions.csv")
    (rounds,) = Path("exports").glob("*-rounds.csv")
    return read_csv(sessions), read_csv(rounds)
