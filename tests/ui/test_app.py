"""What works on every screen: help, themes, the command palette, and a store that will not open."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.reports.rows import open_store
from scorekeeper.session import Session
from scorekeeper.settings import remember_currency
from scorekeeper.store import Store
from screens.app import ScorekeeperApp, keys_of, run
from screens.confirm import ConfirmScreen
from screens.currency import CurrencyScreen
from screens.help import HelpScreen
from screens.problem import LockedApp, ProblemApp, ProblemScreen
from screens.rounds.base import RoundEntry
from screens.table import TableScreen
from tests.ui.hosts import at_table
from tests.ui.play import drawn, said, settled, sit_down, start_session


def seven_hand(store: Store) -> str:
    session = Session.new("seven-hand", ["Grandma", "Max", "Zoe"])
    session.record({"out": "Max", "cards": {"Grandma": "K K 4 JK", "Zoe": "A 9"}})
    return store.add(session)


async def test_an_app_given_a_bare_store_keeps_the_export_rows_beside_what_it_saves(
    tmp_path: Path,
) -> None:
    with Store(tmp_path / "db") as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24)) as pilot:
            table = await start_session(pilot, "hot-rum", ["Ann", "Bob"])
    with open_store(tmp_path / "db", readonly=True) as reader:
        assert reader.sealed_rows(table.session_id) is not None


async def test_help_on_the_table_shows_the_games_rules_and_its_keys(store: Store) -> None:
    seven_hand(store)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        rules = str(help_screen.query_one("#rules").content)
        assert "three runs, pat" in rules and "g: every rule of this game" in rules
        keys = str(help_screen.query_one("#keys").content)
        assert "Hand" in keys and "Undo" in keys and "Settle" in keys
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_homes_help_says_where_the_currency_is_set_and_how_money_reads(
    store: Store,
) -> None:
    """A new table looks for the currency in the help: F2, with money as it reads now."""
    remember_currency(store, "€", True)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        keys = str(app.screen.query_one("#keys").content).splitlines()
        f2 = next(line.strip() for line in keys if line.strip().startswith("F2"))
        assert f2 == "F2  currency, now €1.234,50: $, €, £, kr or none, point or comma"
        await pilot.press("escape", "f2")
        await pilot.pause()
        assert isinstance(app.screen, CurrencyScreen)


SPOKEN = [
    ("racehorse", "Deal 1 · ● Ann deals · Bob bids first", "Deal 1 · Ann deals · Bob bids first"),
    (
        "seven-hand",
        "Hand 1 · ● Ann deals · Bob plays first",
        "Hand 1 · Ann deals · Bob plays first",
    ),
    ("horse-race", "Race 1 · ● Ann deals", "Race 1 · Ann deals and is the bank"),
    ("calcutta", "Race 1 · ● Ann deals", "Race 1 · Ann deals and auctions"),
]
"""Each game, what the table's status line starts with and the entry's title."""


async def test_the_table_speaks_of_races_deals_and_hands_and_who_goes_first(store: Store) -> None:
    """Nobody "plays first" in a race; in Racehorse the first player bids; the footer's
    record key is named as the game names a round. Each game's table in one app, taking
    the last one's place."""
    tables = [
        store.add(Session.new(game_id, ["Ann", "Bob", "Cy", "Di", "Ed"])) for game_id, *_ in SPOKEN
    ]
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        for session_id, (game_id, status, entry_title) in zip(tables, SPOKEN, strict=True):
            table = await at_table(pilot, store, session_id)
            assert str(table.query_one("#status").content).startswith(status), game_id
            round_name = table.game.round_name
            assert ("r", round_name) in keys_of(table)
            footer = " ".join(str(key.render()) for key in table.query("FooterKey"))
            assert f"r {round_name}" in footer, game_id
            await pilot.press("r")
            await pilot.pause()
            entry = app.screen
            assert isinstance(entry, RoundEntry)
            assert entry.title_text().splitlines()[0] == entry_title
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is table


async def test_ctrl_t_switches_between_dark_and_light(store: Store) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.theme == "textual-dark"
        await pilot.press("ctrl+t")
        assert app.theme == "textual-light"
        await pilot.press("ctrl+t")
        assert app.theme == "textual-dark"


async def test_the_command_palette_offers_the_tables_actions(store: Store) -> None:
    seven_hand(store)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"undo")
        await settled(pilot)  # the palette's search runs in a worker
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Undo hand 1" in app.screen.question
        assert app.screen.detail.startswith("Max went out on two sets; Grandma held 45, Zoe 25")


def test_a_locked_store_declined_read_only_exits_without_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []

    def declined(self: LockedApp) -> bool:
        shown.append(self.locked.message)
        return False

    monkeypatch.setattr(LockedApp, "run", declined)
    with Store(tmp_path / "db"):
        assert run(tmp_path / "db") == 1
    assert "already open for writing" in shown[0]


def test_a_locked_store_taken_read_only_opens_the_app_on_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[bool] = []
    monkeypatch.setattr(LockedApp, "run", lambda self: True)
    monkeypatch.setattr(ScorekeeperApp, "run", lambda self: opened.append(self.store.readonly))
    with Store(tmp_path / "db"):
        assert run(tmp_path / "db") == 0
    assert opened == [True]


def test_run_opens_the_store_and_closes_it_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ScorekeeperApp, "run", lambda self: None)
    assert run(tmp_path / "db") == 0
    with Store(tmp_path / "db") as again:
        assert again.summaries() == []


FAILING_APP = """
import sys
from functools import partialmethod
from textual.app import App
from screens.app import ScorekeeperApp, run

def fails(self):
    raise RuntimeError("a bug")

ScorekeeperApp.on_ready = fails
ScorekeeperApp.run = partialmethod(App.run, headless=True)
sys.exit(run(sys.argv[1]))
"""


def test_an_app_that_fails_exits_with_a_failing_status(tmp_path: Path) -> None:
    """Textual shows the traceback and ends; the shell (and a script) must see it failed.
    In a process of its own: an app run for real leaves its loop's threads behind."""
    ended = subprocess.run(
        [sys.executable, "-c", FAILING_APP, str(tmp_path / "db")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ended.returncode == 1, ended.stderr[-2000:]
    assert "a bug" in ended.stderr


async def test_the_problem_app_says_what_happened_and_quits_on_a_key() -> None:
    problem = ProblemApp("The scores are open in another window", "Close it there first.")
    async with problem.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(problem.screen, ProblemScreen)
        await pilot.press("q")
        await pilot.pause()
    assert problem.return_code == 0


async def test_a_box_over_the_table_hides_the_tables_keys_until_it_closes(
    store: Store,
) -> None:
    """The round entry says its own keys; the table's (r, u, s…) do nothing meanwhile, so
    its footer is not shown behind the box, and comes back with the table."""
    store.add(Session.new("hot-rum", ["Ann", "Bob", "Cy"]))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_down(pilot)
        assert "r Hand" in drawn(pilot)[-1]
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RoundEntry)
        assert "r Hand" not in drawn(pilot)[-1]
        assert "Enter record" in said(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert "r Hand" in drawn(pilot)[-1]
