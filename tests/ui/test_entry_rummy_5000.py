"""The 5000 Rummy entry: hands as card text or points, the doubling cube and the poker pot."""

from typing import Any

from rich.cells import cell_len
from textual.widgets import Static

from scorekeeper import Session
from screens.rounds.rummy_5000.stakes import CubeLog, PotLog
from screens.widgets.choice import Choice
from screens.widgets.hanging import kept_whole
from tests.ui.hosts import EntryHost, entry_of, paste, sent
from tests.ui.play import drawn
from tests.ui.test_large_tables import screen_lines


def two_hander(**options: Any) -> Session:
    return Session.new("rummy-5000", ["Ann", "Bob"], options={"stake": 100, **options})


async def test_the_rules_example_typed_as_cards_is_valued_with_tens_wild() -> None:
    session = Session.new("rummy-5000", ["Ann", "Bob", "Cy"])
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        # Ann went out: her hand is skipped, so Down from her melds is Bob's.
        await sent(pilot, "1", "down", "a", "down", "down", *"10 10 K K K 5 6 7")
        await sent(pilot, "down", *"A A A", "down", *"10 Q", "down", "down", *"A 2")
        entry = entry_of(host)
        assert entry.row("melded.Ann").note_text == "= 445"
        assert entry.row("in_hand.Ann").note_text == "went out: no cards, hand +645"
        assert entry.row("in_hand.Bob").note_text == "= 210, hand +390"
        assert entry.row("in_hand.Cy").note_text == "= 205, hand −205"
        await sent(pilot, "enter")
    assert session.rounds[0]["cards"]["Ann"] == {"melded": "10 10 K K K 5 6 7", "hand": ""}
    assert session.totals == {"Ann": 645, "Bob": 390, "Cy": -205}
    assert session.dealer == "Bob"


async def test_the_hand_of_who_went_out_is_skipped_and_says_it_holds_no_cards() -> None:
    session = Session.new("rummy-5000", ["Ann", "Bob", "Cy"])
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        # Ann went out: Down from her melds lands on Bob's, and the 5 is his.
        await sent(pilot, "5", "down", "a", "down", "down", *"K K K", "down", *"5")
        entry = entry_of(host)
        assert entry.row("in_hand.Ann").control.disabled
        assert entry.row("in_hand.Ann").note_text.startswith("went out: no cards")
        assert entry.text("melded.Bob") == "5"
        await sent(pilot, "enter")
    assert session.totals == {"Ann": 230, "Bob": 5, "Cy": 0}


async def test_at_five_the_hand_of_who_went_out_says_its_score_on_its_own_line() -> None:
    """Michigan at the largest table: Christopher went out and scores the others' cards
    held, +990; his row says so beside its label, not wrapped under it, and the label
    is one line ("Christopher holds"), not "holds" under his name like a row of its own."""
    players = ["Ann", "Bob", "Christopher", "Elizabeth-Anne", "Maximilian"]
    session = Session.new("rummy-5000", players, dealer="Bob", options={"michigan": True})
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "q", "down", "c", "down", "f", "down", *"300", "down", *"A 2")
        for typed in ("150", "30", "Q Q K K K 5 6 7", "200", "10", "500", "0"):
            await sent(pilot, "down")
            paste(pilot, typed)
        await sent(pilot, "up", "up", "up", "up", "up")
        for _ in range(200):  # the row scrolls into sight, is laid out, its hand counted
            lines = screen_lines(host)
            at = next((at for at, line in enumerate(lines) if "went out" in line), None)
            if at is not None and went_out_note(lines, at).startswith(WENT_OUT):
                break
            await pilot.pause()
    assert at is not None, lines
    assert "Christopher holds " in lines[at], lines
    assert went_out_note(lines, at).startswith(WENT_OUT), lines


WENT_OUT = "went out: no cards, hand +990"


def went_out_note(lines: list[str], at: int) -> str:
    """The note beside the row of who went out, from "went out" on, over its two lines."""
    column = lines[at].index("went out")
    return " ".join(line[column:].strip(" │") for line in lines[at : at + 2])


