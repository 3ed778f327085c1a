"""The game-night ledger at 80×24: the evening's games, one settle-up, and naming the night."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, OptionList, Static

from scorekeeper import Session
from scorekeeper.reports.night_names import load_book, rename
from scorekeeper.reports.nights import night_of
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.home import HomeScreen
from screens.night_dialogs import MoveGameScreen, NameNightScreen
from screens.nights import EMPTY, NightsScreen
from tests.reports.test_stats import PARKS, parks_calcutta
from tests.ui.play import drawn
from tests.ui.test_ending import pool_of_11_among_eight


class NightsHost(App[None]):
    def __init__(self, store: Store) -> None:
        super().__init__()
        self.store = store

    def on_mount(self) -> None:
        self.push_screen(NightsScreen(self.store))


def friday_at_the_parks(path: Path) -> str:
    """Calcutta to race 2 (19 chips carried), then Racehorse at $0.25."""
    with Store(path) as store:
        store.add(parks_calcutta(2))
        racehorse = Session.new("racehorse", PARKS, dealer="Cy", options={"stake": 25})
        racehorse.record({"pitcher": "Ed", "bid": 2, "made": True})
        racehorse.record({"pitcher": "Ann", "bid": 5, "made": False})
        store.add(racehorse)
        return night_of(store.summaries()[0])


def text(app: App[None], selector: str) -> str:
    return str(app.screen.query_one(selector, Static).content)


async def test_the_night_settles_every_game_at_once(tmp_path: Path) -> None:
    date = friday_at_the_parks(tmp_path)
    with Store(tmp_path) as store:
        app = NightsHost(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            nights = app.screen.query_one("#nights", DataTable)
            assert nights.row_count == 1
            assert [str(cell) for cell in nights.get_row_at(0)][1:3] == [date, "2"]
            assert text(app, "#night-title").endswith("— 2 games, settled as one")
            games = text(app, "#games")
            assert "Calcutta Horse Race — Ann, Bob, Cy, Di, Ed, Flo · 2 rounds" in games
            assert "Racehorse — Ann, Bob, Cy, Di, Ed, Flo · 2 rounds" in games
            money = text(app, "#money-payments").splitlines()
            assert money == [
                "Ann pays Ed $3.75",
                "Ann pays Bob $0.75",
                "Ann pays Cy $0.75",
                "Ann pays Di $0.75",
                "Ann pays Flo $0.75",
            ]
            assert text(app, "#money-balances").splitlines()[:2] == [
                "Ann      −$6.75",
                "Bob      +$0.75",
            ]
            chips = text(app, "#chips-payments").splitlines()
            # The night is over: the 19 chips left in the pool are shared out, 4 to Ann.
            assert "Pool of 19 chips shared out: 4 to Ann, 3 to the others" in games
            assert chips[0] == "Bob pays Flo 9 chips"
            assert len(chips) == 5, "six players and no pool, five payments"
            assert "(pool)" not in text(app, "#chips-balances")


async def test_the_pool_shared_out_goes_on_between_names(tmp_path: Path) -> None:
    """S won unsold, 11 chips carried among eight: the night's note on the pool goes on
    after a name, never between "Wolfgang" and "Amadeus"."""
    with Store(tmp_path) as store:
        store.add(pool_of_11_among_eight())
        app = NightsHost(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            lines = [line.strip() for line in drawn(pilot, "#games")]
    assert lines[1:3] == [
        "Pool of 11 chips shared out: 2 each to Elizabeth-Anne, Zoë",
        "and Wolfgang Amadeus, 1 to the others",
    ]


async def test_naming_the_night_shows_and_keeps_the_name(tmp_path: Path) -> None:
    date = friday_at_the_parks(tmp_path)
    with Store(tmp_path) as store:
        app = NightsHost(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, NameNightScreen)
            await pilot.press(*"Parks'")
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, NightsScreen)
            nights = app.screen.query_one("#nights", DataTable)
            assert str(nights.get_row_at(0)[0]) == "Parks'"
            assert text(app, "#night-title").startswith("Parks' — 2 games")
    assert load_book(tmp_path).names == {date: "Parks'"}


async def name_typed(pilot: Pilot[None], name: str) -> None:
    """On the nights screen: r, the name put in the field at once, Enter."""
    await pilot.pause()
    await pilot.press("r")
    await pilot.pause()
    pilot.app.screen.query_one("#name", Input).value = name
    await pilot.press("enter")
    await pilot.pause()


async def test_a_name_that_reads_as_a_date_is_refused_at_the_field(tmp_path: Path) -> None:
    friday_at_the_parks(tmp_path)
    with Store(tmp_path) as store:
        app = NightsHost(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await name_typed(pilot, "2024-05-03")
            assert isinstance(app.screen, NameNightScreen)
            assert "reads as a date" in text(app, "#name-error")
            assert app.screen.query_one("#name", Input).value == "2024-05-03", "what was typed"
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, NightsScreen)
    assert load_book(tmp_path).names == {}


async def test_a_name_with_an_escape_sequence_is_refused_where_it_was_typed(
    tmp_path: Path,
) -> None:
    """docs/rules.md, Conventions: names are printable text (a pasted colour code is not)."""
    friday_at_the_parks(tmp_path)
    with Store(tmp_path) as store:
        app = NightsHost(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await name_typed(pilot, "Poker \x1b[31mnight")
            assert isinstance(app.screen, NameNightScreen)
            assert "escape character (U+001B)" in text(app, "#name-error")
            assert app.screen.query_one("#name", Input).has_class("-invalid")
    assert load_book(tmp_path).names == {}


async def test_no_nights_yet(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        app = NightsHost(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert text(app, "#no-nights") == EMPTY
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, NightsScreen), "nothing to name"


async def test_ctrl_l_on_home_opens_the_nights(tmp_path: Path) -> None:
    friday_at_the_parks(tmp_path)
    with Store(tmp_path) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+l")
            await pilot.pause()
            assert isinstance(app.screen, NightsScreen)
            assert "Ann pays Ed $3.75" in text(app, "#money-payments")
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)


async def test_a_damaged_names_file_costs_only_the_names_with_a_warning(tmp_path: Path) -> None:
    friday_at_the_parks(tmp_path)
    (tmp_path / "nights.json").write_bytes(b"{")
    with Store(tmp_path) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+l")
            await pilot.pause()
            assert isinstance(app.screen, NightsScreen)
            assert "Ann pays Ed $3.75" in text(app, "#money-payments")
            toasts = " ".join(str(toast.render()) for toast in app.screen.query("Toast"))
            assert "Night names" in toasts and "nights.json" in toasts
            assert "shown by their dates" in toasts
    assert (tmp_path / "nights.json").read_bytes() == b"{"


def two_tables(path: Path) -> str:
    """One evening, two tables that never played together: Racehorse at $1 (Bob makes 3)
    and Hot Rum at 1¢ (Mom goes out, Ed holds 15). Returns the Hot Rum session's id."""
    with Store(path) as store:
        racehorse = Session.new("racehorse", ("Ann", "Bob", "Cy", "Di", "Ed"))
        racehorse.record({"pitcher": "Bob", "bid": 3, "points": ["high", "jack", "game"]})
        hot_rum = Session.new("hot-rum", ("Mom", "Ed"))
        hot_rum.record({"out": "Mom", "deadwood": {"Ed": 15}})
        store.add(racehorse)
        return store.add(hot_rum)


