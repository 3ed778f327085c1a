"""F1 then r: the rules with their worked examples (docs/rules.md), opened at the current
game's section, the contents beside them; Esc goes back to the help."""

from __future__ import annotations

import pytest
from textual.widgets import MarkdownViewer

from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.help import HelpScreen
from screens.rules import RulesScreen
from tests.ui.evenings import EVENINGS
from tests.ui.test_large_tables import screen_lines


@pytest.mark.parametrize("game", ["calcutta", "rummy-5000"])
async def test_f1_then_r_opens_the_rules_at_this_games_section(store: Store, game: str) -> None:
    session = EVENINGS[game]()
    store.add(session)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("r")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        viewer = rules.query_one(MarkdownViewer)
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()  # the scroll to the section
        assert viewer.show_table_of_contents
        assert viewer.scroll_y > 0, "still at the top of the file"
        lines = screen_lines(app)
        name = session.game.name
        # The section's heading is the first line of the text beside the contents.
        text_lines = [line[36:].strip() for line in lines[1:]]
        assert name in text_lines[:3], lines
        await pilot.press("t")
        await pilot.pause()
        assert not viewer.show_table_of_contents
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
