"""Two rounds of Hot Rum at its largest table."""

from __future__ import annotations

from typing import Any


def rounds(players: list[str]) -> list[dict[str, Any]]:
    return [
        {"out": out, "rummy": rummy, "deadwood": {name: 7 + seat for seat, name in others}}
        for out, rummy in ((players[0], False), (players[-1], True))
        for others in [[(seat, name) for seat, name in enumerate(players) if name != out]]
    ]
