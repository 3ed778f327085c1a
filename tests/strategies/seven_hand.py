"""Random Seven Hand Rummy sessions, some played through the last hand to the money, often
ending in a tie."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorekeeper.game import END_ROUND
from tests.strategies import NAMES, card_text, ended, seats

CLOSE = st.sampled_from((5, 10))
HELD = st.integers(1, 40).map(lambda n: 5 * n)
CARDS = card_text(jokers=True, min_size=1)
RUMMIES = st.integers(0, 3)


def hands(players: list[str], close: bool = False) -> st.SearchStrategy[dict[str, Any]]:
    """One hand: who went out, what the others held (points or cards), maybe rummy calls.
    In a ``close`` game everyone holds 5 or 10, so totals often tie at the end. Made once
    per table and drawn for every hand: a strategy is checked the first time it is drawn."""
    seat = st.sampled_from(players)
    calls = st.dictionaries(seat, RUMMIES, max_size=3)

    @st.composite
    def hand(draw: st.DrawFn) -> dict[str, Any]:
        out = draw(seat)
        others = [name for name in players if name != out]
        if close or draw(st.booleans()):
            held = CLOSE if close else HELD
            round_: dict[str, Any] = {"out": out, "points": {n: draw(held) for n in others}}
        else:
            round_ = {"out": out, "cards": {name: draw(CARDS) for name in others}}
        if draw(st.booleans()):
            round_["rummies"] = draw(calls)
        return round_

    return hand()


@st.composite
def _plan(draw: st.DrawFn, finished: bool, least: int) -> dict[str, Any]:
    players = draw(seats(2, 10))
    options = draw(
        st.fixed_dictionaries(
            {"stake": st.integers(1, 100)} if finished else {},
            optional={"eighth_hand": st.booleans()}
            | ({} if finished else {"stake": st.integers(0, 100)}),
        )
    )
    last = 8 if options.get("eighth_hand") else 7
    count = draw(st.one_of(st.just(last), st.integers(max(least, 1 if finished else 0), last)))
    hand = hands(players, close=finished or draw(st.booleans()))
    rounds = [draw(hand) for _ in range(count)]
    if count < last:
        rounds = [*rounds, dict(END_ROUND)] if finished else ended(draw, rounds)
    return {
        "game": "seven-hand",
        "players": players,
        "dealer": draw(st.sampled_from(players)),
        "options": options,
        "rounds": rounds,
    }


def plans(finished: bool = False, least: int = 0) -> st.SearchStrategy[dict[str, Any]]:
    """Sessions of at least ``least`` hands; if ``finished``, only games played to the
    money: close ones (ties are common) with a stake."""
    return _plan(finished, least)


def _hands(players: list[str], held: int, count: int) -> list[dict[str, Any]]:
    """``count`` hands going out in turn, everyone else holding ``held`` points."""
    outs = [players[number % len(players)] for number in range(count)]
    return [{"out": out, "points": {n: held for n in players if n != out}} for out in outs]


TEN = list(NAMES[:10])
EIGHT_TIED = {  # ten players through the eighth hand: eight tie and share ten units
    "game": "seven-hand",
    "players": TEN,
    "dealer": TEN[0],
    "options": {"eighth_hand": True, "stake": 1},
    "rounds": _hands(TEN, 5, 8),
}
EDGES = (
    EIGHT_TIED,
    {  # two players the least apart after the seventh hand
        "game": "seven-hand",
        "players": ["Ann", "Bob"],
        "dealer": "Bob",
        "options": {"stake": 1},
        "rounds": _hands(["Ann", "Bob"], 5, 7),
    },
    {  # stopped after the first hand, for no money
        "game": "seven-hand",
        "players": ["Ann", "Bob", "Cy"],
        "dealer": "Ann",
        "options": {"stake": 0},
        "rounds": [*_hands(["Ann", "Bob", "Cy"], 200, 1), dict(END_ROUND)],
    },
)
"""Boundary tables every property over the game runs first (tests/domain/test_properties.py)."""
