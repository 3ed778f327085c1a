"""Keys that arrive in one burst (a paste, a fast typist, tmux send-keys) land where they
would have landed one at a time: none is dropped or typed into the field just left."""

from textual import events

from scorekeeper import Session
from tests.ui.hosts import EntryHost


def burst(host: EntryHost, keys: list[str]) -> None:
    """Hand the app every key at once, as a terminal does with keys sent in one write."""
    for key in keys:
        character = key if len(key) == 1 else None
        host.post_message(events.Key(key, character))


async def test_a_burst_of_keys_fills_each_field_in_turn() -> None:
    session = Session.new("hot-rum", ["Ann", "Bob", "Cy", "Di"])
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        burst(host, ["c", "down", *"K 9 A", "down", *"4 4", "down", "Q", "enter"])
        await pilot.pause()
        await pilot.pause()
    assert session.balances == {"Ann": -30, "Bob": -8, "Cy": 48, "Di": -10}
