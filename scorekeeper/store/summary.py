"""One line of the session list: ``Summary``, and the row the index keeps it as.

A row is a list rather than an object (ten thousand lists parse in about half the time
ten thousand objects do), checked by ``well_formed`` before a ``Summary`` is built from it.
In memory a checked row is held packed: one ``bytes`` record (``RECORD``) of numbers, its
times as microseconds and every name, seat list, amount list, option and time zone as the
number of the one object ``Rows`` holds for it, shared by every row that repeats it. Ten
thousand sessions are then ten thousand small records, not a hundred thousand objects
spread over the heap by the parse that made them; a ``Summary`` is a view over a record.
"""

from __future__ import annotations

import struct
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from scorekeeper.checks import JSON, JSONMapping
from scorekeeper.store.well_formed import (
    EXTRAS,
    SUMMARY_FIELDS,
    row_is_sound,
    sound_times,
    summary_problem,
)
from scorekeeper.wording import moment

if TYPE_CHECKING:
    from scorekeeper.store.merge import Merged

Compact = tuple[
    str,
    tuple[str, ...],
    datetime,
    datetime,
    int,
    bool,
    tuple[str, ...],
    str,
    tuple[int, ...],
    tuple[int, ...] | None,
    tuple[tuple[str, int], ...] | None,
    tuple[str, ...] | None,
]
"""A row as memory keeps it (``compact``): the fields of ``row`` in its order, the
times read, the totals and balances as amounts in seat order, an extra that is not
there None."""


RECORD = struct.Struct("<qqqqIIqIqIIBIIIIII")
"""An index entry packed: its logs' fingerprint (digest, size, change time) and order,
then its row: game, players, started (microseconds of local time, then its zone), updated
(the same), rounds, flags (finished, then the state: ``state``), winners, dealer, totals,
balances, highlights and option words, each but the times a number in ``Rows``."""
HEAD = 4
"""The fields of ``RECORD`` before the row."""
FLAGS = HEAD + 7
"""Where in ``RECORD`` its flags are: 1 finished, 2 ``WAITING``, 4 ``OVERRULED``."""
_ORIGIN = datetime(1, 1, 1)
_MICROSECOND = timedelta(microseconds=1)


class Rows:
    """The values that rows repeat, one object each, numbered for ``RECORD`` (0 is None).
    A store's list keeps one: a name, a seat list or an amount list is held once however
    many rows hold it."""

    __slots__ = ("_numbers", "shared", "values")

    def __init__(self) -> None:
        self.values: list[Any] = [None]
        self._numbers: dict[Any, int] = {}
        self.shared: dict[Any, Any] = {}
        """The texts and numbers inside the values (``compact``), one object each."""

    def number(self, value: object) -> int:
        if value is None:
            return 0
        found = self._numbers.get(value)
        if found is None:
            found = self._numbers[value] = len(self.values)
            self.values.append(value)
        return found


def pack(head: tuple[int, int, int, int], held: Compact, state: bool | int, rows: Rows) -> bytes:
    """An entry as ``RECORD`` keeps it; ``struct.error`` if its head does not fit (a
    number past 64 bits, from a hostile log): the index then keeps it as it is."""
    number = rows.number
    started, updated = held[2], held[3]
    flags = int(held[5]) | (2 if state is WAITING else 4 if state == OVERRULED else 0)
    return RECORD.pack(
        *head,
        number(held[0]),
        number(held[1]),
        (started.replace(tzinfo=None) - _ORIGIN) // _MICROSECOND,
        number(started.tzinfo),
        (updated.replace(tzinfo=None) - _ORIGIN) // _MICROSECOND,
        number(updated.tzinfo),
        number(held[4]),
        flags,
        number(held[6]),
        number(held[7]),
        number(held[8]),
        number(held[9]),
        number(held[10]),
        number(held[11]),
    )


def unpack(
    record: bytes, values: list[Any]
) -> tuple[tuple[int, int, int, int], Compact, bool | int]:
    """A ``RECORD``'s head, row and state."""
    found = RECORD.unpack(record)
    game, players, started, zone, updated, updated_zone, rounds, flags = found[HEAD : HEAD + 8]
    state: bool | int = WAITING if flags & 2 else OVERRULED if flags & 4 else False
    held: Compact = (
        values[game],
        values[players],
        _time(started, values[zone]),
        _time(updated, values[updated_zone]),
        values[rounds],
        bool(flags & 1),
        *[values[number] for number in found[HEAD + 8 :]],
    )
    return (found[0], found[1], found[2], found[3]), held, state


