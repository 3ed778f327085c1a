"""Random score pads: any number of rounds of any scores, to a target, after a set number
of rounds or open-ended, often close enough for tied winners."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from tests.strategies import NAMES, ended, seats, table_of


@st.composite
def _plan(draw: st.DrawFn, least: int) -> dict[str, Any]:
    players = draw(seats(2, 12))
    options = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "wins": st.sampled_from(("highest", "lowest")),
                "target": st.sampled_from((0, 1, 50, 100)),
                "rounds": st.integers(0, 6),
                "stake": st.integers(0, 100),
                "pay": st.sampled_from(("difference", "winner")),
                "rotate": st.booleans(),
                "house": st.sampled_from(("", "Hearts at Grandma's", "Gin")),
            },
        )
    )
    plan = {
        "game": "score-pad",
        "players": players,
        "dealer": draw(st.sampled_from(players)),
        "options": options,
        "rounds": [],
    }
    session = table_of(plan)
    close = draw(st.booleans())
    score = st.integers(0, 3) if close else st.integers(-1_000_000, 1_000_000)
    count = draw(st.integers(least, 8))
    rounds: list[dict[str, Any]] = []
    while len(rounds) < count and not session.finished:
        round_ = {"scores": {name: draw(score) for name in players}}
        session.record(round_)
        rounds.append(round_)
    plan["rounds"] = rounds if session.finished else ended(draw, rounds)
    return plan


def plans(least: int = 0) -> st.SearchStrategy[dict[str, Any]]:
    """Score pads of at least ``least`` rounds (fewer only where the pad ends first)."""
    return _plan(least)


EDGES = (
    {  # the target met exactly, won by one point at the smallest stake
        "game": "score-pad",
        "players": ["Ann", "Bob"],
        "dealer": "Ann",
        "options": {"target": 50, "stake": 1},
        "rounds": [{"scores": {"Ann": 50, "Bob": 49}}],
    },
    {  # the largest table, a one-round game, all tied at nothing for no money
        "game": "score-pad",
        "players": list(NAMES),
        "dealer": NAMES[-1],
        "options": {"rounds": 1, "stake": 0},
        "rounds": [{"scores": dict.fromkeys(NAMES, 0)}],
    },
    {  # paid to the winner: two tied at the lowest, one unit between them
        "game": "score-pad",
        "players": ["Ann", "Bob", "Cy"],
        "dealer": "Cy",
        "options": {"wins": "lowest", "pay": "winner", "stake": 1},
        "rounds": [{"scores": {"Ann": 0, "Bob": 0, "Cy": 1}}],
    },
)
"""Boundary tables every property over the game runs first (tests/domain/test_properties.py)."""
