"""Every game at its largest table is usable at 80x24: every player in every pick on
screen, the focused row in view, the table's footer keeping Esc and F1."""

from __future__ import annotations

import html
import re
from collections.abc import Callable

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input

from scorekeeper.games import GAMES
from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.rounds.base import RoundEntry
from screens.table import TableScreen
from screens.widgets.choice import Choice
from tests.ui.board_tables import EIGHT, TEN, calcutta_for_eight, seven_hand_for_ten
from tests.ui.evenings import every_game
from tests.ui.hosts import EntryHost, at_table
from tests.ui.play import drawn

CELL = 12.2
"""Pixels per cell across in Textual's screenshot."""
TEXT = re.compile(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>')


def screen_lines(app: App[None]) -> list[str]:
    """The screen as a person reads it: the screenshot's text, line by line."""
    rows: dict[float, list[tuple[float, str]]] = {}
    for x, y, text in TEXT.findall(app.export_screenshot()):
        rows.setdefault(float(y), []).append((float(x), html.unescape(text)))
    lines = []
    for y in sorted(rows):
        line = ""
        for x, text in sorted(rows[y]):
            line = line.ljust(round(x / CELL)) + text
        lines.append(line.replace("\xa0", " "))
    return lines


def row_on_screen(app: App[None], label: str) -> list[str]:
    """The words of the screen's row labelled ``label``, its wrapped lines too (they start
    under the label, blank where the label is)."""
    lines = screen_lines(app)
    start = next(at for at, line in enumerate(lines) if f"│ {label} " in line)
    indent = lines[start].index(label)
    words = lines[start][indent + len(label) :].strip(" │").split()
    for line in lines[start + 1 :]:
        if line[indent : indent + len(label)].strip():
            break
        words += line[indent + len(label) :].strip(" │").split()
    return words


def picked_drawn(choice: Choice) -> list[str]:
    """The option drawn as picked (bold on the highlight), as a person sees it."""
    return [
        segment.text.strip()
        for y in range(choice.size.height)
        for segment in choice.render_line(y)
        if segment.style is not None and segment.style.bold and segment.text.strip()
    ]


async def redrawn(pilot: Pilot[None]) -> None:
    """After a resize: the frames in which the box measures its fields again for the new
    size (the title rewraps, then the fields get the room left) are drawn."""
    entry = pilot.app.screen
    assert isinstance(entry, RoundEntry)
    for _ in range(10):
        room = entry.fields_room
        await pilot.pause()
        await pilot.pause()
        if entry.fields_room == room:
            return


async def calcutta_entry(pilot: Pilot[None]) -> RoundEntry:
    await pilot.pause()
    await pilot.press("enter", "r")
    await pilot.pause()
    entry = pilot.app.screen
    assert isinstance(entry, RoundEntry)
    return entry


@pytest.mark.parametrize(
    ("game", "players", "label"),
    [
        ("racehorse", EIGHT, "Pitcher"),
        ("seven-hand", TEN, "Went out"),
        ("hot-rum", EIGHT[:6], "Went out"),
    ],
)
async def test_the_largest_table_has_every_player_in_the_first_pick(
    game: str, players: list[str], label: str
) -> None:
    host = EntryHost(Session.new(game, players))
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = " ".join(row_on_screen(host, label))
        for name in players:
            assert name in shown


async def test_an_eight_player_calcutta_shows_every_buyer_and_at_60x20_the_focused_row(
    store: Store,
) -> None:
    """Every buyer on screen after the seat's number, z picks Zoe and her row shows her
    picked; at 60x20 the focused row scrolls into view, and a resize keeps what was
    typed."""
    buyers = [word for seat, name in enumerate([*EIGHT, "unsold"], 1) for word in (str(seat), name)]
    store.add(calcutta_for_eight())
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        entry = await calcutta_entry(pilot)
        for label in ("S ♠ buyer", "H ♥ buyer", "D ♦ buyer", "C ♣ buyer"):
            assert row_on_screen(app, label) == buyers
        assert "Second" in "\n".join(screen_lines(app))
        await pilot.press(*"2221", "down", "z")
        await pilot.pause()
        buyer = entry.control("sales.S.owner", Choice)
        assert buyer.value == "Zoe"
        assert picked_drawn(buyer) == ["6 Zoe"]
        assert "Zoe" in row_on_screen(app, "S ♠ buyer")
        await pilot.press("down", *"12")
        await pilot.resize_terminal(60, 20)
        await redrawn(pilot)
        # The other three sales (the last unsold, its price a stop all the same), then First.
        await pilot.press("down", "a", "down", "9", "down", "b", "down", "7")
        await pilot.press("down", "u", "down", "down", "h")
        await pilot.pause()
        assert entry.focused is entry.control("first", Choice)
        assert any(line.startswith("│ First ") for line in screen_lines(app))
        assert any("Enter record" in line for line in screen_lines(app))
        await pilot.resize_terminal(80, 24)
        await redrawn(pilot)
        assert app.screen is entry
        assert entry.control("course", Input).value == "2221"
        assert entry.control("sales.S.owner", Choice).value == "Zoe"
        assert entry.control("sales.S.price", Input).value == "12"
        assert entry.control("first", Choice).value == "H"
        assert row_on_screen(app, "S ♠ buyer") == buyers


TABLES: dict[str, Callable[[], Session]] = {
    **every_game(),
    "calcutta for eight": calcutta_for_eight,
    "seven hand for ten": seven_hand_for_ten,
}


ROUND_NAMES = "|".join(sorted({game.round_name for game in GAMES.values()}))
"""What the ``r`` key may be named: a round as some game calls it ("Race", "Hand")."""


async def test_the_footer_at_80_columns_keeps_sessions_help_and_the_scores_toggle(
    store: Store,
) -> None:
    """At every table above, in one app: each table takes the last one's place."""
    tables = {name: store.add(session()) for name, session in TABLES.items()}
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        for name, session_id in tables.items():
            await at_table(pilot, store, session_id)
            assert isinstance(app.screen, TableScreen), name
            for keys in ((), ("up",), ("t",)):  # a round highlighted: Edit shows too
                await pilot.press(*keys)
                await pilot.pause()
                footer = drawn(pilot)[-1].replace("\xa0", " ")
                assert "esc Sessions" in footer and "f1 Help" in footer, (name, footer)
                assert re.search(r"\bt (Totals|Rounds)\b", footer), (name, footer)
                assert re.search(rf"\br ({ROUND_NAMES})\b", footer), (name, footer)


async def test_at_60x20_f1_stays_on_every_footer_and_goes_back_in_place_when_wider(
    store: Store,
) -> None:
    """Home, the table and game nights have more keys than 60 columns hold: F1 comes
    first, so the keys cut off are ones the help lists; at 80 it is back at the end."""
    session_id = store.add(seven_hand_for_ten())
    app = ScorekeeperApp(store)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await pilot.pause()  # Home's keys are drawn once its list is in: a frame later
        assert drawn(pilot)[-1].replace("\xa0", " ").startswith(" f1 Help  ^e Export")
        await at_table(pilot, store, session_id)
        footer = drawn(pilot)[-1].replace("\xa0", " ")
        assert footer.startswith("f1 Help r Hand"), footer
        await pilot.press("escape", "ctrl+l")
        await pilot.pause()
        assert "f1 Help" in drawn(pilot)[-1].replace("\xa0", " ")
        await pilot.press("escape")
        await pilot.resize_terminal(80, 24)
        for _ in range(10):  # the footer is laid out again over a few frames under load
            await pilot.pause()
            footer = drawn(pilot)[-1].replace("\xa0", " ")
            if footer.startswith(" ^e Export"):
                break
        assert footer.startswith(" ^e Export") and "f1 Help" in footer, footer
