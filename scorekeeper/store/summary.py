"""One line of the session list: ``Summary``, and the row the index keeps it as.

A row is a list rather than an object (ten thousand lists parse in about half the time
ten thousand objects do), checked by ``checks`` before a ``Summary`` is built from it.
"""

from __future__ import annotations

from collections.abc import Mapping
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


class Summary:
    """One line of the session list, read from the index without replaying any round.

    ``started`` and ``updated`` are local times with their UTC offset (``wording`` words them).
    ``highlights`` are the game's statistics figures (``Game.highlights``) and
    ``option_words`` the house options in its words (``Game.option_words``); each is None
    in a summary saved before they were kept, whose session file must be read for them.

    Read-only, and no bigger than it must be: a store of ten thousand sessions holds ten
    thousand. It keeps the index's own row (``row``) and its two times, and hands out
    the rest from the row as asked, the tables and dictionaries as copies of their own.
    """

    __slots__ = ("_id", "_row", "_started", "_updated")

    def __init__(
        self,
        id: str,
        game: str,
        players: tuple[str, ...],
        started: datetime,
        updated: datetime,
        rounds: int,
        finished: bool,
        winners: tuple[str, ...],
        dealer: str,
        totals: dict[str, int],
        balances: dict[str, int],
        highlights: dict[str, int] | None = None,
        option_words: tuple[str, ...] | None = None,
    ) -> None:
        self._id = id
        self._started = started
        self._updated = updated
        self._row: list[Any] = [
            game,
            players,
            None,
            None,
            rounds,
            finished,
            winners,
            dealer,
            dict(totals),
            dict(balances),
            highlights,
            option_words,
        ]

    @property
    def id(self) -> str:
        return self._id

    @property
    def row(self) -> list[Any]:
        """The index's row this summary was read from (``row``), itself: not to be changed."""
        return self._row

    @property
    def game(self) -> str:
        game: str = self._row[0]
        return game

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self._row[1])

    @property
    def started(self) -> datetime:
        return self._started

    @property
    def updated(self) -> datetime:
        return self._updated

    @property
    def rounds(self) -> int:
        rounds: int = self._row[4]
        return rounds

    @property
    def finished(self) -> bool:
        finished: bool = self._row[5]
        return finished

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(self._row[6])

    @property
    def dealer(self) -> str:
        dealer: str = self._row[7]
        return dealer

    @property
    def totals(self) -> dict[str, int]:
        return dict(self._row[8])

    @property
    def balances(self) -> dict[str, int]:
        balances = self._row[9]
        return dict(self._row[8] if balances is None else balances)

    @property
    def highlights(self) -> dict[str, int] | None:
        figures = self._row[10] if len(self._row) > 10 else None
        return None if figures is None else dict(figures)

    @property
    def option_words(self) -> tuple[str, ...] | None:
        words = self._row[11] if len(self._row) > 11 else None
        return None if words is None else tuple(words)

    def _fields(self) -> tuple[object, ...]:
        return (
            self.id,
            self.game,
            self.players,
            self.started,
            self.updated,
            self.rounds,
            self.finished,
            self.winners,
            self.dealer,
            self.totals,
            self.balances,
            self.highlights,
            self.option_words,
        )

    def __eq__(self, other: object) -> bool:
        return type(other) is Summary and self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # holds dictionaries, as a dataclass would

    def __repr__(self) -> str:
        return f"Summary{self._fields()!r}"


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


def sound_summary(session_id: str, entry: object, texts: dict[str, str]) -> Summary | None:
    """The ``Summary`` of an index entry whose row ``row_is_sound`` passes, checked and
    built in one pass (its times are read once); None for any other entry, which only
    ``entry_problem`` can judge. The texts rows repeat are made one object through
    ``texts`` (``shared``)."""
    if type(entry) is not list or len(entry) != 5:
        return None
    inode, size, modified, order, kept = entry
    if type(inode) is not int or type(size) is not int or type(modified) is not int:
        return None
    times = sound_times(kept) if type(order) is int and type(kept) is list else None
    if times is None:
        return None
    shared(kept, texts)
    return summary(session_id, kept, times)


def shared(kept: list[Any], texts: dict[str, str]) -> None:
    """Make each text of the sound row ``kept`` that other rows repeat (its game, its
    people, its house options) the one object ``texts`` holds for it: a store of ten
    thousand sessions played by the same few people holds each name once, not fifty
    thousand times."""
    one = texts.setdefault
    kept[0] = one(kept[0], kept[0])
    kept[1][:] = [one(name, name) for name in kept[1]]
    kept[6][:] = [one(name, name) for name in kept[6]]
    kept[7] = one(kept[7], kept[7])
    if len(kept) > 11:
        kept[11][:] = [one(words, words) for words in kept[11]]


def summary(
    session_id: str, kept: list[Any], times: tuple[datetime, datetime] | None = None
) -> Summary:
    """The ``Summary`` for an index row (a row ``row_problem`` found nothing wrong with);
    ``times``: its start and update times, if they were read already. The row is kept as
    it is, not copied: the index replaces a row, never changes one."""
    began, changed = times or (moment(kept[2]), moment(kept[3]))
    made = _new_summary(Summary)
    made._id = session_id
    made._row = kept
    made._started = began
    made._updated = changed
    return made


_new_summary = object.__new__
