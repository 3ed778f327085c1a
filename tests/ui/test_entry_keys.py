"""Keys that arrive in one burst (a paste, a fast typist, tmux send-keys) land where they
would have landed one at a time: none is dropped or typed into the field just left."""

from textual import events
from textual.app import App
from textual.widgets import Input

from scorekeeper import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.new_session import NewSessionScreen
from screens.rounds.base import RoundEntry
from tests.ui.hosts import EntryHost
from tests.ui.play import start_session


def burst(host: App[None], keys: list[str]) -> None:
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


async def test_names_and_fields_typed_in_one_burst_start_the_session(store: Store) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewSessionScreen)
        assert screen.game.id == "horse-race"
        keys = ["enter", *"Ann, Bob, Cy", "enter", "enter", "tab", "5"]
        burst(app, keys)
        await pilot.pause()
        await pilot.pause()
        assert screen.players == ["Ann", "Bob", "Cy"]
        assert screen.options()["course"] == 5


async def test_a_resize_to_60x20_and_back_keeps_the_entry_and_what_was_typed(
    store: Store,
) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_session(pilot, "hot-rum", ["Ann", "Bob", "Cy"])
        await pilot.press("r", "b", "down", *"7 8")
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        entry = app.screen
        assert isinstance(entry, RoundEntry)
        assert entry.control("cards.Ann", Input).value == "7 8"
