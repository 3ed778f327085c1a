"""The app on a store another laptop syncs into: what arrives shows without a restart.

Each test copies files in as a sync engine would (``tests.sync.copying``) and then runs
the screen's poll once (``follow``), as its one-second timer would.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from scorekeeper.session import Session
from scorekeeper.store import Store
from scorekeeper.store.machine import SHARED_FILE
from scorekeeper.store.resolve import BOTH, OTHER, SHOWN, resolve
from screens.app import ScorekeeperApp
from screens.conflict import ConflictScreen
from screens.home import HomeScreen
from screens.nights import NightsScreen
from screens.table import TableScreen
from screens.widgets.grid import ScoreGrid
from tests.factories import MADE_3, MADE_4, UPPED_2, file_of, racehorse
from tests.sync.copying import Engine, carry, mirror, name_laptop
from tests.ui.play import drawn, hand, said, settled, sit_down
from tests.ui.test_nothing_lost import toasts


def shared(folder: Path) -> Path:
    folder.mkdir(parents=True)
    (folder / SHARED_FILE).touch()
    return folder


def typed_apart(tmp_path: Path, other_laptop: str) -> tuple[Path, Path, str, str]:
    """A game of one deal, then deal 2 typed on each laptop while apart: the other
    laptop's Bob upped 2, the kitchen's Cid made 4 (later, so shown). The kitchen's
    folder, the other's, the session's id and the other laptop's copy, not yet carried."""
    here, there = shared(tmp_path / "here"), shared(tmp_path / "there")
    name_laptop(here, "Kitchen laptop")
    name_laptop(there, other_laptop)
    with Store(here) as store:
        session_id = store.add(racehorse(MADE_3))
    mirror(here, there)
    with Store(there) as other:
        other.record(session_id, UPPED_2)
        theirs = f"logs/{session_id}.{other.laptop.id}.json"
    with Store(here) as store:
        store.record(session_id, MADE_4)
    return here, there, session_id, theirs


def gone_on_differently(tmp_path: Path, other_laptop: str) -> tuple[Path, str]:
    """The game typed apart, the other laptop's copy carried to the kitchen: the
    kitchen's folder and the session's id."""
    here, there, session_id, theirs = typed_apart(tmp_path, other_laptop)
    carry(there, here, theirs)
    return here, session_id


async def follow(pilot: Pilot[None]) -> None:
    screen = pilot.app.screen
    assert isinstance(screen, HomeScreen | TableScreen | NightsScreen)
    screen.follow()
    await settled(pilot)


def rounds_listed(app: ScorekeeperApp) -> list[str]:
    return [row[3] for row in app.screen.query_one("#sessions", ScoreGrid).rows]


async def test_home_shows_sessions_that_arrive_change_and_go(tmp_path: Path) -> None:
    here, there = shared(tmp_path / "here"), shared(tmp_path / "there")
    with Store(here) as store, Store(there) as other:
        store.add(racehorse(MADE_3))
        app = ScorekeeperApp(store)
        async with app.run_test(size=(100, 30)) as pilot:
            await follow(pilot)
            assert rounds_listed(app) == ["1"]

            arrived = other.add(racehorse(UPPED_2))
            mirror(there, here)
            await follow(pilot)
            assert sorted(rounds_listed(app)) == ["1", "1"]

            other.record(arrived, MADE_4)
            theirs = str(file_of(there, arrived).relative_to(there))
            carry(there, here, theirs)
            await follow(pilot)
            assert sorted(rounds_listed(app)) == ["1", "2"]

            (here / theirs).unlink()
            await follow(pilot)
            assert rounds_listed(app) == ["1"]


async def test_a_game_gone_on_differently_is_one_row_marked_and_decided_with_one_key(
    tmp_path: Path,
) -> None:
    here, there, session_id, theirs = typed_apart(tmp_path, "Grandma's laptop")
    with Store(here) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(100, 30)) as pilot:
            await follow(pilot)
            assert not app.screen.query("#conflicts")  # nothing to say: no line for it
            carry(there, here, theirs)  # the other laptop's copy arrives
            await follow(pilot)
            notice = app.screen.query_one("#conflicts", Static)
            assert notice.display
            words = str(notice.content)
            assert f"Racehorse game of Ann, Bob, Cid, Dee, Eve ({session_id}) went on" in words
            (row,) = app.screen.query_one("#sessions", ScoreGrid).rows
            assert row[3] == "2" and "waits" in row[5]  # one game, marked

            await pilot.press("ctrl+k")
            assert isinstance(app.screen, ConflictScreen)
            shown, other = said(pilot, "#version-1"), said(pilot, "#version-2")
            assert "on Kitchen laptop" in shown and "on Grandma's laptop" in other
            assert "balances:" in shown and "balances:" in other
            await pilot.press("b")
            await settled(pilot)
            assert isinstance(app.screen, HomeScreen)
            await follow(pilot)
            assert rounds_listed(app) == ["3"]
            assert not notice.display


