"""Big tables for the board: ten at Seven Hand and eight at Calcutta, a few rounds in."""

from __future__ import annotations

from scorekeeper.session import Session

TEN = [
    "Grandma",
    "Max",
    "Zoe",
    "Christopher",
    "Elizabeth-Anne Worthington",
    "Jonathan",
    "Ann",
    "Bob",
    "Cy",
    "Di",
]
EIGHT = ["Parks", "Christopher", "Elizabeth", "Jonathan", "Maximilian", "Zoe", "Ann", "Bob"]
HELD = ["K K 4", "5 5", "A JK", "9", "Q A 3 3", "K", "JK JK", "2 3", "A A A"]


def seven_hand_for_ten() -> Session:
    session = Session.new("seven-hand", TEN, options={"stake": 10})
    for hand in range(3):
        out = TEN[hand * 3]
        others = [name for name in TEN if name != out]
        session.record(
            {
                "out": out,
                "cards": {name: HELD[(seat + hand) % 9] for seat, name in enumerate(others)},
            }
        )
    return session


def calcutta_for_eight() -> Session:
    session = Session.new("calcutta", EIGHT)
    for race in range(3):
        buyer = EIGHT[race:] + EIGHT[:race]
        session.record(
            {
                "course": {"S": 2, "H": 2, "D": 2, "C": 1},
                "sales": {
                    "S": {"owner": buyer[0], "price": 12 + race},
                    "H": {"owner": buyer[3], "price": 20},
                    "D": {"owner": buyer[5], "price": 7},
                    "C": None if race == 1 else {"owner": buyer[7], "price": 9},
                },
                "first": "HSD"[race],
                "second": "C" if race != 1 else "D",
            }
        )
    return session
