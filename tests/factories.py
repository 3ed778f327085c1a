"""The small Racehorse table the store tests save, and where its files lie."""

from __future__ import annotations

from pathlib import Path

from scorekeeper import Session

TABLE = ("Ann", "Bob", "Cid", "Dee", "Eve")
MADE_3 = {"pitcher": "Ann", "bid": 3, "made": True}
UPPED_2 = {"pitcher": "Bob", "bid": 2, "made": False}
MADE_4 = {"pitcher": "Cid", "bid": 4, "made": True}


def racehorse(*rounds: dict[str, object]) -> Session:
    session = Session.new("racehorse", TABLE)
    for round_ in rounds:
        session.record(round_)
    return session


def file_of(store_path: Path, session_id: str) -> Path:
    return store_path / "sessions" / f"{session_id}.json"


def saved_before_the_name_rule(game: str, players: tuple[str, ...]) -> Session:
    """A table as a store written before names had rules may hold it (a line break in a
    name, say): such names are refused for a new table but still open from the store."""
    return Session.from_dict(
        {"game": game, "players": list(players), "dealer": players[0], "options": {}, "rounds": []}
    )
