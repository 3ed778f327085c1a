"""5000 Rummy at the table: a short standard game two hands in, one fixed and the last
played to its end; the two-player doubling game, two hands typed to the settle screen; the
limit-poker game's last hand typed to it. Each sits down at a session put in the store with
its options (typing them is ``test_new_session``'s)."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Static

from scorekeeper import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.rounds.base import RoundEntry
from screens.settle import SettleScreen
from screens.table import TableScreen
from screens.widgets.grid import ScoreGrid
from tests.ui.play import export_here, put, said, sit_down

THREE = ["Ann", "Bob", "Cy"]
TWO = ["Ann", "Bob"]
GAME_TO_1000 = [
    {
        "wild": "5",
        "out": "Ann",
        "bonus": "out",
        "melded": {"Ann": 300, "Bob": 120, "Cy": 85},
        "in_hand": {"Ann": 0, "Bob": 15, "Cy": 20},
    },
    {
        "wild": "K",
        "out": "Bob",
        "bonus": "out",
        "melded": {"Ann": 100, "Bob": 350, "Cy": 0},
        "in_hand": {"Ann": 50, "Bob": 0, "Cy": 30},
    },
]
"""Fives wild, Ann goes out (her 350 melded mistyped 300); kings wild, Bob goes out."""
POKER_HAND_1 = {
    "wild": "5",
    "pot": {"Ann": 9, "Bob": 9},
    "raises": {"Ann": 1},
    "out": "Ann",
    "bonus": "out",
    "melded": {"Ann": 300, "Bob": 100},
    "in_hand": {"Ann": 0, "Bob": 20},
}
"""Ann deals, Bob bets 3, Ann raises 5, Bob calls; Ann goes out 300 to Bob's 100 and 20."""


def entry(pilot: Pilot[None]) -> RoundEntry:
    screen = pilot.app.screen
    assert isinstance(screen, RoundEntry), f"on {screen!r}"
    return screen


def settle_screen(pilot: Pilot[None]) -> SettleScreen:
    screen = pilot.app.screen
    assert isinstance(screen, SettleScreen), f"on {screen!r}"
    return screen


async def hands(pilot: Pilot[None], *points: tuple[str, str | None]) -> None:
    """Each player's melded and in-hand points, in seat order, then Enter; ``None`` for
    the hand of who went out, which holds nothing and is skipped."""
    for melded, held in points:
        await put(pilot, melded)
        await pilot.press("down")
        if held is not None:
            await put(pilot, held)
            await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()


async def test_a_game_to_1000_with_an_edit_ends_in_settling_up(store: Store) -> None:
    """Two hands already played (a refused figure in an entry is ``test_entry_rummy_5000``'s):
    the first is fixed, the third ends the game."""
    session = Session.new("rummy-5000", THREE, options={"target": 1000, "stake": 5})
    for hand in GAME_TO_1000:
        session.record(hand)
    session_id = store.add(session)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_down(pilot)
        assert "Stake $0.05 per point of difference" in said(pilot, "#panel")
        assert store.load(session_id).totals == {"Ann": 550, "Bob": 655, "Cy": 35}

        # Ann melded 350 in hand 1, not 300: its line, Enter, down to her melds, retype.
        await pilot.press("up", "up", "enter")
        await pilot.pause()
        assert entry(pilot).title_text() == "Edit hand 1 · Ann dealt"
        await pilot.press("down", "down", "down", "ctrl+u", *"350", "enter")
        await pilot.pause()
        assert store.load(session_id).totals == {"Ann": 600, "Bob": 655, "Cy": 35}

        # Hand 3, aces wild: Ann goes out on her first turn (+300) and passes 1000.
        await pilot.press("r", "a", "down", "a", "down", "f", "down")
        await pilot.pause()
        assert entry(pilot).dealer == "Cy"
        # Ann's hand is skipped: she went out. Bob holds 100, Cy melded 50.
        await pilot.press(*"200", "down", "down", *"100", "down", *"50", "down")
        await pilot.pause()
        outcome = str(entry(pilot).query_one("#outcome").content)
        assert outcome == (
            "→ Ann +500 Bob −100 Cy +50 · money Ann +$78.00 Bob −$27.25 Cy −$50.75"
            " · game over: Ann won"
        )
        await pilot.press("enter")
        await pilot.pause()

        settle = settle_screen(pilot)
        assert str(settle.query_one("#settle-title").content) == "Game over — Ann wins"
        assert str(settle.query_one("#payments").content).splitlines() == [
            "Cy pays Ann $50.75",
            "Bob pays Ann $27.25",
        ]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)

        sessions, rounds = await export_here(pilot)
        assert [(row["finished"], row["winners"], row["balance 1"]) for row in sessions] == [
            ("yes", "Ann", "78.00")
        ]
        assert [row["total"] for row in rounds if row["player"] == "Ann"] == ["550", "600", "1100"]
        ann = [row for row in rounds if row["player"] == "Ann"]
        assert [(row["detail:out"], row["detail:bonus"]) for row in ann] == [
            ("Ann", "out"),
            ("Bob", "out"),
            ("Ann", "first_turn"),
        ]


