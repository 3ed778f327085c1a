"""Two rounds of Racehorse at its largest table."""

from __future__ import annotations

from typing import Any


def rounds(players: list[str]) -> list[dict[str, Any]]:
    return [
        {"pitcher": players[1], "bid": 3, "made": True},
        {"pitcher": players[-1], "bid": 5, "points": ["high", "low", "jack"]},
    ]
