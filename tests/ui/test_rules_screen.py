"""F1 then g: the rules with their worked examples (docs/rules.md), opened at the current
game's section, the contents beside them; Esc goes back to the help.

The whole document is laid out once, from 5000 Rummy's table; that every other game's
section is found by its heading is checked on the document's headings alone, as the
screen finds them. Drawn for real, frames and all: the smoke pass
(``test_smoke``) leaves the rules to this test."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import MarkdownViewer, Static

from scorekeeper.games import GAMES
from scorekeeper.handbook import rules_text
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.help import HelpScreen
from screens.rules import RulesScreen, go_to_section
from tests.ui.evenings import EVENINGS
from tests.ui.play import drawn

pytestmark = pytest.mark.frames

CONTENTS = 36
"""Columns the contents take at the left at 80x24: the text begins after them."""


def section_on_top(pilot: Pilot[None], name: str) -> None:
    """The game's heading is among the first lines of the text beside the contents."""
    lines = drawn(pilot)
    text_lines = [line[CONTENTS:].strip() for line in lines[1:]]
    assert name in text_lines[:3], lines


async def test_f1_then_g_opens_the_rules_at_this_games_section(store: Store) -> None:
    store.add(EVENINGS["rummy-5000"]())
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("g")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        viewer = rules.query_one(MarkdownViewer)
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()  # the scroll to the section
        assert viewer.show_table_of_contents
        assert viewer.scroll_y > 0, "still at the top of the file"
        section_on_top(pilot, "5000 Rummy")
        await pilot.press("t")
        await pilot.pause()
        assert not viewer.show_table_of_contents
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_the_tables_help_lists_r_as_the_round_and_r_there_is_never_the_rules(
    store: Store,
) -> None:
    store.add(EVENINGS["rummy-5000"]())
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f1")
        await pilot.pause()
        keys = " ".join(str(app.screen.query_one("#keys", Static).content).split())
        assert "r Hand: record the next hand" in keys
        assert drawn(pilot)[-2].split()[1:3] == ["g", "full"]
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


class Headings(App[None]):
    """The rules' headings alone in the viewer the rules screen shows."""

    def compose(self) -> ComposeResult:
        text = rules_text() or ""
        yield MarkdownViewer("\n\n".join(line for line in text.splitlines() if line[:1] == "#"))


@pytest.mark.parametrize("game", GAMES)
async def test_the_rules_screen_finds_every_games_section(game: str) -> None:
    app = Headings()
    async with app.run_test(size=(80, 24)):
        assert go_to_section(app.query_one(MarkdownViewer).document, GAMES[game].name)
