"""Home: the sessions list, filtering by typing, resuming, deleting, exporting, problems."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input, Static

from scorekeeper.session import Session
from scorekeeper.store import Store, Summary, index
from screens.app import ScorekeeperApp
from screens.confirm import ConfirmScreen
from screens.exporting import ExportScreen
from screens.home import HomeScreen
from screens.problem import ProblemScreen
from screens.table import TableScreen
from screens.widgets.grid import ScoreGrid
from tests.factories import file_of, racehorse
from tests.ui.play import export_all, put, read_csv, settled


def second_made_3(*players: str) -> Session:
    """A Racehorse table where the second player pitched 3 and made it."""
    return racehorse({"pitcher": players[1], "bid": 3, "made": True}, players=players)


def rows(app: ScorekeeperApp) -> list[list[str]]:
    return app.screen.query_one("#sessions", ScoreGrid).rows


async def test_a_first_run_says_how_to_start(store: Store) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        empty = app.screen.query_one("#empty")
        assert empty.display
        assert "Ctrl+N" in str(empty.content)
        assert "F2 sets how money is written at this table" in str(empty.content)


async def test_sessions_show_most_recent_first_with_their_leader(store: Store) -> None:
    store.add(second_made_3("Ann", "Bob", "Cy", "Di", "Ed"))
    store.add(Session.new("hot-rum", ["Zoe", "Max"]))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        listed = rows(app)
    assert [row[0] for row in listed] == ["Hot Rum", "Racehorse"]
    assert listed[1][1] == "Ann, Bob, Cy, Di, Ed"
    assert listed[1][3] == "1"
    assert listed[1][4] == "Bob"


async def test_keys_typed_ahead_in_one_burst_open_the_row_they_lead_to(store: Store) -> None:
    """A terminal hands over ↓ ⏎ (or a name and ⏎) typed fast in one read: Enter acts on
    the list as the keys before it left it, never on the row the cursor was on before."""
    store.add(Session.new("seven-hand", ["Grandma", "Max"]))
    wanted = store.add(Session.new("hot-rum", ["Zoe", "Max"]))
    store.add(Session.new("score-pad", ["Ann", "Bob", "Cy"]))
    for burst in (["down", "enter"], [*"zoe", "enter"]):
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for key in burst:  # delivered together, as one read from the terminal
                app.post_message(events.Key(key, key if len(key) == 1 else None))
            await settled(pilot)
            table = app.screen
            assert isinstance(table, TableScreen), burst
            assert table.session_id == wanted, f"{burst} opened another session"


async def test_typing_filters_and_enter_resumes_the_match(store: Store) -> None:
    store.add(second_made_3("Ann", "Bob", "Cy", "Di", "Ed"))
    wanted = store.add(Session.new("hot-rum", ["Zoe", "Max"]))
    store.add(Session.new("seven-hand", ["Grandma", "Max"]))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"max hot")
        await pilot.pause()
        assert [row[0] for row in rows(app)] == ["Hot Rum"]
        await pilot.press("enter")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.session_id == wanted
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_delete_asks_first_and_no_keeps_the_session(store: Store) -> None:
    kept = store.add(second_made_3("Ann", "Bob", "Cy", "Di", "Ed"))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert ", 1 round. This cannot be undone." in app.screen.detail
        await pilot.press("n")
        await pilot.pause()
        assert [summary.id for summary in store.summaries()] == [kept]
        await pilot.press("ctrl+d", "y")
        await pilot.pause()
        assert store.summaries() == []
        assert app.screen.query_one("#empty").display


async def test_export_writes_every_session_asks_where_remembers_it_never_overwrites(
    store: Store, tmp_path: Path
) -> None:
    """The first export goes where offered, ``exports`` here; another folder chosen is
    offered next time, and a second export there replaces nothing."""
    store.add(second_made_3("Ann", "Bob", "Cy", "Di", "Ed"))
    store.add(second_made_3("Al", "Bo", "Cy", "Dee", "Eve"))
    elsewhere = tmp_path / "Documents" / "cards, é 中"
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert isinstance(app.screen, ExportScreen)
        offered = app.screen.query_one("#folder", Input).value
        assert offered == str(Path("exports").absolute())
        await pilot.press("enter")
        await settled(pilot)
        messages = [str(toast.render()) for toast in app.screen.query("Toast")]
        (written,) = Path("exports").glob("*-all-sessions.csv")
        assert len(read_csv(written)) == 2
        assert any(str(written.absolute()) in message.replace("\n", "") for message in messages)

        await pilot.press("ctrl+e")
        await pilot.pause()
        await put(pilot, str(elsewhere))  # the folder's field: what is typed is not tested
        await pilot.press("enter")
        await settled(pilot)
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert app.screen.query_one("#folder", Input).value == str(elsewhere)
        await pilot.press("enter")
        await settled(pilot)
        await pilot.press("ctrl+e")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
    names = sorted(path.name for path in elsewhere.iterdir())
    assert len(names) == 4, names  # two exports, two files each, none replaced
    assert len(list(Path("exports").iterdir())) == 2, "only the first export went there"


async def test_a_failed_export_is_a_notification_and_the_app_goes_on(store: Store) -> None:
    store.add(second_made_3("Ann", "Bob", "Cy", "Di", "Ed"))
    Path("exports").write_text("a file where the folder should be")
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await export_all(pilot)
        messages = [str(toast.render()) for toast in app.screen.query("Toast")]
        assert any("Export failed" in message for message in messages)
        assert not any(".." in message for message in messages)
        assert isinstance(app.screen, HomeScreen)
    assert Path("exports").read_text() == "a file where the folder should be"


async def test_markup_in_a_name_is_shown_as_typed(store: Store) -> None:
    store.add(second_made_3("[bold]Ann", "Bob", "[red]Cy[/red]", "Di", "Ed"))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert rows(app)[0][1] == "[bold]Ann, Bob, [red]Cy[/red], Di, Ed"
        await pilot.press("enter")
        await pilot.pause()
        grid = app.screen.query_one("#grid", ScoreGrid)
        heads = [column.heading[0] for column in grid.columns]
    assert "[red]Cy[/red]" in heads


async def test_a_damaged_session_file_is_named_on_home_and_left_untouched(
    store: Store,
) -> None:
    session_id = store.add(second_made_3("Ann", "Bob", "Cy", "Di", "Ed"))
    damaged = file_of(store.path, session_id)
    damaged.write_bytes(b'{"_default": {"1": {"schema": 1, "rou')
    store.close()
    with Store(store.path) as reopened:
        app = ScorekeeperApp(reopened)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(pilot)  # named by a worker, once Home is painted
            notice = app.screen.query_one("#damaged")
            assert notice.display
            assert damaged.name in str(notice.content)
    assert damaged.read_bytes() == b'{"_default": {"1": {"schema": 1, "rou'


async def test_a_session_that_breaks_after_listing_opens_a_problem_screen(store: Store) -> None:
    session_id = store.add(second_made_3("Ann", "Bob", "Cy", "Di", "Ed"))
    store.close()
    with Store(store.path) as reopened:
        app = ScorekeeperApp(reopened)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            file_of(reopened.path, session_id).write_bytes(b"\x00" * 16)
            await pilot.press("enter")
            await pilot.pause()
            problem = app.screen
            assert isinstance(problem, ProblemScreen)
            assert "NUL" in problem.message
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, HomeScreen)


async def test_a_long_list_paints_the_recent_sessions_first_then_reads_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(index, "RECENT", 2)
    with Store(tmp_path / "db") as store:
        for name in ("Ann", "Bob", "Cy"):
            store.add(Session.new("hot-rum", [name, "Max"]))
    with Store(tmp_path / "db") as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24)) as pilot:
            home = app.screen
            assert isinstance(home, HomeScreen)
            await settled(pilot)
            assert home.loaded
            assert [row[1] for row in rows(app)] == ["Cy, Max", "Bob, Max", "Ann, Max"]
            assert "3 sessions" in str(app.screen.query_one("#under").content)


async def test_while_the_rest_is_read_the_recent_sessions_are_shown_and_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(index, "RECENT", 2)
    with Store(tmp_path / "db") as store:
        for name in ("Ann", "Bob", "Cy"):
            store.add(Session.new("hot-rum", [name, "Max"]))
    with Store(tmp_path / "db") as store:
        app = ScorekeeperApp(store)
        monkeypatch.setattr(HomeScreen, "read_all", lambda self: None)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert [row[1] for row in rows(app)] == ["Cy, Max", "Bob, Max"]
            count = str(app.screen.query_one("#under").content)
            assert "The 2 most recent of 3 sessions" in count


async def test_names_between_commas_find_the_sessions_with_all_of_them(store: Store) -> None:
    store.add(second_made_3("Ann", "Bob", "Cy", "Di", "Ed"))
    store.add(second_made_3("Ann", "Bob", "Cy", "Flo", "Gus"))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"Cy, Di")
        await pilot.pause()
        assert [row[1] for row in rows(app)] == ["Ann, Bob, Cy, Di, Ed"]


async def test_a_filter_typed_finds_the_sessions_read_again_under_it(store: Store) -> None:
    """Sessions that arrive while a filter is typed (read again by a look at the store)
    are filtered as they are, not as the list was when the first key was typed."""
    store.add(second_made_3("Ann", "Bob", "Cy", "Di", "Ed"))
    store.add(second_made_3("Ann", "Bob", "Cy", "Flo", "Gus"))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"Flo")
        await pilot.pause()
        assert [row[1] for row in rows(app)] == ["Ann, Bob, Cy, Flo, Gus"]
        store.add(second_made_3("Hal", "Flo", "Ivy", "Jo", "Kit"))
        home = app.screen
        assert isinstance(home, HomeScreen)
        home.refill(store.summaries())
        await pilot.press("space", "backspace")
        await pilot.pause()
        assert [row[1] for row in rows(app)] == ["Hal, Flo, Ivy, Jo, Kit", "Ann, Bob, Cy, Flo, Gus"]


async def test_a_filter_is_cleared_when_the_list_comes_back(store: Store) -> None:
    store.add(second_made_3("Ann", "Bob", "Cy", "Di", "Ed"))
    store.add(second_made_3("Ann", "Bob", "Cy", "Flo", "Gus"))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"Flo", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.pause()
        assert app.screen.query_one("#filter", Input).value == ""
        assert len(rows(app)) == 2


def michigan_and_plain(store: Store) -> None:
    store.add(Session.new("rummy-5000", ["Ann", "Bob", "Cy"]))
    store.add(Session.new("rummy-5000", ["Ann", "Bob", "Cy"], options={"michigan": True}))


async def test_the_variations_come_from_the_summaries_without_opening_a_session(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    michigan_and_plain(store)
    opened: list[str] = []
    monkeypatch.setattr(Store, "saved", lambda self, session_id: opened.append(session_id))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert sorted(row[0] for row in rows(app)) == ["5000 Rummy", "5000 Rummy · Michigan"]
        assert "target 3000" in str(app.screen.query_one("#under").render())
    assert opened == []


async def test_sessions_saved_before_summaries_kept_their_options_read_them_from_the_file(
    tmp_path: Path,
) -> None:
    """An index written by an earlier scorekeeper: its rows end before the option words."""
    with Store(tmp_path / "db") as store:
        michigan_and_plain(store)
        store.summaries()
    kept = json.loads((tmp_path / "db" / "index.json").read_text())
    for entry in kept["sessions"].values():
        entry[4] = entry[4][:11]
    (tmp_path / "db" / "index.json").write_text(json.dumps(kept))
    with Store(tmp_path / "db") as store:
        assert {summary.option_words for summary in store.summaries()} == {None}
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(pilot)
            listed = sorted(row[0] for row in rows(app))
    assert listed == ["5000 Rummy", "5000 Rummy · Michigan"]


async def test_a_row_kept_by_an_earlier_release_is_worded_as_this_one_words_it(
    tmp_path: Path,
) -> None:
    """Each row keeps the words only its game knows (its name, who leads, the options
    that differ), so the list's first screen reads no game; a row kept before it did, or
    by another release (which may have named the game or its defaults otherwise), is
    worded by its game, the list reads the same either way, and the cache keeps this
    release's words from then on."""
    lowest = Session.new("score-pad", ["Ann", "Bob"], options={"wins": "lowest", "stake": 10})
    lowest.record({"scores": {"Ann": 30, "Bob": 5}})
    with Store(tmp_path / "db") as store:
        michigan_and_plain(store)
        store.add(lowest)
        store.add(second_made_3("Ann", "Bob", "Cy", "Di", "Ed"))
        store.summaries()

    async def listed() -> tuple[list[list[str]], list[str]]:
        with Store(tmp_path / "db") as store:
            app = ScorekeeperApp(store)
            async with app.run_test(size=(80, 24)) as pilot:
                await settled(pilot)
                details = []
                for _ in rows(app):
                    details.append(str(app.screen.query_one("#under").render()))
                    await pilot.press("down")
                return rows(app), details

    now = await listed()
    assert [row[4] for row in now[0]] == ["Bob", "Bob", "—", "—"], "the lowest total leads"
    saved = (tmp_path / "db" / "index.json").read_text()
    rows_now = {session_id: entry[4] for session_id, entry in json.loads(saved)["sessions"].items()}
    kept = json.loads(saved)
    entries = [*kept["sessions"].values(), *(item[1] for item in kept["recent"])]
    for number, entry in enumerate(entries):
        if number % 2:
            entry[4] = entry[4][:12]
        else:
            entry[4][12] = "0.0.1|3|0|Old name"
    (tmp_path / "db" / "index.json").write_text(json.dumps(kept))
    assert await listed() == now
    # And kept so: the next start's first screen needs no game for them.
    kept = json.loads((tmp_path / "db" / "index.json").read_text())
    assert {session_id: entry[4] for session_id, entry in kept["sessions"].items()} == rows_now
    assert [item[1][4] for item in kept["recent"]] == [rows_now[item[0]] for item in kept["recent"]]


