"""A game added while the app runs goes through everything generic code does with a game.

The toy game below is found the way every game is: a module named after its id in the
games package holding ``GAME``, and one in ``screens/rounds/`` holding ``ENTRY`` (here
each a line on a folder added to the packages' paths for this test alone). It is
recorded, refused, undone, edited, ended, settled, saved, exported and told in words, and
its entry is opened, filled and opened again to edit in the app. What this file had to
define is what adding a game takes: the checklist in docs/architecture.md, hook by hook.

Its fact ``taken`` is a name no other game has, placed between two that other games
have. An export's columns come from the games it holds: adding a game, even one first in
the menu that names other games' facts in another order, leaves an export of the
sessions before it byte for byte the same, and an export holding both lays every cell out
under its heading, as it would if worked out afresh.
"""

from __future__ import annotations

import contextlib
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
from scorekeeper.game import END_ROUND, EVENING, Game, RoundFacts, Setup, State
from scorekeeper.payouts import add
from scorekeeper.reports.export import export
from scorekeeper.store import Store
from scorekeeper.store.sidecar import ROWS
from screens.app import ScorekeeperApp
from screens.rounds import ENTRIES
from screens.rounds.base import RoundEntry
from screens.settle import SettleScreen
from screens.widgets.field_row import FieldRow
from screens.widgets.text_input import TextInput
from tests import textual_internals
from tests.factories import MADE_3, UPPED_2, racehorse
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
    fact_names = ("winner", "points", "taken", "end")

    def play(self, setup: Setup, state: State, round_: Round) -> State:
        win = shaped(round_, Win, ("winner", "points"))
        winner = as_player(win["winner"], "winner", setup.players)
        points = as_int(win["points"], "points", minimum=1)
        paid = {name: -points for name in setup.players if name != winner}
        paid[winner] = points * len(paid)
        balances = add(state.balances, paid)
        return State(setup.left_of(state.dealer), balances, balances)

    def round_facts(self, setup: Setup, before: State, round_: Round, after: State) -> RoundFacts:
        win = accepted(round_, Win)
        taken = after.balances[win["winner"]] - before.balances[win["winner"]]
        return RoundFacts({"winner": win["winner"], "points": win["points"], "taken": taken})


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


class FirstTally(Tally):
    """The toy game first in the menu, naming the score pad's facts before its own: in an
    export holding every game, the score pad's columns come first."""

    menu_order = 0
    fact_names = ("round", "scored", "winner", "points", "taken", "end")


GAME = Tally()
FIRST_GAME = FirstTally()
ENTRY = TallyEntry
SHIMS = {scorekeeper.games: "GAME", screens.rounds: "ENTRY"}
"""Each package the toy game is found in, and what its module there holds."""


def look_again() -> None:
    """Find the games and entries on the packages' paths again."""
    scorekeeper.games.rescan()
    screens.rounds.rescan()


@contextlib.contextmanager
def toy_game_added(folder: Path, game: str = "GAME") -> Iterator[Game]:
    """The toy game installed (its modules written under ``folder``) while in the block:
    ``game`` names the game of this module it is."""
    folders = {package: folder / package.__name__ for package in SHIMS}
    for package, held in SHIMS.items():
        folders[package].mkdir(parents=True)
        kept = game if held == "GAME" else held
        shim = f'"""The toy game\'s {held}."""\n\nfrom {__name__} import {kept} as {held}\n'
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


