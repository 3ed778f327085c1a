"""The table's words: no option id, round key or other snake_case name in anything a
person reads — every message the engine can refuse with, the options' help, the rules,
the games' panels and the exported files' headers."""

from __future__ import annotations

import ast
import csv
import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper import GAMES
from scorekeeper.errors import RuleError
from scorekeeper.game import Game
from scorekeeper.reports.export import export
from scorekeeper.session import Session
from scorekeeper.store import Store
from tests.contracts.parsed import tree_of
from tests.ui.board_tables import calcutta_for_eight, seven_hand_for_ten
from tests.ui.evenings import EVENINGS

SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
DOMAIN = Path(__file__).parents[2] / "scorekeeper"
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo"]


def snake_words(text: str) -> list[str]:
    return SNAKE.findall(text)


def literal_parts(node: ast.expr) -> Iterator[str]:
    """The text a message is written with: a string, or an f-string's fixed parts."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.JoinedStr):
        for part in node.values:
            yield from literal_parts(part)
    elif isinstance(node, ast.BinOp):
        yield from literal_parts(node.left)
        yield from literal_parts(node.right)


def rule_error_messages() -> Iterator[tuple[str, str]]:
    """(where, text) for the message of every ``RuleError`` the domain raises."""
    for path in sorted(DOMAIN.rglob("*.py")):
        tree = tree_of(path)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or len(node.args) < 2:
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else ""
            if name != "RuleError":
                continue
            for text in literal_parts(node.args[1]):
                yield f"{path.relative_to(DOMAIN)}:{node.lineno}", text


def test_the_scan_sees_the_engines_messages() -> None:
    messages = list(rule_error_messages())
    assert len(messages) > 100
    assert any("not a multiple of 5" in text for _, text in messages)


def test_no_message_the_engine_writes_names_an_id() -> None:
    found = [(where, text) for where, text in rule_error_messages() if snake_words(text)]
    assert found == []


def option_tries(game: Game) -> Iterator[tuple[int, dict[str, object]]]:
    """Player counts and options that a game may refuse: each on/off option alone and in
    pairs, each number below its least and above its most, at every table size."""
    toggles = [name for name, option in game.options.items() if option.kind is bool]
    upper = game.max_players or len(NAMES)
    for count in range(max(game.min_players - 1, 1), upper + 2):
        yield count, {}
        for size in (1, 2):
            for chosen in itertools.combinations(toggles, size):
                yield count, dict.fromkeys(chosen, True)
        for name, option in game.options.items():
            if option.kind is bool:
                yield count, {name: "yes"}
                continue
            yield count, {name: "a few"}
            least, most = option.bounds_for(count)  # a limit may follow the player count
            if least is not None:
                yield count, {name: least - 1}
            if most is not None:
                yield count, {name: most + 1}


@pytest.mark.parametrize("game", GAMES)
def test_no_setup_refusal_names_an_option_by_its_id(game: str) -> None:
    said: list[str] = []
    for count, options in option_tries(GAMES[game]):
        try:
            Session.new(game, NAMES[:count], options=options)
        except RuleError as error:
            said.append(error.message)
    assert said, "nothing was refused"
    assert [text for text in said if snake_words(text)] == []


@pytest.mark.parametrize("game", GAMES)
def test_the_options_help_and_the_rules_name_no_id(game: str) -> None:
    rules = GAMES[game]
    texts = [option.help for option in rules.options.values()] + [rules.rules]
    assert [text for text in texts if snake_words(text)] == []


SESSIONS = {
    **EVENINGS,
    "calcutta for eight": calcutta_for_eight,
    "seven hand for ten": seven_hand_for_ten,
}


@pytest.mark.parametrize("name", SESSIONS)
def test_the_panel_and_the_story_of_each_round_name_no_id(name: str) -> None:
    session = SESSIONS[name]()
    lines = session.game.panel(session.setup, session.state)
    texts = [text for line in lines for text in line]
    texts += [session.describe(index) for index in range(len(session.rounds))]
    assert [text for text in texts if snake_words(text)] == []


def test_no_exported_header_names_an_id(tmp_path: Path) -> None:
    with Store(tmp_path / "db") as store:
        for make in SESSIONS.values():
            store.add(make())
        claim = Session.new("rummy-5000", ["Ann", "Bob", "Cy"], options={"michigan": True})
        claim.record({"false_claim": "Bob"})
        store.add(claim)
        paths = export(store, tmp_path / "out")
    headers = []
    for path in paths:
        with path.open(encoding="utf-8-sig", newline="") as handle:
            headers += next(csv.reader(handle))
    assert "detail:false claim" in headers
    assert [header for header in headers if snake_words(header)] == []
