"""Random valid Calcutta evenings: auctions within each buyer's stack, unsold horses too."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorekeeper.cards import SUITS
from scorekeeper.games.calcutta import split_pool
from tests.strategies import ended, seats
from tests.strategies.horse_race import courses


@st.composite
def plans(draw: st.DrawFn, least: int = 0) -> dict[str, Any]:
    """Stacks and the carried pool are tracked here so every bid stays within a stack;
    at least ``least`` deals."""
    players = draw(seats(3, 8))
    first = draw(st.integers(0, len(players) - 1))
    chips = draw(st.sampled_from((1, 10, 40, 150)))
    dealer_bids = draw(st.booleans())
    stacks = dict.fromkeys(players, chips)
    pot = 0
    rounds = []
    for number in range(draw(st.integers(least, 6))):
        dealer = players[(first + number) % len(players)]
        buyers = [name for name in players if dealer_bids or name != dealer]
        left = dict(stacks)
        sales: dict[str, dict[str, Any] | None] = {}
        for suit in SUITS:
            able = [name for name in buyers if left[name] >= 1]
            if not able or draw(st.integers(0, 4)) == 0:
                sales[suit] = None
                continue
            owner = draw(st.sampled_from(able))
            price = draw(st.integers(1, min(left[owner], 30)))
            left[owner] -= price
            sales[suit] = {"owner": owner, "price": price}
        placed = draw(st.permutations(SUITS))[:2]
        pool = pot + sum(sale["price"] for sale in sales.values() if sale)
        stacks, pot = left, 0
        for horse, share in zip(placed, split_pool(pool), strict=True):
            sale = sales[horse]
            if sale is None:
                pot += share
            else:
                stacks[sale["owner"]] += share
        rounds.append(
            {"course": draw(courses(7)), "sales": sales, "first": placed[0], "second": placed[1]}
        )
    return {
        "game": "calcutta",
        "players": players,
        "dealer": players[first],
        "options": {"chips": chips, "dealer_bids": dealer_bids},
        "rounds": ended(draw, rounds),
    }


COURSE = {"S": 2, "H": 2, "D": 2, "C": 1}
EDGES = (
    {  # stacks of one chip, all spent: a pool of 4 leaves first the one odd chip
        "game": "calcutta",
        "players": ["Ann", "Bob", "Cy", "Di"],
        "dealer": "Ann",
        "options": {"chips": 1, "dealer_bids": True},
        "rounds": [
            {
                "course": COURSE,
                "sales": {
                    suit: {"owner": name, "price": 1}
                    for suit, name in zip(SUITS, ("Ann", "Bob", "Cy", "Di"), strict=True)
                },
                "first": "C",
                "second": "S",
            }
        ],
    },
    {  # an unsold winner carries 4 chips, shared out among three at the end
        "game": "calcutta",
        "players": ["Ann", "Bob", "Cy"],
        "dealer": "Cy",
        "options": {"chips": 10, "dealer_bids": False},
        "rounds": [
            {
                "course": COURSE,
                "sales": {"S": {"owner": "Ann", "price": 6}, "H": None, "D": None, "C": None},
                "first": "H",
                "second": "S",
            },
            {"end": True},
        ],
    },
)
"""Boundary tables every property over the game runs first (tests/domain/test_properties.py)."""