@pytest.fixture
def toy_game(tmp_path: Path) -> Iterator[Game]:
    with toy_game_added(tmp_path) as game:
        yield game


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
    assert session.describe(0) == "winner Bob; points 3; taken 6"

    session.record(dict(END_ROUND))
    assert session.finished and session.winners == ("Bob",)
    assert session.describe(2) == "Evening ended"
    assert session.settlement() == [("Ann", "Bob", 4), ("Cy", "Bob", 1)]

    session_id = store.add(session)
    assert store.load(session_id) == session
    _, rounds_csv = export(store, tmp_path / "out")
    with rounds_csv.open(encoding="utf-8-sig", newline="") as handle:
        lines = list(csv.DictReader(handle))
    told = {(row["round"], row["what"], row["detail:winner"], row["detail:taken"]) for row in lines}
    assert told == {
        ("1", "winner Bob; points 3; taken 6", "Bob", "6"),
        ("2", "winner Cy; points 1; taken 2", "Cy", "2"),
        ("end", "Evening ended", "", ""),
    }
    last = {row["player"]: row["balance"] for row in lines if row["round"] == "end"}
    assert last == {"Ann": "-4", "Bob": "5", "Cy": "-1"}


async def test_the_toy_games_entry_records_and_edits_in_the_app(
    toy_game: Game, store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    # As for every test under tests/ui/ (its conftest): the CSS parsed is shared.
    textual_internals.css_parsed_once(monkeypatch)
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


def _exported(store: Store, folder: Path) -> list[bytes]:
    """Both CSV files of an export of every session, as written."""
    return [path.read_bytes() for path in export(store, folder, processes=1)]


def _cells(written: bytes) -> list[list[str]]:
    return list(csv.reader(written.decode("utf-8-sig").splitlines()))


def old_sessions(store: Store) -> None:
    horses = racehorse(MADE_3, UPPED_2)
    rum = Session.new("hot-rum", ["Ann", "Bob"])
    rum.record({"out": "Ann", "rummy": True, "deadwood": {"Bob": 12}})
    pad = Session.new("score-pad", ["Ann", "Bob"], options={"stake": 5})
    pad.record({"scores": {"Ann": 4, "Bob": -4}})
    pad.record(dict(END_ROUND))
    for session in (horses, rum, pad):
        store.add(session)


@pytest.mark.parametrize("game", ["GAME", "FIRST_GAME"])
def test_a_game_added_leaves_an_export_of_the_sessions_before_it_byte_for_byte(
    store: Store, tmp_path: Path, game: str
) -> None:
    old_sessions(store)
    before = _exported(store, tmp_path / "before")
    with toy_game_added(tmp_path / "games", game):
        upgraded = _exported(store, tmp_path / "upgraded")
        for kept in (store.path / "sessions").glob(f"*{ROWS}"):
            kept.unlink()
        afresh = _exported(store, tmp_path / "afresh")
    assert upgraded == before
    assert afresh == before


@pytest.mark.parametrize("game", ["GAME", "FIRST_GAME"])
def test_an_export_holding_a_game_added_puts_every_old_cell_under_its_heading(
    store: Store, tmp_path: Path, game: str
) -> None:
    old_sessions(store)
    before = _cells(_exported(store, tmp_path / "before")[1])
    with toy_game_added(tmp_path / "games", game):
        toy = Session.new("toy-game", ["Ann", "Bob"])
        toy.record({"winner": "Bob", "points": 2})
        store.add(toy)
        upgraded = _exported(store, tmp_path / "upgraded")
        for kept in (store.path / "sessions").glob(f"*{ROWS}"):
            kept.unlink()
        afresh = _exported(store, tmp_path / "afresh")

    assert upgraded == afresh
    rounds = _cells(upgraded[1])
    old_header, new_header = before[0], rounds[0]
    assert new_header.index("detail:scored") < new_header.index("detail:taken")
    assert new_header.index("detail:taken") < new_header.index("detail:end")
    toy_rows = [row for row in rounds[1:] if row[1] == GAME.name]
    old_rows = [row for row in rounds[1:] if row[1] != GAME.name]
    assert len(toy_rows) == 2
    for old, new in zip(before[1:], old_rows, strict=True):
        by_name = dict(zip(new_header, new, strict=True))
        assert by_name["detail:taken"] == ""
        assert dict(zip(old_header, old, strict=True)) == {
            name: by_name[name] for name in old_header
        }
