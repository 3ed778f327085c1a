"""A night renamed on two laptops apart, and a house game changed on both: the later
change is what every screen shows, and the app says once which change was replaced."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from scorekeeper.reports.night_names import book_to_change, replaced, save_book
from scorekeeper.reports.nights import night_of
from scorekeeper.store import Store
from scorekeeper.store.house_games import replaced as house_replaced
from scorekeeper.store.house_games import save_house_game
from screens.app import ScorekeeperApp
from screens.nights import NightsScreen
from tests.factories import MADE_3, racehorse
from tests.sync.test_entries_merged import RAE, SAM, both_ways
from tests.ui.play import settled
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
            said = " ".join(toasts(app).split())
            assert '"Poker night" (Rae\'s laptop) was replaced by "Birthday"' in said
            assert "Hearts" in said and "(Sam's laptop)" in said
        assert replaced(here) == [] and house_replaced(here) == [], "said once"


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


async def test_home_says_at_once_what_it_wrote_back_into_a_log_put_back_older(
    tmp_path: Path,
) -> None:
    from scorekeeper.store.house_games import read_house_games

    here = shared(tmp_path / "here")
    with Store(here) as store:
        save_house_game(store, "Hearts", "score-pad", {"stake": 1})
        [own] = (here / "entries").glob("*.json")
        older = own.read_bytes()
        save_house_game(store, "Gin", "score-pad", {"stake": 0})
    own.write_bytes(older)  # a two-way `rsync -a` without -u, or a restored version
    with Store(here) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await follow(pilot)
            said = " ".join(toasts(app).split())
            assert "came back older" in said and "1 change made here written back" in said
    found, problem = read_house_games(here)
    assert [house.name for house in found] == ["Gin", "Hearts"] and problem is None