async def test_the_entry_help_lines_up_wide_names_and_wraps_under_its_own_words() -> None:
    """F1 at five with 山田花子ちゃん (two cells a letter): what each field takes starts at
    one column, and the list of who may go out goes on under itself, not at the edge."""
    players = ["Elizabeth-Anne", "山田花子ちゃん", "Maximilian", "Bartholomew", "Zoë"]
    host = EntryHost(Session.new("rummy-5000", players))
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "f1")
        lines = drawn(pilot, ".section")
    starts = {cell_len(line[: line.index("points")]) for line in lines if "points or" in line}
    assert len(starts) == 1, lines
    at = next(at for at, line in enumerate(lines) if line.startswith("Went out"))
    column = lines[at].index("pick one of")
    assert lines[at + 1][: column + 1].isspace() and "nobody" in lines[at + 1], lines


async def test_three_reaching_the_target_level_are_said_to_share_the_win() -> None:
    """Ann goes out and all three stand at 1000: the outcome line names them as a
    sentence does, as the table and the settle-up will."""
    session = Session.new("rummy-5000", ["Ann", "Bob", "Cy"], options={"target": 1000})
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "5", "down", "a", "down", "down", *"800", "down", *"1000")
        await sent(pilot, "down", "down", *"1000")
        outcome = str(entry_of(host).query_one("#outcome", Static).content)
    assert outcome.endswith("game over: Ann, Bob and Cy share the win"), outcome


async def test_points_and_cards_mix_player_by_player_and_no_other_field_turns_red() -> None:
    """docs/rules.md, 5000 Rummy, example with wild 10s: Ann's melds as cards, Bob's hand
    counted on paper as points, Cy's cards in hand typed as cards."""
    session = Session.new("rummy-5000", ["Ann", "Bob", "Cy"])
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "1", "down", "a", "down", "down", *"10 10 K K K 5 6 7")
        await sent(pilot, "down", *"600", "down", *"210", "down", "down", *"A 2")
        entry = entry_of(host)
        assert entry.row("melded.Ann").note_text == "= 445"
        assert entry.row("in_hand.Bob").note_text == "hand +390"
        assert entry.row("in_hand.Cy").note_text == "= 205, hand −205"
        assert not [row.path for row in entry.rows() if row.error_text]
        await sent(pilot, "enter")
    assert session.totals == {"Ann": 645, "Bob": 390, "Cy": -205}
    assert session.rounds[0]["cards"] == {
        "Ann": {"melded": "10 10 K K K 5 6 7", "hand": ""},
        "Cy": {"melded": "", "hand": "A 2"},
    }
    assert session.rounds[0]["melded"] == {"Bob": 600}


async def test_points_that_are_no_multiple_of_5_are_refused_then_corrected() -> None:
    session = Session.new("rummy-5000", ["Ann", "Bob", "Cy"])
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        # Nobody out: no bonus row, so no stop for it.
        await sent(pilot, "7", "down", "n", "down", *"120", "down", *"15", "down")
        await sent(pilot, *"87", "enter")
        entry = entry_of(host)
        assert "Bob: 87 is not a multiple of 5" in (entry.row("melded.Bob").error_text or "")
        assert session.rounds == []
        await sent(pilot, "8", "5", "enter")  # the refused 87 is selected: typing replaces it
        await pilot.pause()
    assert session.rounds[0] == {
        "wild": "7",
        "out": None,
        "melded": {"Ann": 120, "Bob": 85, "Cy": 0},
        "in_hand": {"Ann": 15, "Bob": 0, "Cy": 0},
    }
    assert session.totals == {"Ann": 105, "Bob": 85, "Cy": 0}


async def test_text_that_is_no_card_is_shown_at_its_row_and_kept() -> None:
    session = Session.new("rummy-5000", ["Ann", "Bob", "Cy"])
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "5", "down", "a", "down", "down", *"K Z", "enter")
        entry = entry_of(host)
        error = entry.row("melded.Ann").error_text or ""
        assert "'Z' is not a card" in error
        assert "JK" not in error, "5000 is played without jokers: the message offers none"
        assert entry.text("melded.Ann") == "K Z"
    assert session.rounds == []


