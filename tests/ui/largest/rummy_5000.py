"""Two rounds of 5000 Rummy at its largest table."""

from __future__ import annotations

from typing import Any


def rounds(players: list[str]) -> list[dict[str, Any]]:
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
