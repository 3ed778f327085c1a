"""The statistics screen at 80×24, over a real store holding one evening."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import DataTable, Static

from scorekeeper import Session
from scorekeeper.game import END_ROUND
from scorekeeper.reports.stats import Stats
from scorekeeper.store import Store
from screens import stats as stats_screen
from screens.app import ScorekeeperApp
from screens.home import HomeScreen
from screens.stats import EMPTY, StatsScreen
from tests.reports.test_stats import PARKS, parks_calcutta
from tests.ui.play import drawn, settled


class StatsHost(App[None]):
    def __init__(self, store: Store) -> None:
        super().__init__()
        self.store = store

    def on_mount(self) -> None:
        self.push_screen(StatsScreen(self.store))


def the_parks_evening(path: Path) -> None:
    """A Friday evening: Calcutta (three races here), Racehorse at $0.25, and a first
    hand of Seven Hand at Grandma's."""
    with Store(path) as store:
        store.add(parks_calcutta(3))
        racehorse = Session.new("racehorse", PARKS, dealer="Cy", options={"stake": 25})
        racehorse.record({"pitcher": "Ed", "bid": 2, "made": True})
        racehorse.record({"pitcher": "Ann", "bid": 5, "made": False})
        store.add(racehorse)
        seven = Session.new("seven-hand", ["Grandma", "Max", "Zoe"])
        seven.record({"out": "Max", "cards": {"Grandma": "K K 4 JK", "Zoe": "A 9"}})
        store.add(seven)


def row(table: DataTable[object], index: int) -> list[str]:
    return [str(cell) for cell in table.get_row_at(index)]


def text(app: App[None], selector: str) -> str:
    return str(app.screen.query_one(selector, Static).content)


async def test_statistics_rank_the_players_and_show_one_game_by_game(tmp_path: Path) -> None:
    the_parks_evening(tmp_path)
    with Store(tmp_path) as store:
        app = StatsHost(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(pilot)
            records = text(app, "#records")
            assert records.startswith("Biggest Calcutta pool: 99 chips (Ann, Bob, Cy, Di, Ed,")
            assert "Longest game: Calcutta Horse Race, 3 rounds" in records
            players = app.screen.query_one("#players", DataTable)
            assert players.row_count == 9
            # No game of the evening was played to its end: none won, none lost.
            assert row(players, 0) == ["Ann", "2", "—", "−$6.75", "+38"]
            assert row(players, 4) == ["Ed", "2", "—", "+$3.75", "−9"]
            assert row(players, 6)[0] == "Grandma"
            assert text(app, "#player-title") == "Ann, game by game"
            games = app.screen.query_one("#games", DataTable)
            assert row(games, 0) == ["Calcutta Horse Race", "1", "—", "+38", "+38"]
            assert row(games, 1) == ["Racehorse", "1", "—", "−$6.75", "−$6.75"]
            await pilot.press("down")
            await pilot.pause()
            assert text(app, "#player-title") == "Bob, game by game"
            # Narrower, a record's players go on under it, not back at the edge.
            await pilot.resize_terminal(50, 24)
            await pilot.pause()
            lines = drawn(pilot, "#records")
            assert any(line.startswith("  ") for line in lines), lines
            assert all(line.startswith(("Biggest", "Longest", "  ")) for line in lines), lines
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, StatsScreen)


