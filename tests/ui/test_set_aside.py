"""The versions a decision set aside, at the game's table: a (offered only while some
version is set aside) lists each by what it holds, in the command line's words, and
Enter brings the highlighted one back."""

from __future__ import annotations

from pathlib import Path

from textual.command import Hit
from textual.widgets import Static

from scorekeeper.store import Store
from scorekeeper.store.resolve import BACK, SHOWN, resolve
from screens.app import ScorekeeperApp
from screens.help import HelpScreen
from screens.palette import ScreenCommands
from screens.problem import ProblemScreen
from screens.set_aside import SetAsideScreen
from screens.table import TableScreen
from tests.factories import MADE_3, MADE_4, UPPED_2, racehorse
from tests.sync.copying import carry
from tests.ui.play import drawn, grid_rows, said, settled, sit_down
from tests.ui.test_keys_shown import footer_of
from tests.ui.test_nothing_lost import toasts
from tests.ui.test_synced_store import follow, gone_on_differently, typed_apart

OTHER_LAPTOP = "[b]Grandma's[/b] laptop"
"""A laptop's name is another laptop's text: markup in it is shown, never obeyed."""


def one_set_aside(tmp_path: Path) -> tuple[Path, str]:
    """A game of one deal, then deal 2 typed on each laptop while apart: Grandma's Bob
    upped 2, the kitchen's Cid made 4 (later, so shown); synced, and the kitchen keeps
    the version shown: Grandma's deal is set aside."""
    here, session_id = gone_on_differently(tmp_path, OTHER_LAPTOP)
    with Store(here) as store:
        resolve(store, session_id, SHOWN)
    return here, session_id


async def found(table: TableScreen, query: str) -> list[str]:
    provider = ScreenCommands(table)
    return [str(hit.text) async for hit in provider.search(query) if isinstance(hit, Hit)]


async def test_a_version_set_aside_is_listed_at_its_table_and_brought_back_with_enter(
    tmp_path: Path,
) -> None:
    here, session_id = one_set_aside(tmp_path)
    with Store(here) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            table = await sit_down(pilot)
            await settled(pilot)
            assert "a Aside" in footer_of(pilot)
            assert str(table.sub_title).startswith("1 set aside (a) · Ann")
            assert grid_rows(pilot)["balance"][:3] == ["+$8.00", "−$7.00", "+$13.00"], "Cid's"

            await pilot.press("a")
            assert isinstance(app.screen, SetAsideScreen)
            listed = said(pilot, "#versions")
            assert (
                f"Set aside 1: 2 rounds, 1 more round on {OTHER_LAPTOP} after round 1" in listed
            ), listed
            assert f"round 2: Bob pitched 2 and was upped (on {OTHER_LAPTOP} at " in listed
            assert "balances: Ann +$14.00, Bob −$11.00, Cid −$1.00" in listed, listed

            await pilot.press("enter")
            await settled(pilot)
            assert pilot.app.screen is table, "back at the table"
            assert store.saved(session_id)["rounds"] == [MADE_3, UPPED_2]
            assert grid_rows(pilot)["balance"][:3] == ["+$14.00", "−$11.00", "−$1.00"]
            told = " ".join(toasts(app).split())
            assert (
                f"Set aside 1 is the game again: 2 rounds, 1 more round on {OTHER_LAPTOP}"
            ) in told, told
            assert "The version shown before is set aside in its place" in told

            await pilot.press("a")  # the kitchen's deal, set aside now, can come back
            assert "1 more round on Kitchen laptop" in said(pilot, "#versions")


async def test_at_80_columns_a_long_line_goes_on_under_its_own_words(tmp_path: Path) -> None:
    """A round or the balances too long for the box wrap under their own text, further
    in, never back at the edge where a version's heading starts."""
    here, session_id = gone_on_differently(tmp_path, "Grandma's laptop in the back room")
    with Store(here) as store:
        resolve(store, session_id, SHOWN)
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await sit_down(pilot)
            await pilot.press("a")
            lines = [line for line in drawn(pilot, "#versions") if line]
    assert lines[0].startswith("Set aside 1: 2 rounds"), lines
    assert all(line.startswith("  ") for line in lines[1:]), lines
    assert any(line.startswith("    ") for line in lines), "nothing wrapped here"


async def test_at_80_columns_the_title_shows_the_set_aside_mark_beside_the_warning(
    tmp_path: Path,
) -> None:
    """A decision set Grandma's deal aside, then the game went on differently again: at
    80 columns the title says both, and the names give way."""
    here, there, session_id, theirs = typed_apart(tmp_path, OTHER_LAPTOP)
    carry(there, here, theirs)
    with Store(here) as store:
        resolve(store, session_id, SHOWN)
        carry(here, there, f"logs/{session_id}.{store.laptop.id}.json")
        store.record(session_id, MADE_3)
    with Store(there) as other:
        other.record(session_id, UPPED_2)
    with Store(here) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await sit_down(pilot)
            carry(there, here, theirs)
            await follow(pilot)
            title = drawn(pilot)[0]
            assert "Racehorse — ⚠ awaits a decision · 1 set aside (a) · Ann" in title, title


async def test_the_aside_key_is_offered_only_where_a_version_is_set_aside(
    tmp_path: Path,
) -> None:
    here, session_id = one_set_aside(tmp_path)
    with Store(here) as store:
        plain_game = store.add(racehorse(MADE_3))
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24)) as pilot:
            for session, offered in ((plain_game, False), (session_id, True)):
                app.push_screen(TableScreen(store, session))
                await settled(pilot)
                table = app.screen
                assert isinstance(table, TableScreen)
                assert ("a Aside" in footer_of(pilot)) is offered
                assert ("Aside" in await found(table, "set aside")) is offered
                await pilot.press("f1")
                assert isinstance(app.screen, HelpScreen)
                keys = str(app.screen.query_one("#keys", Static).content)
                assert ("Aside" in keys) is offered, keys
                await pilot.press("escape", "a")
                assert isinstance(app.screen, SetAsideScreen) is offered
                await pilot.press("escape", "escape")
                await settled(pilot)


async def test_a_version_brought_back_meanwhile_is_not_brought_back_twice(
    tmp_path: Path,
) -> None:
    here, session_id = one_set_aside(tmp_path)
    with Store(here) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await sit_down(pilot)
            await pilot.press("a")
            assert isinstance(app.screen, SetAsideScreen)
            resolve(store, session_id, BACK, 1)  # as another window or laptop would
            await pilot.press("enter")
            await settled(pilot)
            assert isinstance(app.screen, ProblemScreen)
            assert "no longer set aside" in app.screen.message
            assert store.saved(session_id)["rounds"] == [MADE_3, UPPED_2], "nothing changed"


async def test_a_window_that_only_reads_lists_the_versions_and_brings_none_back(
    tmp_path: Path,
) -> None:
    here, session_id = one_set_aside(tmp_path)
    with Store(here, readonly=True) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await sit_down(pilot)
            await pilot.press("a")
            assert isinstance(app.screen, SetAsideScreen)
            assert "1 more round on [b]Grandma's[/b] laptop" in said(pilot, "#versions")
            assert "bring a version back there" in said(pilot, "#aside-detail")
            await pilot.press("enter")
            assert isinstance(app.screen, SetAsideScreen), "Enter brings nothing back here"
    with Store(here, readonly=True) as store:
        assert store.saved(session_id)["rounds"] == [MADE_3, MADE_4]
