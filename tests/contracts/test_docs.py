"""The documents travel with the code: every game and option the app offers is in the rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper import GAMES
from scorekeeper.game import Game

DOCS = Path(__file__).resolve().parents[2] / "docs"
RULES = (DOCS / "rules.md").read_text(encoding="utf-8")


def section(game: Game) -> str:
    """The text under the game's own heading, up to the next one of its level."""
    found = re.search(rf"^## {re.escape(game.name)}\n(.*?)(?=^## |\Z)", RULES, re.M | re.S)
    assert found, f"docs/rules.md has no section for {game.name}"
    return found.group(1)


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_every_game_has_its_section_naming_its_options_as_the_screen_does(game: Game) -> None:
    text = section(game)
    for name in game.options:
        shown = name.replace("_", " ")  # as the New session screen labels it
        assert f"`{shown}`" in text, f"{game.name}: option {shown!r} is not described"
    assert "Example" in text, f"{game.name}: no worked example"


def test_the_readme_links_both_documents() -> None:
    readme = (DOCS.parent / "README.md").read_text(encoding="utf-8")
    assert "(docs/rules.md)" in readme
    assert "(docs/architecture.md)" in readme


def test_the_adding_a_game_checklist_names_every_hook_a_game_has() -> None:
    """A hook added to ``Game`` is one a new game may need: the checklist must say so."""
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    checklist = text[text.index("## Adding a game") :].split("\n## ", 1)[0]
    hooks = {name for name in vars(Game) if not name.startswith("_")} | set(Game.__annotations__)
    missing = sorted(name for name in hooks if not re.search(rf"`{name}[`(]", checklist))
    assert not missing, f"docs/architecture.md, Adding a game, does not name {missing}"


NUMBERS = {6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}


def test_the_readme_and_the_package_list_the_games_there_are() -> None:
    """A game added is a game the README's list, its ids and both counts name: each is
    checked against ``GAMES``, so none is forgotten there."""
    readme = (DOCS.parent / "README.md").read_text(encoding="utf-8")
    listed = readme[readme.index("Games: ") : readme.index("\n\n", readme.index("Games: "))]
    named = set(re.findall(r"\*\*(.+?)\*\*", listed))
    assert named == {game.name.split(" — ")[0] for game in GAMES.values()}
    ids = re.search(r"Ids: (.*?)\.\n", readme, re.S)
    assert ids, "README.md lists no game ids"
    assert re.findall(r"`([a-z0-9-]+)`", ids.group(1)) == list(GAMES)
    # Every game but the score pad, which keeps any other game the table plays.
    counted = NUMBERS[len([game for game in GAMES if game != "score-pad"])]
    assert f"money for {counted} games" in readme.replace("\n", " ")
    pyproject = (DOCS.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert f"for {counted} card games" in pyproject
