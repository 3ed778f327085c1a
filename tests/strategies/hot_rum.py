"""Random Hot Rum sessions: 2-6 players, deadwood as counts or as card text, some rummies."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from tests.strategies import card_text, ended, seats

DEADWOOD = st.integers(0, 100)
CARDS = card_text(jokers=False)
"""Made once: a strategy is checked the first time it is drawn, and a table draws
hundreds of hands."""


@st.composite
def hands(draw: st.DrawFn, players: list[str]) -> dict[str, Any]:
    """One hand: who went out, whether it was a rummy, the others' unmatched cards."""
    out = draw(st.sampled_from(players))
    others = [name for name in players if name != out]
    if draw(st.booleans()):
        round_: dict[str, Any] = {
            "out": out,
            "deadwood": {name: draw(DEADWOOD) for name in others},
        }
    else:
        round_ = {"out": out, "cards": {name: draw(CARDS) for name in others}}
    rummy = draw(st.sampled_from((None, False, True)))
    if rummy is not None:
        round_["rummy"] = rummy
    return round_


@st.composite
def _plan(draw: st.DrawFn, least: int) -> dict[str, Any]:
    players = draw(seats(2, 6))
    options = draw(st.fixed_dictionaries({}, optional={"stake": st.integers(1, 100)}))
    return {
        "game": "hot-rum",
        "players": players,
        "dealer": draw(st.sampled_from(players)),
        "options": options,
        "rounds": ended(draw, draw(st.lists(hands(players), min_size=least, max_size=12))),
    }


def plans(least: int = 0) -> st.SearchStrategy[dict[str, Any]]:
    """Sessions of at least ``least`` hands."""
    return _plan(least)


SIX = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
EDGES = (
    {  # the largest table at the smallest stake: a rummy with nothing left in any hand
        "game": "hot-rum",
        "players": SIX,
        "dealer": "Flo",
        "options": {"stake": 1},
        "rounds": [{"out": "Ann", "rummy": True, "deadwood": dict.fromkeys(SIX[1:], 0)}],
    },
    {  # two players, the most deadwood, then the table stops
        "game": "hot-rum",
        "players": ["Ann", "Bob"],
        "dealer": "Ann",
        "options": {},
        "rounds": [{"out": "Bob", "deadwood": {"Ann": 100}}, {"end": True}],
    },
)
"""Boundary tables every property over the game runs first (tests/domain/test_properties.py)."""