@pytest.mark.parametrize("kept", ["to 1000", "to 1,000"])
async def test_a_target_is_said_plain_at_a_decimal_comma_table(tmp_path: Path, kept: str) -> None:
    """A € table writing money 1.245,00: a score pad to 1000 reads "to 1000" in its row and
    the options line, as its panel says "Target 1000", also where an earlier release saved
    its summary grouping the target as money ("to 1,000") in a file this one moves over."""
    from scorekeeper.settings import remember_currency
    from tests.sync.test_shared_store import older

    pad = Session.new("score-pad", ("Ann", "Bob"), options={"target": 1000})
    pad.record({"scores": {"Ann": 1245, "Bob": 0}})
    (tmp_path / "db" / "sessions").mkdir(parents=True)
    (tmp_path / "db" / "sessions" / "pad2cb93f.json").write_bytes(
        older(pad, time.time_ns(), option_words=["highest wins", kept, "no stake"])
    )
    with Store(tmp_path / "db") as store:
        remember_currency(store, "€", True)
    with Store(tmp_path / "db") as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(pilot)
            detail = str(app.screen.query_one("#under").render())
            (row,) = rows(app)
    assert "highest wins; to 1000; no stake" in detail, detail
    assert row[0] == "Score pad — any other game · to 1000"


