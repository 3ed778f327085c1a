"""Opening the app on a store with a damaged file: it starts, lists the rest, and names
the command that repairs the damage; a session damaged where it lies is a problem screen
if opened before the app's next look, and named (out of the list) after it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.home import HomeScreen
from screens.problem import ProblemScreen
from screens.widgets.grid import ScoreGrid
from tests.factories import file_of
from tests.hostile.stores import rewrite, two_sessions
from tests.ui.play import settled

DAMAGES = {
    "the players are text": lambda path, hit: rewrite(
        path, hit, lambda events: events[1]["body"].update(players="many")
    ),
    "a 5,000-digit number": lambda path, hit: file_of(path, hit).write_text(
        file_of(path, hit).read_text().replace('"at":', '"at":' + "7" * 5000 + ',"was":')
    ),
    "a FIFO": lambda path, hit: (file_of(path, hit).unlink(), os.mkfifo(file_of(path, hit))),
}


@pytest.mark.parametrize("damage", DAMAGES)
async def test_the_app_opens_lists_the_rest_and_names_doctor(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "db"
    hit, _ = two_sessions(path)
    file = file_of(path, hit)
    DAMAGES[damage](path, hit)
    with Store(path) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(100, 30)) as pilot:
            await settled(pilot)  # the damaged are named by a worker, Home painted first
            assert isinstance(app.screen, HomeScreen)
            listed = app.screen.query_one("#sessions", ScoreGrid).rows
            assert len(listed) == 2
            notice = str(app.screen.query_one("#damaged").render())
            assert file.name in notice and "scorekeeper doctor --fix" in notice


async def test_a_session_damaged_where_it_lies_opens_a_problem_screen_naming_doctor(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "db"
    hit, _ = two_sessions(path)
    monkeypatch.setattr(HomeScreen, "follow", lambda self: None)  # opened before a look
    with Store(path) as store:
        index = [summary.id for summary in store.summaries()].index(hit)
        app = ScorekeeperApp(store)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            file_of(path, hit).write_bytes(b'{"events": {"1": {"at": "')
            for _ in range(index):
                await pilot.press("down")
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, ProblemScreen)
            assert "cut short" in app.screen.message
            assert "scorekeeper doctor --fix" in app.screen.message


async def test_a_session_damaged_where_it_lies_leaves_the_list_at_the_next_look(
    tmp_path: Path,
) -> None:
    path = tmp_path / "db"
    hit, _ = two_sessions(path)
    with Store(path) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(100, 30)) as pilot:
            home = app.screen
            assert isinstance(home, HomeScreen)
            home.follow()
            await settled(pilot)
            listed = len(home.query_one("#sessions", ScoreGrid).rows)
            file_of(path, hit).write_bytes(b'{"events": {"1": {"at": "')
            home.follow()  # rewritten in place: no folder changed, its change time did
            await settled(pilot)
            assert len(home.query_one("#sessions", ScoreGrid).rows) == listed - 1
            notice = str(home.query_one("#damaged").render())
            assert file_of(path, hit).name in notice and "doctor --fix" in notice
