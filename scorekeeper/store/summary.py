"""One line of the session list: ``Summary``, and the row the index keeps it as.

A row is a list rather than an object (ten thousand lists parse in about half the time
ten thousand objects do), checked by ``checks`` before a ``Summary`` is built from it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from scorekeeper.store.checks import (
    EXTRAS,
    SUMMARY_FIELDS,
    row_is_sound,
    sound_times,
    summary_problem,
)
from scorekeeper.wording import moment


@dataclass(frozen=True)
class Summary:
    """One line of the session list, read from the index without replaying any round.

    ``started`` and ``updated`` are local times with their UTC offset (``wording`` words them).
    """

    id: str
    game: str
    players: tuple[str, ...]
    started: datetime
    updated: datetime
    rounds: int
    finished: bool
    winners: tuple[str, ...]
    dealer: str
    totals: dict[str, int]
    balances: dict[str, int]
    highlights: dict[str, int] | None = None
    """The game's statistics figures (``Game.highlights``); None in a summary saved
    before they were kept, whose session file must be read for them."""
    option_words: tuple[str, ...] | None = None
    """The house options in the game's words (``Game.option_words``); None in a summary
    saved before they were kept, whose session file must be read for them."""


def row(fields: Mapping[str, Any]) -> list[Any]:
    """A summary as the index keeps it: a list, and no balances when they equal the totals.

    Ten thousand lists parse in about half the time ten thousand objects do. The
    ``EXTRAS`` follow in their order, each only where those before it are there.
    """
    balances = None if fields["balances"] == fields["totals"] else fields["balances"]
    extras = []
    for name in EXTRAS:
        if name not in fields:
            break
        extras.append(fields[name])
    return [
        fields["game"],
        fields["players"],
        fields["started"],
        fields["updated"],
        fields["rounds"],
        fields["finished"],
        fields["winners"],
        fields["dealer"],
        fields["totals"],
        balances,
        *extras,
    ]


def row_problem(kept: object) -> str | None:
    """What is wrong with a summary row, or None."""
    names = (*SUMMARY_FIELDS, *EXTRAS)
    if type(kept) is not list or not len(SUMMARY_FIELDS) <= len(kept) <= len(names):
        return f"a summary that is not a list of {len(SUMMARY_FIELDS)} fields"
    if row_is_sound(kept):
        return None
    return summary_problem(dict(zip(names, kept, strict=False)))


def entry_problem(entry: object) -> str | None:
    """What is wrong with an index entry, or None."""
    if type(entry) is list and len(entry) == 5 and set(map(type, entry[:4])) == {int}:
        kept = entry[4]
        if type(kept) is str or (type(kept) is list and row_is_sound(kept)):
            return None  # the usual answer, in one call for ten thousand entries
    if type(entry) is not list or len(entry) != 5:
        return "an entry that is not a list of five fields"
    if set(map(type, entry[:4])) != {int}:
        return "an entry whose file identity or order is not numbers"
    kept = entry[4]
    return None if type(kept) is str else row_problem(kept)


def sound_summary(session_id: str, entry: object) -> Summary | None:
    """The ``Summary`` of an index entry whose row ``row_is_sound`` passes, checked and
    built in one pass (its times are read once); None for any other entry, which only
    ``entry_problem`` can judge."""
    if type(entry) is not list or len(entry) != 5:
        return None
    inode, size, modified, order, kept = entry
    if type(inode) is not int or type(size) is not int or type(modified) is not int:
        return None
    times = sound_times(kept) if type(order) is int and type(kept) is list else None
    return None if times is None else summary(session_id, kept, times)


def summary(
    session_id: str, kept: list[Any], times: tuple[datetime, datetime] | None = None
) -> Summary:
    """The ``Summary`` for an index row (a row ``row_problem`` found nothing wrong with);
    ``times``: its start and update times, if they were read already.

    Its fields are filled in directly rather than through the frozen dataclass's
    ``__init__``, which sets each one through ``object.__setattr__``: that alone cost a
    quarter of listing ten thousand sessions. A test holds the two to the same result."""
    game, players, started, updated, rounds, finished, winners, dealer, totals, balances = kept[:10]
    began, changed = times or (moment(started), moment(updated))
    made = _new_summary(Summary)
    made.__dict__.update(
        id=session_id,
        game=game,
        players=tuple(players),
        started=began,
        updated=changed,
        rounds=rounds,
        finished=finished,
        winners=tuple(winners),
        dealer=dealer,
        totals=dict(totals),
        balances=dict(totals if balances is None else balances),
        highlights=kept[10] if len(kept) > 10 else None,
        option_words=tuple(kept[11]) if len(kept) > 11 else None,
    )
    return made


_new_summary = object.__new__
