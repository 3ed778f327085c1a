"""The Racehorse round entry, driven by the keys a person at the table presses."""

from scorekeeper import Session
from screens.rounds.base import RoundEntry
from screens.widgets.field_row import field_paths
from tests.ui.hosts import EntryHost, sent
from tests.ui.play import said

SEATS = ["Ann", "Bob", "Cy", "Di", "Ed"]


def table() -> Session:
    return Session.new("racehorse", SEATS)


async def test_bob_pitches_3_and_makes_it_with_four_keys() -> None:
    session = table()
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "b", "down", "3", "down", "m", "enter")
    assert host.recorded == [{"pitcher": "Bob", "bid": 3, "made": True}]
    assert session.balances == {"Ann": -300, "Bob": 1200, "Cy": -300, "Di": -300, "Ed": -300}
    assert session.dealer == "Bob"


async def test_the_outcome_line_shows_what_the_round_would_do_before_enter() -> None:
    session = table()
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "d", "down", "4", "down", "u")
        outcome = str(host.screen.query_one("#outcome").content)
    assert "Di −$16.00" in outcome
    assert "Cy deals next" in outcome
    assert session.rounds == []


async def test_points_typed_as_letters_say_made_or_upped_live() -> None:
    session = table()
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "c", "down", "4", "down", "down", *"h l g")
        entry = host.screen
        assert isinstance(entry, RoundEntry)
        assert entry.row("points").note_text == "3 of 4 points: upped"
        await sent(pilot, "enter")
    assert session.rounds == [{"pitcher": "Cy", "bid": 4, "points": ["high", "low", "game"]}]
    assert session.dealer == "Bob"


async def test_ann_smudges_typing_hljg_but_loses_a_trick_and_is_upped() -> None:
    session = Session.new("racehorse", [*SEATS, "Flo"], options={"stake": 25})
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "a", "down", "s", "down", "down", *"hljg")
        entry = host.screen
        assert isinstance(entry, RoundEntry)
        assert entry.row("points").note_text == "4 of 4 points: upped"
        await sent(pilot, "enter")
    assert session.rounds == [
        {"pitcher": "Ann", "bid": 5, "points": ["high", "low", "jack", "game"]}
    ]
    assert session.balances["Ann"] == -625
    assert session.dealer == "Flo"


async def test_a_missing_result_is_shown_at_its_row_and_keeps_what_was_typed() -> None:
    session = table()
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "b", "down", "2", "enter")
        entry = host.screen
        assert isinstance(entry, RoundEntry)
        assert "pick Made or Upped" in (entry.row("made").error_text or "")
        assert entry.picked("pitcher") == "Bob"
        assert session.rounds == []
        await sent(pilot, "m", "enter")
    assert session.rounds == [{"pitcher": "Bob", "bid": 2, "made": True}]


async def test_a_point_that_is_no_point_is_refused_at_the_points_row() -> None:
    session = table()
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "b", "down", "2", "down", "down", *"h ho", "enter")
        entry = host.screen
        assert isinstance(entry, RoundEntry)
        assert "'ho' is not a point" in (entry.row("points").error_text or "")
        assert entry.text("points") == "h ho"
    assert session.rounds == []


async def test_the_points_field_says_racehorses_points_and_refuses_a_key_none_of_them_has() -> None:
    host = EntryHost(table())
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "b", "down", "2", "down", "down")
        entry = host.screen
        assert isinstance(entry, RoundEntry)
        assert entry.row("points").note_text == "h l j g: high, low, jack, game"
        await sent(pilot, "h", "5", "x")
        assert entry.text("points") == "h"
        assert entry.row("points").error_text == "points: h l j g, or the words"
        await sent(pilot, "f1")
        assert "or points points taken — h l j g: high, low, jack, game" in said(pilot)


async def test_smudge_with_all_points_but_a_lost_trick_is_upped() -> None:
    session = table()
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "a", "down", "s", "down", "down", *"h l j g", "enter")
    assert session.rounds == [
        {"pitcher": "Ann", "bid": 5, "points": ["high", "low", "jack", "game"]}
    ]
    assert session.balances["Ann"] == -2000
    assert session.dealer == "Ed"


async def test_esc_cancels_and_records_nothing() -> None:
    session = table()
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "b", "down", "3", "escape")
    assert host.recorded == [None]
    assert session.rounds == []


