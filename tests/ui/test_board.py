"""The live board follows a store that another window writes, and never writes itself.

Each test drives the board's poll directly (``follow``) right after a ``Store`` in the same
test records, undoes or edits a round, as the interval timer would within a quarter second.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot
from textual.widgets import Digits, Static

from scorekeeper.game import END_ROUND
from scorekeeper.session import Session
from scorekeeper.settings import remember_currency
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.board.big_board import BigBoardScreen
from screens.board.board_app import FOLLOW_INTERVAL, BoardApp
from screens.board.standings import Card, Standings
from screens.table import TableScreen
from tests.factories import MADE_3, MADE_4, UPPED_2, file_of, racehorse
from tests.ui.play import settled

SEVEN = ["Grandma", "Max", "Zoe"]
MAX_OUT = {"out": "Max", "cards": {"Grandma": "K K 4 JK", "Zoe": "A 9"}}  # 45, 0, 25
ZOE_OUT = {"out": "Zoe", "cards": {"Grandma": "5 5 5", "Max": "Q A"}}  # +15, +25, 0


def seven_hand(*rounds: dict[str, object]) -> Session:
    session = Session.new("seven-hand", SEVEN, options={"stake": 10})
    for round_ in rounds:
        session.record(round_)
    return session


def places(screen_or_app: BoardApp | BigBoardScreen) -> list[tuple[str, str]]:
    """Each card as read top to bottom, column by column: its first label line and figure."""
    cards = screen_or_app.query_one(Standings).query(Card)
    return [
        (
            " ".join(str(card.query_one(".label", Static).content).splitlines()[0].split()),
            card.query_one(Digits).value,
        )
        for card in cards
    ]


def text_of(app: BoardApp, selector: str) -> str:
    return str(app.query_one(selector, Static).content)


async def follow(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, BoardApp)
    app.follow()
    await pilot.pause()
    await pilot.pause()  # standings shown again fit their cards once laid out: a frame later


async def test_the_board_shows_standings_and_follows_rounds_recorded_undone_and_edited(
    store: Store,
) -> None:
    session_id = store.add(seven_hand(MAX_OUT))
    app = BoardApp(store.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert places(app) == [("1 Max ★", "0"), ("2 Zoe", "25"), ("3 Grandma", "45")]
        assert text_of(app, ".status") == "Hand 2 · ● Max deals · Zoe plays first"
        last = " ".join(text_of(app, ".last").split())
        assert last.startswith("Last: Hand 1 · ")
        assert "Grandma +45, Zoe +25" in last

        store.record(session_id, ZOE_OUT)
        await follow(pilot)
        assert places(app) == [("1 Max ★", "25"), ("1 Zoe ★", "25"), ("3 Grandma", "60")]
        assert text_of(app, ".status") == "Hand 3 · ● Zoe deals · Grandma plays first"

        store.undo(session_id)
        await follow(pilot)
        assert places(app)[0] == ("1 Max ★", "0")
        assert text_of(app, ".status").startswith("Hand 2 ")

        store.edit(session_id, 0, {"out": "Zoe", "cards": {"Grandma": "5", "Max": "Q A"}})
        await follow(pilot)
        assert places(app) == [("1 Zoe ★", "0"), ("2 Grandma", "5"), ("3 Max", "25")]


async def test_an_undo_or_an_edit_is_said_in_words_until_the_next_round(store: Store) -> None:
    session_id = store.add(seven_hand(MAX_OUT, ZOE_OUT))
    app = BoardApp(store.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        change = app.query_one("#change", Static)
        assert not change.display, "nothing to say before anything was taken back"

        store.edit(session_id, 0, {"out": "Zoe", "cards": {"Grandma": "5", "Max": "Q A"}})
        await follow(pilot)
        assert change.display and text_of(app, "#change") == "Hand 1 was corrected"

        store.undo(session_id)
        await follow(pilot)
        assert text_of(app, "#change") == "Hand 2 was undone"
        assert text_of(app, ".status").startswith("Hand 2 ")

        store.record(session_id, MAX_OUT)
        await follow(pilot)
        assert not change.display, "a round recorded is said by the last round's line"

        store.undo(session_id)
        store.undo(session_id)
        await follow(pilot)
        assert text_of(app, "#change") == "Hands 1 to 2 were undone"


async def test_a_round_shows_within_one_follow_interval_of_the_timer(store: Store) -> None:
    session_id = store.add(racehorse(MADE_3))
    app = BoardApp(store.path, interval=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        store.record(session_id, UPPED_2)
        for _ in range(40):  # each wait one interval; the timer, not the test, reads
            await pilot.pause(0.05)
            if text_of(app, ".status").startswith("Deal 3 "):
                break
        assert text_of(app, ".status").startswith("Deal 3 ")
    assert FOLLOW_INTERVAL <= 0.5


async def test_without_an_id_the_board_moves_to_the_session_that_starts(store: Store) -> None:
    store.add(racehorse(MADE_3))
    app = BoardApp(store.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.title == "Racehorse"
        newer = store.add(seven_hand())
        await follow(pilot)
        assert app.title == "Seven Hand Rummy"
        assert text_of(app, ".status") == "Hand 1 · ● Grandma deals · Max plays first"
        store.record(newer, MAX_OUT)
        await follow(pilot)
        assert places(app)[0] == ("1 Max ★", "0")


async def test_with_an_id_the_board_stays_on_that_session(store: Store) -> None:
    pinned = store.add(racehorse(MADE_3))
    app = BoardApp(store.path, pinned)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        store.add(seven_hand(MAX_OUT))
        store.record(pinned, MADE_4)
        await follow(pilot)
        assert app.title == "Racehorse"
        assert text_of(app, ".status").startswith("Deal 3 ")


async def test_an_unknown_id_is_said_on_screen_and_the_board_keeps_watching(
    store: Store,
) -> None:
    app = BoardApp(store.path, "nosuch")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert text_of(app, "#waiting-title") == "No such session"
        assert "'nosuch'" in text_of(app, "#waiting-message")
        assert not app.query_one(Standings).display
        store.add(racehorse())
        await follow(pilot)
        assert text_of(app, "#waiting-title") == "No such session"
        assert app.is_running


async def test_a_damaged_file_is_said_on_screen_until_it_is_repaired(store: Store) -> None:
    session_id = store.add(racehorse(MADE_3))
    store.record(session_id, UPPED_2)
    file = file_of(store.path, session_id)
    app = BoardApp(store.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        good = file.read_bytes()
        file.write_bytes(good[: len(good) // 2])
        await follow(pilot)
        assert text_of(app, "#waiting-title") == "A score file is damaged"
        assert file.name in text_of(app, "#waiting-message")
        shutil.copyfile(file.with_name(file.name + ".bak"), file)
        await follow(pilot)
        assert app.query_one(Standings).display
        assert text_of(app, ".status").startswith("Deal 2 ")


async def test_a_missing_store_is_said_on_screen_until_a_game_starts(tmp_path: Path) -> None:
    path = tmp_path / "not-yet"
    app = BoardApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert text_of(app, "#waiting-title") == "No scores here yet"
        with Store(path) as store:
            await follow(pilot)
            assert text_of(app, "#waiting-title") == "No game yet"
            store.add(seven_hand())
            await follow(pilot)
            assert app.title == "Seven Hand Rummy"


async def test_no_key_changes_anything_and_the_board_never_writes(store: Store) -> None:
    session_id = store.add(racehorse(MADE_3))
    store.close()
    before = {entry.name: entry.stat().st_mtime_ns for entry in os.scandir(store.path)}
    before |= {entry.name: entry.stat().st_mtime_ns for entry in os.scandir(store.path / "logs")}
    app = BoardApp(store.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r", "u", "e", "enter", "delete", "x", "s", "ctrl+p", "escape")
        await follow(pilot)
        assert app.is_running
        after = {entry.name: entry.stat().st_mtime_ns for entry in os.scandir(store.path)}
        after |= {entry.name: entry.stat().st_mtime_ns for entry in os.scandir(store.path / "logs")}
        assert after == before
        with Store(store.path) as writer:  # the writer's lock is free while the board runs
            writer.record(session_id, UPPED_2)
        await pilot.press("q")
    assert not app.is_running


async def test_ten_players_fit_at_80x24_and_at_40_columns(store: Store) -> None:
    players = [
        "Grandma",
        "Max",
        "Zoe",
        "Christopher",
        "Elizabeth-Anne Worthington",
        "Jo",
        "Al",
        "Bo",
        "Cy",
        "Di",
    ]
    store.add(Session.new("seven-hand", players))
    for size in ((80, 24), (40, 30)):
        app = BoardApp(store.path)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            cards = list(app.query(Card))
            assert len(cards) == 10
            screen = app.screen.region
            assert all(screen.contains_region(card.region) for card in cards)
            assert all(len(card.query_one(Digits).value) for card in cards)
            cut = [label for label, _ in places(app) if "…" in label]
            if size == (40, 30):
                assert len(cut) == 1
                assert cut == ["1 Elizabeth-…"]  # everyone ties at 0


def euro_pad(store: Store, players: list[str], *scores: list[int]) -> None:
    """A score pad at 5 cents a point, to 5000, at a table writing euros with a comma."""
    remember_currency(store, "€", True)
    session_id = store.add(Session.new("score-pad", players, options={"stake": 5, "target": 5000}))
    for round_ in scores:
        store.record(session_id, {"scores": dict(zip(players, round_, strict=True))})


def lines_in_the_cards(app: BoardApp) -> list[tuple[list[str], int]]:
    """Each card's lines beside its figure, as drawn, with the cells they have."""
    labels = [card.query_one(".label", Static) for card in app.query(Card)]
    return [(str(label.content).splitlines(), label.size.width) for label in labels]


