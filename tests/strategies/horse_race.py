"""Random valid Basic Horse Race evenings: courses of 6 or 7, bets, odds overrides."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorekeeper.cards import SUITS
from tests.strategies import ended, seats


@st.composite
def courses(draw: st.DrawFn, length: int) -> dict[str, int]:
    """Course counts a deal can show: a 7-card course has at most 4 of a suit (5+ redeals)."""
    most = 4 if length == 7 else length
    counts = dict.fromkeys(SUITS, 0)
    left = length
    order = draw(st.permutations(SUITS))
    for place, suit in enumerate(order):
        after = len(SUITS) - place - 1
        counts[suit] = draw(st.integers(max(0, left - most * after), min(most, left)))
        left -= counts[suit]
    return counts


@st.composite
def races(
    draw: st.DrawFn, players: list[str], dealer: str, length: int, limit: int
) -> dict[str, Any]:
    course = draw(courses(length))
    # Horses with 5-6 course cards have no book odds: the dealer always gives them some.
    needs_odds = [suit for suit in SUITS if course[suit] >= 5]
    overridden = draw(st.lists(st.sampled_from(SUITS), unique=True, max_size=2))
    odds = {
        suit: [draw(st.integers(1, 12)), draw(st.integers(1, 4))]
        for suit in [*needs_odds, *overridden]
    }
    bettors = [name for name in players if name != dealer]
    bet = st.fixed_dictionaries(
        {
            "player": st.sampled_from(bettors),
            "horse": st.sampled_from(SUITS),
            "amount": st.integers(1, limit or 50),
        }
    )
    bets = []
    on_horse: dict[tuple[str, str], int] = {}
    for one in draw(st.lists(bet, max_size=8)):
        # A player's bets on one horse are held to the limit together.
        key = (str(one["player"]), str(one["horse"]))
        staked = on_horse.get(key, 0) + int(one["amount"])  # type: ignore[call-overload]
        if not limit or staked <= limit:
            on_horse[key] = staked
            bets.append(one)
    race: dict[str, Any] = {
        "course": course,
        "bets": bets,
        "winner": draw(st.sampled_from(SUITS)),
    }
    if odds or draw(st.booleans()):
        race["odds"] = odds
    return race


@st.composite
def plans(draw: st.DrawFn, least: int = 0) -> dict[str, Any]:
    """Evenings of at least ``least`` races."""
    players = draw(seats(3, 8))
    first = draw(st.integers(0, len(players) - 1))
    length = draw(st.sampled_from((7, 6)))
    limit = draw(st.sampled_from((0, 1, 5, 20)))
    count = draw(st.integers(least, 6))
    rounds = [
        draw(races(players, players[(first + number) % len(players)], length, limit))
        for number in range(count)
    ]
    return {
        "game": "horse-race",
        "players": players,
        "dealer": players[first],
        "options": {"course": length, "limit": limit},
        "rounds": ended(draw, rounds),
    }


EIGHT = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
EDGES = (
    {  # eight players at a limit of one: a six-card course all of one suit, then no bets
        "game": "horse-race",
        "players": EIGHT,
        "dealer": "Ann",
        "options": {"course": 6, "limit": 1},
        "rounds": [
            {
                "course": {"S": 6, "H": 0, "D": 0, "C": 0},
                "odds": {"S": [1, 4]},
                "bets": [
                    {"player": name, "horse": "SHDC"[seat % 4], "amount": 1}
                    for seat, name in enumerate(EIGHT[1:])
                ],
                "winner": "S",
            },
            {"course": {"S": 0, "H": 2, "D": 2, "C": 2}, "bets": [], "winner": "H"},
        ],
    },
    {  # the smallest table, one bet on the horse that wins, then the evening ends
        "game": "horse-race",
        "players": EIGHT[:3],
        "dealer": "Cy",
        "options": {"course": 7, "limit": 0},
        "rounds": [
            {
                "course": {"S": 4, "H": 3, "D": 0, "C": 0},
                "odds": {},
                "bets": [{"player": "Ann", "horse": "D", "amount": 50}],
                "winner": "D",
            },
            {"end": True},
        ],
    },
)
"""Boundary tables every property over the game runs first (tests/domain/test_properties.py)."""
