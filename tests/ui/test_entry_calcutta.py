"""The Calcutta entry, typed as the auctioneer calls the horses (Friday at the Parks')."""

from typing import Any

from textual.widgets import Input, Static

from scorekeeper import Session
from screens.widgets.choice import Choice
from tests.ui.board_tables import EIGHT
from tests.ui.evenings import PARKS_RACE_1
from tests.ui.hosts import EntryHost, entry_of, paste, sent
from tests.ui.test_large_tables import redrawn, screen_lines

PARKS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
RACE_1 = PARKS_RACE_1
RACE_2: dict[str, Any] = {
    "course": {"S": 1, "H": 3, "D": 1, "C": 2},
    "sales": {
        "S": {"owner": "Bob", "price": 14},
        "H": {"owner": "Di", "price": 5},
        "D": None,
        "C": {"owner": "Ed", "price": 9},
    },
    "first": "D",
    "second": "S",
}
AFTER_RACE_2 = {"Ann": -8, "Bob": -12, "Cy": -12, "Di": -5, "Ed": -9, "Flo": 27}
STACKS_AFTER_RACE_2 = {"Ann": 142, "Bob": 138, "Cy": 138, "Di": 145, "Ed": 141, "Flo": 177}


def friday_at_the_parks() -> Session:
    return Session.new("calcutta", PARKS)


def sale(buyer: str, price: str) -> list[str]:
    """The keys for one horse: the buyer's first letter, down, the price, down."""
    return [buyer, "down", *price, "down"]


async def test_two_races_typed_in_auction_order_leave_the_parks_figures() -> None:
    """Race 1 recorded at the third try: first with a horse nobody picked a buyer for,
    then with one horse first and second, each refused at its row."""
    session = friday_at_the_parks()
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        paste(pilot, "2221")
        await sent(pilot, "down", *sale("c", "12"), "enter")
        entry = entry_of(host)
        assert "pick one" in (entry.row("sales.H.owner").error_text or "")
        assert session.rounds == []
        assert entry.focused is entry.control("sales.H.owner", Choice)
        keys = [*sale("f", "20"), *sale("b", "7"), *sale("a", "31")]
        await sent(pilot, *keys, "h", "down", "h", "enter")
        assert entry.row("second").error_text == "H cannot finish both first and second"
        assert session.rounds == []
        await sent(pilot, "c", "enter")
    assert host.recorded == [RACE_1]
    assert session.balances == {"Ann": -8, "Bob": -7, "Cy": -12, "Di": 0, "Ed": 0, "Flo": 27}
    assert session.dealer == "Bob"

    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        paste(pilot, "1312")
        await sent(pilot, "down")
        entry = entry_of(host)
        assert entry.row("course").note_text == "auction H, C, S, D"
        # The unsold horse's price is a stop as in every race: u, down, down to First.
        keys = [*sale("d", "5"), *sale("e", "9"), *sale("b", "14"), "u", "down", "down"]
        await sent(pilot, *keys, "d", "down", "s")
        assert entry.row("first").note_text == "19 chips carried (unsold)"
        assert entry.row("second").note_text == "9 chips to Bob"
        await sent(pilot, "enter")
    assert session.rounds[1] == RACE_2
    assert session.balances == AFTER_RACE_2
    assert session.pot == 19
    assert session.info["stacks"] == STACKS_AFTER_RACE_2
    assert session.dealer == "Cy"