async def test_a_doubling_game_of_two_hands_with_a_gammon_and_a_fold() -> None:
    session = two_hander(doubling=True)
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "5", "down", "2", "a", "down", "down", "b", "down", "down")
        await sent(pilot, *"100", "down", *"50", "down", *"400")
        entry = entry_of(host)
        assert str(entry.control("doubles", CubeLog).render()) == "cube 2: Bob doubles, Ann accepts"
        await sent(pilot, "enter")
    assert session.rounds[0]["stake"] == 2
    assert session.info["game_points"] == {"Ann": -6, "Bob": 6}  # lost by 550: x3

    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "k", "down", "1", "1")
        entry = entry_of(host)
        assert entry.row("doubles").error_text == (
            "Ann cannot double twice in a row: the next double (or a beaver) is Bob's"
        )
        await sent(pilot, "f")
        assert entry.row("out").note_text == "Bob folded: the hand is not counted"
        assert entry.row("melded.Ann").control.disabled  # not played out: skipped
        outcome = str(entry.query_one("#outcome").content)
        assert outcome == "→ money Ann +$1.00 Bob −$1.00 · game over: Bob won"
        await sent(pilot, "enter")
    assert session.rounds[1] == {"wild": "K", "stake": 1, "doubles": ["Ann"], "folded": "Bob"}
    assert session.info["game_points"] == {"Ann": -5, "Bob": 5}
    assert session.finished and session.winners == ("Bob",)
    assert session.balances == {"Ann": -500, "Bob": 500}
    assert session.settlement() == [("Ann", "Bob", 500)]


async def test_a_beaver_and_the_automatic_double_turn_the_cube_to_8() -> None:
    session = two_hander(doubling=True)
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.press("5", "down", "down", "space", "up", "1", "b", "a")
        await pilot.pause()
        entry = entry_of(host)
        assert entry.row("doubles").note_text.startswith("d Bob doubles")  # Bob beavered
        await pilot.press("down", "down", "a", "down", "down", *"100", "enter")
        await pilot.pause()
    assert session.rounds[0]["stake"] == 8
    assert session.info["game_points"] == {"Ann": 16, "Bob": -16}  # won by 300: x2


async def test_an_unanswered_double_is_pointed_out_at_the_cube() -> None:
    session = two_hander(doubling=True)
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "5", "down", "1", "down", "down", "a", "down", "down", *"100", "enter")
        entry = entry_of(host)
        assert entry.row("doubles").error_text == (
            "Bob has not answered Ann's double: a accept, f fold, b beaver"
        )
    assert session.rounds == []


async def test_editing_a_doubled_hand_replays_the_cube_and_the_new_score() -> None:
    session = two_hander(doubling=True)
    played = {"wild": "5", "out": "Bob", "melded": {"Ann": 100, "Bob": 400}}
    session.record({**played, "in_hand": {"Ann": 50, "Bob": 0}, "stake": 2, "doubles": ["Bob"]})
    session.record({"wild": "K", "stake": 1, "doubles": ["Ann"], "folded": "Bob"})
    host = EntryHost(session, prefill=session.rounds[0], index=0)
    async with host.run_test(size=(80, 24)) as pilot:
        entry = entry_of(host)
        assert str(entry.control("doubles", CubeLog).render()) == "cube 2: Bob doubles, Ann accepts"
        assert entry.text("melded.Bob") == "400"
        await sent(pilot, *["down"] * 7, "ctrl+u", *"200", "enter")
    assert session.rounds[0]["melded"]["Bob"] == 200
    assert session.info["game_points"] == {"Ann": -3, "Bob": 3}  # lost by 350: x2
    assert session.balances == {"Ann": -300, "Bob": 300}