async def test_the_versions_lines_wrap_under_their_own_text_at_80_columns(
    tmp_path: Path,
) -> None:
    """In a column half the dialog wide, a round's line goes on two cells further in than
    it starts: its end never reads as a line of its own at the left edge."""
    here, _ = gone_on_differently(tmp_path, "Grandma's laptop")
    with Store(here) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await follow(pilot)
            await pilot.press("ctrl+k")
            await pilot.pause()
            for column in ("#version-1", "#version-2"):
                lines = drawn(pilot, column)
                assert lines[0].startswith("Version") and len(lines) > 4, "lines wrapped"
                item = 0
                for line in lines[1:]:
                    indent = len(line) - len(line.lstrip(" "))
                    if line.lstrip(" ").startswith(("round ", "balances:")):
                        item = indent
                    else:
                        assert indent == item + 2, lines  # goes on under its own text


@asynccontextmanager
async def table_on_two_laptops(
    tmp_path: Path, *, notifications: bool = False, other_name: str = "Grandma's laptop"
) -> AsyncIterator[tuple[Pilot[None], TableScreen, Callable[..., None]]]:
    """A game of one deal open at this laptop's table (the Kitchen laptop), and what
    brings a deal recorded on the other (``other_name``: Bob upped 2) here, as the sync
    engine would."""
    here, there = shared(tmp_path / "here"), shared(tmp_path / "there")
    name_laptop(here, "Kitchen laptop")
    name_laptop(there, other_name)
    with Store(here) as store:
        session_id = store.add(racehorse(MADE_3))
    mirror(here, there)
    with Store(here) as store, Store(there) as other:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(100, 30), notifications=notifications) as pilot:
            await pilot.press("enter")
            await settled(pilot)
            table = app.screen
            assert isinstance(table, TableScreen)

            def arrives(in_place: bool = False) -> None:
                """``in_place``: written into the log already here, as a copy over it
                does, where an engine brings a new file and renames it into place."""
                other.record(session_id, UPPED_2)
                log = f"logs/{session_id}.{other.laptop.id}.json"
                if in_place:
                    with open(here / log, "r+b") as kept:
                        kept.write((there / log).read_bytes())
                else:
                    carry(there, here, log)

            yield pilot, table, arrives


async def test_an_open_table_shows_a_round_recorded_on_another_laptop(tmp_path: Path) -> None:
    async with table_on_two_laptops(tmp_path) as (pilot, table, arrives):
        await follow(pilot)
        assert len(table.session.rounds) == 1

        arrives()
        await pilot.press("r")  # a round is being typed: the table behind shows it all the same
        await settled(pilot)
        assert pilot.app.screen is not table
        table.follow()
        await settled(pilot)
        assert len(table.session.rounds) == 2
        assert table.session.rounds[-1]["pitcher"] == "Bob"


async def test_the_nights_take_in_a_table_recorded_on_another_laptop(tmp_path: Path) -> None:
    here, there = shared(tmp_path / "here"), shared(tmp_path / "there")
    with Store(here) as store, Store(there) as other:
        store.add(racehorse(MADE_3))
        app = ScorekeeperApp(store)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("ctrl+l")
            await settled(pilot)
            nights = app.screen
            assert isinstance(nights, NightsScreen)
            await follow(pilot)
            assert [len(night.sessions) for night in nights.nights] == [1]

            other.add(racehorse(UPPED_2))
            mirror(there, here)
            await follow(pilot)
            assert [len(night.sessions) for night in nights.nights] == [2]
            games = str(nights.query_one("#games", Static).content)
            assert games.count("Racehorse") == 2


async def test_a_round_typed_as_another_laptop_s_arrives_goes_on_top_of_it(
    tmp_path: Path,
) -> None:
    async with table_on_two_laptops(tmp_path) as (_, table, arrives):
        arrives()
        assert table.record(MADE_4) is None  # before the table's next look
        assert [r["pitcher"] for r in table.session.rounds] == ["Ann", "Bob", "Cid"]


async def test_two_apps_on_two_synced_folders_record_at_once(tmp_path: Path) -> None:
    """Two laptops' apps, each on its own folder, both at a table recording hands while
    every file is copied both ways: neither is refused, and each lists both games."""
    folders = (shared(tmp_path / "home"), shared(tmp_path / "grandma"))
    engine = Engine(*folders)
    with Store(folders[0]) as first, Store(folders[1]) as second:
        first.add(Session.new("hot-rum", ["Ann", "Bob"]))
        second.add(Session.new("hot-rum", ["Cy", "Di"]))
        apps = (ScorekeeperApp(first), ScorekeeperApp(second))
        async with (
            apps[0].run_test(size=(100, 30)) as one,
            apps[1].run_test(size=(100, 30)) as other,
        ):
            tables = [await sit_down(pilot) for pilot in (one, other)]
            for _ in range(3):
                await hand(one, "Ann", "5 5")
                await hand(other, "Di", "K Q")
                engine.sync()
            for table in tables:
                assert len(table.session.rounds) == 3
            for pilot, app in zip((one, other), apps, strict=True):
                await pilot.press("escape")
                await settled(pilot)
                await follow(pilot)
                assert rounds_listed(app) == ["3", "3"]
    for folder in folders:
        with Store(folder, readonly=True) as store:
            assert sorted(s.players for s in store.summaries()) == [("Ann", "Bob"), ("Cy", "Di")]
            assert all(s.rounds == 3 for s in store.summaries())