@pytest.mark.parametrize(("players", "size"), [(4, (80, 24)), (12, (80, 24)), (12, (120, 40))])
async def test_money_of_100_or_more_beside_a_four_digit_total_stays_clear_of_it(
    store: Store, players: int, size: tuple[int, int]
) -> None:
    """ "+€261,25" beside 2345 points: the money is drawn whole beside the big digits, on
    the winner's card too, and "● deals" stays on one line."""
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou"]
    scores = [1245, 600, 300, 5, 410, 20, 870, 1030, 75, 640, 333, 9][:players]
    euro_pad(store, names[:players], scores, [1100, 600, 300, 5, *scores[4:]])
    app = BoardApp(store.path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.pause()
        drawn = lines_in_the_cards(app)
        assert len(drawn) == players
        for lines, width in drawn:
            assert all(cell_len(line.rstrip()) <= width for line in lines), (lines, width)
        money = [row.aside for row in app.query_one(Standings).rows]
        assert all(aside.startswith(("+€", "−€")) for aside in money)
        assert all(aside in " ".join(lines) for aside, (lines, _) in zip(money, drawn, strict=True))
        assert "● deals" in " ".join(line for lines, _ in drawn for line in lines)
        assert app.query(Card).first().query_one(Digits).value == "2345"
        if players == 4:
            assert money[0] == "+€261,25"


async def test_light_theme(store: Store) -> None:
    store.add(racehorse(MADE_3))
    app = BoardApp(store.path, theme="textual-light")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "textual-light"
        await pilot.press("ctrl+t")
        assert app.theme == "textual-dark"


async def test_b_on_the_table_opens_the_big_board_and_the_footer_names_it(store: Store) -> None:
    store.add(seven_hand(MAX_OUT, ZOE_OUT))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert ("b", "Board") in [
            (active.binding.key, active.binding.description)
            for active in app.screen.active_bindings.values()
            if active.binding.show
        ]
        await pilot.press("b")
        await pilot.pause()
        board = app.screen
        assert isinstance(board, BigBoardScreen)
        assert places(board)[0] == ("1 Max ★", "25")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_the_command_palette_names_the_command_that_starts_the_board(
    store: Store,
) -> None:
    session_id = store.add(seven_hand(MAX_OUT))
    app = ScorekeeperApp(store)
    said: list[str] = []
    app.notify = lambda message, **_: said.append(message)  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"live board")
        await settled(pilot)  # the palette's search runs in a worker
        await pilot.press("enter")
        await pilot.pause()
        (shown,) = said
        assert f"scorekeeper board {session_id}" in shown  # the store is the default one
        assert "--serve" in shown