def _time(microseconds: int, zone: Any) -> datetime:
    return (_ORIGIN + microseconds * _MICROSECOND).replace(tzinfo=zone)


class Summary:
    """One line of the session list, read from the index without replaying any round.

    ``started`` and ``updated`` are local times with their UTC offset (``wording`` words them).
    ``highlights`` are the game's statistics figures (``Game.highlights``) and
    ``option_words`` the house options in its words (``Game.option_words``); each is None
    in a summary saved before they were kept, whose session file must be read for them.

    Read-only, and no bigger than it must be: a store of ten thousand sessions lists ten
    thousand. It is a view over the index's own record (``RECORD``) and the values it
    numbers, and hands out its fields as asked, the dictionaries as copies of their own.
    """

    __slots__ = ("_id", "_record", "_values")

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
        waiting: bool | int = False,
    ) -> None:
        rows = Rows()
        held: Compact = (
            game,
            tuple(players),
            started,
            updated,
            rounds,
            finished,
            tuple(winners),
            dealer,
            tuple(totals[name] for name in players),
            None if balances == totals else tuple(balances[name] for name in players),
            None if highlights is None else tuple(highlights.items()),
            None if option_words is None else tuple(option_words),
        )
        self._id = id
        self._record = pack((0, 0, 0, 0), held, waiting, rows)
        self._values = rows.values

    def _field(self, at: int) -> Any:
        return self._values[RECORD.unpack_from(self._record)[HEAD + at]]

    def _flags(self) -> int:
        flags: int = RECORD.unpack_from(self._record)[FLAGS]
        return flags

    @property
    def id(self) -> str:
        return self._id

    @property
    def waiting(self) -> bool:
        """Whether the game went on differently on two laptops and waits for the table
        to decide: every figure that includes it is marked."""
        return bool(self._flags() & 2)

    @property
    def overruled(self) -> bool:
        """Whether two laptops decided it differently and the later decision stands."""
        return bool(self._flags() & 4)

    @property
    def game(self) -> str:
        game: str = self._field(0)
        return game

    @property
    def players(self) -> tuple[str, ...]:
        players: tuple[str, ...] = self._field(1)
        return players

    @property
    def started(self) -> datetime:
        found = RECORD.unpack_from(self._record)
        return _time(found[HEAD + 2], self._values[found[HEAD + 3]])

    @property
    def updated(self) -> datetime:
        found = RECORD.unpack_from(self._record)
        return _time(found[HEAD + 4], self._values[found[HEAD + 5]])

    @property
    def rounds(self) -> int:
        rounds: int = self._field(6)
        return rounds

    @property
    def finished(self) -> bool:
        return bool(self._flags() & 1)

    @property
    def winners(self) -> tuple[str, ...]:
        winners: tuple[str, ...] = self._field(8)
        return winners

    @property
    def dealer(self) -> str:
        dealer: str = self._field(9)
        return dealer

    @property
    def totals(self) -> dict[str, int]:
        return dict(zip(self.players, self._field(10), strict=True))

    @property
    def balances(self) -> dict[str, int]:
        owed = self._field(11)
        return dict(zip(self.players, self._field(10) if owed is None else owed, strict=True))

    @property
    def highlights(self) -> dict[str, int] | None:
        figures = self._field(12)
        return None if figures is None else dict(figures)

    @property
    def option_words(self) -> tuple[str, ...] | None:
        words: tuple[str, ...] | None = self._field(13)
        return words

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
            self.waiting,
        )

    def __eq__(self, other: object) -> bool:
        return type(other) is Summary and self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # holds dictionaries, as a dataclass would

    def __repr__(self) -> str:
        return f"Summary{self._fields()!r}"


def row(fields: JSONMapping) -> list[JSON]:
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


WAITING, OVERRULED = True, 2
"""The sixth field of an entry: the session waits for a decision (``True``), or a later
decision replaced another (``2``); ``False`` for neither."""


def state(merged: Merged) -> bool | int:
    """The sixth field of an entry for a session its copies make so (``WAITING``)."""
    if merged.waiting:
        return WAITING
    return OVERRULED if merged.replaced else False


def _shaped(entry: list[JSON]) -> bool:
    """Five fields, or six whose last says whether the session waits (``WAITING``), or
    seven whose last names the session's logs that cannot be read (their keys)."""
    if len(entry) == 5:
        return True
    if len(entry) == 7 and not (
        type(entry[6]) is list
        and 0 < len(entry[6]) <= 100
        and all(type(key) is str and 0 < len(key) <= 100 for key in entry[6])
    ):
        return False
    return len(entry) in (6, 7) and (
        type(entry[5]) is bool or (type(entry[5]) is int and entry[5] == OVERRULED)
    )


