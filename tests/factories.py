"""What the tests build their tables from: a Racehorse table with its rounds, a table as an
older store may hold it, and where a saved session's log lies. The open store every test
may ask for is the ``store`` fixture (tests/conftest.py)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import pytest

from scorekeeper import Session
from scorekeeper.checks import JSONObject, Round
from scorekeeper.game import Game, Setup, State
from scorekeeper.store import documents, log, machine
from scorekeeper.store.summary import Fixed, listed
from scorekeeper.store.well_formed import EXTRAS, SUMMARY_FIELDS
from scorekeeper.wording import moment

TABLE = ("Ann", "Bob", "Cid", "Dee", "Eve")


class PlainGame(Game):
    """A game with what the contract asks of every game and no rules of its own (a round
    changes nothing): what tests of the hooks' neutral defaults build on."""

    id = "plain"
    name = "Plain"
    min_players = 2
    max_players = None
    unit = "chips"
    rules = "Nothing is scored."

    def play(self, setup: Setup, state: State, round_: Round) -> State:
        return state


MADE_3 = {"pitcher": "Ann", "bid": 3, "made": True}
UPPED_2 = {"pitcher": "Bob", "bid": 2, "made": False}
MADE_4 = {"pitcher": "Cid", "bid": 4, "made": True}


def racehorse(
    *rounds: dict[str, object],
    players: Sequence[str] = TABLE,
    dealer: str | None = None,
    options: dict[str, int] | None = None,
) -> Session:
    """A Racehorse table (``TABLE`` unless told) with these rounds recorded."""
    session = Session.new("racehorse", players, dealer=dealer, options=options)
    for round_ in rounds:
        session.record(round_)
    return session


def file_of(store_path: Path, session_id: str) -> Path:
    """This laptop's log of the session (the one log a store no other laptop writes has)."""
    return store_path / "logs" / f"{session_id}.{machine.laptop(store_path).id}.json"


def saved_before_the_name_rule(game: str, players: tuple[str, ...]) -> Session:
    """A table as a store written before names had rules may hold it (a line break in a
    name, say): such names are refused for a new table but still open from the store."""
    return Session.from_dict(
        {"game": game, "players": list(players), "dealer": players[0], "options": {}, "rounds": []}
    )


def summary_fields(session: Session, started: str, updated: str) -> JSONObject:
    """The session's list row by name, as an older scorekeeper kept it in the session's
    document (its balances there even where they are the totals)."""
    kept = listed(session, Fixed(session, moment(started), None), moment(updated))
    fields = dict(zip((*SUMMARY_FIELDS, *EXTRAS), kept, strict=True))
    if fields["balances"] is None:
        fields["balances"] = fields["totals"]
    return fields


def older_document(session: Session, order: int, when: str) -> JSONObject:
    """A session as an older scorekeeper kept it, whole in one document of its file
    (``sessions/<id>.json``), with the summary its list read."""
    fields = summary_fields(session, when, when)
    return {
        "schema": documents.SCHEMA,
        "order": order,
        "summary": fields,
        "session": session.to_dict(),
    }


def count_reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Each log the store reads from now on, in the order read (``log.read``): one looked
    for and not there is not read."""
    reads: list[Path] = []
    real = log.read

    def counted(file: Path, owner: str) -> log.Read:
        if os.path.lexists(file):
            reads.append(file)
        return real(file, owner)

    monkeypatch.setattr(log, "read", counted)
    return reads
