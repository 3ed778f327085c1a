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


def test_the_rules_contents_link_every_section() -> None:
    """A section added (a game's) is listed in the Contents, by the anchor GitHub gives
    its heading."""
    contents = RULES[RULES.index("## Contents") : RULES.index("\n---\n")]
    headings = re.findall(r"^## (.+)$", RULES, re.M)
    anchors = {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}
    missing = sorted(
        f"#{anchor}" for anchor in anchors - {"contents"} if f"(#{anchor})" not in contents
    )
    assert not missing, f"docs/rules.md: add a line to the Contents linking {missing}"


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


def test_the_readme_names_every_game_there_is() -> None:
    """The README's list of games is checked against ``GAMES``: a game added is named
    there, and the message says where."""
    readme = (DOCS.parent / "README.md").read_text(encoding="utf-8")
    start = readme.index("Games: ")
    listed = readme[start : readme.index("\n\n", start)]
    named = set(re.findall(r"\*\*(.+?)\*\*", listed))
    games = {game.name.split(" — ")[0] for game in GAMES.values()}
    missing = [f"**{name}**" for name in sorted(games - named)]
    assert not missing, f"README.md: add {', '.join(missing)} to the paragraph that opens 'Games: '"
    gone = sorted(named - games)
    assert not gone, f"README.md, 'Games: ' names {gone}, which no module in scorekeeper/games is"


@pytest.mark.parametrize("document", ["README.md", "pyproject.toml", "scorekeeper", "screens"])
def test_no_document_counts_the_games(document: str) -> None:
    """A count of the games is one a game added makes false: say "the games", not "six".
    A folder is read whole, as the CLI's help and the package's docstring are words too."""
    place = DOCS.parent / document
    files = sorted(place.rglob("*.py")) if place.is_dir() else [place]
    numbers = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[0-9]+"
    counting = re.compile(rf"\b(?:for|of) (?:{numbers}) (?:card )?games\b", re.I)
    counted = [
        f"{path.relative_to(DOCS.parent)}: {found.group(0)!r}"
        for path in files
        if (found := counting.search(" ".join(path.read_text(encoding="utf-8").split())))
    ]
    assert not counted, f"these count the games: {counted}"
