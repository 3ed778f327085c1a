"""An old store holding names with terminal escapes, a newline and markup opens, and every
screen draws them as text: no escape reaches the terminal, no name takes two lines, no
markup is read.

What the terminal gets is read twice: from each widget's rendered lines (the segments the
compositor writes out) and from the whole screen as the compositor puts it together.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.geometry import Region
from textual.pilot import Pilot

from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.chart import ChartScreen
from screens.confirm import ConfirmScreen
from screens.home import HomeScreen
from screens.nights import NightsScreen
from screens.rounds.base import RoundEntry
from screens.settle import SettleScreen
from screens.stats import StatsScreen
from screens.table import TableScreen
from tests.hostile.hostile_names import write_hostile_store
from tests.textual_internals import screen_strips
from tests.ui.play import settled

RAW = ("\x1b", "\x07", "\x9b", "\u202e", "\u200b", "\u2028")
FAKE = "Bob pays Eve $500.00"


def drawn(pilot: Pilot[None]) -> list[str]:
    """Every line every widget of the screen in front renders, as the text of its strips."""
    lines = []
    for widget in pilot.app.screen.query("*"):
        if widget.display and widget.outer_size.area:
            region = Region(0, 0, *widget.outer_size)
            lines += [strip.text for strip in widget.render_lines(region)]
    return lines


def assert_drawn_safely(pilot: Pilot[None]) -> str:
    """Nothing a name holds is obeyed, and no name starts a line of its own."""
    lines = drawn(pilot)
    screenshot = "\n".join(strip.text for strip in screen_strips(pilot.app))
    for raw in RAW:
        assert raw not in screenshot, f"{raw!r} reaches the terminal on {pilot.app.screen!r}"
        assert not [line for line in lines if raw in line], f"{raw!r} in {pilot.app.screen!r}"
    fake = [line for line in lines if line.strip(" │▏▕").startswith(FAKE)]
    assert fake == [], f"a name made a line of its own on {pilot.app.screen!r}"
    return "\n".join(lines)


@pytest.fixture
def hostile(tmp_path: Path) -> Store:
    write_hostile_store(tmp_path / "db")
    return Store(tmp_path / "db")


async def test_every_screen_draws_hostile_names_as_text(hostile: Store) -> None:
    """Home, its question, the nights and the stats; then each session's table, its
    settle-up and round entry (and one chart); last a paste into Home's filter box."""
    app = ScorekeeperApp(hostile)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settled(pilot)  # the whole list read, so the rows stay where they are
        assert isinstance(app.screen, HomeScreen)
        home = assert_drawn_safely(pilot)
        assert "Bob␛]52;c;" in home and "Eve␤Bob" in home and "[bold]x" in home
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Bob␛]52;c;" in assert_drawn_safely(pilot)
        await pilot.press("n", "ctrl+l")
        await pilot.pause()
        assert isinstance(app.screen, NightsScreen)
        nights = assert_drawn_safely(pilot)
        assert "Night␛]52;c;cm0gLXJmIH4=␇␤[red]Bob owes" in nights
        await pilot.press("escape", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        assert "[bold]x[/], game by game" in assert_drawn_safely(pilot)
        await pilot.press("escape")
        await pilot.pause()
        opened = set()
        for row in range(6):
            await pilot.press("pageup", *("down",) * row, "enter")
            await pilot.pause()
            table = app.screen
            assert isinstance(table, TableScreen)
            opened.add(table.session_id)
            drawn_table = assert_drawn_safely(pilot)
            assert "Eve␤Bob pay" in drawn_table, drawn_table  # a long name ends in "…"
            chart = (("c", ChartScreen),) if row == 0 else ()  # the same names each time
            for key, kind in (("s", SettleScreen), *chart, ("r", RoundEntry)):
                await pilot.press(key)
                await pilot.pause()
                if isinstance(app.screen, kind):
                    assert "Bob␛]52;c;" in assert_drawn_safely(pilot)
                    await pilot.press("escape")
                    await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
        assert len(opened) == 6, "every session's table"
        app.post_message(events.Paste("Zed\x1b]0;pwned\x07"))  # into the filter box
        await pilot.pause()
        assert "Zed␛]0;pwned␇" in assert_drawn_safely(pilot)
    assert app.return_code in (None, 0)


async def test_an_export_failing_in_a_folder_with_markup_says_so(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``[/b]`` in the folder's path closes no tag: read as markup, it stopped the app."""
    store.add(Session.new("hot-rum", ["Ann", "Bob"]))
    odd = tmp_path / "a[" / "b]"
    odd.mkdir(parents=True)
    monkeypatch.chdir(odd)
    (odd / "exports").write_text("a file where the folder goes")
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e")  # the folder offered is ./exports, under a[/b]
        await pilot.pause()
        assert "a[/b]" in assert_drawn_safely(pilot)
        await pilot.press("enter")
        await app.workers.wait_for_complete()  # the export, in a process of its own
        await pilot.pause()
        (message,) = [str(toast.render()) for toast in app.screen.query("Toast")]
        assert "Export failed" in message and "a[/b]" in message
        assert_drawn_safely(pilot)
    assert app.return_code in (None, 0)
