"""One session of each game, a few rounds in, taken from docs/rules.md and a Friday evening."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from scorekeeper.games import GAMES
from scorekeeper.session import Session
from tests import factories
from tests.ui.largest import largest

PARKS_RACE_1: dict[str, Any] = {
    "course": {"S": 2, "H": 2, "D": 2, "C": 1},
    "sales": {
        "S": {"owner": "Cy", "price": 12},
        "H": {"owner": "Flo", "price": 20},
        "D": {"owner": "Bob", "price": 7},
        "C": {"owner": "Ann", "price": 31},
    },
    "first": "H",
    "second": "C",
}
"""The Parks' first Calcutta race: S 2, H 2, D 2, C 1; H first, C second."""


DEES_RACE_1: dict[str, Any] = {
    "course": {"S": 1, "H": 0, "D": 4, "C": 2},
    "bets": [
        {"player": "Al", "horse": "H", "amount": 5},
        {"player": "Bo", "horse": "D", "amount": 2},
        {"player": "Cy", "horse": "S", "amount": 3},
    ],
    "winner": "D",
}
"""docs/rules.md, Basic Horse Race, example: Dee banks; Al 5 on H, Bo 2 on D, Cy 3 on S;
D wins at 10-1."""


def racehorse() -> Session:
    return factories.racehorse(
        {"pitcher": "Ed", "bid": 2, "made": True},
        {"pitcher": "Ann", "bid": 5, "points": ["high", "low", "jack", "game"]},
        players=("Ann", "Bob", "Cy", "Di", "Ed", "Flo"),
        dealer="Cy",
        options={"stake": 25},
    )


def calcutta() -> Session:
    session = Session.new("calcutta", ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"])
    session.record(PARKS_RACE_1)
    session.record(
        {
            "course": {"S": 1, "H": 3, "D": 1, "C": 2},
            "sales": {
                "H": {"owner": "Di", "price": 5},
                "C": {"owner": "Ed", "price": 9},
                "S": {"owner": "Bob", "price": 14},
                "D": None,
            },
            "first": "D",
            "second": "S",
        }
    )
    return session


def horse_race(**options: int) -> Session:
    seats = ["Al", "Bo", "Cy", "Dee"]
    session = Session.new("horse-race", seats, dealer="Dee", options=options or None)
    session.record(DEES_RACE_1)
    return session


def seven_hand() -> Session:
    session = Session.new("seven-hand", ["Grandma", "Max", "Zoe"], options={"stake": 10})
    session.record({"out": "Max", "cards": {"Grandma": "K K 4 JK", "Zoe": "A 9"}})
    session.record({"out": "Zoe", "cards": {"Grandma": "5 5 5", "Max": "Q A"}})
    return session


def rummy_5000() -> Session:
    session = Session.new("rummy-5000", ["Ann", "Bob", "Cy"])
    session.record(
        {
            "wild": "10",
            "out": "Ann",
            "bonus": "out",
            "melded": {"Ann": 445, "Bob": 600, "Cy": 0},
            "in_hand": {"Ann": 0, "Bob": 210, "Cy": 205},
        }
    )
    return session


def hot_rum() -> Session:
    session = Session.new("hot-rum", ["Ann", "Bob", "Cy", "Di"])
    session.record({"out": "Cy", "cards": {"Ann": "K 9 A", "Bob": "4 4", "Di": "Q"}})
    return session


EVENINGS = {
    "racehorse": racehorse,
    "calcutta": calcutta,
    "horse-race": horse_race,
    "seven-hand": seven_hand,
    "rummy-5000": rummy_5000,
    "hot-rum": hot_rum,
}
"""The evenings the pictures show (``test_snapshots``), and ``every_game``'s where a game
has one: a game added is not pictured."""


def every_game() -> dict[str, Callable[[], Session]]:
    """A session of every game: its evening above, else its largest table, so a test
    about every game covers a game added without an edit here. The games with no evening
    come first, so the evenings keep their order at the top of Home."""
    made = {game: partial(largest, game) for game in GAMES if game not in EVENINGS}
    return made | {game: EVENINGS[game] for game in GAMES if game in EVENINGS}