async def test_a_file_where_the_store_should_be_is_said_on_screen(tmp_path: Path) -> None:
    path = tmp_path / "scores"
    path.write_text("not a folder")
    app = BoardApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert text_of(app, "#waiting-title") == "The scores cannot be read"
        assert "is a file, but a store is a folder" in text_of(app, "#waiting-message")
        path.unlink()
        with Store(path) as store:
            store.add(racehorse())
            await follow(pilot)
            assert app.title == "Racehorse"


async def test_when_the_session_shown_is_deleted_the_board_shows_the_one_before(
    store: Store,
) -> None:
    older = store.add(racehorse(MADE_3))
    newer = store.add(seven_hand())
    app = BoardApp(store.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.title == "Seven Hand Rummy"
        store.delete(newer)
        await follow(pilot)
        assert app.title == "Racehorse"
        store.delete(older)
        await follow(pilot)
        assert text_of(app, "#waiting-title") == "No game yet"


async def test_an_ended_evening_is_told_last_as_the_end_not_as_another_deal(
    store: Store,
) -> None:
    """ "Last: Deal 2 · Evening ended" read as a deal 2 that ended the evening."""
    store.add(racehorse(MADE_3, UPPED_2, END_ROUND))
    app = BoardApp(store.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        last = " ".join(text_of(app, ".last").split())
        assert text_of(app, ".status").startswith("Game over after 2 deals")
    assert last == "Last: Evening ended · no change"
