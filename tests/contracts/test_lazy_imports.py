"""Start-up loads only what the first screen needs: a person waits for every module the
app imports before its first frame. The games, the reports, the doctor and the other
screens are imported when first used."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import scorekeeper.games
from scorekeeper.games import GAMES

LOADED = """
import sys
{statement}
print(" ".join(sorted(sys.modules)))
"""


def loaded_by(statement: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``statement``."""
    result = subprocess.run(
        [sys.executable, "-c", LOADED.format(statement=statement)],
        capture_output=True,
        text=True,
        check=True,
    )
    return set(result.stdout.split())


def game_modules(modules: set[str]) -> set[str]:
    return {name for name in modules if name.startswith("scorekeeper.games.")}


def test_the_app_module_imports_no_game_report_or_other_screen() -> None:
    modules = loaded_by("import screens.console, screens.app")
    assert game_modules(modules) == set()
    later = {
        "scorekeeper.cli.doctor",
        "scorekeeper.reports.export",
        "scorekeeper.reports.stats",
        "scorekeeper.reports.transfer",
        "scorekeeper.reports.json_export",
        "scorekeeper.reports.import_source",
        "scorekeeper.reports.import_match",
        "scorekeeper.reports.nights",
        "screens.table",
        "screens.new_session",
        "screens.stats",
        "screens.rounds",
        "textual_plotext",
        "argparse",  # a command's parser: ``scorekeeper`` alone builds none
    }
    assert modules & later == set()


def test_looking_up_one_game_imports_that_game_alone() -> None:
    modules = loaded_by(
        "from scorekeeper.games import GAMES\nassert GAMES['hot-rum'].name\n"
        "assert 'no-such-game' not in GAMES"
    )
    assert game_modules(modules) == {"scorekeeper.games.hot_rum"}


def test_every_game_is_found_under_its_modules_name_in_menu_order() -> None:
    with_a_game = [
        module.name
        for module in pkgutil.iter_modules(scorekeeper.games.__path__)
        if hasattr(__import__(f"scorekeeper.games.{module.name}", fromlist=["GAME"]), "GAME")
    ]
    assert sorted(GAMES) == sorted(name.replace("_", "-") for name in with_a_game)
    assert all(GAMES[game_id].id == game_id for game_id in GAMES)
    order = [(game.menu_order, game.name) for game in GAMES.values()]
    assert order == sorted(order)


def test_an_id_from_a_file_never_reaches_beyond_the_games() -> None:
    for hostile in ("../cli", "scorekeeper", "hot_rum", "", "racing", 7, None):
        assert hostile not in GAMES
        assert GAMES.get(hostile) is None  # type: ignore[arg-type]
