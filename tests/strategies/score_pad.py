"""Random score pads: any number of rounds of any scores, to a target, after a set number
of rounds or open-ended, often close enough for tied winners."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from tests.strategies import ended, seats, table_of


@st.composite
def _plan(draw: st.DrawFn) -> dict[str, Any]:
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
    count = draw(st.integers(0, 8))
    rounds: list[dict[str, Any]] = []
    while len(rounds) < count and not session.finished:
        round_ = {"scores": {name: draw(score) for name in players}}
        session.record(round_)
        rounds.append(round_)
    plan["rounds"] = rounds if session.finished else ended(draw, rounds)
    return plan


def plans() -> st.SearchStrategy[dict[str, Any]]:
    return _plan()
