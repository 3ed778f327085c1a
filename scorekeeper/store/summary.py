"""One line of the session list, ``Summary``, and the row the index keeps it as.

On disk a row is a list (``well_formed`` checks it). In memory it is one small ``bytes``
(``RECORD``, the id, the amounts), each name, seat list, option and time zone the number
of one object shared by every row: ten thousand sessions are ten thousand small objects.
"""

from __future__ import annotations

import struct
import threading
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, cast

from scorekeeper import __version__
from scorekeeper.money import currency
from scorekeeper.store.well_formed import OVERRULED, WAITING
from scorekeeper.wording import moment

if TYPE_CHECKING:
    from scorekeeper.session import Session
    from scorekeeper.store.events import Event
    from scorekeeper.store.merge import Merged

Row = list[Any]
"""A row as the index file keeps it: ``SUMMARY_FIELDS`` then ``EXTRAS`` (``well_formed``)."""


class Listed:
    """The list's words only the game knows (``well_formed.LISTING``): its name, who
    leads, the option words off the defaults. Not a ``NamedTuple``: that compiles from
    source before Home's first frame."""

    __slots__ = ("changed", "leaders", "name")

    def __init__(self, name: str, leaders: tuple[str, ...], changed: tuple[str, ...]) -> None:
        self.name, self.leaders, self.changed = name, leaders, changed


RECORD = struct.Struct("<qIqqIqqIBIB")
"""A ``Summary``'s fixed part: its logs' fingerprint and order, its table (``SETTING``),
times (microseconds), rounds, flags, outcome and the id's length, values as their numbers
in ``_VALUES``. The id follows, then the amounts (32 bits each where all fit)."""
SETTING, STARTED, UPDATED, ROUNDS, FLAGS, OUTCOME, ID = range(4, 11)
FINISHED, WAITS, REPLACED, NUMBERED, OWED = 1, 2, 4, 8, 16
"""The flags: finished, ``WAITING``, ``OVERRULED``, the amounts numbered (past 32 bits),
balances apart from the totals."""
_AT = [struct.calcsize("<" + RECORD.format[1 : 1 + field]) for field in range(len(RECORD.format))]
"""Where each field begins: Home's filter reads five fields of ten thousand at a key."""
_NUMBER = struct.Struct("<I")
_MOMENT = struct.Struct("<q")
GAME, PLAYERS, DEALER, WORDS, ZONES = range(5)
"""A row's setting: what one table's sessions share."""
_ORIGIN = datetime(1, 1, 1)
_MICROSECOND = timedelta(microseconds=1)

_VALUES: list[Any] = [None]
"""Every value a row holds but its times, flags and amounts, once, by its number (0 is
None); never let go."""
_NUMBERS: dict[Any, int] = {}
_TEXTS: dict[str, str] = {}
_NEW_NUMBER = threading.Lock()
"""Stores are read in worker threads."""


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
    session_id: str,
    head: tuple[int, int, int, int],
    row: Row,
    state: bool | int,
    times: tuple[datetime, datetime] | None = None,
) -> Summary:
    """A row ``sound_times`` passes (``times``: its two, already read), packed;
    ``struct.error`` where a number of ``head`` does not fit (a hostile log's)."""
    game, seated, started, updated, rounds, finished, won, dealer, owes, owed = row[:10]
    players = tuple(seated)
    began, changed = times or (moment(started), moment(updated))
    totals = tuple([owes[name] for name in players])
    balances = None if owed is None else tuple([owed[name] for name in players])
    figures = tuple(row[10].items()) if len(row) > 10 else None
    words = tuple(row[11]) if len(row) > 11 else None
    flags = int(finished) | (WAITS if state is WAITING else REPLACED if state == OVERRULED else 0)
    amounts = totals if balances is None else totals + balances
    flags |= 0 if balances is None else OWED
    try:
        inline = struct.pack(f"<{len(amounts)}i", *amounts)
    except struct.error:
        inline = struct.pack("<I", _number((totals, balances)))
        flags |= NUMBERED
    setting = (game, players, dealer, words, (began.tzinfo, changed.tzinfo))
    named = session_id.encode()
    record = RECORD.pack(
        *head,
        _number(setting),
        (began.replace(tzinfo=None) - _ORIGIN) // _MICROSECOND,
        (changed.replace(tzinfo=None) - _ORIGIN) // _MICROSECOND,
        _number(rounds),
        flags,
        _number((tuple(won), figures, row[12] if len(row) > 12 else None)),
        len(named),
    )
    return bytes.__new__(Summary, record + named + inline)


def _amounts_of(
    made: bytes, found: tuple[Any, ...]
) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    at, flags = RECORD.size + found[ID], found[FLAGS]
    if flags & NUMBERED:
        numbered = _VALUES[_NUMBER.unpack_from(made, at)[0]]
        return cast("tuple[tuple[int, ...], tuple[int, ...] | None]", numbered)
    seats = len(_VALUES[found[SETTING]][PLAYERS])
    if not flags & OWED:
        return struct.unpack_from(f"<{seats}i", made, at), None
    amounts = struct.unpack_from(f"<{2 * seats}i", made, at)
    return amounts[:seats], amounts[seats:]