async def test_a_first_look_at_a_folder_of_junk_lists_the_real_session_as_soon_as_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Home lists what it has read so far while a peer's junk is still being judged,
    says it is still reading, and refuses to export half a list."""
    path = tmp_path / "db"
    with Store(path) as store:
        kept = store.add(racehorse())
    for number in range(index.RECENT + 10):  # more than Home reads before its first frame
        (path / "logs" / f"junk{number:03d}.aaaaaaaaaa.json").write_bytes(b"{not json")
    (path / "index.json").unlink()
    monkeypatch.setattr(index, "SO_FAR", 0)
    counted: list[str] = []
    refill = HomeScreen.refill

    def noted(home: HomeScreen, summaries: list[Summary], *, reading: bool = False) -> None:
        refill(home, summaries, reading=reading)
        if reading:
            counted.append(str(home.query_one("#under", Static).render()).splitlines()[-1])
            if len(counted) == 1:
                home.action_export()  # half a list: not exported

    monkeypatch.setattr(HomeScreen, "refill", noted)
    with Store(path) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(pilot)
            assert counted and counted[0] == "1 session so far; reading the rest…"
            assert not isinstance(app.screen, ExportScreen)
            assert [row[1] for row in app.screen.query_one("#sessions", ScoreGrid).rows] == [
                ", ".join(racehorse().players)
            ]
            under = str(app.screen.query_one("#under", Static).render())
            assert under.splitlines()[-1] == "1 session."
            assert app.screen.highlighted().id == kept
