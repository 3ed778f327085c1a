"""The Basic Horse Race entry, typed as the person keeping the book would type it."""

from typing import Any

from scorekeeper import Session
from scorekeeper.money import SYMBOLS, use_currency
from tests.ui.evenings import DEES_RACE_1
from tests.ui.hosts import EntryHost, entry_of, sent
from tests.ui.play import said

TABLE = ["Al", "Bo", "Cy", "Dee"]


def dee_deals(**options: int) -> Session:
    return Session.new("horse-race", TABLE, dealer="Dee", options=options or None)


def board(host: EntryHost) -> list[str]:
    return str(host.screen.query_one(".odds-board").content).splitlines()


def row_of(lines: list[str], horse: str) -> list[str]:
    return next(line.split() for line in lines if line.split()[:1] == [horse])


async def test_dee_banks_the_rules_example_and_al_deals_next() -> None:
    session = dee_deals()
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, *"1042", "down", *"h5", "down", *"d2", "down", *"s3", "down", "d")
        entry = entry_of(host)
        assert entry.row("bets.Bo").note_text == "2 on D at 10-1"
        outcome = str(entry.query_one("#outcome").content)
        assert "Al −5 Bo +20 Cy −3 Dee −12" in outcome
        await sent(pilot, "enter")
    assert host.recorded == [DEES_RACE_1]
    assert session.balances == {"Al": -5, "Bo": 20, "Cy": -3, "Dee": -12}
    assert session.dealer == "Al"


async def test_the_advisor_shows_book_fair_odds_and_the_dealers_edge_for_the_course() -> None:
    host = EntryHost(dee_deals())
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, *"104")
        assert row_of(board(host), "S")[2:] == ["·"]
        await sent(pilot, "2")
        lines = board(host)
    assert lines[0].split() == ["course", "chance", "pays", "fair", "pays", "bank", "keeps"]
    assert row_of(lines, "S")[2:] == ["1", "31%", "2-1", "2.2-1", "6%", "a", "chip"]
    assert row_of(lines, "H")[2:] == ["0", "50%", "evens", "1.0-1", "0%", "a", "chip"]
    assert row_of(lines, "D")[2:] == ["4", "2%", "10-1", "53.2-1", "80%", "a", "chip"]
    assert row_of(lines, "C")[2:] == ["2", "17%", "3-1", "4.9-1", "32%", "a", "chip"]


async def test_fair_odds_take_the_tables_decimal_comma() -> None:
    use_currency(SYMBOLS["€"])
    host = EntryHost(dee_deals())
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, *"1042")
        lines = board(host)
    assert row_of(lines, "S")[2:] == ["1", "31%", "2-1", "2,2-1", "6%", "a", "chip"]
    assert row_of(lines, "D")[2:] == ["4", "2%", "10-1", "53,2-1", "80%", "a", "chip"]


async def test_odds_the_dealer_sets_change_the_board_and_the_payoff() -> None:
    session = dee_deals()
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, *"1042", "down", "down", "down", *"s3", "down", "s", "down", *"s 3-1")
        assert row_of(board(host), "S")[4:] == ["3-1", "2.2-1", "−25%", "a", "chip"]
        await sent(pilot, "enter")
    assert session.rounds[0]["odds"] == {"S": [3, 1]}
    assert session.balances == {"Al": 0, "Bo": 0, "Cy": 9, "Dee": -9}


async def test_a_bet_over_the_limit_is_shown_at_that_players_row_then_corrected() -> None:
    session = dee_deals(limit=4)
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, *"1042", "down", *"h4", "down", *"d6 h2", "down", "down", "d", "enter")
        entry = entry_of(host)
        assert entry.row("bets.Bo").error_text == "Bo: 6 is over the limit of 4 a bet"
        assert entry.row("bets.Al").error_text is None
        assert entry.text("bets.Bo") == "d6 h2"
        assert session.rounds == []
        assert session.balances == dict.fromkeys(TABLE, 0)
        await sent(pilot, *"d4 h2", "enter")
    assert session.balances == {"Al": -4, "Bo": 38, "Cy": 0, "Dee": -34}


async def test_a_void_course_is_refused_at_the_course_row() -> None:
    session = dee_deals()
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, *"5110", "down", "down", "down", "down", "s", "enter")
        entry = entry_of(host)
        assert entry.row("course").error_text == "5 spades on a 7-card course void the deal: redeal"
        assert entry.text("course") == "5110"
    assert session.rounds == []


async def test_text_that_is_no_bet_is_refused_at_its_row_and_kept() -> None:
    session = dee_deals()
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, *"1042", "down", "down", *"x5", "down", "down", "h", "enter")
        entry = entry_of(host)
        assert "'x' is not a horse" in (entry.row("bets.Bo").error_text or "")
        assert entry.text("bets.Bo") == "x5"
    assert session.rounds == []


async def test_the_dealers_odds_say_what_they_read_as_or_why_not_as_they_are_typed() -> None:
    """As a bet's row does: not only once Enter is pressed."""
    session = dee_deals()
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, *"1042", "down", "down", "down", "down", "d", "down", "x")
        entry = entry_of(host)
        odds = entry.row("odds")
        assert "'x' is not a horse" in said(pilot, "#fields")
        await sent(pilot, "backspace", *"D 6-")
        assert odds.note_text == "D's odds: 6 to what? e.g. D 6-1"
        await sent(pilot, "1")
        assert odds.note_text == "D pays 6-1"
        await sent(pilot, "ctrl+u")
        assert odds.note_text == "only to change the book"
    assert session.rounds == []


async def test_odds_half_typed_in_words_say_what_comes_next_not_that_t_is_no_horse() -> None:
    session = dee_deals()
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, *"1042", "down", "down", "down", "down", "d", "down", *"D 6 t")
        odds = entry_of(host).row("odds")
        assert odds.note_text == "D's odds: 6 to what? e.g. D 6-1"
        await sent(pilot, *"o 1", "enter")
    assert session.rounds[0]["odds"] == {"D": [6, 1]}


async def test_a_horse_without_book_odds_on_a_six_card_course_needs_the_dealers_odds() -> None:
    session = dee_deals(course=6)
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, *"5100", "down", *"s2", "down", "down", "down", "s", "enter")
        entry = entry_of(host)
        assert "the dealer must give odds for it" in (entry.row("odds").error_text or "")
        assert (
            row_of(board(host), "S")[4:] == ["no", "odds", "0.96-1", "—"]
            or row_of(board(host), "S")[4] == "no"
        )
        assert session.rounds == []
        await sent(pilot, *"S 8-1", "enter")
    assert session.balances == {"Al": 16, "Bo": 0, "Cy": 0, "Dee": -16}


async def test_editing_a_race_opens_it_as_typed_and_replays_the_change() -> None:
    session = dee_deals()
    session.record(DEES_RACE_1)
    session.record({**DEES_RACE_1, "bets": [], "winner": "S"})
    host = EntryHost(session, prefill=session.rounds[0], index=0)
    async with host.run_test(size=(80, 24)) as pilot:
        entry = entry_of(host)
        typed: dict[str, Any] = {path: entry.text(path) for path in ("course", "bets.Al")}
        assert typed == {"course": "1042", "bets.Al": "H5"}
        assert (entry.text("bets.Bo"), entry.text("bets.Cy"), entry.picked("winner")) == (
            "D2",
            "S3",
            "D",
        )
        await sent(pilot, "down", "down", "down", "down", "h", "enter")
    assert session.rounds[0]["winner"] == "H"
    assert session.balances == {"Al": 5, "Bo": -2, "Cy": -3, "Dee": 0}
    assert session.dealer == "Bo"