async def test_a_limit_poker_game_of_two_hands_bet_raise_call_then_a_fold() -> None:
    session = two_hander(limit_poker=True)
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "5", "down", "3", "b", "5", "r", "c")
        entry = entry_of(host)
        pot = str(entry.control("pot", PotLog).render())
        assert pot == "pot 18 (Ann 9, Bob 9): Bob bets 3, Ann raises 5, Bob calls"
        await sent(pilot, "down", "a", "down", "down", *"300", "down", "down", *"100")
        await sent(pilot, "down", *"20", "enter")
    assert session.rounds[0]["pot"] == {"Ann": 9, "Bob": 9}
    assert session.rounds[0]["raises"] == {"Ann": 1}
    assert session.info["game_points"] == {"Ann": 9, "Bob": -9}

    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "q", "down", "k", "1", "2", "b")
        entry = entry_of(host)
        assert entry.row("pot").error_text == "Bob bets 12: a bet or raise is 1-10 chips"
        await sent(pilot, "4", "b", "f", "enter")
    assert session.rounds[1] == {"wild": "Q", "pot": {"Ann": 1, "Bob": 5}, "folded": "Ann"}
    assert session.info["game_points"] == {"Ann": 8, "Bob": -8}
    assert session.finished and session.winners == ("Ann",)
    assert session.settlement() == [("Bob", "Ann", 800)]


async def test_a_third_raise_is_refused_as_it_is_made() -> None:
    session = two_hander(limit_poker=True)
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "5", "down", "1", "b", "1", "r", "1", "r", "1", "r", "1", "r", "1", "r")
        entry = entry_of(host)
        assert entry.row("pot").error_text == "Ann raised 3 times: at most 2 raises each"
        assert "Bob raises 1" in str(entry.control("pot", PotLog).render())
    assert session.rounds == []


async def test_a_false_claim_in_michigan_is_above_the_wild_rank_and_recorded_on_its_own() -> None:
    session = Session.new("rummy-5000", ["Ann", "Bob", "Cy"], options={"michigan": True})
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert entry_of(host).focused is entry_of(host).control("wild", Choice)
        await sent(pilot, "up", "b")  # up from the wild rank, where the entry opens
        await pilot.pause()
        assert entry_of(host).picked("false_claim") == "Bob"
        outcome = str(entry_of(host).query_one("#outcome").content)
        assert outcome == "→ Ann +50 Cy +50 · Ann deals next"
        await sent(pilot, "enter")
    assert session.rounds == [{"false_claim": "Bob"}]
    assert session.totals == {"Ann": 50, "Bob": 0, "Cy": 50}
    assert session.dealer == "Ann"


async def test_money_cards_are_typed_as_who_melded_or_was_caught() -> None:
    session = Session.new("rummy-5000", ["Ann", "Bob", "Cy"], options={"money_cards": True})
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "5", "down", "a", "down", "down", *"100", "down", *"20")
        await sent(pilot, "down", "down", "down", "down", "a", "down", "b")
        entry = entry_of(host)
        assert entry.row("money_pairs").note_text == "Ann 1"
        await sent(pilot, "enter")
    assert session.rounds[0]["money_pairs"] == {"Ann": 1}
    assert session.rounds[0]["queens_caught"] == {"Bob": 1}
    assert session.totals == {"Ann": 400, "Bob": -30, "Cy": 0}  # Bob melded 20, caught -50


async def test_editing_a_poker_hand_keeps_the_pot_as_recorded_unless_retyped() -> None:
    session = two_hander(limit_poker=True)
    hand = {"wild": "5", "out": "Ann", "melded": {"Ann": 300, "Bob": 100}}
    session.record({**hand, "in_hand": {"Ann": 0, "Bob": 20}, "pot": {"Ann": 9, "Bob": 9}})
    host = EntryHost(session, prefill=session.rounds[0], index=0)
    async with host.run_test(size=(80, 24)) as pilot:
        entry = entry_of(host)
        assert str(entry.control("pot", PotLog).render()) == "pot 18 (Ann 9, Bob 9): as recorded"
        await pilot.press("down", *["down"] * 4, *"600", "enter")
        await pilot.pause()
    assert session.rounds[0]["pot"] == {"Ann": 9, "Bob": 9}
    assert session.info["game_points"] == {"Ann": -9, "Bob": 9}

    host = EntryHost(session, prefill=session.rounds[0], index=0)
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "backspace", "2", "b", "f", "enter")
        await pilot.pause()
    assert session.rounds[0]["pot"] == {"Ann": 1, "Bob": 3}
    assert session.rounds[0]["folded"] == "Ann"
    assert session.info["game_points"] == {"Ann": -1, "Bob": 1}