async def test_a_game_moved_to_a_night_of_its_own_settles_apart(tmp_path: Path) -> None:
    hot_rum = two_tables(tmp_path)
    with Store(tmp_path) as store:
        app = NightsHost(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert "Di pays Mom $0.15" in text(app, "#money-payments").splitlines()

            await pilot.press("m")
            await pilot.pause()
            assert isinstance(app.screen, MoveGameScreen)
            games = app.screen.query_one("#move-games", OptionList)
            steps = [games.get_option_at_index(i).id for i in range(2)].index(hot_rum)
            await pilot.press(*["down"] * steps, "enter")  # Hot Rum
            await pilot.press("enter")  # a new night of its own
            await pilot.pause()

            nights = app.screen.query_one("#nights", DataTable)
            assert nights.row_count == 2
            assert text(app, "#night-title").endswith(", table 2 — 1 game, settled as one")
            assert "Hot Rum — Mom, Ed" in text(app, "#games")
            assert text(app, "#money-payments").splitlines() == ["Ed pays Mom $0.15"]

            await pilot.press("down")
            await pilot.pause()
            assert "Racehorse" in text(app, "#games") and "Hot Rum" not in text(app, "#games")
            assert text(app, "#money-payments").splitlines() == [
                "Ann pays Bob $3.00",
                "Cy pays Bob $3.00",
                "Di pays Bob $3.00",
                "Ed pays Bob $3.00",
            ]

            await pilot.press("up", "m")  # back to the first table's night
            await pilot.pause()
            await pilot.press("down", "enter")
            await pilot.pause()
            assert nights.row_count == 1
            assert "Di pays Mom $0.15" in text(app, "#money-payments").splitlines()
    assert load_book(tmp_path).moves == {}


async def test_tab_to_the_nights_and_enter_moves_the_game_highlighted(tmp_path: Path) -> None:
    """Tab is how one goes from one list to the next: the game left highlighted is the
    one moved, not a bounce back to the games with nothing said."""
    hot_rum = two_tables(tmp_path)
    with Store(tmp_path) as store:
        app = NightsHost(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("m")
            await pilot.pause()
            games = app.screen.query_one("#move-games", OptionList)
            steps = [games.get_option_at_index(i).id for i in range(2)].index(hot_rum)
            await pilot.press(*["down"] * steps, "tab", "enter")
            await pilot.pause()
            assert not isinstance(app.screen, MoveGameScreen)
            assert text(app, "#night-title").endswith(", table 2 — 1 game, settled as one")
            assert "Hot Rum — Mom, Ed" in text(app, "#games")


async def redrawn(pilot: Pilot[None], selector: str, before: list[str]) -> list[str]:
    """The lines of ``selector`` once a resize has drawn them anew and they hold still
    for a step (a loaded machine may draw the old width once more, or the old lines
    wrapped to the new width before they are cut again), or as they are after twenty
    steps."""
    lines = before
    for _ in range(20):
        await pilot.pause()
        seen, lines = lines, [line for line in drawn(pilot, selector) if line]
        if lines != before and lines == seen:
            break
    return lines


async def test_a_game_with_many_players_is_one_line_its_players_cut_its_rounds_whole(
    tmp_path: Path,
) -> None:
    seats = ["Annabelle", "Bartholomew", "Cynthia", "Dimitri", "Evangeline", "Ivy", "Jo"]
    with Store(tmp_path) as store:
        hearts = Session.new("score-pad", seats, options={"wins": "lowest", "stake": 5})
        for _ in range(4):
            hearts.record({"scores": dict.fromkeys(seats, 1)})
        store.add(hearts)
        app = NightsHost(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            (line,) = [line for line in drawn(pilot, "#games") if line]
            await pilot.resize_terminal(140, 30)
            (wide,) = await redrawn(pilot, "#games", [line])
            await pilot.resize_terminal(80, 24)
            (again,) = await redrawn(pilot, "#games", [wide])
            await pilot.press("m")
            await pilot.pause()
            assert isinstance(app.screen, MoveGameScreen)
            offered = [line for line in drawn(pilot, "#move-games") if line]
            await pilot.resize_terminal(60, 24)
            narrower = await redrawn(pilot, "#move-games", offered)
    assert line.startswith(tuple("0123456789"))
    assert "— Anna" in line
    assert line.endswith("… · 4 rounds · not over: no money yet")
    assert wide.endswith(
        "— Annabelle, Bartholomew, Cynthia, Dimitri, Evangeline, Ivy, Jo"
        " · 4 rounds · not over: no money yet"
    )
    assert again == line
    assert len(offered) == 2, offered
    assert "— Annabelle, Bartholomew, Cynthia, Dimitri, Evang" in " ".join(offered)
    assert offered[-1].endswith("money yet")
    assert len(narrower) == 2, narrower
    assert narrower[-1].endswith("money yet") and "Evang" not in " ".join(narrower)


async def test_this_laptops_names_put_back_older_while_the_nights_are_shown_is_said(
    tmp_path: Path,
) -> None:
    """A two-way ``rsync -a`` puts back this laptop's log of names as it was before the
    night was named again, while the nights are on the screen: the name stays, and the notice
    says what came back older, then, not only the next time the nights open."""
    date = friday_at_the_parks(tmp_path)
    with Store(tmp_path) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+l")
            await pilot.pause()
            nights = app.screen
            assert isinstance(nights, NightsScreen)
            rename(store, date, "Friday")
            [own] = (tmp_path / "entries").glob("*.json")
            older = own.read_bytes()
            rename(store, date, "Friday club")
            nights.follow()
            await app.workers.wait_for_complete()  # a second look cancels one still going
            await pilot.pause()
            own.write_bytes(older)
            nights.follow()
            await app.workers.wait_for_complete()
            await pilot.pause()
            toasts = " ".join(str(toast.render()) for toast in app.screen.query("Toast"))
            assert "came back older than this laptop left it" in " ".join(toasts.split())
            assert "Friday club" in text(app, "#night-title")


async def test_a_payment_too_long_for_its_column_goes_on_under_its_own_words(
    tmp_path: Path,
) -> None:
    """A chip payment from a name in wide letters to a long one, beside the three who
    came out square, wraps at 80 columns: it goes on further in than it starts, not as
    a line of its own, and the one paid goes on whole with the amount."""
    players = ["Elizabeth-Anne", "山田花子ちゃん", "Maximilian", "Bartholomew"]
    players += ["Christopher", "Guðrún", "Jonathan"]
    session = Session.new("calcutta", players)
    sales = {"S": ("Maximilian", 9), "H": ("Elizabeth-Anne", 20), "D": ("山田花子ちゃん", 7)}
    session.record(
        {
            "course": {"S": 2, "H": 2, "D": 2, "C": 1},
            "sales": {
                **{suit: {"owner": who, "price": price} for suit, (who, price) in sales.items()},
                "C": {"owner": "Bartholomew", "price": 4},
            },
            "first": "H",
            "second": "S",
        }
    )
    with Store(tmp_path) as store:
        store.add(session)
        app = NightsHost(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            lines = drawn(pilot, "#chips-payments")
    assert lines == [
        "山田花子ちゃん pays",
        "  Elizabeth-Anne 7 chips",
        "Bartholomew pays Maximilian 4 chips",
    ]
