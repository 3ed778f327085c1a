"""Ending the evening and stopping early, through the keys, at 80×24.

docs/rules.md, Conventions, End of the evening; Calcutta Horse Race, End of the evening;
5000 Rummy, Stopping early.
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Static

from scorekeeper.errors import RuleError
from scorekeeper.game import END_ROUND, EVENING
from scorekeeper.games import GAMES
from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.confirm import ConfirmScreen
from screens.settle import SettleScreen
from screens.table import TableScreen
from screens.widgets.grid import ScoreGrid
from tests.domain.test_calcutta import sold
from tests.domain.test_ending import END, FOUR, calcutta_with_9_carried, rummy_5000_first_hand
from tests.ui.evenings import every_game
from tests.ui.hosts import at_table
from tests.ui.play import drawn

FINAL = ["Ann", "−2", "Bob", "+12", "Cy", "−7", "Di", "−3"]
"""Balances after the share-out: 9 chips, 3 to Ann and 2 to each other player."""


def text(pilot: Pilot[None], selector: str) -> str:
    return str(pilot.app.screen.query_one(selector, Static).content)


def offered_keys(table: TableScreen) -> dict[str, str]:
    """The keys the table offers now: the footer's and those the help lists beside them."""
    return {
        binding.key: binding.description
        for (_, binding, enabled, _) in table.active_bindings.values()
        if enabled and (binding.show or binding.id)
    }


async def resume(pilot: Pilot[None]) -> TableScreen:
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    table = pilot.app.screen
    assert isinstance(table, TableScreen)
    return table


async def test_ending_a_calcutta_evening_shares_out_the_pool_on_the_settle_screen(
    store: Store,
) -> None:
    session_id = store.add(calcutta_with_9_carried())
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await resume(pilot)
        assert offered_keys(table)["f"] == "End game"

        # Mid-evening the settle-up shows what ending now would do, one list, and offers it.
        await pilot.press("s")
        await pilot.pause()
        settle = app.screen
        assert isinstance(settle, SettleScreen)
        assert "(pool)" in text(pilot, "#balances")
        assert text(pilot, "#if-ended") == "If you ended the evening now: Bob wins"
        assert text(pilot, "#if-note") == "Pool of 9 chips shared out: 3 to Ann, 2 to the others"
        assert len(settle.query(".balances")) == 1
        assert settle.query_one("#end", Button).label.plain == "End game"

        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert text(pilot, "#question") == "End the evening here?"
        await pilot.press("y")
        await pilot.pause()

        # Recorded like a round; the settle-up opens on the final figures.
        settle = app.screen
        assert isinstance(settle, SettleScreen)
        assert text(pilot, "#settle-title") == "Game over — Bob wins"
        assert text(pilot, "#note") == "Pool of 9 chips shared out: 3 to Ann, 2 to the others"
        assert text(pilot, "#balances").split() == FINAL
        assert text(pilot, "#payments").splitlines() == [
            "Cy pays Bob 7 chips",
            "Di pays Bob 3 chips",
            "Ann pays Bob 2 chips",
        ]
        assert not settle.query("#end")
        saved = store.load(session_id)
        assert saved.rounds[-1] == {"end": True} and saved.finished

        await pilot.press("escape")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        status = str(table.query_one("#status", Static).content)
        assert status.startswith("Evening ended after 2 races · Bob won")
        grid = table.query_one("#grid", ScoreGrid)
        assert "f" not in offered_keys(table) and "r" not in offered_keys(table)
        assert grid.rows[-1][0] == "end"
        assert str(table.query_one("#detail", Static).content) == "Evening ended"

        # Undo takes the end back: the pool is carried again and races go on.
        await pilot.press("u")
        await pilot.pause()
        assert text(pilot, "#question") == "Undo the end?"
        await pilot.press("y")
        await pilot.pause()
        reopened = store.load(session_id)
        assert not reopened.finished and reopened.pot == 9
        assert "Race 3" in str(table.query_one("#status", Static).content)


async def test_stopping_a_5000_game_early_and_settling(store: Store) -> None:
    session_id = store.add(rummy_5000_first_hand())
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await resume(pilot)
        assert offered_keys(table)["f"] == "End game"

        await pilot.press("s")
        await pilot.pause()
        assert text(pilot, "#if-ended") == "If you stopped now: Ann wins"
        assert text(pilot, "#payments").splitlines() == [
            "Cy pays Ann $8.50",
            "Bob pays Ann $2.55",
        ]
        assert "Nobody owes anybody anything" not in str(
            [str(s.content) for s in app.screen.query(Static)]
        )
        await pilot.press("escape")
        await pilot.pause()

        await pilot.press("f")
        await pilot.pause()
        assert text(pilot, "#question") == "Stop the game here?"
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, SettleScreen)
        assert text(pilot, "#settle-title") == "Game over — Ann wins"
        assert text(pilot, "#payments").splitlines() == [
            "Cy pays Ann $8.50",
            "Bob pays Ann $2.55",
        ]
    assert store.load(session_id).winners == ("Ann",)


