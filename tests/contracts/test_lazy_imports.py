"""Start-up loads only what the first screen needs: a person waits for every module the
app imports before its first frame. The games, the reports, the doctor and the other
screens are imported when first used."""

from __future__ import annotations

import os
import pkgutil
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

import scorekeeper.games
from scorekeeper import Session
from scorekeeper.games import GAMES
from scorekeeper.store import Store

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
        "scorekeeper.cli.commands",
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


def test_the_collector_is_reached_before_the_session_and_the_games() -> None:
    """The console script turns the collector off first, before the store and the domain
    are read (``screens.console``): importing the package itself reads neither."""
    modules = loaded_by("import scorekeeper.collector")
    assert {"scorekeeper.session", "scorekeeper.game", "scorekeeper.games"} & modules == set()
    assert loaded_by("from scorekeeper import Session, GAMES, RuleError") >= {
        "scorekeeper.session",
        "scorekeeper.games",
    }


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


PAINTED = """
import dataclasses, functools, sys
from textual.app import App
from textual.dom import DOMNode
import screens.app, screens.console


def made_here(name: str, kind=dataclasses.is_dataclass) -> list[str]:
    module = sys.modules[name]
    return [
        f"{name}.{thing.__qualname__}"
        for thing in vars(module).values()
        if isinstance(thing, type) and thing.__module__ == name and kind(thing)
    ]


def painted(app: screens.app.ScorekeeperApp) -> None:
    print(" ".join(sorted(sys.modules)))
    ours = [name for name in list(sys.modules) if name.split(".")[0] in ("scorekeeper", "screens")]
    print(" ".join(sorted(made for name in ours for made in made_here(name))))
    nodes = [
        made
        for name in ours
        for made in made_here(name, lambda thing: issubclass(thing, DOMNode))
    ]
    print(" ".join(sorted(nodes)))
    import scorekeeper.game  # after the frame: what the probe finds where there are some

    print(" ".join(made_here("scorekeeper.game")))
    app.exit()


# The console script's own way in, with no terminal: Home's first frame is the app's.
App.run = functools.partialmethod(App.run, headless=True, size=(80, 24))
screens.app.ScorekeeperApp.on_ready = painted
screens.console.main([])
"""

HOME_ALONE = {
    "screens",
    "screens.app",
    "screens.console",
    "screens.format",
    "screens.home",
    "screens.home.listing",
    "screens.home.screen",
    "screens.home.summaries",
    "screens.keys",
    "screens.widgets",
    "screens.widgets.footer",
    "screens.widgets.grid",
    "screens.widgets.live_text",
    "screens.widgets.own_keys",
    "screens.widgets.text_input",
}
"""The screens' modules Home's first frame needs: the app, Home and its widgets; not
the places a screen opens (``navigation``), nor what a control refusing a key posts."""
NOT_BEFORE_HOME = {
    "aiohttp",
    "argparse",
    "csv",
    "hmac",
    "plotext",
    "segno",
    "textual_plotext",
    "tinydb",
    "scorekeeper.cards",
    "scorekeeper.cli.commands",
    "scorekeeper.cli.doctor",
    "scorekeeper.store.house_games",
    "scorekeeper.store.imported",
    "scorekeeper.store.journal",
    "scorekeeper.store.conflicts",
    "scorekeeper.store.resolve",
    "scorekeeper.session",
    "scorekeeper.settle",
    "scorekeeper.view",
}
"""The board's server and codes, the charts, the command line's parser and commands, the
doctor, TinyDB (only a laptop's log opens a database; the sessions are read as JSON),
what the store does only when asked (an import, a decision, the sessions that went on
differently, nights and house games), a session replayed from its rounds (the list reads
each one's summary, never its rounds) and its figures as the table shows them, the cards
(only a round typed reads one), the CSV writer (the rows an export is made of are kept
from the first save on, after Home is up) and the seal on them (``hmac``)."""
NOT_FOR_THE_LIST = {"pkgutil", "scorekeeper.game", "scorekeeper.games", "scorekeeper.payouts"}
"""The list's words for each session (its game's name, who leads, the options that
differ) are kept in its summary as it is saved: neither the game contract nor the games'
registry or folder listed, nor a game's module."""
NOT_FOR_AN_EMPTY_LIST = {"hashlib"}
"""An empty list fingerprints no log: hashlib (it loads OpenSSL) is not read for it, nor
this laptop's id looked up."""
HOME_CLASSES = {
    "screens.app.ScorekeeperApp",
    "screens.home.screen.HomeScreen",
    "screens.widgets.footer.Footer",
    "screens.widgets.grid.ScoreGrid",
    "screens.widgets.text_input.TextInput",
}
"""The Textual classes made before Home's first frame, some two million instructions each
(Textual works out each one's bindings, reactives and handlers as it is made): the app,
Home (its list is no screen class of its own) and the widgets it shows."""