def entry_problem(entry: object) -> str | None:
    """What is wrong with an index entry, or None."""
    if type(entry) is not list or not _shaped(entry):
        return "an entry that is not a list of five to seven fields"
    if set(map(type, entry[:4])) == {int}:
        kept = entry[4]
        if type(kept) is str or (type(kept) is list and row_is_sound(kept)):
            return None  # the usual answer, in one call for ten thousand entries
    if set(map(type, entry[:4])) != {int}:
        return "an entry whose file identity or order is not numbers"
    kept = entry[4]
    return None if type(kept) is str else row_problem(kept)


def sound_row(entry: object, shared: dict[JSON, JSON]) -> Compact | None:
    """The row of an index entry whose row ``row_is_sound`` passes, made ``compact`` in
    place as it is checked (its times are read once); None for any other entry, which
    only ``entry_problem`` can judge."""
    if type(entry) is not list or not _shaped(entry):
        return None
    inode, size, modified, order, kept = entry[:5]
    if type(inode) is not int or type(size) is not int or type(modified) is not int:
        return None
    times = sound_times(kept) if type(order) is int and type(kept) is list else None
    if times is None:
        return None
    entry[4] = held = compact(kept, shared, times)
    return held


def compact(
    kept: list[Any], shared: dict[Any, Any], times: tuple[datetime, datetime] | None = None
) -> Compact:
    """A row ``row_problem`` finds nothing wrong with, as memory keeps it: tuples for
    lists, its times read (``times``, if they were already), the amounts in seat order,
    and each text, number, list of names and time zone that other rows repeat made the
    one object ``shared`` holds for it. A store of ten thousand sessions played by the
    same few people holds each name once, not fifty thousand times, and each row in
    about half the room its list took."""
    one = shared.setdefault
    game, found, started, updated, rounds, finished, won, dealer, totals, balances = kept[:10]
    names = tuple([one(name, name) for name in found])
    players = one(names, names)
    winners = tuple([one(name, name) for name in won])
    figures = kept[10] if len(kept) > 10 else None
    words = tuple([one(word, word) for word in kept[11]]) if len(kept) > 11 else None
    amounts = () if balances is None else [balances[name] for name in players]
    began, changed = times or (moment(started), moment(updated))
    zone = began.tzinfo
    if zone is not UTC:  # each time read holds a zone of its own, bar UTC's
        zone = one(zone, zone)
        began = began.replace(tzinfo=zone)
        if changed.tzinfo == zone:
            changed = changed.replace(tzinfo=zone)
    return (
        one(game, game),
        players,
        began,
        began if changed == began and changed.tzinfo is began.tzinfo else changed,
        rounds,
        finished,
        one(winners, winners),
        one(dealer, dealer),
        tuple([one(totals[name], totals[name]) for name in players]),
        None if balances is None else tuple([one(owed, owed) for owed in amounts]),
        None if figures is None else tuple([(one(k, k), one(v, v)) for k, v in figures.items()]),
        None if words is None else one(words, words),
    )


def expand(held: Compact) -> list[JSON]:
    """A ``compact`` row back as ``row`` writes it."""
    players, totals, balances, figures, words = held[1], held[8], held[9], held[10], held[11]
    extras: list[JSON] = [] if figures is None else [dict(figures)]
    if words is not None:
        extras = [dict(figures or ()), list(words)]
    return [
        held[0],
        list(players),
        held[2].isoformat(),
        held[3].isoformat(),
        held[4],
        held[5],
        list(held[6]),
        held[7],
        dict(zip(players, totals, strict=True)),
        None if balances is None else dict(zip(players, balances, strict=True)),
        *extras,
    ]


def summary(session_id: str, kept: list[JSON] | Compact, waiting: bool | int = False) -> Summary:
    """The ``Summary`` for an index row (a row ``row_problem`` found nothing wrong with,
    or one already ``compact``)."""
    rows = Rows()
    held = compact(kept, rows.shared) if isinstance(kept, list) else kept
    return view(session_id, pack((0, 0, 0, 0), held, waiting, rows), rows)


def view(session_id: str, record: bytes, rows: Rows) -> Summary:
    """The ``Summary`` of a ``RECORD``, over it as it is (not copied)."""
    made = _new_summary(Summary)
    made._id = session_id
    made._record = record
    made._values = rows.values
    return made


_new_summary = object.__new__
