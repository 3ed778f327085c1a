"""The largest table each game allows, at 80x24: every player's name, total and money and
the leader on the table screen at once, names cut apart where they must be; wider
screens use their width, the big board too."""

from __future__ import annotations

import re
from collections.abc import Callable

from rich.cells import cell_len
from textual.widgets import Static

from scorekeeper import GAMES
from scorekeeper.money import Currency, amount, use_currency
from scorekeeper.session import Session
from scorekeeper.settings import remember_currency
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.board.standings import Standings
from screens.format import cut_apart
from screens.scoresheet import DEALS, LEADS
from screens.table import TableScreen
from screens.widgets.grid import ScoreGrid, fit
from tests.ui.board_tables import TEN, calcutta_for_eight, seven_hand_for_ten
from tests.ui.hosts import at_table
from tests.ui.test_large_tables import screen_lines

UNBOUNDED = 10
"""Players at a game with no upper limit: ten, as the largest Seven Hand evening."""
TWELVE = [*TEN, "Marguerite", "Bartholomew"]


def largest(game: str) -> Callable[[], Session]:
    def make() -> Session:
        return Session.new(game, TWELVE[: GAMES[game].max_players or UNBOUNDED])

    return make


def seven_hand_for_ten_six_hands_in() -> Session:
    """Six hands of ten at 10¢ a point: more rounds than the grid has lines, money
    stopping now would pay in dollars and cents beside every total."""
    session = seven_hand_for_ten()
    for hand in range(3, 6):
        out = TEN[hand]
        held = ["K K Q", "9 9", "A A JK", "5", "Q 3", "K", "JK", "2", "A 4"]
        others = [name for name in TEN if name != out]
        session.record({"out": out, "cards": dict(zip(others, held, strict=True))})
    return session


def score_pad_for_twelve_at_stakes() -> Session:
    """Twelve at 10¢ a point: money in whole dollars beside every total."""
    session = Session.new("score-pad", TWELVE, options={"stake": 10})
    session.record({"scores": {name: 5 + 10 * seat for seat, name in enumerate(TWELVE)}})
    return session


TABLES: dict[str, Callable[[], Session]] = {
    **{game: largest(game) for game in GAMES},
    "calcutta": calcutta_for_eight,
    "seven-hand": seven_hand_for_ten,
    "seven hand six hands in": seven_hand_for_ten_six_hands_in,
    "score pad for twelve at stakes": score_pad_for_twelve_at_stakes,
}


async def test_every_player_total_and_money_on_screen_at_80x24(store: Store) -> None:
    """At each table above in turn, in one app: each takes the last one's place."""
    sessions = {game: session() for game, session in TABLES.items()}
    tables = {game: store.add(session) for game, session in sessions.items()}
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        for game, session_id in tables.items():
            table = await at_table(pilot, store, session_id)
            every_figure_shown(app, table, sessions[game])


def every_figure_shown(app: ScorekeeperApp, table: TableScreen, session: Session) -> None:
    """Every player's name, totals and money in the table's grid as drawn, none
    scrolled off, the leaders marked, a name cut only where no room is left for it; a
    round's score beside its total ("+25 25") only where the pairs stand further apart
    than their two figures."""
    grid = table.query_one("#grid", ScoreGrid)
    assert grid.max_scroll_x == 0, "a player's column is off the screen"
    heads = [
        fit(column.heading[0], column.width, column.align).strip().lstrip(DEALS + LEADS + " ")
        for column in grid.columns[1:]
    ]
    assert len(heads) == len(session.players)
    assert len(set(heads)) == len(heads), heads
    lines = screen_lines(app)
    header = next(line for line in lines if line.startswith(" # "))
    for name, head in zip(session.players, heads, strict=True):
        assert head in header
        assert name.startswith(head.split("…")[0])
    figures = session.figures()
    by_seat = figures.by_seat()
    for at, label in enumerate(figures.labels):
        row = next(line for line in lines if line.startswith(f" {label} "))
        drawn = row[len(label) + 1 :].split()
        # Money may lose its "$" and cents that are none in a grid too narrow for
        # them, never its amount.
        assert [cell.replace("$", "").removesuffix(".00") for cell in drawn] == [
            by_seat[name].shown[at].replace("$", "").removesuffix(".00") for name in session.players
        ]
    for leader in figures.leaders:
        at = session.players.index(leader)
        assert LEADS in grid.columns[at + 1].heading[0]
    for at, column in enumerate(grid.columns[1:], 1):
        cells = [row[at] for row in grid.rows]
        if grid.tight and any(" " in cell for cell in cells):
            assert column.width > max(map(cell_len, cells)), "pairs one cell apart"
    spare = grid.scrollable_content_region.width - grid.virtual_size.width
    for column in grid.columns[1:]:
        short = cell_len(column.heading[0]) - column.width
        assert short <= 0 or short > spare, f"{column.heading[0]!r} cut, {spare} cells to spare"
    # The game's lines under the grid wrap between their items: a stack's figure never
    # starts a line under another's name, a hand's number never ends one ("7." / "three
    # runs").
    panel = str(table.query_one("#panel", Static).content).splitlines()
    for line in panel:
        assert not re.search(r"\b\d+\.$", line), panel
        if line.startswith(" "):
            assert not re.fullmatch(r"[+−]?[\d,]+", line.split()[0]), panel