async def test_no_is_the_answer_that_keeps_the_game_going(store: Store) -> None:
    session_id = store.add(rummy_5000_first_hand())
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await resume(pilot)
        await pilot.press("f", "n")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("s")
        await pilot.pause()
        await pilot.click("#end")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen), "the button asks as the key does"
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SettleScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
    assert not store.load(session_id).finished


async def test_more_than_two_sharing_the_win_are_named_as_a_list(store: Store) -> None:
    """A race nobody bought a horse in, then the evening ended: all four are level."""
    session = Session.new("calcutta", FOUR)
    unsold = {suit: None for suit in "SHDC"}
    course = {"S": 2, "H": 2, "D": 2, "C": 1}
    session.record({"course": course, "sales": unsold, "first": "H", "second": "C"})
    session.record(END)
    store.add(session)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(100, 24)) as pilot:
        await resume(pilot)
        assert "Ann, Bob, Cy and Di share the win" in text(pilot, "#status"), "the table"
        await pilot.press("s")
        await pilot.pause()
        assert text(pilot, "#settle-title").endswith("Ann, Bob, Cy and Di share the win")
    with pytest.raises(RuleError, match="Ann, Bob, Cy and Di share the win"):
        session.record({"course": course, "sales": unsold, "first": "H", "second": "C"})


EIGHT = [
    "Elizabeth-Anne",
    "Zoë",
    "Wolfgang Amadeus",
    "山田花子ちゃん",
    "Maximilian",
    "Bartholomew",
    "Ann",
    "Bob",
]


def pool_of_11_among_eight() -> Session:
    """S won unsold: 11 chips carried among eight, 2 each to the first three seats."""
    session = Session.new("calcutta", EIGHT)
    sales = {"S": None, "H": sold("Ann", 10), "D": sold("Bob", 7), "C": None}
    course = {"S": 2, "H": 2, "D": 2, "C": 1}
    session.record({"course": course, "sales": sales, "first": "S", "second": "H"})
    assert session.pot == 11
    return session


async def test_a_pool_shared_out_among_long_names_goes_on_between_them(store: Store) -> None:
    """Too long for a line, the pool shared out goes on after a name, never inside one
    ("Wolfgang" / "Amadeus, 1 to the others" gives the chips to someone else), in the
    question, the settle-up and the table's panel."""
    store.add(pool_of_11_among_eight())
    async with ScorekeeperApp(store).run_test(size=(80, 24)) as pilot:
        await resume(pilot)
        await pilot.press("f")
        await pilot.pause()
        asked = [line.strip() for line in drawn(pilot, "#detail") if line.strip()]
        await pilot.press("y")
        await pilot.pause()
        noted = [line.strip() for line in drawn(pilot, "#note") if line.strip()]
        await pilot.press("escape")
        await pilot.pause()
        panel = [line.strip() for line in drawn(pilot, "#panel") if line.strip()]
    assert asked == [
        "Pool of 11 chips shared out: 2 each to Elizabeth-Anne,",
        "Zoë and Wolfgang Amadeus, 1 to the others.",
        "Elizabeth-Anne, Zoë and Wolfgang Amadeus share the",
        "win. u takes it back.",
    ]
    assert noted == [
        "Pool of 11 chips shared out: 2 each to Elizabeth-Anne, Zoë",
        "and Wolfgang Amadeus, 1 to the others",
    ]
    assert panel[-2:] == [
        "Pool shared out  11 chips: 2 each to Elizabeth-Anne, Zoë and Wolfgang Amadeus,",
        "1 to the others",
    ]


async def test_an_ended_evening_shows_no_next_deal_under_the_grid(store: Store) -> None:
    """Racehorse's "Next deal: made, the pitcher deals…", Hot Rum's rotation and Horse
    Race's "Dee deals and is the bank" say who deals a deal that will never come: no
    game the table ends for the evening says so once it has."""
    ended: dict[str, str] = {}
    for game, evening in every_game().items():
        if GAMES[game].ending is not EVENING:
            continue
        session = evening()
        session.record(END_ROUND)
        ended[game] = store.add(session)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        for game, session_id in ended.items():
            await at_table(pilot, store, session_id)
            panel = " ".join(drawn(pilot, "#panel"))
            assert "Next deal" not in panel, (game, panel)
            assert " deals" not in panel, (game, panel)
            assert "Evening ended" in text(pilot, "#status"), game