async def test_a_seven_hand_not_yet_over_has_no_score_to_average(tmp_path: Path) -> None:
    the_parks_evening(tmp_path)
    with Store(tmp_path) as store:
        app = StatsHost(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(pilot)
            players = app.screen.query_one("#players", DataTable)
            players.move_cursor(row=6)
            await pilot.pause()
            assert text(app, "#player-title") == "Grandma, game by game"
            games = app.screen.query_one("#games", DataTable)
            assert row(games, 0) == ["Seven Hand Rummy", "1", "—", "—", "—"]


async def test_an_empty_store_says_statistics_start_with_the_first_round(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        app = StatsHost(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(pilot)
            assert text(app, "#no-stats") == EMPTY
            assert not app.screen.query_one("#players").display


async def test_ctrl_s_on_home_opens_the_statistics_even_while_filtering(tmp_path: Path) -> None:
    the_parks_evening(tmp_path)
    with Store(tmp_path) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(pilot)
            await pilot.press(*"zoe", "ctrl+s")
            await settled(pilot)
            assert isinstance(app.screen, StatsScreen)
            assert app.screen.query_one("#players", DataTable).row_count == 9
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            await pilot.press("ctrl+p", *"stats")
            await settled(pilot)  # the palette's search runs in a worker
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, StatsScreen), "the command palette offers it too"


async def test_the_statistics_are_gathered_behind_a_loading_indicator(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    the_parks_evening(tmp_path)
    release = threading.Event()
    real = stats_screen.gather

    def slow(store: Store) -> Stats:
        release.wait(10)
        return real(store)

    monkeypatch.setattr(stats_screen, "gather", slow)
    with Store(tmp_path) as store:
        app = StatsHost(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, StatsScreen)
            assert screen.loading
            await pilot.press("escape")  # the keys still answer while it reads
            await pilot.pause()
            assert not isinstance(app.screen, StatsScreen)
            release.set()
            await settled(pilot)
            app.push_screen(StatsScreen(store))
            await settled(pilot)
            assert not app.screen.loading
            assert app.screen.query_one("#players", DataTable).row_count == 9


async def test_each_figure_stands_under_its_heading_and_both_tables_line_up(
    tmp_path: Path,
) -> None:
    the_parks_evening(tmp_path)
    with Store(tmp_path) as store:
        app = StatsHost(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(pilot)
            players, games = drawn(pilot, "#players"), drawn(pilot, "#games")
            for heading, first in (players[:2], games[:2]):
                for label in ("Played", "Won"):
                    end = heading.index(label) + len(label)
                    assert first[end - 1] != " " and first[end : end + 1] in ("", " "), (
                        f"{label}: {heading!r} over {first!r}"
                    )
            for label in ("Played", "Won"):
                assert players[0].index(label) == games[0].index(label), label


async def test_won_is_counted_of_the_games_finished(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        for out in ("Ann", "Ann", "Bob"):
            session = Session.new("hot-rum", ["Ann", "Bob"])
            other = "Bob" if out == "Ann" else "Ann"
            session.record({"out": out, "cards": {other: "K"}})
            session.record(END_ROUND)
            store.add(session)
        going = Session.new("hot-rum", ["Ann", "Bob"])
        going.record({"out": "Ann", "cards": {"Bob": "K"}})
        store.add(going)
        app = StatsHost(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(pilot)
            players = app.screen.query_one("#players", DataTable)
            rows = {row(players, at)[0]: row(players, at) for at in range(players.row_count)}
            assert rows["Ann"][1:3] == ["4", "2 of 3 finished"]
            assert rows["Bob"][1:3] == ["4", "1 of 3 finished"]
            # No chip game was played: no column of 0 chips beside the money.
            assert "Chips" not in drawn(pilot, "#players")[0]
            assert len(rows["Ann"]) == 4


async def test_the_longest_game_is_named_by_its_house_game(tmp_path: Path) -> None:
    hearts = Session.new(
        "score-pad",
        ["Ann", "Bob", "Cy", "Di"],
        options={"house": "Hearts at Grandma's", "wins": "lowest", "target": 100},
    )
    for scores in ((3, 13, 6, 4), (0, 26, 26, 26)):
        hearts.record({"scores": dict(zip(["Ann", "Bob", "Cy", "Di"], scores, strict=True))})
    with Store(tmp_path) as store:
        store.add(hearts)
        app = StatsHost(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(pilot)
            assert "Longest game: Hearts at Grandma's, 2 rounds" in text(app, "#records")