async def test_a_beaver_of_a_beaver_is_refused_as_the_key_is_pressed() -> None:
    """docs/rules.md, 5000 Rummy, doubling: the beaverer doubles next; a beaver is never
    beavered."""
    session = two_hander(doubling=True)
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "5", "down", "1", "b")
        entry = entry_of(host)
        cube = entry.control("doubles", CubeLog)
        assert str(cube.render()) == "cube 2: Ann doubles, Bob beavers — Ann to answer"
        assert entry.row("doubles").note_text == "a accept · f fold"
        await sent(pilot, "b")
        assert entry.row("doubles").error_text == (
            "Bob's beaver may not be beavered: Ann accepts or folds"
        )
        assert str(cube.render()) == "cube 2: Ann doubles, Bob beavers — Ann to answer"
        await sent(pilot, "a", "1")
        assert entry.row("doubles").error_text == "after Bob's beaver, Bob doubles next, not Ann"
        await sent(pilot, "d", "a")
        assert str(cube.render()) == (
            "cube 8: Ann doubles, Bob beavers, Ann accepts, Bob doubles, Ann accepts"
        )
        await sent(pilot, "down", "down", "b", "down", "down", *"100", "down", "down", *"500")
        await sent(pilot, "enter")
    assert session.rounds[0] == {
        "wild": "5",
        "stake": 8,
        "doubles": ["Ann", "Bob", "Bob"],
        "beavers": [1],
        "out": "Bob",
        "bonus": "out",
        "melded": {"Ann": 100, "Bob": 500},
        "in_hand": {"Ann": 0, "Bob": 0},
    }
    assert session.info["game_points"] == {"Ann": -24, "Bob": 24}  # lost by 600: x3

    host = EntryHost(session, prefill=session.rounds[0], index=0)
    async with host.run_test(size=(80, 24)) as pilot:
        entry = entry_of(host)
        assert str(entry.control("doubles", CubeLog).render()) == (
            "cube 8: Ann doubles, Bob beavers, Ann accepts, Bob doubles, Ann accepts"
        )


async def test_a_limit_poker_hand_given_up_after_the_betting() -> None:
    """docs/rules.md, 5000 Rummy, limit poker: after the betting either player may give up
    and loses the pot as it stands; during the betting a player folds instead."""
    session = two_hander(limit_poker=True)
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.press("5", "down", "3", "b", "1", "g")
        await pilot.pause()
        entry = entry_of(host)
        assert entry.row("pot").error_text == (
            "Ann can give up only once the betting is over (Ann to act)"
        )
        await pilot.press("c")
        await pilot.pause()
        assert entry.row("pot").note_text == "1g Ann gives up · 2g Bob · ⌫ back"
        await pilot.press("f")  # Bob would fold, but the betting is over: he gives up
        await pilot.pause()
        assert entry.row("pot").error_text == (
            "the betting is over: 1g or 2g gives up (⌫ takes back)"
        )
        await pilot.press("2", "g")
        await pilot.pause()
        pot = str(entry.control("pot", PotLog).render())
        assert pot == "pot 8 (Ann 4, Bob 4): Bob bets 3, Ann calls, Bob gives up"
        assert entry.row("out").note_text == "Bob gave up: the hand is not counted"
        assert entry.row("melded.Ann").control.disabled
        outcome = str(entry.query_one("#outcome").content)
        assert outcome == "→ money Ann +$4.00 Bob −$4.00 · Bob deals next"
        await pilot.press("enter")
        await pilot.pause()
    assert session.rounds[0] == {"wild": "5", "pot": {"Ann": 4, "Bob": 4}, "gave_up": "Bob"}
    assert session.info["game_points"] == {"Ann": 4, "Bob": -4}

    host = EntryHost(session, prefill=session.rounds[0], index=0)
    async with host.run_test(size=(80, 24)) as pilot:
        entry = entry_of(host)
        pot_log = entry.control("pot", PotLog)
        assert str(pot_log.render()) == "pot 8 (Ann 4, Bob 4): as recorded, Bob gives up"
        await pilot.press("down", "backspace", "1", "g", "enter")
        await pilot.pause()
    assert session.rounds[0] == {"wild": "5", "pot": {"Ann": 4, "Bob": 4}, "gave_up": "Ann"}
    assert session.info["game_points"] == {"Ann": -4, "Bob": 4}


