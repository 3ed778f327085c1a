"""One line of the session list: ``Summary``, and the row the index keeps it as.

A row is a list rather than an object (ten thousand lists parse in about half the time
ten thousand objects do), checked by ``well_formed`` before a ``Summary`` is built from it.
In memory a checked row is held packed, as its ``Summary``: one small ``bytes``
(``RECORD``, the session's id, its amounts) of numbers, its times as microseconds and
every name, seat list, option and time zone as the number of the one object that stands
for it in every row that holds it. Ten thousand sessions are then ten thousand objects of
128 bytes that the index and the screen share, not a hundred thousand spread over the
heap by the parse that made them.
"""

from __future__ import annotations

import struct
import threading
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from scorekeeper import __version__
from scorekeeper.checks import JSON, JSONMapping
from scorekeeper.store.well_formed import (
    EXTRAS,
    OVERRULED,
    WAITING,
    shaped,
    sound_times,
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
    str | None,
]
"""A row as ``pack`` takes it (``compact``): the fields of ``row`` in its order, the
times read, the totals and balances as amounts in seat order, an extra that is not
there None."""


class Listed:
    """What the session list says of a session that only its game knows
    (``well_formed.LISTING``), as this release words it. A plain class: a ``NamedTuple``
    is compiled from source as it is defined, before Home's first frame."""

    __slots__ = ("changed", "leaders", "name")

    def __init__(self, name: str, leaders: tuple[str, ...], changed: tuple[str, ...]) -> None:
        self.name = name
        """The game's name."""
        self.leaders = leaders
        """Who is ahead while the game goes on; none once it is finished (its winners)."""
        self.changed = changed
        """The option words that differ from the game's defaults, a house game's name
        left out, in the currency they were saved in."""


RECORD = struct.Struct("<qIqqIqqIBIB")
"""A ``Summary``'s fixed part: the fingerprint (digest, size, change time) of the logs its
index entry was read from and its order, then its row: its table (``SETTING``), started
and updated (microseconds of local time), rounds, flags, its outcome (winners, highlights
and listing) and the length of its id. Each but the times, flags and length is the number
of a value in ``_VALUES``. The id follows, then the totals in seat order and the balances
where they differ, 16 bits each where all fit, else 32, else the number of both: ten
thousand sessions each with amounts of its own would hold as many tuples otherwise."""
SETTING, STARTED, UPDATED, ROUNDS, FLAGS, OUTCOME, ID = range(4, 11)
"""Where each field is in ``RECORD``."""
FINISHED, WAITS, REPLACED, NUMBERED, OWED, WIDE = 1, 2, 4, 8, 16, 32
"""The flags: finished, ``WAITING``, ``OVERRULED``, the amounts numbered (one is past 32
bits), balances that differ from the totals, amounts of 32 bits."""
_AT = [struct.calcsize("<" + RECORD.format[1 : 1 + field]) for field in range(len(RECORD.format))]
"""Where each field of ``RECORD`` begins: a field asked for is read alone (a filter typed
on Home reads five of them from each of ten thousand sessions at every key)."""
_NUMBER = struct.Struct("<I")
_MOMENT = struct.Struct("<q")
GAME, PLAYERS, DEALER, WORDS, ZONES = range(5)
"""Where each field is in a row's setting: what the sessions of one table share (its game,
players, first dealer, option words and the time zones of its times)."""
_ORIGIN = datetime(1, 1, 1)
_MICROSECOND = timedelta(microseconds=1)

_VALUES: list[Any] = [None]
"""Every value a row holds but its times, flags and amounts, once however many rows hold
it (a seat list, the winners, a table's setting), by its number (0 is None). Never let
go: what the app lists and records while it runs (a few bytes a round recorded)."""
_NUMBERS: dict[Any, int] = {}
_TEXTS: dict[str, str] = {}
"""Each name and word in those values, once."""
_NEW_NUMBER = threading.Lock()
"""Held while a value is numbered: stores are read in worker threads."""


def _number(value: object) -> int:
    if value is None:
        return 0
    found = _NUMBERS.get(value)
    if found is None:
        with _NEW_NUMBER:
            found = _NUMBERS.get(value)
            if found is None:
                value = _held(value)
                found = _NUMBERS[value] = len(_VALUES)
                _VALUES.append(value)
    return found


def _held(value: Any) -> Any:
    """``value`` with each text in it the one ``_TEXTS`` holds."""
    if type(value) is str:
        return _TEXTS.setdefault(value, value)
    if type(value) is not tuple:
        return value
    one = _TEXTS.setdefault
    return tuple([one(part, part) if type(part) is str else _held(part) for part in value])


