"""Hot Rum for two: the winner of each hand deals the next, a rummy is paid double."""

from __future__ import annotations

from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.rounds.base import RoundEntry
from screens.settle import SettleScreen
from tests.ui.play import export_here, sit_down


async def test_two_player_hot_rum_with_a_joker_refused_and_an_edit(
    store: Store,
) -> None:
    session_id = store.add(Session.new("hot-rum", ["Ann", "Bob"]))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_down(pilot)

        # Bob goes rummy; Ann's 7 8 are typed with a joker by mistake: refused at her row.
        await pilot.press("r", "b", "down", *"7 8 JK", "down", "space", "enter")
        await pilot.pause()
        entry = app.screen
        assert isinstance(entry, RoundEntry)
        assert "without jokers" in (entry.row("cards.Ann").error_text or "")
        assert store.load(session_id).rounds == []
        entry.row("cards.Ann").control.focus()
        await pilot.press("end", "backspace", "backspace", "backspace", "enter")
        await pilot.pause()
        saved = store.load(session_id)
        assert saved.balances == {"Ann": -30, "Bob": 30}
        assert saved.dealer == "Bob"

        # Ann goes out; Bob holds K Q, typed as its pips this time, in the same field.
        await pilot.press("r", "a", "down", *"20", "enter")
        await pilot.pause()
        saved = store.load(session_id)
        assert saved.rounds[1] == {"out": "Ann", "deadwood": {"Bob": 20}}
        assert saved.balances == {"Ann": -10, "Bob": 10}
        assert saved.dealer == "Ann"

        # Bob's first hand was no rummy after all: edit it, the pay halves.
        await pilot.press("up", "up", "enter")
        await pilot.pause()
        assert isinstance(app.screen, RoundEntry)
        await pilot.press("down", "down", "space", "enter")
        await pilot.pause()
        saved = store.load(session_id)
        assert saved.rounds[0] == {"out": "Bob", "cards": {"Ann": "7 8"}}
        assert saved.balances == {"Ann": 5, "Bob": -5}

        await pilot.press("s")
        await pilot.pause()
        settle = app.screen
        assert isinstance(settle, SettleScreen)
        assert str(settle.query_one("#payments").content) == "Bob pays Ann $0.05"
        await pilot.press("escape")
        await pilot.pause()

        sessions, rounds = await export_here(pilot)
        assert [(row["session"], row["game"], row["rounds"]) for row in sessions] == [
            (session_id, "Hot Rum", "2")
        ]
        assert [(row["round"], row["player"], row["balance"]) for row in rounds] == [
            ("1", "Ann", "-0.15"),
            ("1", "Bob", "0.15"),
            ("2", "Ann", "0.05"),
            ("2", "Bob", "-0.05"),
        ]
