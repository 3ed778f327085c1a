"""The table as a paper scoresheet: each round's score beside the running total, labelled
totals, the highlighted round told in full under the grid, and wide tables paged sideways
with the round numbers kept in view."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Static

from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp, keys_of
from screens.confirm import ConfirmScreen
from screens.help import HelpScreen
from screens.table import TableScreen
from screens.widgets.grid import ScoreGrid
from tests.ui.board_tables import TEN, seven_hand_for_ten
from tests.ui.evenings import calcutta, hot_rum, racehorse
from tests.ui.play import drawn, grid_rows, highlighted

TWELVE = [
    "Grandma",
    "Max",
    "Maximilian",
    "Marguerite",
    "Zoë",
    "Christopher",
    "Elizabeth-Anne",
    "山田花子ちゃん",
    "Wolfgang Amadeus",
    "Bartholomew",
    "Bob",
    "Mo",
]


async def open_table(pilot: Pilot[None]) -> TableScreen:
    await pilot.press("enter")
    await pilot.pause()
    table = pilot.app.screen
    assert isinstance(table, TableScreen)
    return table


def grid_of(table: TableScreen) -> ScoreGrid:
    return table.query_one("#grid", ScoreGrid)


def detail_of(table: TableScreen) -> str:
    return str(table.query_one("#detail", Static).content)


async def told_under_the_grid(store: Store, session: Session) -> list[str]:
    """The lines under the grid with the session's last round highlighted, as drawn."""
    store.add(session)
    async with ScorekeeperApp(store).run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        await pilot.press("up")
        await pilot.pause()
        return [line.strip() for line in drawn(pilot, "#detail") if line.strip()]


def screen_text(pilot: Pilot[None]) -> str:
    """What the grid draws, line by line, as a person would read it."""
    grid = grid_of(pilot.app.screen)  # type: ignore[arg-type]
    return "\n".join(grid.render_line(y).text for y in range(grid.size.height))


async def test_each_race_shows_its_chips_beside_the_running_balance(store: Store) -> None:
    """docs/rules.md, Calcutta: race 1 Flo +27, Ann −8; race 2 Bob −5 (paid 14, took 9)."""
    store.add(calcutta())
    async with ScorekeeperApp(store).run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot)
        grid = grid_of(table)
        assert [column.heading[1] for column in grid.columns] == [
            "balance",
            "−8",
            "−12",
            "−12",
            "−5",
            "−9",
            "+27",
        ]
        assert [cell.split() for cell in grid.rows[0]] == [
            ["1"],
            ["−8", "−8"],
            ["−7", "−7"],
            ["−12", "−12"],
            ["0", "0"],
            ["0", "0"],
            ["+27", "+27"],
        ]
        assert [cell.split() for cell in grid.rows[1]][2] == ["−5", "−12"]
        # The record line is highlighted: the line under the grid says what Enter does.
        assert detail_of(table) == "r or Enter: record race 3"
        await pilot.press("up")
        assert detail_of(table).splitlines() == [
            "Race 2 · Bob dealt · D won, S second; sold H Di 5, C Ed 9, S Bob 14, D unsold;",
            "  pool 28: Bob takes 9; 19 chips carried",
        ]
        await pilot.press("up")
        assert detail_of(table).startswith("Race 1 · Ann dealt · H won, C second;")


async def test_t_shows_the_totals_alone_and_the_footer_names_the_way_back(store: Store) -> None:
    store.add(calcutta())
    async with ScorekeeperApp(store).run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot)
        assert ("t", "Totals") in keys_of(table)
        assert ("t", "Rounds") not in keys_of(table)
        await pilot.press("t")
        assert grid_of(table).rows[1][1:] == ["−8", "−12", "−12", "−5", "−9", "+27"]
        assert ("t", "Rounds") in keys_of(table)
        assert ("t", "Totals") not in keys_of(table)
        await pilot.press("t")
        assert grid_of(table).rows[1][2].split() == ["−5", "−12"]