def pack(
    session_id: str, head: tuple[int, int, int, int], held: Compact, state: bool | int
) -> Summary:
    """The ``Summary`` of a ``compact`` row with the fingerprint and order of its entry;
    ``struct.error`` if a number of the head does not fit (past 64 bits, from a hostile
    log): the index then keeps that entry as it is."""
    started, updated = held[2], held[3]
    totals, balances = held[8], held[9]
    flags = int(held[5]) | (WAITS if state is WAITING else REPLACED if state == OVERRULED else 0)
    amounts = totals if balances is None else totals + balances
    flags |= 0 if balances is None else OWED
    try:
        inline = struct.pack(f"<{len(amounts)}h", *amounts)
    except struct.error:
        try:
            inline = struct.pack(f"<{len(amounts)}i", *amounts)
            flags |= WIDE
        except struct.error:
            inline = struct.pack("<I", _number((totals, balances)))
            flags |= NUMBERED
    setting = (held[0], held[1], held[7], held[11], (started.tzinfo, updated.tzinfo))
    named = session_id.encode()
    record = RECORD.pack(
        *head,
        _number(setting),
        (started.replace(tzinfo=None) - _ORIGIN) // _MICROSECOND,
        (updated.replace(tzinfo=None) - _ORIGIN) // _MICROSECOND,
        _number(held[4]),
        flags,
        _number((held[6], held[10], held[12])),
        len(named),
    )
    return bytes.__new__(Summary, record + named + inline)


def _amounts_of(
    made: bytes, found: tuple[Any, ...]
) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    """A ``Summary``'s totals and balances (None where they are the totals)."""
    at, flags = RECORD.size + found[ID], found[FLAGS]
    if flags & NUMBERED:
        numbered: tuple[tuple[int, ...], tuple[int, ...] | None] = _VALUES[
            struct.unpack_from("<I", made, at)[0]
        ]
        return numbered
    seats = len(_VALUES[found[SETTING]][PLAYERS])
    size = "i" if flags & WIDE else "h"
    if not flags & OWED:
        return struct.unpack_from(f"<{seats}{size}", made, at), None
    amounts = struct.unpack_from(f"<{2 * seats}{size}", made, at)
    return amounts[:seats], amounts[seats:]


def unpack(made: Summary) -> tuple[tuple[int, int, int, int], Compact, bool | int]:
    """A ``Summary``'s head, row and state."""
    found = RECORD.unpack_from(made)
    game, players, dealer, words, (started_zone, updated_zone) = _VALUES[found[SETTING]]
    flags = found[FLAGS]
    state: bool | int = WAITING if flags & WAITS else OVERRULED if flags & REPLACED else False
    totals, balances = _amounts_of(made, found)
    winners, highlights, listing = _VALUES[found[OUTCOME]]
    held: Compact = (
        game,
        players,
        _time(found[STARTED], started_zone),
        _time(found[UPDATED], updated_zone),
        _VALUES[found[ROUNDS]],
        bool(flags & FINISHED),
        winners,
        dealer,
        totals,
        balances,
        highlights,
        words,
        listing,
    )
    return (found[0], found[1], found[2], found[3]), held, state


def _time(microseconds: int, zone: Any) -> datetime:
    return (_ORIGIN + microseconds * _MICROSECOND).replace(tzinfo=zone)


