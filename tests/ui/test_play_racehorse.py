"""Friday at the Parks': a Racehorse session played through the keyboard, start to settle."""

from __future__ import annotations

from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.rounds.base import RoundEntry
from screens.settle import SettleScreen
from screens.table import TableScreen
from tests.ui.play import export_here, start_session

SEATS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


async def test_a_racehorse_evening_from_new_session_to_settling_up(store: Store) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await start_session(
            pilot, "racehorse", SEATS, dealer_key="c", options={"stake": "0.25"}
        )
        session_id = table.session_id
        assert store.load(session_id).dealer == "Cy"

        # Ed pitches 2 and makes it: everyone else pays Ed $0.50, Ed deals next.
        await pilot.press("r", "e", "down", "2", "down", "m", "enter")
        await pilot.pause()
        assert store.load(session_id).balances["Ed"] == 250
        assert store.load(session_id).dealer == "Ed"

        # Ann bids Smudge and forgets the result: refused at the Result row, nothing saved.
        await pilot.press("r", "a", "down", "s", "enter")
        await pilot.pause()
        entry = app.screen
        assert isinstance(entry, RoundEntry)
        assert entry.row("made").error_text
        assert len(store.load(session_id).rounds) == 1
        # She took all four points but lost a trick: upped, Flo on her right deals.
        await pilot.press("down", *"h l j g", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        saved = store.load(session_id)
        assert saved.balances == {
            "Ann": -675,
            "Bob": 75,
            "Cy": 75,
            "Di": 75,
            "Ed": 375,
            "Flo": 75,
        }
        assert saved.dealer == "Flo"

        # Undo the Smudge (confirmed), then record it again.
        await pilot.press("u", "y")
        await pilot.pause()
        assert len(store.load(session_id).rounds) == 1
        await pilot.press("r", "a", "down", "s", "down", "u", "enter")
        await pilot.pause()
        assert store.load(session_id).rounds[1] == {"pitcher": "Ann", "bid": 5, "made": False}

        # Ed's pitch was really a 3: select round 1, Enter opens it prefilled, fix the bid.
        await pilot.press("up", "up", "enter")
        await pilot.pause()
        assert isinstance(app.screen, RoundEntry)
        await pilot.press("down", "3", "enter")
        await pilot.pause()
        saved = store.load(session_id)
        assert saved.rounds[0] == {"pitcher": "Ed", "bid": 3, "made": True}
        assert saved.balances["Ed"] == 5 * 75 + 125
        assert saved.dealer == "Flo"

        await pilot.press("s")
        await pilot.pause()
        settle = app.screen
        assert isinstance(settle, SettleScreen)
        payments = str(settle.query_one("#payments").content)
        assert "Ann pays Ed $5.00" in payments
        assert payments.count("Ann pays") == 5
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)

        sessions, rounds = await export_here(pilot)
        assert [
            (row["game"], row["rounds"], row["player 5"], row["balance 5"]) for row in sessions
        ] == [("Racehorse", "2", "Ed", "5.00")]
        assert len(rounds) == 2 * len(SEATS)
        assert {row["detail:bid"] for row in rounds} == {"3", "Smudge"}


async def test_quitting_and_starting_again_shows_the_same_round_and_dealer(store: Store) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_session(pilot, "racehorse", SEATS)
        await pilot.press("r", "b", "down", "3", "down", "u", "enter")
        await pilot.pause()
    path = store.path
    store.close()
    with Store(path) as again:
        app = ScorekeeperApp(again)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            table = app.screen
            assert isinstance(table, TableScreen)
            assert table.session.dealer == "Ann"
            status = str(table.query_one("#status").content)
            assert "Deal 2" in status
            assert "Ann deals" in status