async def test_a_gain_is_signed_and_a_round_reads_as_the_table_says_it(store: Store) -> None:
    """Hot Rum: Cy went out and collects 48 pips at a cent: +$0.48, with its plus sign."""
    store.add(hot_rum())
    async with ScorekeeperApp(store).run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot)
        assert grid_of(table).rows[0][3].split() == ["+$0.48", "+$0.48"]
        await pilot.press("up")
        assert detail_of(table) == "Hand 1 · Ann dealt · Cy went out; Ann held 30, Bob 8, Di 10"
        assert "rummy" not in detail_of(table)


async def test_a_score_under_the_grid_never_starts_a_line_under_another_name(
    store: Store,
) -> None:
    """At 80 columns the round's story breaks between Zoë and her 88 if broken at the
    last space; drawn, "88" would read as the score of the first name on its line."""
    players = ["Ann", "Bob", "Christopher", "Elizabeth-Anne", "Zoë"]
    session = Session.new("score-pad", players)
    session.record({"scores": dict(zip(players, [120, -45, 300, 7, 88], strict=True))})
    lines = await told_under_the_grid(store, session)
    assert len(lines) == 2, lines
    assert lines[0].startswith("Round 1 · Ann dealt · Ann +120, Bob −45"), lines
    assert lines[1] == "Zoë +88", lines


async def test_the_undo_question_and_the_help_keep_each_name_with_its_score(
    store: Store,
) -> None:
    """The round told in the help at 80 columns and in the undo question's narrower box
    goes on after a score, never between a name and it: "Elizabeth-Anne" / "+45" reads
    as 45 for the next name."""
    players = ["Ann", "Bob", "Christopher", "Elizabeth-Anne", "Wolfgang Amadeus", "Zoë"]
    session = Session.new("score-pad", players)
    session.record({"scores": dict(zip(players, [120, -45, 300, 45, 7, 88], strict=True))})
    store.add(session)
    async with ScorekeeperApp(store).run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        await pilot.press("up", "f1")
        await pilot.pause()
        helped = [line.strip() for line in drawn(pilot, "#story") if line.strip()]
        await pilot.press("escape", "u")
        await pilot.pause()
        asked = [line.strip() for line in drawn(pilot, "#detail") if line.strip()]
    assert helped == [
        "Round 1 · Ann dealt · Ann +120, Bob −45, Christopher +300,",
        "Elizabeth-Anne +45, Wolfgang Amadeus +7, Zoë +88",
    ]
    assert asked == [
        "Ann +120, Bob −45, Christopher +300,",
        "Elizabeth-Anne +45, Wolfgang Amadeus +7, Zoë +88.",
        "Totals and the deal go back.",
    ]


async def test_a_calcutta_sale_is_never_broken_under_the_grid_nor_in_the_help_or_undo(
    store: Store,
) -> None:
    """ "…, D" ending a line and "Elizabeth-Anne 9" starting the next read as a horse
    sold to nobody and 9 of someone's: only the game knows "D Elizabeth-Anne 9" is one
    sale, and the race is broken between sales wherever it is told."""
    players = ["Ann", "Bob", "Elizabeth-Anne", "山田花子ちゃん", "Wolfgang Amadeus", "Di"]
    session = Session.new("calcutta", players, dealer="Ann")
    owners = dict(zip("SHDC", ["Ann", "Bob", "Elizabeth-Anne", "Di"], strict=True))
    sales = {
        suit: {"owner": owner, "price": 7 + at} for at, (suit, owner) in enumerate(owners.items())
    }
    course = {"S": 2, "H": 2, "D": 2, "C": 1}
    session.record({"course": course, "sales": sales, "first": "H", "second": "D"})
    store.add(session)
    async with ScorekeeperApp(store).run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        await pilot.press("up")
        await pilot.pause()
        lines = [line.strip() for line in drawn(pilot, "#detail") if line.strip()]
        await pilot.press("f1")
        await pilot.pause()
        helped = [line.strip() for line in drawn(pilot, "#story") if line.strip()]
        await pilot.press("escape", "u")
        await pilot.pause()
        asked = [line.strip() for line in drawn(pilot, "#detail") if line.strip()]
    assert lines == [
        "Race 1 · Ann dealt · H won, D second; sold S Ann 7, H Bob 8,",
        "D Elizabeth-Anne 9, C Di 10; pool 34: Bob takes 23, Elizabeth-Anne 11",
    ]
    assert helped == lines
    assert not [line for line in asked if line.endswith((" S", " H", " D", " C"))], asked
    assert "D Elizabeth-Anne 9," in " ".join(asked)


