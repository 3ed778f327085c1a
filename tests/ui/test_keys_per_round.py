"""Keys per typical round from the table (each word below is one key; sent at once after
the first, they land as they would one by one: ``test_entry_keys``): each game's round
records what the table played in no more keys than before (the entries' budget), so a new
stop in an entry shows up here as a failed round or a longer list. Each round is a test of
its own, so none waits on the others' time."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.table import TableScreen
from tests.ui.evenings import PARKS_RACE_1
from tests.ui.hosts import at_table, sent

PARKS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]

ROUNDS: list[tuple[str, list[str], dict[str, Any], int, str, dict[str, Any]]] = [
    (
        "racehorse",
        PARKS,
        {"stake": 25},
        7,
        "r e down 2 down m enter",
        {"pitcher": "Ed", "bid": 2, "made": True},
    ),
    (
        "calcutta",
        PARKS,
        {},
        29,
        "r 2 2 2 1 down c down 1 2 down f down 2 0 down b down 7 down a down 3 1 down"
        " h down c enter",
        PARKS_RACE_1,
    ),
    (
        # An unsold horse's price is a stop as any other (the keys of a race are the same
        # whoever buys): u ↓ ↓ to First, as in the release before.
        "calcutta",
        PARKS,
        {},
        26,
        "r 1 3 1 2 down d down 5 down e down 9 down b down 1 4 down u down down d down s enter",
        {
            "sales": {
                "S": {"owner": "Bob", "price": 14},
                "H": {"owner": "Di", "price": 5},
                "D": None,
                "C": {"owner": "Ed", "price": 9},
            },
            "first": "D",
            "second": "S",
        },
    ),
    (
        "horse-race",
        ["Al", "Bo", "Cy", "Dee"],
        {},
        17,
        "r 1 0 4 2 down h 5 down d 2 down s 3 down d enter",
        {
            "course": {"S": 1, "H": 0, "D": 4, "C": 2},
            "bets": [
                {"player": "Bo", "horse": "H", "amount": 5},
                {"player": "Cy", "horse": "D", "amount": 2},
                {"player": "Dee", "horse": "S", "amount": 3},
            ],
            "winner": "D",
        },
    ),
    (
        "seven-hand",
        ["Grandma", "Max", "Zoe"],
        {},
        17,
        "r m down K space K space 4 space J K down A space 9 enter",
        {"out": "Max", "cards": {"Grandma": "K K 4 JK", "Zoe": "A 9"}},
    ),
    (
        "seven-hand",
        ["Grandma", "Max", "Zoe"],
        {},
        10,
        "r m down 4 5 down 2 5 enter",
        {"out": "Max", "points": {"Grandma": 45, "Zoe": 25}},
    ),
    (
        "hot-rum",
        PARKS,
        {},
        17,
        "r c down K space 9 down 5 down Q down 2 space 3 down J enter",
        {"out": "Cy", "cards": {"Ann": "K 9", "Bob": "5", "Di": "Q", "Ed": "2 3", "Flo": "J"}},
    ),
    (
        "hot-rum",
        ["Ann", "Bob"],
        {},
        9,
        "r b down 7 space 8 down space enter",
        {"out": "Bob", "cards": {"Ann": "7 8"}, "rummy": True},
    ),
    (
        "rummy-5000",
        ["Ann", "Bob", "Cy"],
        {},
        41,
        "r 1 down a down down 1 0 space 1 0 space K space K space K space 5 space 6 space 7"
        " down A space A space A down 1 0 space Q down down A space 2 enter",
        {
            "out": "Ann",
            "cards": {
                "Ann": {"melded": "10 10 K K K 5 6 7", "hand": ""},
                "Bob": {"melded": "A A A", "hand": "10 Q"},
                "Cy": {"melded": "", "hand": "A 2"},
            },
        },
    ),
    (
        "rummy-5000",
        ["Ann", "Bob", "Cy"],
        {},
        24,
        "r 1 down a down down 4 4 5 down 6 0 0 down 2 1 0 down down 2 0 5 enter",
        {
            "out": "Ann",
            "melded": {"Ann": 445, "Bob": 600, "Cy": 0},
            "in_hand": {"Ann": 0, "Bob": 210, "Cy": 205},
        },
    ),
    (
        "rummy-5000",
        ["Ann", "Bob", "Cy"],
        {"michigan": True},
        4,
        "r up b enter",
        {"false_claim": "Bob"},
    ),
    (
        "score-pad",
        ["Ann", "Bob", "Cy", "Di"],
        {"wins": "lowest", "target": 100},
        12,
        "r 2 0 enter 5 0 enter 3 0 enter 4 enter",
        {"scores": {"Ann": 20, "Bob": 50, "Cy": 30, "Di": 4}},
    ),
    (
        "score-pad",
        PARKS,
        {},
        7,
        "r up d enter 2 5 enter",
        {"scores": {"Ann": 0, "Bob": 0, "Cy": 0, "Di": 25, "Ed": 0, "Flo": 0}},
    ),
]


@pytest.mark.parametrize(
    ("game_id", "players", "options", "budget", "keys", "expected"),
    ROUNDS,
    ids=[f"{game_id}-{budget}-keys" for game_id, _, _, budget, *_ in ROUNDS],
)
async def test_a_typical_round_takes_no_more_keys_than_its_budget(
    store: Store,
    game_id: str,
    players: list[str],
    options: dict[str, Any],
    budget: int,
    keys: str,
    expected: dict[str, Any],
) -> None:
    """One round at a table of its own, in an app of its own: eleven tables in one test
    took the sum of their times, past the time limit on a loaded machine."""
    session_id = store.add(Session.new(game_id, players, options=options))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_table(pilot, store, session_id)
        first, *rest = keys.split()
        await pilot.press(first)  # the entry opens; the rest in one burst, as pasted
        await sent(pilot, *rest)
        assert isinstance(app.screen, TableScreen), f"the entry is still open: {app.screen!r}"
    rounds = store.load(session_id).rounds
    assert len(rounds) == 1
    assert {key: rounds[0].get(key) for key in expected} == expected
    assert len(keys.split()) <= budget