class Summary(bytes):
    """One line of the session list, read from the index without replaying any round.

    ``started`` and ``updated`` are local times with their UTC offset (``wording`` words them).
    ``highlights`` are the game's statistics figures (``Game.highlights``) and
    ``option_words`` the house options in its words (``Game.option_words``); each is None
    in a summary saved before they were kept, whose session file must be read for them.
    ``listing`` is ``well_formed.LISTING``, as ``listed`` reads it.

    Read-only, and no bigger than it must be: a store of ten thousand sessions lists ten
    thousand, and the index holds them too. It is its entry packed, one small ``bytes``
    (``RECORD``, then its id and amounts), and hands out its fields as asked, the
    dictionaries as copies of their own.
    """

    __slots__ = ()

    def __new__(
        cls,
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
        listing: str | None = None,
    ) -> Summary:
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
            listing,
        )
        return pack(id, (0, 0, 0, 0), held, waiting)

    def _field(self, at: int) -> Any:
        return _VALUES[_NUMBER.unpack_from(self, _AT[at])[0]]

    def _set(self, at: int) -> Any:
        return _VALUES[_NUMBER.unpack_from(self, _AT[SETTING])[0]][at]

    def _flags(self) -> int:
        return self[_AT[FLAGS]]

    def _time(self, at: int, zone: int) -> datetime:
        return _time(_MOMENT.unpack_from(self, _AT[at])[0], self._set(ZONES)[zone])

    @property
    def id(self) -> str:
        return self[RECORD.size : RECORD.size + self[_AT[ID]]].decode()

    @property
    def waiting(self) -> bool:
        """Whether the game went on differently on two laptops and waits for the table
        to decide: every figure that includes it is marked."""
        return bool(self._flags() & WAITS)

    @property
    def overruled(self) -> bool:
        """Whether two laptops decided it differently and the later decision stands."""
        return bool(self._flags() & REPLACED)

    @property
    def game(self) -> str:
        game: str = self._set(GAME)
        return game

    @property
    def players(self) -> tuple[str, ...]:
        players: tuple[str, ...] = self._set(PLAYERS)
        return players

    @property
    def started(self) -> datetime:
        return self._time(STARTED, 0)

    @property
    def updated(self) -> datetime:
        return self._time(UPDATED, 1)

    @property
    def rounds(self) -> int:
        rounds: int = self._field(ROUNDS)
        return rounds

    @property
    def finished(self) -> bool:
        return bool(self._flags() & FINISHED)

    @property
    def winners(self) -> tuple[str, ...]:
        winners: tuple[str, ...] = self._field(OUTCOME)[0]
        return winners

    @property
    def dealer(self) -> str:
        dealer: str = self._set(DEALER)
        return dealer

    @property
    def totals(self) -> dict[str, int]:
        totals = _amounts_of(self, RECORD.unpack_from(self))[0]
        return dict(zip(self.players, totals, strict=True))

    @property
    def balances(self) -> dict[str, int]:
        totals, owed = _amounts_of(self, RECORD.unpack_from(self))
        return dict(zip(self.players, totals if owed is None else owed, strict=True))

    @property
    def highlights(self) -> dict[str, int] | None:
        figures = self._field(OUTCOME)[1]
        return None if figures is None else dict(figures)

    @property
    def option_words(self) -> tuple[str, ...] | None:
        words: tuple[str, ...] | None = self._set(WORDS)
        return words

    @property
    def listing(self) -> str | None:
        listing: str | None = self._field(OUTCOME)[2]
        return listing

    @property
    def listed(self) -> Listed | None:
        """The list's words for the session (``listing``), if this release worded them
        (another's may name the game or its defaults otherwise): None, then its game
        words them."""
        parts = (self.listing or "").split(_APART, 3)
        if len(parts) != 4 or parts[0] != __version__:
            return None
        seats, places, name = parts[1:]
        players, words = self.players, self.option_words or ()
        try:
            leaders = tuple([players[int(seat)] for seat in seats.split(",") if seat])
            changed = tuple([words[int(place)] for place in places.split(",") if place])
        except (ValueError, IndexError):  # not as scorekeeper writes it
            return None
        return Listed(name, leaders, changed)

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
            self.listing,
        )

    def __eq__(self, other: object) -> bool:
        return type(other) is Summary and self._fields() == other._fields()

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None  # type: ignore[assignment]  # holds dictionaries, as a dataclass would

    def __repr__(self) -> str:
        return f"Summary{self._fields()!r}"

    __str__ = __repr__


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


def state(merged: Merged) -> bool | int:
    """The sixth field of an entry for a session its copies make so (``WAITING``)."""
    if merged.waiting:
        return WAITING
    return OVERRULED if merged.replaced else False


def sound_row(entry: object) -> Compact | None:
    """The row of an index entry whose row ``row_is_sound`` passes, made ``compact`` in
    place as it is checked (its times are read once); None for any other entry, which
    only ``entry_problem`` can judge."""
    if type(entry) is not list or not shaped(entry):
        return None
    inode, size, modified, order, kept = entry[:5]
    if type(inode) is not int or type(size) is not int or type(modified) is not int:
        return None
    times = sound_times(kept) if type(order) is int and type(kept) is list else None
    if times is None:
        return None
    entry[4] = held = compact(kept, times)
    return held