async def test_the_advisor_says_odds_and_averages_never_a_sure_payoff() -> None:
    """docs/rules.md, Calcutta Horse Race, example: S 3 H 2 D 1 C 1, sold S Bob 4, H Cy 9,
    D Ann 15, C Bob 14. S places in 23% of races: its 4 chips come back only on average."""
    session = Session.new("calcutta", ["Ann", "Bob", "Cy", "Di"])
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, *"3211", "down")
        entry = entry_of(host)
        assert (
            entry.row("sales.S.price").note_text == "places 23% · on average 10% of the final pool"
        )
        assert (
            entry.row("sales.C.price").note_text == "places 66% · on average 34% of the final pool"
        )
        await sent(pilot, *sale("b", "4"), "c", "down")
        # H brings back 21.4% of the pool: with S's 4 in it, 1 chip is fair for now.
        assert entry.row("sales.H.price").note_text == "places 45% · fair so far: about 1 chip"
        await sent(pilot, "9", "down", *sale("a", "15"), *sale("b", "14"), "c", "down", "d")
        notes = [entry.row(f"sales.{horse}.price").note_text for horse in "SHDC"]
        await sent(pilot, "enter")
    assert notes == [
        "places 23% · pays off on average at pool 39",
        "places 45% · pays off on average at pool 42",
        "places 66% · pays off on average at pool 44",
        "places 66% · pays off on average at pool 42",
    ]
    assert session.balances == {"Ann": -1, "Bob": 10, "Cy": -9, "Di": 0}


async def test_a_price_over_the_buyers_stack_is_refused_at_that_price_then_corrected() -> None:
    session = Session.new("calcutta", ["Ann", "Bob", "Cy"], options={"chips": 20})
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        keys = [*sale("b", "12"), *sale("b", "9"), *sale("c", "3"), *sale("a", "1")]
        await sent(pilot, *"2221", "down", *keys, "s", "down", "h", "enter")
        entry = entry_of(host)
        error = entry.row("sales.H.price").error_text
        assert error == "Bob has 8 chips left in their stack and cannot pay 9 for H"
        assert entry.text("sales.H.price") == "9"
        assert session.rounds == []
        assert session.balances == {"Ann": 0, "Bob": 0, "Cy": 0}
        await sent(pilot, "8", "enter")
    assert session.rounds[0]["sales"]["H"] == {"owner": "Bob", "price": 8}
    assert session.info["stacks"] == {"Ann": 19, "Bob": 24, "Cy": 17}


async def test_fixing_race_2s_price_of_41_to_14_brings_every_figure_back() -> None:
    session = friday_at_the_parks()
    session.record(RACE_1)
    mistyped = {**RACE_2, "sales": {**RACE_2["sales"], "S": {"owner": "Bob", "price": 41}}}
    session.record(mistyped)
    assert session.balances["Bob"] != AFTER_RACE_2["Bob"]
    host = EntryHost(session, prefill=session.rounds[1], index=1)
    async with host.run_test(size=(80, 24)) as pilot:
        entry = entry_of(host)
        assert entry.text("course") == "1312"
        assert [row.path for row in entry.rows()][1:8:2] == [
            "sales.H.owner",
            "sales.C.owner",
            "sales.S.owner",
            "sales.D.owner",
        ]
        assert entry.text("sales.S.price") == "41"
        # The recorded price is selected as the focus comes: the fix is typed over it.
        await sent(pilot, *["down"] * 6, *"14", "enter")
    assert session.rounds[1] == RACE_2
    assert session.balances == AFTER_RACE_2
    assert session.pot == 19
    assert session.info["stacks"] == STACKS_AFTER_RACE_2
    assert session.dealer == "Cy"


async def test_when_the_dealer_does_not_bid_the_dealer_is_not_offered_as_a_buyer() -> None:
    session = Session.new("calcutta", PARKS, options={"dealer_bids": False})
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        entry = entry_of(host)
        buyers = entry.control("sales.S.owner", Choice).options
        assert [label for label, _ in buyers] == [*PARKS[1:], "unsold"]
        await sent(pilot, *"2221", "down", "a")
        assert not entry.control("sales.S.owner", Choice).is_picked  # no Ann to find


