"""F1 then g: the rules with their worked examples (docs/rules.md), one section at a time,
opened at the current game's; the contents beside them go to any other, as do the file's
own links; Esc goes back to the help.

Drawn for real, frames and all: the smoke pass (``test_smoke``) leaves the rules to
this test."""

from __future__ import annotations

import re

import pytest
from textual.pilot import Pilot
from textual.widgets import Markdown, OptionList, Static

from scorekeeper.games import GAMES
from scorekeeper.handbook import rules_text
from scorekeeper.store import Store
from screens import rules as rules_module
from screens.app import ScorekeeperApp
from screens.help import HelpScreen
from screens.rules import RulesScreen, anchor, sections
from tests.ui.evenings import EVENINGS
from tests.ui.play import drawn

pytestmark = pytest.mark.frames

TEXT = rules_text() or ""


SCROLLBAR = " ▁▂▃▄▅▆▇█"


def text_beside_contents(pilot: Pilot[None]) -> list[str]:
    """The lines of the text, right of the contents' edge when they are shown, without
    the scrollbar at the right."""
    lines = [line.partition("▕")[2] if "▕" in line else line for line in drawn(pilot)[1:-1]]
    return [line.rstrip(SCROLLBAR).strip() for line in lines]


def on_top(pilot: Pilot[None], heading: str) -> None:
    """The section's heading is the first line of text."""
    assert next(line for line in text_beside_contents(pilot) if line) == heading, drawn(pilot)


async def test_f1_then_g_opens_this_games_section_and_the_contents_go_to_another(
    store: Store,
) -> None:
    store.add(EVENINGS["rummy-5000"]())
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("g")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        on_top(pilot, "5000 Rummy")
        assert "Variations" in rules.query_one(Markdown).source, "its subsections with it"
        assert "Racehorse" not in text_beside_contents(pilot), "the next section is not shown"
        await pilot.press("down")  # the text has the keys: it scrolls
        await pilot.pause()
        assert rules.query_one("#section").scroll_y == 1
        contents = rules.query_one(OptionList)
        await pilot.press("tab", "up", "tab")  # looked, chose nothing
        await pilot.pause()
        assert contents.highlighted == rules.shown and rules.query_one("#section").has_focus
        await pilot.press("tab", "up", "up", "up", "up", "enter")
        await pilot.pause()
        on_top(pilot, "At every table")
        assert rules.query_one("#section").has_focus, "back in the text, from its top"
        await pilot.press("t")
        await pilot.pause()
        assert not contents.display
        heading = next(line for line in drawn(pilot) if "At every table" in line)
        assert heading.index("At every table") < 4, "the text takes the whole width"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_a_link_in_the_rules_shows_the_section_it_names(store: Store) -> None:
    """The file's own contents, opened without a game: from the introduction."""
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RulesScreen(None))
        await pilot.pause()
        rules = app.screen
        on_top(pilot, "The rules scorekeeper applies")
        document = rules.query_one(Markdown)
        document.post_message(Markdown.LinkClicked(document, "#settling-up"))
        await pilot.pause()
        on_top(pilot, "Settling up")
        document.post_message(Markdown.LinkClicked(document, "https://example.com/#hot-rum"))
        await pilot.pause()
        on_top(pilot, "Hot Rum")  # by its anchor: the rules open nothing outside the app


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


async def test_without_the_rules_file_the_screen_says_so(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rules_module, "rules_text", lambda: None)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RulesScreen(None))
        await pilot.pause()
        assert "is not installed with this copy" in " ".join(drawn(pilot))


@pytest.mark.parametrize("game", GAMES)
def test_every_game_opens_at_its_own_section(game: str) -> None:
    screen = RulesScreen(GAMES[game])
    assert screen.sections[screen.shown].title == GAMES[game].name


def test_every_link_in_the_rules_names_a_section_and_no_text_is_lost() -> None:
    """The file cut into sections holds every line of it once, in order; the contents
    section of the file stays with its introduction."""
    found = sections(TEXT)
    assert "".join(section.text for section in found) == TEXT
    titles = [section.title for section in found]
    assert titles[0] == "The rules scorekeeper applies" and "Contents" not in titles
    anchors = {anchor(title) for title in titles}
    for target in re.findall(r"\]\(#([^)]+)\)", TEXT):
        assert target in anchors, f"a link to #{target} names no section"
