"""A game added while the app runs goes through everything generic code does with a game.

The toy game below is found the way every game is: a module named after its id in the
games package holding ``GAME``, and one in ``screens/rounds/`` holding ``ENTRY`` (here
each a line on a folder added to the packages' paths for this test alone). It is
recorded, refused, undone, edited, ended, settled, saved, exported and told in words, and
its entry is opened, filled and opened again to edit in the app. What this file had to
define is what adding a game takes: the checklist in docs/architecture.md, hook by hook.
"""

from __future__ import annotations

import csv
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, TypedDict

import pytest
from textual.app import ComposeResult
from textual.widgets import Input

import scorekeeper.games
import screens.rounds
from scorekeeper import GAMES, RuleError, Session
from scorekeeper.checks import Round, accepted, as_int, as_player, shaped
from scorekeeper.game import END_ROUND, EVENING, Game, Setup, State
from scorekeeper.payouts import add
from scorekeeper.reports import rows
from scorekeeper.reports.export import export
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.rounds import ENTRIES
from screens.rounds.base import RoundEntry
from screens.settle import SettleScreen
from screens.widgets.fields import FieldRow
from screens.widgets.text_input import TextInput
from tests.ui.play import said, start_session


class Win(TypedDict):
    """One hand: who won it, and the points each other player pays them."""

    winner: str
    points: int


class Tally(Game):
    """Each hand one player wins, and every other player pays them the points named."""

    id = "toy-game"
    name = "Toy Tally"
    min_players = 2
    max_players = 6
    unit = "chips"
    rules = "Each hand one player wins: every other player pays them the points named."
    # The table makes its record key, one per game's word for a round, as the app is
    # imported: a game added later says one a game already says (a module does not need to).
    round_name = "Hand"
    ending = EVENING
    fact_names = ("winner", "points", "end")

    def play(self, setup: Setup, state: State, round_: Round) -> State:
        win = shaped(round_, Win, ("winner", "points"))
        winner = as_player(win["winner"], "winner", setup.players)
        points = as_int(win["points"], "points", minimum=1)
        paid = {name: -points for name in setup.players if name != winner}
        paid[winner] = points * len(paid)
        balances = add(state.balances, paid)
        return State(setup.left_of(state.dealer), balances, balances)

    def details(self, round_: Round) -> dict[str, str | int]:
        win = accepted(round_, Win)
        return {"winner": win["winner"], "points": win["points"]}


class TallyEntry(RoundEntry):
    game_id = "toy-game"

    def compose_fields(self) -> ComposeResult:
        yield FieldRow("winner", "Winner", self.player_choice())
        yield FieldRow("points", "Points", TextInput())

    def read(self) -> Win:
        return {"winner": self.picked("winner"), "points": self.whole("points")}

    def fill(self, round_: Mapping[str, Any]) -> None:
        self.put("winner", round_["winner"])
        self.put("points", round_["points"])


GAME = Tally()
ENTRY = TallyEntry
SHIMS = {scorekeeper.games: "GAME", screens.rounds: "ENTRY"}
"""Each package the toy game is found in, and what its module there holds."""


def look_again() -> None:
    """Find the games and entries on the packages' paths again; the export's columns,
    figured once from every game, are figured again."""
    scorekeeper.games.rescan()
    screens.rounds.rescan()
    rows.columns.cache_clear()


@pytest.fixture
def toy_game(tmp_path: Path) -> Iterator[Game]:
    folders = {package: tmp_path / package.__name__ for package in SHIMS}
    for package, held in SHIMS.items():
        folders[package].mkdir()
        shim = f'"""The toy game\'s {held}."""\n\nfrom {__name__} import {held}\n'
        (folders[package] / "toy_game.py").write_text(shim, encoding="utf-8")
        package.__path__.append(str(folders[package]))
    look_again()
    try:
        yield GAMES["toy-game"]
    finally:
        for package, folder in folders.items():
            package.__path__.remove(str(folder))
            sys.modules.pop(f"{package.__name__}.toy_game", None)
        look_again()
        assert "toy-game" not in GAMES and "toy-game" not in ENTRIES


def test_the_toy_game_is_found_as_every_game_is(toy_game: Game) -> None:
    assert toy_game is GAME and "toy-game" in list(GAMES)
    assert ENTRIES["toy-game"] is TallyEntry


def test_the_toy_game_keeps_the_contract_every_game_keeps(
    toy_game: Game, store: Store, tmp_path: Path
) -> None:
    session = Session.new("toy-game", ["Ann", "Bob", "Cy"])
    session.record({"winner": "Ann", "points": 3})
    assert session.balances == {"Ann": 6, "Bob": -3, "Cy": -3}
    assert session.dealer == "Bob"
    before = session.to_dict()
    with pytest.raises(RuleError) as refused:
        session.record({"winner": "Zed", "points": 3})
    assert refused.value.field == "winner" and session.to_dict() == before

    session.record({"winner": "Cy", "points": 2})
    assert session.undo() == {"winner": "Cy", "points": 2}
    session.record({"winner": "Cy", "points": 1})
    session.edit(0, {"winner": "Bob", "points": 3})
    assert session.balances == {"Ann": -4, "Bob": 5, "Cy": -1}
    assert session.describe(0) == "winner Bob; points 3"

    session.record(dict(END_ROUND))
    assert session.finished and session.winners == ("Bob",)
    assert session.describe(2) == "Evening ended"
    assert session.settlement() == [("Ann", "Bob", 4), ("Cy", "Bob", 1)]

    session_id = store.add(session)
    assert store.load(session_id) == session
    _, rounds_csv = export(store, tmp_path / "out")
    with rounds_csv.open(encoding="utf-8-sig", newline="") as handle:
        lines = list(csv.DictReader(handle))
    told = {
        (row["round"], row["what"], row["detail:winner"], row["detail:points"]) for row in lines
    }
    assert told == {
        ("1", "winner Bob; points 3", "Bob", "3"),
        ("2", "winner Cy; points 1", "Cy", "1"),
        ("end", "Evening ended", "", ""),
    }
    last = {row["player"]: row["balance"] for row in lines if row["round"] == "end"}
    assert last == {"Ann": "-4", "Bob": "5", "Cy": "-1"}


async def test_the_toy_games_entry_records_and_edits_in_the_app(
    toy_game: Game, store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start_session(pilot, "toy-game", ["Ann", "Bob", "Cy"])
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, TallyEntry)
        await pilot.press("a", "down", *"3", "enter")
        await pilot.pause()
        assert store.load(table.session_id).rounds == [{"winner": "Ann", "points": 3}]

        await pilot.press("up", "enter")
        await pilot.pause()
        entry = app.screen
        assert isinstance(entry, TallyEntry)
        assert entry.control("points", Input).value == "3"
        await pilot.press("b", "enter")
        await pilot.pause()
        assert store.load(table.session_id).rounds == [{"winner": "Bob", "points": 3}]

        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettleScreen)
        assert "Ann pays Bob 3 chips" in said(pilot)
