"""Two rounds of Calcutta Horse Race at its largest table."""

from __future__ import annotations

from typing import Any


def rounds(players: list[str]) -> list[dict[str, Any]]:
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