async def test_the_keys_of_the_release_before_fill_first_and_second_and_never_the_course() -> None:
    """u ↓ ↓ d ↓ s at the last horse: its price is a stop though unsold, so d is First and
    s Second; a ↓ too many at Second stays there (the keys line says so), and the course
    refuses a horse's letter after its four digits, saying what it takes until left."""
    host = EntryHost(friday_at_the_parks())
    async with host.run_test(size=(80, 24)) as pilot:
        paste(pilot, "1312")
        keys = [*sale("d", "5"), *sale("e", "9"), *sale("b", "14"), "u", "down", "down"]
        await sent(pilot, "down", *keys, "d", "down", "s", "down", "h")
        entry = entry_of(host)
        assert (entry.picked("first"), entry.picked("second")) == ("D", "H")
        assert entry.text("course") == "1312"
        assert entry.focused is entry.control("second", Choice)
        assert str(entry.query_one("#keys", Static).content).startswith("Last field")
        entry.set_focus(entry.control("course", Input))
        await sent(pilot, "end", "s")
        assert entry.text("course") == "1312"
        course = entry.row("course")
        assert course.error_text == "a count per horse: 2221, or S2 H2 D2 C1"
        await sent(pilot, "down")  # the word was about the key: it goes as the typist goes on
        assert course.error_text is None
        assert str(course.query_one(".field-note", Static).content) == "auction H, C, S, D"


async def test_enter_with_the_course_empty_goes_to_the_course_saying_what_it_needs() -> None:
    host = EntryHost(friday_at_the_parks())
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "down", "down", "down", "c", "enter")
        entry = entry_of(host)
        assert entry.focused is entry.control("course", Input)
        assert entry.row("course").error_text == "is missing: how many spades show?"
        assert entry.row("sales.S.owner").error_text is None


async def eight_with_second_picked(height: int) -> list[str]:
    """The screen's lines, 80 wide, once the largest table's race (spades unsold) has its
    second place picked: the outcome line then shows under the fields."""
    host = EntryHost(Session.new("calcutta", EIGHT))
    async with host.run_test(size=(80, height)) as pilot:
        paste(pilot, "1312")
        keys = [*sale("m", "5"), *sale("j", "9"), *sale("b", "14"), "u", "down", "down"]
        await sent(pilot, "down", *keys, "d", "down", "s")
        await redrawn(pilot)
        await pilot.pause()
        return screen_lines(host)


async def test_at_eight_the_second_place_being_picked_stays_in_sight_with_its_share() -> None:
    """The largest table's race with an unsold horse first: as the outcome line shows
    under the fields, the row the auctioneer is on and its note stay on the screen."""
    lines = await eight_with_second_picked(height=24)
    first = next(line for line in lines if "First" in line)
    assert "19 chips carried (unsold)" in first
    assert any("Second" in line and "9 chips to Bob" in line for line in lines), lines


async def test_on_a_short_screen_the_row_being_picked_stays_in_sight_as_the_outcome_shows() -> None:
    """Twenty lines leave the eight buyers' fields scrolling: the outcome line, shown once
    the second place is picked, takes two lines from them, and the row picked stays."""
    lines = await eight_with_second_picked(height=20)
    assert any(line.startswith("│ → Jonathan −9 Maximilian −5 Bob −5") for line in lines)
    assert any("Second" in line and "9 chips to Bob" in line for line in lines), lines


async def test_a_buyer_is_picked_by_seat_number_the_auctioneers_left_out_and_unsold_after() -> None:
    """Twelve at the table, the auctioneer Ann (seat 1) not bidding: "12" picks Lou, the
    first digit waiting for the second, though no seat 1 is offered; each buyer keeps the
    seat's number, and unsold is the number after the last seat."""
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "山田花子ちゃん", *"HIJK", "Lou"]
    session = Session.new("calcutta", names, dealer="Ann", options={"dealer_bids": False})
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        paste(pilot, "2221")
        await sent(pilot, "down", "1", "2", "down", *"12", "down", "7", "down", *"20", "down")
        entry = entry_of(host)
        assert entry.row("sales.S.owner").error_text is None
        await sent(pilot, "0")
        assert entry.row("sales.D.owner").error_text == (
            "nothing here is numbered 0: its number, a first letter or ←/→"
        )
        await sent(pilot, "4", "down", *"7", "down", *"13", "down", "down", "h", "down", "c")
        await sent(pilot, "enter")
    assert host.recorded[0] is not None
    assert host.recorded[0]["sales"] == {
        "S": {"owner": "Lou", "price": 12},
        "H": {"owner": "山田花子ちゃん", "price": 20},
        "D": {"owner": "Di", "price": 7},
        "C": None,
    }
