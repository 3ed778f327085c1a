"""The score pad's round entry: a score and Enter per player, the one-winner shortcut,
and what stands beside each row."""

from textual.widgets import Input

from scorekeeper import Session
from screens.rounds.base import RoundEntry
from tests.ui.hosts import EntryHost, entry_of, sent
from tests.ui.play import drawn, said

SEATS = ["Ann", "Bob", "Cy", "Di"]


def _hearts(**options: object) -> Session:
    return Session.new("score-pad", SEATS, options={"wins": "lowest", "stake": 5, **options})


def note_of(entry: RoundEntry, path: str) -> str:
    return str(entry.row(path).query_one(".field-note").render())


async def test_a_score_and_enter_per_player_records_the_round() -> None:
    session = _hearts()
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, *"20", "enter", *"50", "enter", *"30", "enter")
        assert session.rounds == []  # Enter went on to the next player until the last
        await sent(pilot, "4", "enter")
    assert session.totals == {"Ann": 20, "Bob": 50, "Cy": 30, "Di": 4}
    assert session.balances == {"Ann": 120, "Bob": -480, "Cy": -80, "Di": 440}


async def test_only_digits_and_a_minus_are_typed() -> None:
    host = EntryHost(_hearts())
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, *"-1x2.5a")
        assert entry_of(host).control("scores.Ann", Input).value == "-125"


async def test_one_winner_scores_the_points_the_others_0() -> None:
    session = Session.new("score-pad", SEATS, options={"stake": 10, "pay": "winner"})
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        # Up from the first row wraps to "One winner": c picks Cy, Enter goes to Cy's score.
        await sent(pilot, "up", "c", "enter", *"35", "enter")
    assert session.totals == {"Ann": 0, "Bob": 0, "Cy": 35, "Di": 0}
    assert session.balances == {"Ann": -350, "Bob": -350, "Cy": 1050, "Di": -350}


async def test_the_others_show_0_while_one_winner_is_picked() -> None:
    host = EntryHost(_hearts())
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "up", "b")
        entry = entry_of(host)
        ann = entry.control("scores.Ann", Input)
        assert ann.disabled and ann.placeholder == "0"
        assert not entry.control("scores.Bob", Input).disabled


async def test_enter_with_a_row_forgotten_goes_to_it_and_says_whose_it_is() -> None:
    session = _hearts()
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, *"20", "down", "down", *"30", "enter", "4", "enter")
        entry = entry_of(host)
        assert entry.focused is entry.control("scores.Bob", Input)
        assert "Bob's score next" in str(entry.query_one("#keys").render())
        assert session.rounds == []
        await sent(pilot, *"50", "enter")
    assert session.rounds == [{"scores": {"Ann": 20, "Bob": 50, "Cy": 30, "Di": 4}}]


async def test_enter_on_a_blank_score_stays_there_and_asks_for_it_at_the_row() -> None:
    session = _hearts()
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "enter")
        entry = entry_of(host)
        assert entry.focused is entry.control("scores.Ann", Input)
        assert entry.row("scores.Ann").error_text == "type Ann's score first (0 if none)"
        await sent(pilot, "0", "enter", "enter")
        assert entry.focused is entry.control("scores.Bob", Input), "0 is a score: Enter goes on"
        await sent(pilot, *"50", "enter", *"30", "enter", "4", "enter")
    assert session.rounds == [{"scores": {"Ann": 0, "Bob": 50, "Cy": 30, "Di": 4}}]


async def test_enter_on_a_middle_row_records_once_every_score_is_in() -> None:
    session = _hearts()
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, *"20", "down", "down", *"30", "down", "4", "up", "up", *"50")
        await sent(pilot, "enter")
    assert session.rounds == [{"scores": {"Ann": 20, "Bob": 50, "Cy": 30, "Di": 4}}]


async def test_a_score_over_a_million_is_refused_at_its_row() -> None:
    session = _hearts()
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, *"1", "enter", *"2000000", "enter", "3", "enter", "4", "enter")
        assert "1,000,000" in (entry_of(host).row("scores.Bob").error_text or "")
        assert session.rounds == []


async def test_a_ninth_digit_is_said_to_be_one_too_many() -> None:
    """Not "digits, a minus in front" for a key that was a digit."""
    host = EntryHost(_hearts())
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, *"123456789")
        entry = entry_of(host)
        assert entry.text("scores.Ann") == "12345678"
        assert "at most 8 digits" in (entry.row("scores.Ann").error_text or "")


async def test_the_totals_and_the_money_if_stopped_now_stand_beside_each_row() -> None:
    session = _hearts()
    session.record({"scores": {"Ann": 20, "Bob": 50, "Cy": 30, "Di": 4}})
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        entry = entry_of(host)
        assert note_of(entry, "scores.Di") == "total 4 · +$4.40 if stopped now"
        assert note_of(entry, "scores.Bob") == "total 50 · −$4.80 if stopped now"


async def test_the_total_beside_a_score_says_what_the_score_typed_makes_of_it() -> None:
    session = _hearts()
    session.record({"scores": {"Ann": 20, "Bob": 50, "Cy": 30, "Di": 4}})
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, *"25")
        entry = entry_of(host)
        assert note_of(entry, "scores.Ann") == "total 20 → 45"
        assert note_of(entry, "scores.Bob") == "total 50 · −$4.80 if stopped now"
        await sent(pilot, "ctrl+u", "-")
        assert note_of(entry, "scores.Ann") == "total 20 · +$1.20 if stopped now"


async def test_editing_puts_the_scores_back() -> None:
    session = _hearts()
    session.record({"scores": {"Ann": 20, "Bob": 50, "Cy": 30, "Di": 4}})
    host = EntryHost(session, prefill=session.rounds[0], index=0)
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert entry_of(host).control("scores.Bob", Input).value == "50"
        await sent(pilot, "ctrl+shift+a", *"-7", "enter", "enter", "enter", "enter")
    assert session.totals["Ann"] == -7


TWELVE = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou"]


async def test_twelve_players_whose_score_is_next_then_that_all_are_in_whole_at_80() -> None:
    session = Session.new("score-pad", TWELVE, options={"wins": "lowest", "stake": 5})
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        for _ in TWELVE[:-1]:
            await sent(pilot, "1", "enter")
        shown = drawn(pilot, "#keys")
        assert "Lou's score next (0 if none)" in shown
        assert "Enter records when all are in" in shown
        await sent(pilot, "7")
        for _ in range(3):
            await pilot.pause()
        assert said(pilot, "#keys") == "All scores in · Enter records"
        await sent(pilot, "enter")
    assert session.totals["Lou"] == 7


async def test_digits_typed_at_the_one_winner_pick_are_that_players_points() -> None:
    session = Session.new("score-pad", SEATS, options={"stake": 10, "pay": "winner"})
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "up", "c", *"35")
        entry = entry_of(host)
        assert entry.focused is entry.control("scores.Cy", Input)
        await sent(pilot, "enter")
    assert session.totals == {"Ann": 0, "Bob": 0, "Cy": 35, "Di": 0}
