"""A night renamed on two laptops apart, and a house game changed on both: the later
change is what every screen shows, and the app says once which change was replaced."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from scorekeeper.reports.night_names import book_to_change, replaced, save_book
from scorekeeper.reports.nights import night_of
from scorekeeper.store import Store
from scorekeeper.store.house_games import replaced as house_replaced
from scorekeeper.store.house_games import save_house_game
from screens.app import ScorekeeperApp
from screens.home import entries
from screens.home import screen as home_screen
from screens.new_session import NewSessionScreen
from screens.nights import NightsScreen
from tests.factories import MADE_3, count_reads, racehorse
from tests.reports.test_stats import parks_calcutta
from tests.sync.test_entries_merged import RAE, SAM, both_ways, new_nights_apart, rsync
from tests.ui.play import said, settled
from tests.ui.test_nothing_lost import toasts
from tests.ui.test_synced_store import follow, shared


def renamed_apart(here: Path, there: Path) -> str:
    """The night renamed "Poker night" here on Rae's laptop and "Birthday" on Sam's, and
    Hearts changed on both, then synced; the night's date."""
    with Store(here) as store:
        store.add(racehorse(MADE_3))
        date = night_of(store.summaries()[0])
        save_house_game(store, "Hearts", "score-pad", {"stake": 1}, laptop=RAE)
    both_ways(here, there)
    for folder, laptop, name, stake in ((here, RAE, "Poker night", 2), (there, SAM, "Birthday", 5)):
        with Store(folder) as store:
            book = book_to_change(store)
            book.names[date] = name
            save_book(store, book, "", laptop)
            save_house_game(store, "Hearts", "score-pad", {"stake": stake}, "Hearts", laptop)
    both_ways(here, there)
    return date


async def test_home_says_once_which_change_made_apart_was_replaced(tmp_path: Path) -> None:
    here, there = shared(tmp_path / "here"), shared(tmp_path / "there")
    renamed_apart(here, there)
    with Store(here) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await follow(pilot)
            assert "␤" not in toasts(app), "one line for each change, not one drawn together"
            said = " ".join(toasts(app).split())
            assert '"Poker night" (Rae\'s laptop) was replaced by "Birthday"' in said
            assert "Hearts" in said and "(Sam's laptop)" in said
        assert replaced(here) == [] and house_replaced(here) == [], "said once"


async def test_many_changes_replaced_at_once_are_said_in_a_few_lines_and_counted(
    tmp_path: Path,
) -> None:
    """Two laptops that each gave a dozen house games stakes of their own while apart: one
    notice names the first few and counts the rest, rather than filling the screen."""
    here, there = shared(tmp_path / "here"), shared(tmp_path / "there")
    names = [f"House game {number}" for number in range(12)]
    for folder, laptop, stake in ((here, RAE, 2), (there, SAM, 5)):
        with Store(folder) as store:
            for name in names:
                save_house_game(store, name, "score-pad", {"stake": stake}, laptop=laptop)
    both_ways(here, there)
    with Store(here) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await follow(pilot)
            said = toasts(app)
            assert said.count("was replaced by") == entries.SAID_AT_MOST - 1
            assert "…and 8 more changes made apart, each replaced by the later one" in said
        assert house_replaced(here) == [], "said once"


