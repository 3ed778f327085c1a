"""Hypothesis strategies: one module per game, each with ``plans(least=0)`` of valid
sessions of at least ``least`` rounds (a property about the last round asks for one).

A plan is ``{"game", "players", "dealer", "options", "rounds"}`` whose rounds are all
valid when recorded in order. Card text is typed the many ways people type it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from hypothesis import example
from hypothesis import strategies as st

from scorekeeper import Session
from scorekeeper.game import END_ROUND

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_MARKS = ("", "S", "H", "D", "C", "s", "h", "d", "c", "♠", "♥", "♦", "♣")


Test = TypeVar("Test", bound=Callable[..., None])


def at_edges(edges: Sequence[dict[str, Any]], *rest: Any) -> Callable[[Test], Test]:
    """A property's examples: each of a game's boundary tables (its strategy module's
    ``EDGES``), ``rest`` given for the property's other arguments."""

    def examples(test: Test) -> Test:
        for plan in reversed(edges):
            test = example(plan, *rest)(test)
        return test

    return examples


def table_of(plan: dict[str, Any]) -> Session:
    """The session a plan sets up, before any of its rounds."""
    return Session.new(
        plan["game"], plan["players"], dealer=plan["dealer"], options=plan["options"]
    )


def played(plan: dict[str, Any]) -> Session:
    """The session a plan sets up, with every one of its rounds recorded."""
    session = table_of(plan)
    for round_ in plan["rounds"]:
        session.record(round_)
    return session


def seats(min_size: int, max_size: int) -> st.SearchStrategy[list[str]]:
    """Distinct names in clockwise seat order."""
    return st.lists(st.sampled_from(NAMES), min_size=min_size, max_size=max_size, unique=True)


SPELLINGS = tuple(
    spelling
    for rank in RANKS
    for mark in SUIT_MARKS
    for spelling in dict.fromkeys((rank + mark, (rank + mark).lower()))
)


def card_tokens(jokers: bool) -> st.SearchStrategy[str]:
    """One card as typed: any case, with or without a suit letter or symbol."""
    return st.sampled_from((*SPELLINGS, "JK", "jk") if jokers else SPELLINGS)


def card_text(jokers: bool, min_size: int = 0, max_size: int = 8) -> st.SearchStrategy[str]:
    """A line of cards separated by spaces and/or commas."""
    separator = st.sampled_from((" ", ",", ", ", "  "))
    tokens = st.lists(card_tokens(jokers), min_size=min_size, max_size=max_size)
    return st.tuples(tokens, separator).map(lambda parts: parts[1].join(parts[0]))


def ended(draw: st.DrawFn, rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rounds, and sometimes the table ending the game after them (``{"end": true}``:
    the evening is over, or the players stop before the last hand). Give only rounds after
    which the game goes on, and at least one: an end needs something played."""
    if rounds and draw(st.booleans()):
        return [*rounds, dict(END_ROUND)]
    return rounds