def unpack(made: Summary) -> tuple[tuple[int, int, int, int], Row, bool | int]:
    """What ``pack`` was given: the head, the row as the index file keeps it, the state."""
    found = RECORD.unpack_from(made)
    game, players, dealer, words, (started_zone, updated_zone) = _VALUES[found[SETTING]]
    flags = found[FLAGS]
    state: bool | int = WAITING if flags & WAITS else OVERRULED if flags & REPLACED else False
    totals, balances = _amounts_of(made, found)
    winners, figures, listing = _VALUES[found[OUTCOME]]
    row: Row = [
        game,
        list(players),
        _time(found[STARTED], started_zone).isoformat(),
        _time(found[UPDATED], updated_zone).isoformat(),
        _VALUES[found[ROUNDS]],
        bool(flags & FINISHED),
        list(winners),
        dealer,
        dict(zip(players, totals, strict=True)),
        None if balances is None else dict(zip(players, balances, strict=True)),
    ]
    if figures is not None or words is not None:
        row.append(dict(figures or ()))
    if words is not None:
        row.append(list(words))
    if words is not None and listing is not None:
        row.append(listing)
    return (found[0], found[1], found[2], found[3]), row, state


def _time(microseconds: int, zone: Any) -> datetime:
    return (_ORIGIN + microseconds * _MICROSECOND).replace(tzinfo=zone)


class Summary(bytes):
    """One line of the session list (``pack`` makes it), read-only, its fields unpacked as
    asked. ``highlights`` and ``option_words`` are None in a row saved before they were."""

    __slots__ = ()

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
        """The game went on differently on two laptops and waits for the table."""
        return bool(self._flags() & WAITS)

    @property
    def overruled(self) -> bool:
        """Two laptops decided it apart and the later decision stands."""
        return bool(self._flags() & REPLACED)

    @property
    def game(self) -> str:
        return cast("str", self._set(GAME))

    @property
    def players(self) -> tuple[str, ...]:
        return cast("tuple[str, ...]", self._set(PLAYERS))

    @property
    def started(self) -> datetime:
        return self._time(STARTED, 0)

    @property
    def updated(self) -> datetime:
        return self._time(UPDATED, 1)

    @property
    def rounds(self) -> int:
        return cast("int", self._field(ROUNDS))

    @property
    def finished(self) -> bool:
        return bool(self._flags() & FINISHED)

    @property
    def winners(self) -> tuple[str, ...]:
        return cast("tuple[str, ...]", self._field(OUTCOME)[0])

    @property
    def dealer(self) -> str:
        return cast("str", self._set(DEALER))

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
        return cast("tuple[str, ...] | None", self._set(WORDS))

    @property
    def listing(self) -> str | None:
        return cast("str | None", self._field(OUTCOME)[2])

    @property
    def listed(self) -> Listed | None:
        """The list's words (``listing``) if this release worded them; else None."""
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


def state(merged: Merged) -> bool | int:
    """An entry's state (``WAITING``, ``OVERRULED``) for what the logs fold to."""
    if merged.waiting:
        return WAITING
    return OVERRULED if merged.replaced else False


_APART = "|"
_THIS_RELEASE = __version__ + _APART


def listed_otherwise(made: Iterable[object]) -> set[int]:
    """The outcomes (``OUTCOME``'s numbers) among ``made`` that this release did not word."""
    at, number = _AT[OUTCOME], _NUMBER.unpack_from
    outcomes = {number(one, at)[0] for one in made if type(one) is Summary}
    return {one for one in outcomes if not (_VALUES[one][2] or "").startswith(_THIS_RELEASE)}


def outcome(made: Summary) -> int:
    return cast(int, _NUMBER.unpack_from(made, _AT[OUTCOME])[0])


class Fixed:
    """What of a session's list row its set-up fixes (the game's words in the money in
    force, the seats, the start), worked out once while the session is open: a round
    recorded works out only what it changed."""

    __slots__ = ("lowest", "made", "money", "places", "players", "setup", "started", "words")

    def __init__(self, session: Session, started: datetime, made: Event | None) -> None:
        from scorekeeper.game import changed_words  # here: Home's first frame reads no game

        game, setup = session.game, session.setup
        words = game.option_words(setup)
        changed = set(changed_words(game, setup.players, setup.first_dealer, words))
        self.setup, self.made, self.started, self.money = setup, made, started, currency()
        self.players, self.words = tuple(setup.players), tuple(words)
        self.lowest = game.wins_lowest(setup)
        self.places = ",".join([str(place) for place, word in enumerate(words) if word in changed])

    def holds(self, session: Session, made: Event | None) -> bool:
        """Whether this is the part of ``session``, set up by the event ``made``, in the
        money in force now (the table may have changed it since)."""
        return self.setup is session.setup and self.made is made and self.money == currency()


def listed(session: Session, fixed: Fixed, updated: datetime) -> Row:
    """The session's row, last changed at ``updated``. Its listing (``well_formed.LISTING``)
    is ``release|seats|places|name``: the leaders by seat and the changed words by place."""
    game, state, players = session.game, session.state, fixed.players
    totals = dict(zip(players, map(state.totals.__getitem__, players), strict=True))
    balances = dict(zip(players, map(state.balances.__getitem__, players), strict=True))
    finished = state.finished
    leaders = () if finished else game.leaders(state.totals, fixed.lowest)
    seats = ",".join([str(players.index(leader)) for leader in leaders])
    rounds = session.rounds
    figures = game.highlights(fixed.setup, rounds) if rounds and game.highlight_labels else {}
    return [
        game.id,
        list(players),
        fixed.started.isoformat(),
        updated.isoformat(),
        session.rounds_played,
        finished,
        list(state.winners),
        state.dealer,
        totals,
        None if balances == totals else balances,
        dict(figures),
        list(fixed.words),
        _APART.join([__version__, seats, fixed.places, game.name]),
    ]
