"""Keystrokes a person at the table makes, for tests that play whole sessions."""

from __future__ import annotations

import contextlib
import csv
from pathlib import Path

from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input
from textual.worker import WorkerCancelled

from scorekeeper.games import GAMES
from screens.new_session import NewSessionScreen
from screens.table import TableScreen
from tests.textual_internals import screen_strips


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


def drawn(pilot: Pilot[None], selector: str | None = None) -> list[str]:
    """The lines the terminal shows, composed as ``export_screenshot`` composes them (a
    dialog drawn over the table, a line scrolled away gone), cut to the inside of the
    widget ``selector`` names on the screen in front: a figure not shown is not in them."""
    screen = pilot.app.screen
    area = screen.size.region
    if selector is not None:
        area = area.intersection(screen.query_one(selector).content_region)
    lines = screen_strips(pilot.app)[area.y : area.bottom]
    return [line.crop(area.x, area.right).text.rstrip() for line in lines]


def said(pilot: Pilot[None], selector: str | None = None) -> str:
    """What the widget ``selector`` names (or the whole screen) shows, its wrapped lines
    read as one, each run of spaces as one."""
    return " ".join(" ".join(drawn(pilot, selector)).split())


async def highlighted(pilot: Pilot[None], *keys: str) -> str:
    """The line under the grid once ``keys`` move the highlight onto a round."""
    await pilot.press(*keys)
    await pilot.pause()
    return said(pilot, "#detail")


def grid_rows(pilot: Pilot[None]) -> dict[str, list[str]]:
    """The scoresheet's rows as drawn, by the label they start with ("1", "balance"):
    the cells after it, left to right."""
    rows: dict[str, list[str]] = {}
    for line in drawn(pilot, "#grid"):
        label, *cells = line.split() or [""]
        rows.setdefault(label, cells)
    return rows


async def pick_game(pilot: Pilot[None], screen: NewSessionScreen, game_id: str) -> None:
    """On the game list: the first letter of the game's name, as in a menu, again while
    another game with that letter is picked. (Each game passed on the way shows its
    options: the arrows down to the last game would cost one each.)"""
    letter = GAMES[game_id].name[0].lower()
    for _ in GAMES:
        if screen.game.id == game_id:
            break
        await pilot.press(letter)
    assert screen.game.id == game_id, f"its first letter picked {screen.game.id}"


async def open_form(pilot: Pilot[None], game_id: str, key: str = "ctrl+n") -> NewSessionScreen:
    """From Home: Ctrl+N (or from a table, ``key``), the game picked, and Enter; the
    names are next."""
    await pilot.press(key)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, NewSessionScreen)
    await pick_game(pilot, screen, game_id)
    await pilot.press("enter")
    return screen


async def start_session(
    pilot: Pilot[None],
    game_id: str,
    players: list[str],
    *,
    dealer_key: str | None = None,
    options: dict[str, str] | None = None,
    again: bool = False,
) -> TableScreen:
    """From Home: Ctrl+N, pick the game, type the names, choose the dealer, set options.
    ``again``: from a table, n (same players again) instead, the players already seated."""
    screen = await open_form(pilot, game_id, "n" if again else "ctrl+n")
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


async def sit_down(pilot: Pilot[None]) -> TableScreen:
    """From Home: Enter on the session listed first, and its table: for a test whose
    session was put in the store before the app started, as New session is not what it
    is about (typing the form costs three times what opening the table does)."""
    await pilot.press("enter")
    await pilot.pause()
    table = pilot.app.screen
    assert isinstance(table, TableScreen), f"still on {table!r}"
    return table


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


async def settled(pilot: Pilot[None]) -> None:
    """Wait for the app's workers (an export, the session list) and what they hand back,
    until a pause leaves none at work: one started while the wait went on (a screen
    still mounting when it began, on a loaded machine) is waited for too. A look at the
    store replaced by a later one (the list read again as files arrive) is cancelled, not
    failed: the wait goes on for the one that replaced it. Two pauses first: a worker
    started once a frame is out (Home's whole list) starts after the first."""
    await pilot.pause()
    await pilot.pause()
    for _ in range(20):
        if all(worker.is_finished for worker in pilot.app.workers):
            break
        with contextlib.suppress(WorkerCancelled):
            await pilot.app.workers.wait_for_complete()
        await pilot.pause()
    await pilot.pause()  # and the frame after what they handed back (a footer's keys)


async def export_all(pilot: Pilot[None]) -> None:
    """From Home: Ctrl+E and Enter on the folder offered, then wait for the export."""
    await pilot.press("ctrl+e")
    await pilot.pause()
    await pilot.press("enter")
    await settled(pilot)


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


async def sell(pilot: Pilot[None], *sales: tuple[str, str]) -> None:
    """Calcutta's auction, each horse in auction order: the buyer's first letter and the
    price, or u for unsold and no price (its price row still a stop)."""
    for buyer, price in sales:
        await pilot.press(buyer, "down")
        if price:
            await put(pilot, price)
        await pilot.press("down")


async def hand(pilot: Pilot[None], out: str, *held: str) -> None:
    """A rummy hand: r, who went out, then the others' cards in seat order, then Enter."""
    await pilot.press("r", out[0].lower(), "down")
    for cards in held:
        await put(pilot, cards)
        await pilot.press("down")
    entry = pilot.app.screen
    await pilot.press("enter")
    for _ in range(50):  # Record waits for the keys to land first: on a loaded machine
        await pilot.pause()  # the round is saved some frames after Enter was handled
        if pilot.app.screen is not entry:
            break
