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
def _plan(draw: st.DrawFn) -> dict[str, Any]:
    players = draw(seats(5, 8))
    options = draw(st.fixed_dictionaries({}, optional={"stake": st.integers(1, 500)}))
    return {
        "game": "racehorse",
        "players": players,
        "dealer": draw(st.sampled_from(players)),
        "options": options,
        "rounds": ended(draw, draw(st.lists(deals(players), max_size=12))),
    }


def plans() -> st.SearchStrategy[dict[str, Any]]:
    return _plan()
