"""Two rounds of Basic Horse Race at its largest table."""

from __future__ import annotations

from typing import Any


def rounds(players: list[str]) -> list[dict[str, Any]]:
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
