"""Each session's money as a night settles it, worked out one way for every place that
shows a night's money: the nights screen, ``scorekeeper settle``, what ``night move``
prints, and the money and chips in statistics.

A night is settled as at the end of the evening: a game that still carries a kitty (a
Calcutta pool) is ended as its game ends an evening (``Game.end``: the pool shared out
equally, the remainder one chip each in seat order), so no chip stays in a pool and
nobody is shown one figure here and another there. Every other session's money is its
balances as they stand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from scorekeeper.store import Store, StoreError, Summary


@dataclass(frozen=True)
class EveningEnd:
    """What ending the evening changes: the balances of each game that carried a kitty
    (by session id), and what that did in the game's words ("Pool of 9 chips shared
    out: ...")."""

    balances: Mapping[str, Mapping[str, int]]
    notes: tuple[str, ...]


def evening_end(store: Store, summaries: Iterable[Summary]) -> EveningEnd:
    """Each of ``summaries`` that still carries a kitty, ended as its game ends an
    evening. Only those are read from their files: a finished game or one whose balances
    add up to zero carries nothing. A game that cannot be read keeps its kitty as a party."""
    ended: dict[str, Mapping[str, int]] = {}
    notes: list[str] = []
    for summary in summaries:
        if summary.finished or not sum(summary.balances.values()):
            continue
        try:
            session = store.load(summary.id)
        except StoreError:
            continue
        game = session.game
        if not session.pot or game.ending is None:
            continue
        state = game.end(session.setup, session.state)
        ended[summary.id] = dict(state.balances)
        note = game.end_note(session.setup, state)
        if note:
            notes.append(note)
    return EveningEnd(ended, tuple(notes))
