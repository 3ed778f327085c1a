"""Every key is safe: odd keys and pastes in every field of New session and of every
game's round entry are taken or refused, and the app stays up.

``str.isdigit`` takes ``²`` (a key of French keyboards), ``¹ ³ ①`` for digits that
``int`` then refuses; a paste of thousands of digits takes ``int`` past its limit.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest
from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input, OptionList

from scorekeeper.games import GAMES
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.new_session import NewSessionScreen
from screens.rounds.base import RoundEntry
from tests.ui.evenings import every_game
from tests.ui.hosts import EntryHost

PAST_INT_LIMIT = sys.get_int_max_str_digits() + 1
"""Digits in a paste that ``int`` refuses to read (4,301 unless Python is told otherwise)."""
KEYS = ("²", "¹", "①", "٣", "３", "🎲", "中", "\u0301", "-", "0", "9")
"""Keys as a keyboard sends them: one character each (a French ², an Arabic ٣, a
combining accent), then a few that are signs or digits anywhere."""
PASTES = (
    "²¹³ ①② ٣٤ ３",
    "🎲👨\u200d👩\u200d👧 e\u0301\u0301\u0301 中文",
    "\x1b]52;c;Y3VybCBldmlsLnNofHNo\x07\x00\x08\x7f\x9b2J\u202eevil\u200b\u2028",
    "1²b 3r",
    "h²  ²h  D 6-²",
    "9" * PAST_INT_LIMIT,
    "-" + "9" * PAST_INT_LIMIT + "a",
)
"""Pastes: odd digits, emoji and combining marks, control characters, the shapes the
bets and the pot are typed in with ² in them, and more digits than ``int`` reads."""
EDIT_KEYS = ("backspace", "home", "right")


def fields(screen: Widget) -> list[Widget]:
    """Every control of the screen that takes keys, in focus order."""
    return [widget for widget in screen.query("*") if widget.focusable and widget.display]


async def batter(pilot: Pilot[None], field: Widget) -> None:
    """Focus ``field``, press the odd keys, paste each paste (as a terminal does) into
    a text field, and check the app is still up after the keys and after the pastes."""
    app = pilot.app
    field.focus()
    for char in KEYS:  # as the terminal sends them: one after another, no waiting
        app.post_message(events.Key(char, char))
    for key in EDIT_KEYS:
        app.post_message(events.Key(key, None))
    await pilot.pause()
    assert app.is_running
    if not isinstance(field, Input):
        return  # a pick takes keys, not pastes
    for text in PASTES:  # one after another, each once the field has the focus again
        field.focus()
        app.post_message(events.Paste(text))
    await pilot.pause()
    assert app.is_running, f"a paste in {field!r} stopped the app"
    field.value = "²"  # as a fill or an edit would put it
    await pilot.pause()


async def batter_screen(pilot: Pilot[None], screen: Widget, within: Widget | None = None) -> int:
    """Every field of ``screen`` (or only those ``within`` one of its parts) battered."""
    battered = 0
    for field in fields(within or screen):
        if not field.is_attached or field.screen is not screen:
            continue  # the screen rebuilt this control (the seats changed)
        await batter(pilot, field)
        battered += 1
    return battered


async def stays_up(app: App[None], play: Callable[[Pilot[None]], object]) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await play(pilot)  # type: ignore[misc]
        assert app.is_running
    assert app.return_code in (None, 0)


async def test_every_field_of_new_session_takes_any_key(store: Store) -> None:
    """Every field of the form battered with the first game picked, then the options of
    every game that has any (the game list, names, seats and dealer are the same fields for
    each); Ctrl+S on what the keys left is refused, for each of those games, and the app
    stays up."""
    app = ScorekeeperApp(store)

    async def play(pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewSessionScreen)
        screen.query_one("#name", Input).focus()
        app.post_message(events.Paste("Ann, Bob, Cy, Di, Ed"))
        await pilot.press("enter")
        battered = await batter_screen(pilot, screen)
        assert battered >= 4, "the game list, names, seats, dealer and options"
        for index, game_id in enumerate(GAMES):
            if not GAMES[game_id].options:
                continue  # nothing of its own to batter, and the rest may well be valid
            screen.query_one("#games", OptionList).highlighted = index
            await pilot.pause()
            assert screen.game.id == game_id
            if index:
                options = screen.query_one("#options")
                assert await batter_screen(pilot, screen, options), f"{game_id}'s options"
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert app.screen is screen, f"{game_id} started with a battered form"

    await stays_up(app, play)


@pytest.mark.parametrize("game", GAMES)
async def test_every_field_of_every_round_entry_takes_any_key(game: str) -> None:
    host = EntryHost(every_game()[game]())

    async def play(pilot: Pilot[None]) -> None:
        await pilot.pause()
        entry = host.screen
        assert isinstance(entry, RoundEntry)
        battered = await batter_screen(pilot, entry)
        assert battered >= 2
        await pilot.press("enter")
        await pilot.pause()

    await stays_up(host, play)