async def test_money_cards_are_counted_from_the_cards_typed_and_a_wrong_count_refused() -> None:
    """docs/rules.md, 5000 Rummy, money cards: with cards typed the app counts them."""
    session = Session.new("rummy-5000", ["Ann", "Bob", "Cy"], options={"money_cards": True})
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "5", "down", "a", "down", "down", *"QH 7H 9 9 9", "down")
        await sent(pilot, *"9 9 9", "down", *"QH", "down", "down", "down", "b")
        entry = entry_of(host)
        assert entry.row("money_pairs").note_text == "counted from the cards: Ann 1; typed Bob 1"
        assert entry.row("queens_caught").note_text == "counted from the cards: Bob 1"
        await sent(pilot, "enter")
        assert entry.row("money_pairs").error_text == (
            "Bob's melded cards show no natural Q♥ 7♥ pair: with cards typed they are "
            "counted (a Q♥ is typed QH or Q♥)"
        )
        assert session.rounds == []
        await sent(pilot, "backspace", "enter")
    assert "money_pairs" not in session.rounds[0]
    assert session.totals == {"Ann": 345, "Bob": -30, "Cy": 0}


async def test_a_key_that_says_nothing_at_the_cube_or_the_pot_is_said_there() -> None:
    """As a pick says what it takes: "x" at the cube had rung nothing and said nothing."""
    host = EntryHost(two_hander(doubling=True))
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "5", "down", "x")
        entry = entry_of(host)
        said = "'x' says nothing here: 1 Ann doubles · 2 Bob doubles"
        assert entry.row("doubles").error_text == said
        assert str(entry.control("doubles", CubeLog).render()).startswith("cube 1")
    host = EntryHost(two_hander(limit_poker=True))
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "5", "down", "1", "x")
        entry = entry_of(host)
        assert entry.row("pot").error_text == "'x' says nothing here: 1: b bet · r raise"
        await sent(pilot, "b")
        assert "Bob bets 1" in str(entry.control("pot", PotLog).render())


async def test_the_outcome_line_wraps_between_players_never_between_a_name_and_its_figure() -> None:
    """Five long names at 80 columns: the outcome takes four lines, and each breaks
    after a figure, so "−5100" never starts a line under "Bartholomew" where it reads as
    the next player's; what goes on starts under the text after the arrow."""
    players = ["Elizabeth-Anne", "山田花子ちゃん", "Maximilian", "Bartholomew", "Zoë"]
    host = EntryHost(Session.new("rummy-5000", players, options={"stake": 100}))
    async with host.run_test(size=(80, 24)) as pilot:
        await sent(pilot, "1", "down", "e", "down")
        for typed in ("9000", "0", "8000", "955", "7000", "900", "6000", "955", "8955"):
            await sent(pilot, "down")
            paste(pilot, typed)
        await pilot.pause()
        lines = drawn(pilot, "#outcome")
    assert len(lines) > 2 and lines[0].startswith("→ "), lines
    for line in lines[1:]:
        assert line.startswith("  ") and line.split()[0][0] not in "+−", lines
    assert "Bartholomew −5100" in " ".join(lines), lines


def test_an_item_wider_than_the_line_goes_on_under_its_own_words() -> None:
    """The items before it keep their line; the long one (the winners named as a
    sentence) starts a line of its own and goes on further in, never past the width."""
    winners = "game over: Elizabeth-Anne, Maximilian and Bartholomew share the win"
    lines = kept_whole(("→ Ann +5", "Bob −5 ·", winners), 30)
    assert lines == [
        "→ Ann +5 Bob −5 ·",
        "  game over: Elizabeth-Anne,",
        "    Maximilian and Bartholomew",
        "    share the win",
    ]