async def test_a_race_cut_under_the_grid_never_ends_on_a_pool_with_nobody_taking_it(
    store: Store,
) -> None:
    """Twelve at Calcutta with long names: the race does not fit the two lines, and the
    cut ends after a whole sale, never on "pool 80:" that reads as taken by nobody."""
    session = Session.new("calcutta", TWELVE, dealer="Grandma")
    owners = {"S": "Max", "H": "山田花子ちゃん", "D": "Bartholomew", "C": "Maximilian"}
    prices = {"S": 24, "H": 4, "D": 29, "C": 23}
    sales = {suit: {"owner": owner, "price": prices[suit]} for suit, owner in owners.items()}
    course = {"S": 2, "H": 2, "D": 2, "C": 1}
    session.record({"course": course, "sales": sales, "first": "C", "second": "D"})
    lines = await told_under_the_grid(store, session)
    assert lines == [
        "Race 1 · Grandma dealt · C won, D second; sold S Max 24, H 山田花子ちゃん 4,",
        "D Bartholomew 29, C Maximilian 23; … (F1: in full)",
    ]


async def test_a_name_of_two_words_is_never_cut_in_two_under_the_grid(store: Store) -> None:
    """ "Wolfgang" ending a line and "Amadeus +7" starting the next read as two players,
    one of them scoring 7."""
    players = ["Ann", "Bob", "Elizabeth-Anne", "Wolfgang Amadeus", "Zoë"]
    session = Session.new("score-pad", players)
    session.record({"scores": dict(zip(players, [120, -45, 45, 7, 88], strict=True))})
    lines = await told_under_the_grid(store, session)
    assert lines == [
        "Round 1 · Ann dealt · Ann +120, Bob −45, Elizabeth-Anne +45,",
        "Wolfgang Amadeus +7, Zoë +88",
    ]


async def test_a_story_cut_under_the_grid_stops_after_a_whole_name_and_its_score(
    store: Store,
) -> None:
    """Twelve at Seven Hand: the hand told does not fit the two lines under the grid, and
    what they hold ends after a player's score, never in a name ("Elizab … (F1: in
    full)" names nobody at the table)."""
    session = Session.new("seven-hand", TWELVE)
    held = ["K K 4", "5 5", "A JK", "9", "Q A 3 3", "K", "JK JK", "2 3", "A A A", "10", "K 3"]
    session.record({"out": "Mo", "cards": dict(zip(TWELVE, held, strict=False))})
    lines = await told_under_the_grid(store, session)
    assert lines == [
        "Hand 1 · Grandma dealt · Mo went out on two sets; Grandma held 25, Max 10,",
        "Maximilian 35, Marguerite 10, Zoë 35, Christopher 10, … (F1: in full)",
    ]


async def test_a_score_in_words_is_signed_as_its_column_signs_it(store: Store) -> None:
    """Bob's −45 reads the same in his column and in the words under the grid: one
    minus sign, not a hyphen there; a gain with its plus in both."""
    session = Session.new("score-pad", ["Ann", "Bob", "Cy"])
    session.record({"scores": {"Ann": 120, "Bob": -45, "Cy": 0}})
    store.add(session)
    async with ScorekeeperApp(store).run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        assert grid_rows(pilot)["1"] == ["+120", "120", "−45", "−45", "0", "0"]
        assert await highlighted(pilot, "up") == "Round 1 · Ann dealt · Ann +120, Bob −45, Cy 0"


