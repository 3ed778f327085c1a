"""Generic code treats no game specially: what only some games have is a hook on ``Game``.

A new game is a module in ``scorekeeper/games/`` and an entry in ``screens/rounds/``. If
the session, settle-up, store, reports or a screen compared a game id, imported a game's
module or read an option only one game has, the next game would have to edit them too.
This scan reads what the generic code does (its syntax, not its words: a docstring may
name a game, and a key that happens to share an option's name is no option), and names
the file and line of each special case.
"""

from __future__ import annotations

import ast
import pkgutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import get_args

import scorekeeper.games
from scorekeeper.game import Unit
from scorekeeper.games import GAMES
from tests.contracts.parsed import parsed

ROOT = Path(__file__).resolve().parents[2]
GAME_PLACES = (ROOT / "scorekeeper" / "games", ROOT / "screens" / "rounds")
"""Where a game's own code lives: the rules, and the round entry."""
GAMES_PACKAGE = "scorekeeper.games"
ADVICE = (
    "generic code treats a game specially. Give Game a hook with a neutral default, "
    "override it in the game's own module, and call the hook here "
    "(docs/architecture.md, Adding a game):\n"
)


def generic_modules() -> list[Path]:
    files = sorted((ROOT / "scorekeeper").rglob("*.py")) + sorted((ROOT / "screens").rglob("*.py"))
    return [path for path in files if not any(path.is_relative_to(p) for p in GAME_PLACES)]


CONTRACT_WORDS = {*get_args(Unit), "rounds", "wins"}
"""Words the generic contract itself uses: the unit ``chips``, a saved session's
``rounds``, and "wins" said of a winner."""


def game_only_options() -> set[str]:
    """Options exactly one game defines. A name several games share (``stake``) is common
    ground, and so is a word the generic contract itself uses (``CONTRACT_WORDS``)."""
    defined = Counter(name for game in GAMES.values() for name in game.options)
    return {name for name, games in defined.items() if games == 1} - CONTRACT_WORDS


def game_names() -> set[str]:
    """Every game id and every module name in the games package."""
    modules = {module.name for module in pkgutil.iter_modules(scorekeeper.games.__path__)}
    return {*GAMES, *modules}


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes: words, not what the code does."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for statement in body:
                if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                    found.add(id(statement.value))
    return found


def _is_options(node: ast.expr) -> bool:
    """``options``, ``setup.options``, ``self.options_of(setup)``: a table's options."""
    if isinstance(node, ast.Call):
        node = node.func
    name = node.id if isinstance(node, ast.Name) else getattr(node, "attr", "")
    return name.startswith("options")


def special_cases(
    source: str, names: set[str] | None = None, options: set[str] | None = None
) -> Iterator[tuple[int, str]]:
    """Each line of ``source`` that treats a game specially, and how."""
    names = game_names() if names is None else names
    options = game_only_options() if options is None else options
    tree = parsed(source)
    words = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            modules = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            modules.append(getattr(node, "module", None) or "")
            if any(module.startswith(f"{GAMES_PACKAGE}.") for module in modules):
                yield node.lineno, "imports a game's module"
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in words:
                continue
            if node.value in names:
                yield node.lineno, f"names the game {node.value!r}"
            elif node.value.replace("/", ".").startswith(f"{GAMES_PACKAGE}."):
                yield node.lineno, "names a game's module"
        elif isinstance(node, ast.Subscript) and _is_options(node.value):
            key = node.slice
            if isinstance(key, ast.Constant) and key.value in options:
                yield node.lineno, f"reads the game-only option {key.value!r}"
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and _is_options(node.func.value)
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and node.args[0].value in options
        ):
            yield node.lineno, f"reads the game-only option {node.args[0].value!r}"


def hits() -> list[str]:
    found = []
    for path in generic_modules():
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for number, what in special_cases(source):
            found.append(f"{path.relative_to(ROOT)}:{number}: {what}: {lines[number - 1].strip()}")
    return found


def test_the_scan_knows_every_game_and_what_only_one_game_has() -> None:
    assert GAMES and set(GAMES) <= game_names()
    only = game_only_options()
    assert {"doubling", "limit_poker", "dealer_bids", "pay"} <= only
    assert "stake" not in only, "several games have a stake: it is common ground"
    assert "chips" not in only, "chips is a unit every game may count in"
    assert "target" not in only, "two games end at a target: it is common ground"
    assert (ROOT / "scorekeeper" / "session.py") in generic_modules()
    assert not any("rounds" in path.parts for path in generic_modules())


def test_the_scan_catches_what_treats_a_game_specially() -> None:
    special = [
        'if session.game.id == "calcutta":\n    pass',
        "from scorekeeper.games.calcutta import POOL",
        "import scorekeeper.games.hot_rum",
        'if options.get("doubling"):\n    pass',
        'paid = setup.options["dealer_bids"]',
        "importlib.import_module('scorekeeper.games.rummy_5000')",
    ]
    for source in special:
        assert list(special_cases(source)), source


def test_the_scan_reads_what_code_does_not_the_words_it_uses() -> None:
    """A game whose option is called ``order`` makes no generic ``document["order"]`` a
    special case, and a docstring may name a game."""
    neutral = [
        'unit == "chips"',
        'stake = options["stake"]',
        "self.game.target(setup, state)",
        'order = document["order"]',
        'def carried() -> int:\n    """What a Calcutta pool holds."""\n    return 0',
        "from scorekeeper.games import GAMES",
    ]
    for source in neutral:
        found = list(special_cases(source, options={"order", "dealer_bids"}))
        assert not found, (source, found)


def test_no_generic_module_treats_a_game_specially() -> None:
    found = hits()
    assert not found, ADVICE + "\n".join(found)
