"""Random Seven Hand Rummy sessions, some played through the last hand to the money, often
ending in a tie."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from tests.strategies import card_text, ended, seats


@st.composite
def hands(draw: st.DrawFn, players: list[str], close: bool = False) -> dict[str, Any]:
    """One hand: who went out, what the others held (points or cards), maybe rummy calls.
    In a ``close`` game everyone holds 5 or 10, so totals often tie at the end."""
    out = draw(st.sampled_from(players))
    others = [name for name in players if name != out]
    if close or draw(st.booleans()):
        held = st.sampled_from((5, 10)) if close else st.integers(1, 40).map(lambda n: 5 * n)
        round_: dict[str, Any] = {"out": out, "points": {name: draw(held) for name in others}}
    else:
        text = card_text(jokers=True, min_size=1)
        round_ = {"out": out, "cards": {name: draw(text) for name in others}}
    if draw(st.booleans()):
        calls = st.dictionaries(st.sampled_from(players), st.integers(0, 3), max_size=3)
        round_["rummies"] = draw(calls)
    return round_


@st.composite
def _plan(draw: st.DrawFn) -> dict[str, Any]:
    players = draw(seats(2, 10))
    options = draw(
        st.fixed_dictionaries(
            {}, optional={"stake": st.integers(0, 100), "eighth_hand": st.booleans()}
        )
    )
    last = 8 if options.get("eighth_hand") else 7
    count = draw(st.one_of(st.just(last), st.integers(0, last)))
    close = draw(st.booleans())
    rounds = [draw(hands(players, close)) for _ in range(count)]
    return {
        "game": "seven-hand",
        "players": players,
        "dealer": draw(st.sampled_from(players)),
        "options": options,
        "rounds": ended(draw, rounds) if count < last else rounds,
    }


def plans() -> st.SearchStrategy[dict[str, Any]]:
    return _plan()
