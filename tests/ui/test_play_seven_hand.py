"""Sunday with Grandma: seven hands of Seven Hand Rummy typed as cards, to the winner."""

from __future__ import annotations

from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.rounds.base import RoundEntry
from screens.settle import SettleScreen
from screens.table import TableScreen
from tests.ui.play import export_here, hand, start_session

SEATS = ["Grandma", "Max", "Zoe"]


async def test_seven_hands_with_a_mistake_an_undo_and_an_edit_end_in_settling_up(
    store: Store,
) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start_session(pilot, "seven-hand", SEATS, options={"stake": "10c"})
        session_id = table.session_id

        await hand(pilot, "Max", "K K 4 JK", "A 9")
        saved = store.load(session_id)
        assert saved.totals == {"Grandma": 45, "Max": 0, "Zoe": 25}
        assert (saved.dealer, saved.first_player) == ("Max", "Zoe")
        assert "Hand 2 of 7" in str(table.query_one("#panel").content)

        # Hand 2: Zoe goes out, Max's cards are forgotten: refused at Max's row.
        await hand(pilot, "Zoe", "5 5 5", "")
        entry = app.screen
        assert isinstance(entry, RoundEntry)
        assert "type the cards Max held" in (entry.row("cards.Max").error_text or "")
        assert entry.text("cards.Grandma") == "5 5 5"
        assert len(store.load(session_id).rounds) == 1
        await pilot.press(*"Q A", "enter")
        await pilot.pause()
        assert store.load(session_id).totals == {"Grandma": 60, "Max": 25, "Zoe": 25}

        await pilot.press("u", "y")
        await pilot.pause()
        assert store.load(session_id).totals == {"Grandma": 45, "Max": 0, "Zoe": 25}
        await hand(pilot, "Zoe", "5 5 5", "Q A")

        # Grandma's hand 1 was K K 4, no joker: edit it from its row.
        await pilot.press("up", "up", "enter")
        await pilot.pause()
        assert isinstance(app.screen, RoundEntry)
        await pilot.press("down", "end", "backspace", "backspace", "backspace", "enter")
        await pilot.pause()
        assert store.load(session_id).totals == {"Grandma": 40, "Max": 25, "Zoe": 25}

        for out, first, second in (
            ("Grandma", "10 10", "5"),
            ("Max", "A", "K"),
            ("Zoe", "2", "3"),
            ("Grandma", "J", "Q"),
        ):
            await hand(pilot, out, first, second)
        assert not store.load(session_id).finished
        await hand(pilot, "Max", "JK JK", "K K")

        saved = store.load(session_id)
        assert saved.finished
        assert saved.winners == ("Max",)
        settle = app.screen
        assert isinstance(settle, SettleScreen)
        assert "Max wins" in str(settle.query_one("#settle-title").content)
        payments = str(settle.query_one("#payments").content)
        assert "Grandma pays Max" in payments
        await pilot.press("escape")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        assert "Game over" in str(table.query_one("#status").content)
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is table

        sessions, rounds = await export_here(pilot)
        assert [(row["finished"], row["winners"]) for row in sessions] == [("yes", "Max")]
        grandma = [row["total"] for row in rounds if row["player"] == "Grandma"]
        assert grandma == ["25", "40", "40", "55", "60", "60", "100"]