class Painted(NamedTuple):
    modules: set[str]
    dataclasses: set[str]
    """The project's dataclasses defined by then, each as ``module.Class``."""
    textual_classes: set[str]
    """The project's Textual classes (app, screens, widgets) defined by then."""
    of_the_game_contract: set[str]
    """Those of ``scorekeeper.game``, imported once the frame is out: the probe finds
    dataclasses where there are some."""


def painted_with(store: Path) -> Painted:
    """The modules the app holds as Home's first frame is out, started as ``scorekeeper``
    starts it on the store at ``store`` ($SCOREKEEPER_DB: no user data folder looked up)."""
    result = subprocess.run(
        [sys.executable, "-c", PAINTED],
        capture_output=True,
        text=True,
        check=True,
        timeout=50,
        env=dict(os.environ, SCOREKEEPER_DB=str(store)),
    )
    modules, made, nodes, contract = result.stdout.splitlines()[-4:]
    return Painted(
        set(modules.split()), set(made.split()), set(nodes.split()), set(contract.split())
    )


@pytest.fixture(scope="module")
def listed(tmp_path_factory: pytest.TempPathFactory) -> Painted:
    """Home painted on a list of three sessions (each painting is an app started afresh,
    a third of a second: the tests below share one)."""
    folder = tmp_path_factory.mktemp("listed")
    with Store(folder) as store:
        for first in ("Zelda", "Ann"):
            store.add(Session.new("racehorse", [first, "Bob", "Cy", "Di", "Ed"]))
        store.add(Session.new("score-pad", ["Ann", "Bob"], options={"wins": "lowest"}))
    return painted_with(folder)


def test_home_paints_with_only_what_its_first_frame_shows(tmp_path: Path, listed: Painted) -> None:
    """A person waits for every module read before Home is on screen: neither an empty
    store nor a list of sessions loads a game or the game contract; no other screen, no
    report."""
    for painted, empty in ((painted_with(tmp_path / "empty"), True), (listed, False)):
        modules = painted.modules
        assert game_modules(modules) == set()
        assert modules & NOT_FOR_THE_LIST == set()
        assert not empty or modules & NOT_FOR_AN_EMPTY_LIST == set()
        assert {name for name in modules if name.startswith("screens")} <= HOME_ALONE
        assert {name for name in modules if name.startswith("scorekeeper.reports.")} == set()
        packages = {name.split(".")[0] for name in modules}
        assert (modules | packages) & NOT_BEFORE_HOME == set()


def test_home_paints_with_only_its_own_textual_classes(listed: Painted) -> None:
    assert listed.textual_classes == HOME_CLASSES


def test_home_paints_without_compiling_a_dataclass(listed: Painted) -> None:
    """Python 3.11 compiles each dataclass's ``__init__``, ``__eq__`` and ``__repr__``
    from source as its module is imported (some 5 million instructions each, half a
    percent of a bare Textual app's start): a record read on the way to Home is a
    ``NamedTuple`` (a currency, a house option, the store's places and laptop, a grid's
    column, the store's copies, versions and decisions, a gathered session, what is kept
    beside it, the export's rows, what "same players again" carries), or a plain class
    where it changes (a session the writer holds open)."""
    assert listed.of_the_game_contract, "the probe found no dataclass at all: it no longer looks"
    assert listed.dataclasses == set()
