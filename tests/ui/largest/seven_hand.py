"""Two rounds of Seven Hand Rummy at its largest table."""

from __future__ import annotations

from typing import Any


def rounds(players: list[str]) -> list[dict[str, Any]]:
    held = ["K K 4", "5 5", "A JK", "9", "Q A 3 3", "K", "JK JK", "2 3", "A A A", "7"]
    return [
        {
            "out": out,
            "cards": {name: held[seat] for seat, name in enumerate(players) if name != out},
        }
        for out in (players[0], players[4])
    ]