def compact(kept: list[Any], times: tuple[datetime, datetime] | None = None) -> Compact:
    """A row ``row_problem`` finds nothing wrong with, as ``pack`` takes it: tuples for
    lists, its times read (``times``, if they were already), the amounts in seat order."""
    game, found, started, updated, rounds, finished, won, dealer, totals, balances = kept[:10]
    players = tuple(found)
    figures = kept[10] if len(kept) > 10 else None
    began, changed = times or (moment(started), moment(updated))
    return (
        game,
        players,
        began,
        changed,
        rounds,
        finished,
        tuple(won),
        dealer,
        tuple([totals[name] for name in players]),
        None if balances is None else tuple([balances[name] for name in players]),
        None if figures is None else tuple(figures.items()),
        tuple(kept[11]) if len(kept) > 11 else None,
        kept[12] if len(kept) > 12 else None,
    )


def expand(held: Compact) -> list[JSON]:
    """A ``compact`` row back as ``row`` writes it."""
    players, totals, balances, figures, words = held[1], held[8], held[9], held[10], held[11]
    listing = held[12]
    extras: list[JSON] = [] if figures is None else [dict(figures)]
    if words is not None:
        extras = [dict(figures or ()), list(words)]
    if words is not None and listing is not None:
        extras.append(listing)
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


def relisted(made: Summary) -> Summary | None:
    """``made`` with the list's words (``Listed``) as this release says them, where its row
    was kept without them or by another release, its option words with them (as this
    release says them, in the currency they were saved in); None where it has them
    already or they cannot be worked out from the row (its option words not kept, its
    game not here): the list then asks its game, or its file, as it shows it."""
    if (made.listing or "").startswith(_THIS_RELEASE):
        return None
    head, held, state = unpack(made)
    words = held[11]
    if words is None:
        return None
    from scorekeeper.games import GAMES  # here: only a row kept otherwise asks its game

    game = GAMES.get(held[0])
    if game is None:
        return None
    from scorekeeper.game import changed_words
    from scorekeeper.money import reworded

    # Maybe in an earlier release's words, and saved in their currency: the defaults
    # are said in the one in force.
    now = tuple([game.option_word_now(word) for word in words])
    shown = [reworded(word) for word in now]
    players, finished, dealer, totals = held[1], held[5], held[7], held[8]
    lowest = game.wins_lowest_said(shown)
    leaders = () if finished else game.leaders(dict(zip(players, totals, strict=True)), lowest)
    changed = set(changed_words(game, players, dealer, shown))
    kept = [word for word, said in zip(now, shown, strict=True) if said in changed]
    listing = listing_text(game.name, players, leaders, now, kept)
    return pack(made.id, head, (*held[:11], now, listing), state)


_APART = "|"
_THIS_RELEASE = __version__ + _APART


def listed_otherwise(made: Iterable[object]) -> set[int]:
    """The outcomes (``OUTCOME``'s numbers) of the summaries among ``made`` whose listing
    this release did not write: one C call a row, then one look at each distinct outcome
    (ten thousand rows share a few), so a cache kept by this release costs next to
    nothing to look through."""
    at, number = _AT[OUTCOME], _NUMBER.unpack_from
    outcomes = {number(one, at)[0] for one in made if type(one) is Summary}
    return {one for one in outcomes if not (_VALUES[one][2] or "").startswith(_THIS_RELEASE)}


def outcome(made: Summary) -> int:
    """``made``'s outcome, by its number (``listed_otherwise``)."""
    found: int = _NUMBER.unpack_from(made, _AT[OUTCOME])[0]
    return found


def listing_text(
    name: str,
    players: Sequence[str],
    leaders: Iterable[str],
    words: Sequence[str],
    changed: Iterable[str],
) -> str:
    """``well_formed.LISTING`` as this release writes it: ``release|seats|places|name``,
    the ``leaders`` by their seats among ``players`` and the ``changed`` option words by
    their places among ``words`` (numbers between commas), the game's name last. One text
    a row: an index of ten thousand rows parses it as one field, where a list of names
    and a list of words would cost a fifth more of the whole parse."""
    seats = ",".join([str(players.index(leader)) for leader in leaders])
    wanted = set(changed)
    places = ",".join([str(place) for place, word in enumerate(words) if word in wanted])
    return _APART.join([__version__, seats, places, name])


def summary(session_id: str, kept: list[JSON] | Compact, waiting: bool | int = False) -> Summary:
    """The ``Summary`` for an index row (a row ``row_problem`` found nothing wrong with,
    or one already ``compact``)."""
    held = compact(kept) if isinstance(kept, list) else kept
    return pack(session_id, (0, 0, 0, 0), held, waiting)
