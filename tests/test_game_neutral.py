"""Generic code names no game: what only some games have is a hook on ``Game``.

A new game is a module in ``scorekeeper/games/`` and an entry in ``screens/rounds/``. If
the session, settle-up, store, reports or a screen named a game id, a game module or an
option only one game has, the next game would have to edit them too. This scan refuses
that, naming the file and line.
"""

from __future__ import annotations

import pkgutil
import re
from collections import Counter
from pathlib import Path
from typing import get_args

import scorekeeper.games
from scorekeeper.game import Unit
from scorekeeper.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
GAME_PLACES = (ROOT / "scorekeeper" / "games", ROOT / "screens" / "rounds")
"""Where a game's own code lives: the rules, and the round entry."""


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


def forbidden() -> dict[str, re.Pattern[str]]:
    """What may not appear, each as the pattern that finds it."""
    words = {game.id for game in GAMES.values()}
    words |= {module.name for module in pkgutil.iter_modules(scorekeeper.games.__path__)}
    patterns = {
        f"game {word!r}": re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])") for word in words
    }
    patterns["a game module's path"] = re.compile(r"scorekeeper[./]games[./]\w")
    for name in game_only_options():
        patterns[f"game-only option {name!r}"] = re.compile(rf"([\"']){re.escape(name)}\1")
    return patterns


def hits() -> list[str]:
    patterns = forbidden()
    found = []
    for path in generic_modules():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for what, pattern in patterns.items():
                if pattern.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {what}: {line.strip()}")
    return found


def test_the_scan_knows_every_game_and_what_only_one_game_has() -> None:
    patterns = forbidden()
    assert len(GAMES) >= 6 and all(f"game {game_id!r}" in patterns for game_id in GAMES)
    only = game_only_options()
    assert {"doubling", "limit_poker", "dealer_bids", "pay"} <= only
    assert "stake" not in only, "several games have a stake: it is common ground"
    assert "chips" not in only, "chips is a unit every game may count in"
    assert "target" not in only, "two games end at a target: it is common ground"
    assert (ROOT / "scorekeeper" / "session.py") in generic_modules()
    assert not any("rounds" in path.parts for path in generic_modules())


def test_the_scan_would_catch_a_special_case() -> None:
    patterns = forbidden()
    special = [
        'if session.game.id == "calcutta":',
        "from scorekeeper.games.calcutta import POOL",
        'if options.get("doubling"):',
        "importlib.import_module('scorekeeper.games.rummy_5000')",
    ]
    for line in special:
        assert any(pattern.search(line) for pattern in patterns.values()), line
    neutral = ['unit == "chips"', 'options["stake"]', "self.game.target(setup, state)"]
    for line in neutral:
        assert not any(pattern.search(line) for pattern in patterns.values()), line


def test_no_generic_module_names_a_game() -> None:
    found = hits()
    assert not found, "generic code names a game; make it a hook on Game:\n" + "\n".join(found)
