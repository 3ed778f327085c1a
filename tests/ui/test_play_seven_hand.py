"""Sunday with Grandma: seven hands of Seven Hand Rummy typed as cards, each
figure read off the screen as drawn, with a mistake, an undo and an edit on the way, to the
lowest total, settling up and the export."""

from __future__ import annotations

from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.rounds.base import RoundEntry
from screens.settle import SettleScreen
from tests.ui.play import export_here, grid_rows, hand, highlighted, said, sit_down

SEATS = ["Grandma", "Max", "Zoe"]
HANDS = [
    "two sets",
    "one set and one run",
    "two runs",
    "two sets and one run",
    "two runs and one set",
    "three sets, pat (no discard)",
    "three runs, pat (no discard)",
]
LATER = [
    ("Grandma", "10 10", "5"),
    ("Max", "A", "K"),
    ("Zoe", "2", "3"),
    ("Grandma", "J", "Q"),
    ("Max", "JK JK", "K K"),
]
"""Hands 3 to 7: who went out, then the cards the other two held, in seat order."""


def panel_says_hand(said_panel: str, number: int) -> None:
    """The panel names the hand, what it needs, and the hands still to come."""
    assert f"Now Hand {number} of 7 — {HANDS[number - 1]}" in said_panel
    later = [f"{n}. {need}" for n, need in enumerate(HANDS, 1) if n > number]
    to_come = "; ".join(later) or "none: this is the last hand"
    assert f"Still to come {to_come}" in said_panel


async def test_sunday_with_grandma_seven_hands_a_mistake_an_undo_and_an_edit_to_the_lowest_total(
    store: Store,
) -> None:
    session_id = store.add(Session.new("seven-hand", SEATS, options={"stake": 10}))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await sit_down(pilot)
        assert said(pilot, "#status").startswith("Hand 1 · ● Grandma deals · Max plays first")

        # Hand 1, two sets: Max goes out; Grandma held 10+10+5+20 = 45, Zoe 25.
        panel_says_hand(said(pilot, "#panel"), 1)
        await hand(pilot, "Max", "K K 4 JK", "A 9")
        saved = store.load(session_id)
        assert saved.totals == {"Grandma": 45, "Max": 0, "Zoe": 25}
        assert (saved.dealer, saved.first_player) == ("Max", "Zoe")
        assert grid_rows(pilot)["1"] == ["+45", "45", "0", "0", "+25", "25"]
        assert grid_rows(pilot)["total"] == ["45", "0", "25"]
        assert said(pilot, "#status").startswith("Hand 2 · ● Max deals · Zoe plays first")
        assert await highlighted(pilot, "up") == (
            "Hand 1 · Grandma dealt · Max went out on two sets; Grandma held 45, Zoe 25"
        )

        # Hand 2: Zoe goes out, Max's cards are forgotten: refused at Max's row.
        panel_says_hand(said(pilot, "#panel"), 2)
        await hand(pilot, "Zoe", "5 5 5", "")
        entry = app.screen
        assert isinstance(entry, RoundEntry)
        assert "type the cards Max held" in (entry.row("cards.Max").error_text or "")
        assert entry.text("cards.Grandma") == "5 5 5"
        assert len(store.load(session_id).rounds) == 1
        await pilot.press(*"Q A", "enter")
        await pilot.pause()
        assert store.load(session_id).totals == {"Grandma": 60, "Max": 25, "Zoe": 25}
        assert grid_rows(pilot)["2"] == ["+15", "60", "+25", "25", "0", "25"]
        assert await highlighted(pilot, "up") == (
            "Hand 2 · Max dealt · Zoe went out on one set and one run; Grandma held 15, Max 25"
        )

        # Undone (confirmed), then done again.
        await pilot.press("u", "y")
        await pilot.pause()
        assert store.load(session_id).totals == {"Grandma": 45, "Max": 0, "Zoe": 25}
        assert grid_rows(pilot)["total"] == ["45", "0", "25"]
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert store.load(session_id).totals == {"Grandma": 60, "Max": 25, "Zoe": 25}

        # Grandma's hand 1 was K K 4, no joker: edit it from its row.
        await pilot.press("up", "up", "enter")
        await pilot.pause()
        entry = app.screen
        assert isinstance(entry, RoundEntry)
        assert entry.title_text().startswith("Edit hand 1")
        await pilot.press("down", "end", "backspace", "backspace", "backspace", "enter")
        await pilot.pause()
        assert store.load(session_id).totals == {"Grandma": 40, "Max": 25, "Zoe": 25}

        for number, (out, *held) in enumerate(LATER, start=3):
            panel_says_hand(said(pilot, "#panel"), number)
            assert not store.load(session_id).finished
            await hand(pilot, out, *held)

        saved = store.load(session_id)
        assert saved.finished
        assert saved.winners == ("Max",)
        assert isinstance(app.screen, SettleScreen)
        assert said(pilot, "#settle-title") == "Game over — Max wins"
        assert "Grandma pays Max" in said(pilot, "#payments")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table
        assert said(pilot, "#status").startswith("Game over after 7 hands · Max won")
        assert grid_rows(pilot)["total"] == ["100", "60", "70"]
        assert "Game over after hand 7 — lowest total wins Winner Max" in said(pilot, "#panel")
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is table

        sessions, rounds = await export_here(pilot)
        assert [(row["finished"], row["winners"]) for row in sessions] == [("yes", "Max")]
        grandma = [row["total"] for row in rounds if row["player"] == "Grandma"]
        assert grandma == ["25", "40", "40", "55", "60", "60", "100"]
