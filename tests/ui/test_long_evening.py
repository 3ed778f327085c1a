"""A long evening does not make the app heavier: what a round opens (its entry, the
footer's keys rebuilt as the keys on offer change) is let go once closed, so the memory
and the garbage collector's passes, which stop the screen while they run, stay as they
were. One round shows it: whatever a round keeps, every round after keeps again."""

from __future__ import annotations

import gc

import pytest
from textual.widget import Widget

from scorekeeper import collector
from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.table import TableScreen
from tests.ui.play import sit_down


def closed_widgets_alive() -> int:
    """Widgets still in memory though no longer on any screen."""
    gc.collect()
    return sum(not thing.is_attached for thing in gc.get_objects() if isinstance(thing, Widget))


async def test_a_round_recorded_keeps_no_more_closed_widgets_than_before(
    store: Store,
) -> None:
    store.add(Session.new("racehorse", ["Ann", "Bob", "Cy", "Di", "Ed"]))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_down(pilot)
        # What is there before the round set aside (gc.freeze): the collector and the count
        # walk only what the round makes, not the worker's hundreds of thousands of objects.
        gc.freeze()
        try:
            before = closed_widgets_alive()
            await pilot.press("r", "b", "down", "3", "down", "m", "enter")
            await pilot.pause()
            await pilot.pause()  # the entry just closed finishes closing
            after = closed_widgets_alive()
        finally:
            gc.unfreeze()
        table = app.screen
        assert isinstance(table, TableScreen) and len(table.session.rounds) == 1
    assert after == before, f"closed widgets kept: {before} before a round, {after} after it"


async def test_the_collectors_full_pass_comes_right_after_the_round_is_drawn(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pass that frees a closed entry runs once the table shows the round, rather
    than at some later key or Enter."""
    monkeypatch.setattr(collector, "FULL_PASS_AFTER", 0.001)
    passes: list[int] = []
    monkeypatch.setattr(collector, "full_pass", lambda: passes.append(1))
    store.add(Session.new("racehorse", ["Ann", "Bob", "Cy", "Di", "Ed"]))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await sit_down(pilot)
        await pilot.press("r", "b", "down", "3", "down", "m", "enter")
        for _ in range(20):  # the pass is a timer away: a few idle turns of the app
            await pilot.pause()
            if passes:
                break
        assert len(table.session.rounds) == 1 and passes == [1]