async def test_twelve_with_100_euros_or_more_each_all_fit_in_whole_euros(store: Store) -> None:
    """Totals in the thousands and balances of €100 or more at a euro table: all twelve
    columns at 80 columns, no paging; the money in whole euros (halves up), said by its
    label, to the cent in the settle-up."""
    remember_currency(store, "€", True)
    use_currency(Currency("€", comma=True))
    session = Session.new("score-pad", TWELVE, options={"stake": 5})
    session.record({"scores": {name: 1240 - 199 * seat for seat, name in enumerate(TWELVE)}})
    session_id = store.add(session)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await at_table(pilot, store, session_id)
        grid = table.query_one("#grid", ScoreGrid)
        assert grid.max_scroll_x == 0, "a player's column is off the screen"
        assert len(grid.columns) == 13
        lines = screen_lines(app)
        total = next(line for line in lines if line.startswith(" total "))
        money = next(line for line in lines if line.startswith(" ≈money "))
        assert total.split()[1:] == [amount(1240 - 199 * seat, "points") for seat in range(12)]
        euros = ["+657", "+537", "+418", "+299", "+179", "+60"]  # +€656,70 … +€298,50 …
        assert money.split()[1:] == [*euros, *(f"−{euro[1:]}" for euro in reversed(euros))]


def test_names_cut_to_one_width_stay_apart() -> None:
    cut = cut_apart(["Elizabeth", "Elizabeth-Anne", "Christopher", "Christine", "Zoe"], [6] * 5)
    assert len(set(cut)) == 5
    assert all(len(name) <= 6 for name in cut)
    assert cut[4] == "Zoe"


async def test_at_120x40_the_table_and_the_big_board_use_the_width(store: Store) -> None:
    store.add(seven_hand_for_ten())
    app = ScorekeeperApp(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        header = next(line for line in screen_lines(app) if line.startswith(" # "))
        assert "Jonathan" in header and "Grandma" in header
        await pilot.press("b")
        await pilot.pause()
        board = app.screen.query_one(Standings)
        assert board.layout_now is not None
        assert board.layout_now.columns >= 2
        columns = list(board.query(".column"))
        assert sum(column.size.width for column in columns) > 120 // 2


async def test_the_session_list_gives_a_wider_screen_to_the_players_names(store: Store) -> None:
    store.add(seven_hand_for_ten())
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        narrow = next(line for line in screen_lines(app) if "Seven Hand" in line)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        wide = next(line for line in screen_lines(app) if "Seven Hand" in line)
    assert "Grandma, Max, Zoe, Christopher" in wide
    assert "Christopher" not in narrow


async def test_twelve_players_money_stays_on_one_screen_with_cents_only_where_there_are_any(
    store: Store,
) -> None:
    """Twelve at Seven Hand, 10¢ a point: every cent shown would page the grid (eight
    columns, then four more), so whole amounts lose their ".00" ("−1" beside "−2.50") and
    the table still sees every player's money at once."""
    players = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou"]
    held = ["K K 4", "5 5", "A JK", "9", "Q A 3 3", "K", "JK JK", "2 3", "A A A", "7", "K 3"]
    session = Session.new("seven-hand", players, options={"stake": 10})
    session.record({"out": "Ann", "cards": dict(zip(players[1:], held, strict=True))})
    session_id = store.add(session)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_table(pilot, store, session_id)
        money = next(line for line in screen_lines(app) if line.startswith(" if ended "))
    figures = money.removeprefix(" if ended ").split()
    assert len(figures) == len(players), money
    assert "−2.50" in figures and "−1" in figures, money
    assert all(re.fullmatch(r"[+−]\d+(\.\d\d)?", figure) for figure in figures), money


async def test_the_narrowest_screen_that_takes_a_layout_leaves_no_cell_over(
    store: Store,
) -> None:
    """Twelve at a score pad, 10¢ a point, their names narrower than their figures (so
    no cell left over goes to a name). Where one cell less pages the grid, every column
    fits with not a cell to spare; where one cell less makes it tight, the wide layout
    fits the same way. A grid that turned down a layout fitting to the cell would page
    (or go tight) a screen early."""
    players = ["Al", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou"]
    session = Session.new("score-pad", players, options={"stake": 10})
    session.record({"scores": {name: 7 * seat - 30 for seat, name in enumerate(players)}})
    session.record({"scores": {name: 45 - 11 * seat for seat, name in enumerate(players)}})
    session_id = store.add(session)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await at_table(pilot, store, session_id)
        grid = table.query_one("#grid", ScoreGrid)

        async def at_width(width: int) -> tuple[bool, bool, int]:
            """Whether the grid pages, whether it is tight, and the cells it leaves over."""
            await pilot.resize_terminal(width, 24)
            await pilot.pause()
            spare = grid.scrollable_content_region.width - grid.virtual_size.width
            return grid.max_scroll_x > 0, grid.tight, spare

        async def first_without(which: int, narrow: int, wide: int) -> int:
            """The narrowest width whose state ``which`` (0 pages, 1 tight) is off, where
            it is on at ``narrow`` and off at ``wide``."""
            while wide - narrow > 1:
                middle = (narrow + wide) // 2
                if (await at_width(middle))[which]:
                    narrow = middle
                else:
                    wide = middle
            return wide

        assert (await at_width(40))[0] and (await at_width(200))[:2] == (False, False)
        fits = await first_without(0, 40, 200)
        assert await at_width(fits) == (False, True, 0), f"at {fits} columns"
        wide = await first_without(1, fits, 200)
        assert await at_width(wide) == (False, False, 0), f"at {wide} columns"
