"""Sharing the result: one key on the settle-up and on the nights screen copies the
payments as a line a group chat takes, and ``scorekeeper settle --text`` prints the same."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from textual.widgets import Static

from scorekeeper.cli import main
from scorekeeper.reports.night_names import rename
from scorekeeper.session import Session
from scorekeeper.share import chat_day
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.settle import SettleScreen
from tests.ui.play import sit_down
from tests.ui.test_nights_screen import NightsHost, friday_at_the_parks

PARKS_MONEY = (
    "Ann pays Ed $3.75, Ann pays Bob $0.75, Ann pays Cy $0.75, Ann pays Di $0.75, "
    "Ann pays Flo $0.75"
)


async def test_c_on_the_settle_up_copies_the_payments_for_the_chat(store: Store) -> None:
    session = Session.new("racehorse", ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"])
    session.record({"pitcher": "Ed", "bid": 2, "made": True})
    store.add(session)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await sit_down(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettleScreen)
        await pilot.press("c")
        await pilot.pause()
        today = chat_day(date.today())
        expected = (
            f"Racehorse, {today}: Ann pays Ed $2.00, Bob pays Ed $2.00, Cy pays Ed $2.00, "
            "Di pays Ed $2.00, Flo pays Ed $2.00."
        )
        assert app.clipboard == expected
        assert "Copied: paste it in the chat" in str(
            app.screen.query_one("#settle-keys", Static).content
        )


async def test_a_points_only_settle_up_offers_nothing_to_copy(store: Store) -> None:
    """Hearts for points: "Nobody owes anybody anything", and no `c` offered to copy it."""
    session = Session.new("score-pad", ["Ann", "Bob"], options={"house": "Hearts"})
    session.record({"scores": {"Ann": 30, "Bob": 10}})
    store.add(session)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await sit_down(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettleScreen)
        assert "Nobody owes anybody anything" in str(
            app.screen.query_one("#payments", Static).content
        )
        keys = str(app.screen.query_one("#settle-keys", Static).content)
        assert "copy" not in keys and "Enter or Esc to close" in keys
        await pilot.press("c")
        await pilot.pause()
        assert app.clipboard == ""
        assert isinstance(app.screen, SettleScreen)


async def test_c_on_the_nights_screen_copies_the_nights_payments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    night = friday_at_the_parks(tmp_path)
    with Store(tmp_path) as writer:
        rename(writer, night, "Friday club")
    with Store(tmp_path, readonly=True) as store:
        app = NightsHost(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("c")
            await pilot.pause()
            copied = app.clipboard
    day = chat_day(date.fromisoformat(night[:10]))
    assert copied.startswith(f"Friday club, {day}: {PARKS_MONEY}; chips: Bob pays Flo 9 chips")
    assert main(["settle", "--text", "--db", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip() == copied
