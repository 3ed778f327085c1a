"""Random Racehorse sessions: 5-8 players, bids 2 to Smudge, told as made or as points."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorekeeper.games.racehorse import POINTS
from tests.strategies import ended, seats


@st.composite
def deals(draw: st.DrawFn, players: list[str]) -> dict[str, Any]:
    """One deal: the pitcher, the bid, and either made/upped or the points taken."""
    round_: dict[str, Any] = {
        "pitcher": draw(st.sampled_from(players)),
        "bid": draw(st.integers(2, 5)),
    }
    if draw(st.booleans()):
        round_["made"] = draw(st.booleans())
    else:
        round_["points"] = draw(st.lists(st.sampled_from(POINTS), max_size=4, unique=True))
        if draw(st.booleans()):
            round_["all_tricks"] = draw(st.booleans())
    return round_


@st.composite
def _plan(draw: st.DrawFn, least: int) -> dict[str, Any]:
    players = draw(seats(5, 8))
    options = draw(st.fixed_dictionaries({}, optional={"stake": st.integers(1, 500)}))
    return {
        "game": "racehorse",
        "players": players,
        "dealer": draw(st.sampled_from(players)),
        "options": options,
        "rounds": ended(draw, draw(st.lists(deals(players), min_size=least, max_size=12))),
    }


def plans(least: int = 0) -> st.SearchStrategy[dict[str, Any]]:
    """Sessions of at least ``least`` deals."""
    return _plan(least)


EIGHT = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
EDGES = (
    {  # the largest table at the smallest stake: Smudge made, then a two bid set
        "game": "racehorse",
        "players": EIGHT,
        "dealer": "Hal",
        "options": {"stake": 1},
        "rounds": [
            {"pitcher": "Ann", "bid": 5, "points": list(POINTS), "all_tricks": True},
            {"pitcher": "Hal", "bid": 2, "made": False},
        ],
    },
    {  # the smallest table: every point but one, then the table stops
        "game": "racehorse",
        "players": EIGHT[:5],
        "dealer": "Ann",
        "options": {},
        "rounds": [{"pitcher": "Ed", "bid": 4, "points": list(POINTS[:3])}, {"end": True}],
    },
)
"""Boundary tables every property over the game runs first (tests/domain/test_properties.py)."""