async def test_home_reads_each_laptops_log_once_for_the_nights_and_house_games_together(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Home's look reads every laptop's log once for the night names and the house games
    both (a hundred laptops' logs read three times over cost more than half a second of
    every look); a change that arrives has only its laptop's log read again, and none is
    read while no log changed."""
    here, there = shared(tmp_path / "here"), shared(tmp_path / "there")
    renamed_apart(here, there)
    logs = sorted((there / "entries").glob("*.json"))
    reads = count_reads(monkeypatch)
    with Store(there) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await follow(pilot)
            assert Counter(file for file in reads if file in logs) == dict.fromkeys(logs, 1)
            with Store(here) as other:
                save_house_game(other, "Gin", "score-pad", {"stake": 3}, laptop=RAE)
            rsync(here, there)
            reads.clear()
            await follow(pilot)
            assert [file for file in reads if file in logs] == [there / f"entries/{RAE.id}.json"]
            reads.clear()
            await follow(pilot)
            assert not [file for file in reads if file in logs]


async def test_home_says_what_was_replaced_as_it_opens_and_new_session_then_reads_no_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Home looks at the night names and house games as soon as its list is on screen,
    not a second later: what was replaced is said at once, and New session, opened next,
    lists the house games as Home noted them (a hundred laptops' logs, read as New
    session opened, held it back most of a second)."""
    here, there = shared(tmp_path / "here"), shared(tmp_path / "there")
    renamed_apart(here, there)
    monkeypatch.setattr(home_screen, "FOLLOW_INTERVAL", 3600.0)  # no look but the first
    with Store(there) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await settled(pilot)
            said = " ".join(toasts(app).split())
            assert '"Poker night" (Rae\'s laptop) was replaced by "Birthday"' in said
            reads = count_reads(monkeypatch)
            await pilot.press("ctrl+n")
            await pilot.pause()
            form = app.screen
            assert isinstance(form, NewSessionScreen)
            top = form.query_one("#games", OptionList).get_option_at_index(0)
            assert str(top.prompt) == "Hearts · house game"
            assert not [file for file in reads if file.parent == there / "entries"]


@pytest.fixture
def home_not_looking(monkeypatch: pytest.MonkeyPatch) -> None:
    """Home looks at the store only when a test says (``follow``): a test that opens
    another screen at once then opens it before Home has said anything, however slowly
    the app starts on a loaded machine."""
    monkeypatch.setattr(home_screen, "FOLLOW_INTERVAL", 3600.0)
    monkeypatch.setattr(home_screen.HomeScreen, "first_look", lambda _: None)


@pytest.mark.usefixtures("home_not_looking")
async def test_the_nights_screen_shows_the_later_name_and_what_it_replaced(tmp_path: Path) -> None:
    here, there = shared(tmp_path / "here"), shared(tmp_path / "there")
    renamed_apart(here, there)
    with Store(there) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("ctrl+l")
            await settled(pilot)
            nights = app.screen
            assert isinstance(nights, NightsScreen)
            assert [night.title for night in nights.nights] == ["Birthday"]
            notice = nights.query_one("#replaced", Static)
            assert notice.display and "Poker night" in str(notice.content)


@pytest.mark.usefixtures("home_not_looking")
async def test_what_home_found_as_the_nights_opened_is_said_once_on_the_nights(
    tmp_path: Path,
) -> None:
    """Home's worker found what was replaced; the nights were opened before Home said it:
    the nights screen shows the night's (and says it once), Home does not mark it said
    under them, and says the house game's once it is in front again."""
    here, there = shared(tmp_path / "here"), shared(tmp_path / "there")
    renamed_apart(here, there)
    with Store(there) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            home = app.screen
            found = entries.replaced(store)
            app.open_nights()
            home.say_replaced(found)  # Home's word arriving before the nights are mounted
            await settled(pilot)
            notice = app.screen.query_one("#replaced", Static)
            assert notice.display and "Poker night" in str(notice.content)
            assert toasts(app).count("Poker night") == 1
            await pilot.press("escape")
            await follow(pilot)  # Home, in front again, says the house game's change
            said = " ".join(toasts(app).split())
            assert said.count("Poker night") == 1 and "Hearts" in said


async def test_the_nights_screen_says_a_night_shown_as_table_2_is_now_table_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sam's nights are open at 80 columns when Rae's new night of the same evening
    arrives, made first: Sam's night is table 3 now, and the screen says so."""
    rae, sam = shared(tmp_path / "rae"), tmp_path / "sam"
    with Store(rae) as store:
        store.add(parks_calcutta(2))
        store.add(parks_calcutta(1))
    shutil.copytree(rae, sam, copy_function=shutil.copy2)
    _, moved = new_nights_apart(rae, sam, monkeypatch)
    with Store(sam) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await pilot.press("ctrl+l")
            await settled(pilot)
            nights = app.screen
            assert isinstance(nights, NightsScreen)
            listed = said(pilot, "#nights")
            assert listed.startswith("Night Date Games Players ") and ", table 2 " in listed
            both_ways(rae, sam)
            nights.follow()
            await settled(pilot)
            (night,) = [night for night in nights.nights if night.sessions[0].id == moved]
            assert night.title.endswith(", table 3")
            notice = nights.query_one("#replaced", Static)
            said_there = " ".join(str(notice.content).split())
            assert f"{night.title[:-9]}, table 2 is now table 3: another laptop made" in said_there
            assert "is now table 3" in toasts(app)


async def test_opening_the_app_moves_an_older_stores_single_files_over(tmp_path: Path) -> None:
    from scorekeeper.reports.night_names import NAMES_FILE, load_book
    from scorekeeper.store.house_games import HOUSE_FILE, read_house_games

    here = shared(tmp_path / "here")
    with Store(here) as store:
        store.add(racehorse(MADE_3))
        date = night_of(store.summaries()[0])
    (here / NAMES_FILE).write_text(f'{{"schema": 2, "names": {{"{date}": "Old name"}}}}')
    (here / HOUSE_FILE).write_text(
        '{"schema": 1, "games": [{"name": "Hearts", "game": "score-pad", "options": {}}]}'
    )
    with Store(here) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(100, 30)) as pilot:
            await follow(pilot)
    assert not (here / NAMES_FILE).exists() and not (here / HOUSE_FILE).exists()
    assert load_book(here).names == {date: "Old name"}
    assert [house.name for house in read_house_games(here)[0]] == ["Hearts"]
    assert len(list((here / "entries").glob("*.json"))) == 1


@pytest.mark.parametrize("while_open", [False, True], ids=["before it started", "while open"])
async def test_home_says_at_once_what_it_wrote_back_into_a_log_put_back_older(
    tmp_path: Path, while_open: bool
) -> None:
    """Put back before the app started, or while it is open on Home: said at Home's next
    look, and every change written back."""
    from scorekeeper.store.house_games import read_house_games

    here = shared(tmp_path / "here")
    with Store(here) as store:
        save_house_game(store, "Hearts", "score-pad", {"stake": 1})
        [own] = (here / "entries").glob("*.json")
        older = own.read_bytes()
        save_house_game(store, "Gin", "score-pad", {"stake": 0})
    if not while_open:
        own.write_bytes(older)  # a two-way `rsync -a` without -u, or a restored version
    with Store(here) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await follow(pilot)
            if while_open:
                assert "came back older" not in toasts(app)
                own.write_bytes(older)
                await follow(pilot)
            said = " ".join(toasts(app).split())
            assert "came back older" in said and "1 change made here written back" in said
    found, problem = read_house_games(here)
    assert [house.name for house in found] == ["Gin", "Hearts"] and problem is None


async def test_every_notice_of_several_changes_shows_each_on_a_line_of_its_own(
    store: Store,
) -> None:
    """Decisions replaced on two laptops, like night and house-game changes: each line
    is a line, never one drawn run of them joined by newline marks."""
    app = ScorekeeperApp(store)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        home = app.screen
        assert isinstance(home, home_screen.HomeScreen)
        home.say_decided(["Session a: kept Sam's version.", "Session b: kept Rae's version."])
        await settled(pilot)
        said = toasts(app)
        assert "Session a" in said and "Session b" in said
        assert "␤" not in said, "one line for each decision"
