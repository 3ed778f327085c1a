"""Each game at its largest table (its most players, or ten where it has no most), two
rounds in: the tightest fit of every screen at 80x24."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorekeeper.games import GAMES
from scorekeeper.session import Session
from tests.strategies import NAMES

NO_MOST = 10
"""Players at a game that sets no most: as many as a big family table seats."""

Rounds = Callable[[list[str]], list[dict[str, Any]]]


def _racehorse(players: list[str]) -> list[dict[str, Any]]:
    return [
        {"pitcher": players[1], "bid": 3, "made": True},
        {"pitcher": players[-1], "bid": 5, "points": ["high", "low", "jack"]},
    ]


def _hot_rum(players: list[str]) -> list[dict[str, Any]]:
    return [
        {"out": out, "rummy": rummy, "deadwood": {name: 7 + seat for seat, name in others}}
        for out, rummy in ((players[0], False), (players[-1], True))
        for others in [[(seat, name) for seat, name in enumerate(players) if name != out]]
    ]


def _horse_race(players: list[str]) -> list[dict[str, Any]]:
    """The dealer is the bank and bets nothing: the deal passes left after each race."""
    return [
        {
            "course": course,
            "bets": [
                {"player": name, "horse": "SHDC"[seat % 4], "amount": 1 + seat}
                for seat, name in enumerate(players)
                if name != dealer
            ],
            "winner": winner,
        }
        for course, dealer, winner in (
            ({"S": 1, "H": 0, "D": 4, "C": 2}, players[0], "D"),
            ({"S": 2, "H": 3, "D": 1, "C": 1}, players[1], "H"),
        )
    ]


def _calcutta(players: list[str]) -> list[dict[str, Any]]:
    return [
        {
            "course": {"S": 2, "H": 2, "D": 2, "C": 1},
            "sales": {
                "S": {"owner": players[race], "price": 12 + race},
                "H": {"owner": players[-1 - race], "price": 20},
                "D": {"owner": players[3], "price": 7},
                "C": None if race else {"owner": players[5], "price": 9},
            },
            "first": "HS"[race],
            "second": "CD"[race],
        }
        for race in range(2)
    ]


def _seven_hand(players: list[str]) -> list[dict[str, Any]]:
    held = ["K K 4", "5 5", "A JK", "9", "Q A 3 3", "K", "JK JK", "2 3", "A A A", "7"]
    return [
        {
            "out": out,
            "cards": {name: held[seat] for seat, name in enumerate(players) if name != out},
        }
        for out in (players[0], players[4])
    ]


def _rummy_5000(players: list[str]) -> list[dict[str, Any]]:
    return [
        {
            "wild": "10",
            "out": out,
            "bonus": "out",
            "melded": {name: 100 + 5 * seat for seat, name in enumerate(players)},
            "in_hand": {name: 0 if name == out else 15 for name in players},
        }
        for out in (players[0], players[2])
    ]


def _score_pad(players: list[str]) -> list[dict[str, Any]]:
    return [
        {"scores": {name: (seat * 7 + turn) % 25 for seat, name in enumerate(players)}}
        for turn in range(2)
    ]


ROUNDS: dict[str, Rounds] = {
    "racehorse": _racehorse,
    "hot-rum": _hot_rum,
    "horse-race": _horse_race,
    "calcutta": _calcutta,
    "seven-hand": _seven_hand,
    "rummy-5000": _rummy_5000,
    "score-pad": _score_pad,
}


def largest(game: str) -> Session:
    """``game`` at its largest table, two rounds recorded."""
    players = list(NAMES[: GAMES[game].max_players or NO_MOST])
    session = Session.new(game, players, dealer=players[0])
    for round_ in ROUNDS[game](players):
        session.record(round_)
    return session