async def test_editing_opens_prefilled_and_replaces_the_round() -> None:
    session = table()
    session.record({"pitcher": "Bob", "bid": 3, "made": True})
    session.record({"pitcher": "Cy", "bid": 2, "made": True})
    host = EntryHost(session, prefill=session.rounds[0], index=0)
    async with host.run_test(size=(80, 24)) as pilot:
        entry = host.screen
        assert isinstance(entry, RoundEntry)
        assert (entry.picked("pitcher"), entry.picked("bid"), entry.picked("made")) == (
            "Bob",
            3,
            True,
        )
        await sent(pilot, "down", "down", "u", "enter")
    assert session.rounds[0] == {"pitcher": "Bob", "bid": 3, "made": False}
    assert session.balances["Bob"] == -1200 - 200


def test_an_error_path_falls_back_to_its_parents() -> None:
    assert field_paths("bets[1].amount") == ["bets[1].amount", "bets[1]", "bets"]
    assert field_paths("cards.Bob.hand") == ["cards.Bob.hand", "cards.Bob", "cards"]
    assert field_paths("bid") == ["bid"]


async def test_made_picked_but_points_that_up_the_bid_are_refused_at_the_points() -> None:
    """Bob bids 3, Made is picked, and h l is typed: 2 of 4 is upped; nothing is recorded
    until the typist clears one of them."""
    session = table()
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "b", "down", "3", "down", "m", "down", *"hl", "enter")
        entry = host.screen
        assert isinstance(entry, RoundEntry)
        row = entry.row("points")
        assert row.error_text == "2 of 4 points is upped, but Result says Made: clear one of them"
        assert entry.text("points") == "hl"
        assert host.recorded == []
        await pilot.press("up", "backspace", "enter")
        await pilot.pause()
    assert host.recorded == [{"pitcher": "Bob", "bid": 3, "points": ["high", "low"]}]


async def test_a_smudge_called_made_needs_all_six_tricks_ticked() -> None:
    """Made on a Smudge with "all six tricks" left blank is refused at that row (the table
    may have missed a lost trick); ticked, it is recorded as made."""
    session = table()
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "e", "down", "s", "down", "m", "enter")
        entry = host.screen
        assert isinstance(entry, RoundEntry)
        assert "only with all six tricks" in (entry.row("all_tricks").error_text or "")
        assert session.rounds == []
        await pilot.press("space", "enter")  # the refused row has the focus
        await pilot.pause()
    assert session.rounds == [{"pitcher": "Ed", "bid": 5, "made": True}]
    assert session.balances["Ed"] == 2000


async def test_a_letter_at_the_smudge_tick_is_said_to_tick_nothing() -> None:
    """Space ticks it; "y" there rang nothing and said nothing, as if taken."""
    session = table()
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "e", "down", "s", "down", "down", "down", "y")
        entry = host.screen
        assert isinstance(entry, RoundEntry)
        smudge = entry.row("all_tricks")
        assert smudge.error_text == "space ticks or unticks it"
        await sent(pilot, "space")
        assert smudge.error_text is None
        await sent(pilot, "m")  # a letter is no tick either: still ticked, still said
        assert smudge.error_text == "space ticks or unticks it"
        await sent(pilot, "up", "up", "m", "enter")
    assert session.rounds == [{"pitcher": "Ed", "bid": 5, "made": True}]


async def test_a_pitcher_no_key_types_is_picked_by_the_seat_number_drawn_before_the_name() -> None:
    """山田花子ちゃん has no first letter a keyboard types, and at eight the Wilhelms start
    alike: each seat's number picks it."""
    seats = ["Ann", "Wilhelm", "Wilhelmina", "Di", "Ed", "Flo", "山田花子ちゃん", "Hal"]
    session = Session.new("racehorse", seats)
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        entry = host.screen
        assert isinstance(entry, RoundEntry)
        assert "7 山田花子ちゃん" in said(pilot, "#fields")
        await sent(pilot, "3")
        assert entry.picked("pitcher") == "Wilhelmina"
        await sent(pilot, "7", "down", "3", "down", "m", "enter")
    assert host.recorded == [{"pitcher": "山田花子ちゃん", "bid": 3, "made": True}]