async def test_undo_and_help_tell_the_round_in_words(store: Store) -> None:
    store.add(racehorse())
    async with ScorekeeperApp(store).run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot)
        await pilot.press("up", "f1")
        await pilot.pause()
        help_screen = pilot.app.screen
        assert isinstance(help_screen, HelpScreen)
        assert help_screen.story == (
            "Deal 2 · Ed dealt · Ann bid Smudge and was upped: "
            "all four points but not all six tricks"
        )
        await pilot.press("escape", "u")
        await pilot.pause()
        confirm = pilot.app.screen
        assert isinstance(confirm, ConfirmScreen)
        assert confirm.question == "Undo deal 2?"
        assert confirm.detail.startswith(
            "Ann bid Smudge and was upped: all four points but not all six tricks."
        )
        await pilot.press("n")
        assert isinstance(pilot.app.screen, TableScreen)
        assert len(table.session.rounds) == 2


async def test_too_narrow_for_ten_players_the_grid_pages_with_the_round_numbers_kept(
    store: Store,
) -> None:
    """At 50 columns not even ten players' figures fit side by side: the grid pages."""
    store.add(seven_hand_for_ten())
    async with ScorekeeperApp(store).run_test(size=(50, 24)) as pilot:
        await open_table(pilot)
        first = screen_text(pilot)
        assert first.splitlines()[0].split()[:2] == ["#", "›"]
        assert "Grandma" in first and "Di" not in first.split()
        pages = [first]
        while "Di" not in pages[-1].split():
            await pilot.press("right")
            await pilot.pause()
            pages.append(screen_text(pilot))
        header = pages[-1].splitlines()[0]
        assert header.split()[:2] == ["#", "‹"]
        # The round numbers stay at the left on every page.
        assert [line.split()[0] for line in pages[-1].splitlines()[3:6]] == ["1", "2", "3"]
        for _ in pages[1:]:
            await pilot.press("left")
            await pilot.pause()
        assert screen_text(pilot) == first
        seen = " ".join(pages)
        assert all(name[:8] in seen for name in TEN)


async def test_narrower_than_any_column_each_page_shows_what_fits_of_the_next(
    store: Store,
) -> None:
    """At 16 columns no player's column fits whole beside the round numbers: each page
    right shows the start of the next player's, cut at the edge, never an empty page."""
    store.add(seven_hand_for_ten())
    async with ScorekeeperApp(store).run_test(size=(16, 24)) as pilot:
        await open_table(pilot)
        for _ in range(3):
            await pilot.press("right")
            await pilot.pause()
            heading, total = screen_text(pilot).splitlines()[:2]
            assert heading.split()[:2] == ["#", "‹›"] and len(heading.split()) == 3
            assert len(total.split()) == 2  # "total" and what fits of a player's


async def test_a_story_longer_than_the_lines_under_the_grid_says_f1_tells_it_whole(
    store: Store,
) -> None:
    """Five at 5000, each hand typed: the two lines under the grid cannot hold the hand,
    so they end saying where the rest is rather than stopping mid-sentence."""
    players = ["Ann", "Bob", "Christopher", "Elizabeth-Anne", "Maximilian"]
    session = Session.new("rummy-5000", players, options={"michigan": True})
    melded = dict(zip(players, [445, 700, 100, 50, 0], strict=True))
    held = dict(zip(players, [0, 210, 20, 15, 205], strict=True))
    session.record({"wild": "10", "out": "Ann", "bonus": "out", "melded": melded, "in_hand": held})
    store.add(session)
    async with ScorekeeperApp(store).run_test(size=(80, 24)) as pilot:
        table = await open_table(pilot)
        await pilot.press("up")
        await pilot.pause()
        shown = table.query_one("#detail", Static)
        assert shown.size.height == 2
        lines = detail_of(table).splitlines()
        assert len(lines) == 2 and lines[1].endswith("… (F1: in full)"), lines
        assert lines[0].startswith("Hand 1 · Ann dealt · 10s wild; Ann went out;")
        for width in (80, 60):
            await pilot.resize_terminal(width, 24)
            await pilot.pause()
            goes_on_under_its_words(drawn(pilot, "#panel"), "To target")


def goes_on_under_its_words(panel: list[str], label: str) -> None:
    """The panel's ``label`` line, too long for the screen, goes on under its own words
    (further in than they start), not under the labels."""
    at = next(at for at, line in enumerate(panel) if line.startswith(label))
    words = len(panel[at]) - len(panel[at][len(label) :].lstrip())
    assert len(panel) > at + 1 and not panel[at + 1][:words].strip(), panel