async def test_a_session_arriving_before_the_first_look_is_not_missed(tmp_path: Path) -> None:
    here, there = shared(tmp_path / "here"), shared(tmp_path / "there")
    with Store(here) as store, Store(there) as other:
        store.add(racehorse(MADE_3))
        app = ScorekeeperApp(store)
        async with app.run_test(size=(100, 30)) as pilot:
            await settled(pilot)
            other.add(racehorse(UPPED_2))
            mirror(there, here)
            await follow(pilot)  # Home's first look
            assert rounds_listed(app) == ["1", "1"]


async def test_an_open_table_says_its_copy_came_back_older_and_writes_its_rounds_back(
    tmp_path: Path,
) -> None:
    """A cloud client restores this laptop's copy as it was a round ago (or a two-way
    ``rsync -a`` without ``-u`` carries it back): the table keeps its rounds, says so at
    once, and writes them back over the older copy."""
    from tests.ui.test_nothing_lost import toasts

    async with table_on_two_laptops(tmp_path, notifications=True) as (pilot, table, _):
        there = tmp_path / "there"
        assert table.record(UPPED_2) is None and table.record(MADE_4) is None
        await settled(pilot)
        mirror(there, here := tmp_path / "here")  # the copy of one deal, put back
        table.follow()
        await settled(pilot)
        assert isinstance(pilot.app, ScorekeeperApp)
        said = " ".join(toasts(pilot.app).split())
        assert "came back older than this laptop left it" in said
        assert "it shows 1 round where this laptop had 3 rounds" in said
        assert "still held 3 rounds: written back" in said
        assert [r["pitcher"] for r in table.session.rounds] == ["Ann", "Bob", "Cid"]
    with Store(here, readonly=True) as store:
        (summary,) = store.summaries()
        assert summary.rounds == 3


async def test_home_says_at_once_which_session_came_back_older_and_writes_it_back(
    tmp_path: Path,
) -> None:
    """The app starts on a store whose copy of this laptop's a cloud client restored as it
    was two deals ago: Home says so at once and the list shows every deal recorded here."""
    from tests.ui.test_nothing_lost import toasts

    here = shared(tmp_path / "here")
    with Store(here) as store:
        session_id = store.add(racehorse(MADE_3))
        older = file_of(here, session_id).read_bytes()
        store.record(session_id, UPPED_2)
        store.record(session_id, MADE_4)
    restored = file_of(here, session_id).with_name("restored.tmp")
    restored.write_bytes(older)
    restored.replace(file_of(here, session_id))
    with Store(here) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await follow(pilot)
            said = " ".join(toasts(app).split())
            assert f"Eve ({session_id}) came back older than this laptop left it" in said
            assert "it shows 1 round where this laptop had 3 rounds" in said
            assert "still held 3 rounds: written back" in said
            await follow(pilot)
            assert rounds_listed(app) == ["3"]


async def test_an_open_table_says_at_once_its_game_went_on_differently(tmp_path: Path) -> None:
    """The warning comes first under the title, where 80 columns cut the names and not
    it, with a word in the corner (how to decide) when it begins."""
    here, there, _, theirs = typed_apart(tmp_path, "Grandma's laptop")
    with Store(here) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            table = await sit_down(pilot)
            carry(there, here, theirs)
            await follow(pilot)
            assert str(table.sub_title).startswith("⚠ awaits a decision · Ann")
            assert "went on differently on another laptop" in toasts(app)


@pytest.mark.parametrize(
    ("choice", "said"),
    [
        (BOTH, "kept both, one after the other"),
        (SHOWN, "kept the version recorded on Kitchen laptop"),
        (OTHER, "kept the version recorded on Grandma's laptop"),
    ],
)
async def test_an_open_table_says_a_decision_made_on_another_laptop(
    tmp_path: Path, choice: str, said: str
) -> None:
    """The figures change under the table's eyes when the other laptop decides: it says
    who decided what, not only drops the warning; "this" or "the other" version would be
    the deciding laptop's words, so the version kept is named by who recorded it."""
    here, there, session_id, theirs = typed_apart(tmp_path, "Grandma's laptop")
    carry(there, here, theirs)
    mirror(here, there)
    with Store(here) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            table = await sit_down(pilot)
            assert table.waiting
            with Store(there) as other:
                resolve(other, session_id, choice)
                carry(there, here, f"logs/{session_id}.{other.laptop.id}.json")
            await follow(pilot)
            assert not table.waiting
            assert f"Decided on Grandma's laptop: {said}." in toasts(app)
