"""How long replaying a long session from its saved dict takes (target: 1,000 rounds < 50 ms).

Run: .venv/bin/python tests/bench/bench_engine.py [--quick]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from scorekeeper import Session
from scorekeeper.checks import AMOUNT_LIMIT

SIX = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
Maker = Callable[[int], dict[str, Any]]


def _racehorse(i: int) -> dict[str, Any]:
    return {"pitcher": SIX[i % 6], "bid": 2 + i % 4, "made": i % 3 != 0}


def _hot_rum(i: int) -> dict[str, Any]:
    out = SIX[i % 6]
    return {
        "out": out,
        "rummy": i % 5 == 0,
        "deadwood": {name: (i + seat) % 40 for seat, name in enumerate(SIX) if name != out},
    }


def _horse_race(i: int) -> dict[str, Any]:
    return {
        "course": {"S": 2, "H": 1, "D": 3, "C": 1},
        "bets": [
            {"player": name, "horse": "SHDC"[(i + seat) % 4], "amount": 1 + seat}
            for seat, name in enumerate(SIX)
            if seat != i % 6
        ],
        "winner": "SHDC"[i % 4],
    }


def _calcutta(i: int) -> dict[str, Any]:
    buyers = [name for seat, name in enumerate(SIX) if seat != i % 6]
    return {
        "course": {"S": 2, "H": 2, "D": 2, "C": 1},
        "sales": {
            suit: {"owner": buyers[(i + n) % 5], "price": 1 + n} if n < 3 else None
            for n, suit in enumerate("SHDC")
        },
        "first": "SHDC"[i % 4],
        "second": "SHDC"[(i + 1) % 4],
    }


def _rummy_5000(i: int) -> dict[str, Any]:
    out = SIX[i % 5]
    return {
        "wild": "5",
        "out": out,
        "cards": {
            name: {"melded": f"{rank} {rank} {rank} 9 10 J", "hand": "" if name == out else "A 2 Q"}
            for name, rank in zip(SIX[:5], "34678", strict=False)
        },
    }


LONG_GAMES: dict[str, Maker] = {
    "racehorse": _racehorse,
    "hot-rum": _hot_rum,
    "horse-race": _horse_race,
    "calcutta": _calcutta,
    "rummy-5000": _rummy_5000,
}


OPTIONS: dict[str, dict[str, Any]] = {"rummy-5000": {"target": AMOUNT_LIMIT}}
"""The highest target a table may set, so the long game never ends."""
PLAYERS: dict[str, list[str]] = {"rummy-5000": SIX[:5]}


def replay_ms(game: str, make: Maker, rounds: int, repeats: int) -> float:
    session = Session.new(game, PLAYERS.get(game, SIX), options=OPTIONS.get(game))
    for i in range(rounds):
        session.record(make(i))
    saved = session.to_dict()
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        Session.from_dict(saved)
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a few rounds, to check it runs")
    args = parser.parse_args(argv)
    rounds, repeats = (20, 1) if args.quick else (1000, 7)
    figures = {}
    for game, make in LONG_GAMES.items():
        figures[game] = replay_ms(game, make, rounds, repeats)
        print(
            f"{game:<12} replay {rounds} rounds from dict: "
            f"{figures[game]:7.2f} ms (best of {repeats})"
        )
    return figures


if __name__ == "__main__":
    main()