async def test_a_doubling_game_a_gammoned_hand_then_a_fold_to_a_double(store: Store) -> None:
    options = {"doubling": True, "stake": 100}
    session_id = store.add(Session.new("rummy-5000", TWO, options=options))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_down(pilot)

        # Hand 1: Bob doubles, Ann takes it (cube 2). Ann goes out 300 to Bob's −350: a
        # backgammon, 2 x3 = 6 game points.
        await pilot.press("r", "5", "down", "2", "a")
        await pilot.pause()
        assert entry(pilot).row("doubles").note_text == "d Ann doubles · ⌫ back"
        await pilot.press("down", "down", "a", "down", "down")
        await hands(pilot, ("100", None), ("50", "400"))
        saved = store.load(session_id)
        assert saved.rounds[0]["stake"] == 2
        assert saved.balances == {"Ann": 600, "Bob": -600}

        # Hand 2: Ann doubles, then presses her key again: refused at the cube. Bob folds.
        await pilot.press("r", "k", "down", "1", "1")
        await pilot.pause()
        assert entry(pilot).row("doubles").error_text == (
            "Ann cannot double twice in a row: the next double (or a beaver) is Bob's"
        )
        await pilot.press("f")
        await pilot.pause()
        assert entry(pilot).row("doubles").error_text is None
        assert entry(pilot).row("out").note_text == "Bob folded: the hand is not counted"
        await pilot.press("enter")
        await pilot.pause()

        settle = settle_screen(pilot)
        assert str(settle.query_one("#settle-title").content) == "Game over — Ann wins"
        assert str(settle.query_one("#payments").content) == "Bob pays Ann $7.00"
        saved = store.load(session_id)
        assert saved.rounds[1] == {"wild": "K", "stake": 1, "doubles": ["Ann"], "folded": "Bob"}
        await pilot.press("escape")
        await pilot.pause()
        sessions, _ = await export_here(pilot)
        assert [(row["winners"], row["balance 2"]) for row in sessions] == [("Ann", "-7.00")]


async def test_a_limit_poker_game_a_called_raise_then_a_fold_to_a_bet(store: Store) -> None:
    """Hand 1 is the entry's own (``test_entry_rummy_5000``: the same keys, the same pot)."""
    session = Session.new("rummy-5000", TWO, options={"limit_poker": True, "stake": 25})
    session.record(POKER_HAND_1)  # Bob bets 3, Ann raises 5, Bob calls: 9 chips each
    session_id = store.add(session)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_down(pilot)
        assert store.load(session_id).balances == {"Ann": 225, "Bob": -225}

        # Hand 2, Bob deals: Ann checks, Bob bets 12: over the limit of 10, refused.
        await pilot.press("r", "q", "down", "k", *"12b")
        await pilot.pause()
        assert entry(pilot).row("pot").error_text == "Bob bets 12: a bet or raise is 1-10 chips"
        await pilot.press(*"4b", "f", "enter")  # Bob bets 4, Ann folds: her ante is lost
        await pilot.pause()

        settle = settle_screen(pilot)
        assert str(settle.query_one("#payments").content) == "Bob pays Ann $2.00"
        # The points beside the winner do not decide a limit-poker game: the chips do.
        note = str(settle.query_one("#note").content)
        assert note == "Decided by the chips won: Ann +8, Bob −8"
        saved = store.load(session_id)
        assert saved.rounds[1] == {"wild": "Q", "pot": {"Ann": 1, "Bob": 5}, "folded": "Ann"}
        assert saved.info["game_points"] == {"Ann": 8, "Bob": -8}
        await pilot.press("escape")
        await pilot.pause()
        _, rounds = await export_here(pilot)
        assert [(row["round"], row["player"], row["money"]) for row in rounds] == [
            ("1", "Ann", "2.25"),
            ("1", "Bob", "-2.25"),
            ("2", "Ann", "-0.25"),
            ("2", "Bob", "0.25"),
        ]


async def test_a_michigan_false_claim_is_no_hand_on_the_table(store: Store) -> None:
    """docs/rules.md, 5000 Rummy, michigan: the hand number, the dealer and the wild rank
    stay as they were, and the row says what happened."""
    session = Session.new("rummy-5000", THREE, options={"michigan": True})
    session.record(
        {
            "wild": "10",
            "out": "Ann",
            "melded": {"Ann": 445, "Bob": 600, "Cy": 0},
            "in_hand": {"Ann": 0, "Bob": 210, "Cy": 205},
        }
    )
    session_id = store.add(session)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await sit_down(pilot)
        status = table.query_one("#status", Static)
        assert str(status.content).startswith("Hand 2 · ● Bob deals · Cy plays first")
        await pilot.press("r")
        await pilot.pause()
        assert entry(pilot).title_text() == "Hand 2 · Bob deals · Cy plays first"
        await pilot.press("up", "b", "enter")
        await pilot.pause()
        assert store.load(session_id).rounds[1] == {"false_claim": "Bob"}
        assert str(status.content).startswith("Hand 2 · ● Bob deals · Cy plays first")
        assert "Wild last hand  10" in str(table.query_one("#panel", Static).content)
        await pilot.press("up", "enter")  # the false claim: it was made during hand 2
        await pilot.pause()
        assert entry(pilot).title_text() == "Edit hand 2 · Bob dealt"
        await pilot.press("escape")
        await pilot.pause()
        grid = table.query_one("#grid", ScoreGrid)
        assert [cell.split() for cell in grid.rows[1]] == [
            ["2"],
            ["+50", "1110"],
            ["0", "600"],
            ["+50", "50"],
        ]
        detail = str(table.query_one("#detail", Static).content)
        assert detail == "Hand 2 · Bob: false claim, +50 to each other player"
