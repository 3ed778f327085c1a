"""Reading a round's fields: each typed value checked and refused at its field.

A round reaches the rules as plain JSON (a dict of names to values); these turn each
field into what the rules count with, or raise ``RuleError(field, message)`` so nothing
changes. Amounts past ``AMOUNT_LIMIT`` are typos, except in rounds replayed from a store
written before the limit was a rule (``as_recorded``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from typing import Any, TypeAlias, TypeVar, cast

from scorekeeper.errors import RuleError
from scorekeeper.wording import whole_number

Round = Mapping[str, object]
"""A round as JSON brings it in, from an entry, a stored file or an import: the one place a
round is untyped. ``play`` checks it (``shaped``); the hooks after ``play`` are given only
rounds it accepted (``accepted``)."""
JSON: TypeAlias = Any
"""A value as JSON brings it in (a stored file, an import, an export process's line): the
one place the product says ``Any``. Whatever reads one checks it as it reads it
(``shaped``, ``as_int``, ``store.well_formed``)."""
JSONObject = dict[str, JSON]
"""A JSON object made of JSON types (``json_copy``): a round as a session keeps it, a saved
session, a table's options as written."""
JSONMapping = Mapping[str, JSON]
"""A JSON object only read: a document from a file, a summary."""
Shape = TypeVar("Shape", bound=Round)

AMOUNT_LIMIT = 1_000_000
"""The most one amount typed or derived for one player in one round may be (a bet, a
price, odds, points, a stake, a cube): anything larger is a typo, refused at its field."""
_AMOUNTS_CHECKED: ContextVar[bool] = ContextVar("amounts_checked", default=True)


@contextlib.contextmanager
def as_recorded() -> Iterator[None]:
    """Replay rounds that were accepted when they were recorded, before the amount limit
    was a rule: a store written then still opens. Only reading a saved session uses it."""
    token = _AMOUNTS_CHECKED.set(False)
    try:
        yield
    finally:
        _AMOUNTS_CHECKED.reset(token)


def amounts_checked() -> bool:
    """False while stored rounds are replayed (``as_recorded``), True otherwise."""
    return _AMOUNTS_CHECKED.get()


def number_text(value: int) -> str:
    """A number for a message: ``1,250,000``; one too long to print is told by its length."""
    if value.bit_length() <= 100:
        return f"{value:,}"
    return f"a {int(value.bit_length() * 0.30103) + 1:,}-digit number"


def check_amount(value: int, field: str, what: str = "") -> int:
    """Refuse an amount past ``AMOUNT_LIMIT`` either way, typed or derived (points counted
    from card text, a cube doubled again and again); ``what`` says what it is."""
    if abs(value) > AMOUNT_LIMIT and amounts_checked():  # the context asked only when it matters
        limit = f"more than {AMOUNT_LIMIT:,}, the most one amount may be: a typo?"
        said = f"{what} {number_text(value)}," if what else f"{number_text(value)} is"
        raise RuleError(field, f"{said} {limit}")
    return value


def as_int(
    value: object, field: str, minimum: int | None = None, maximum: int | None = None
) -> int:
    """A whole number in range; ``"3"``, ``3.0``, ``True`` and ``None`` are refused.

    With no bound given an amount is still held to ``AMOUNT_LIMIT`` either way: no bet,
    price or count at a card table is bigger, so a larger one is a typo.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(field, f"must be a whole number, not {value!r}")
    check_amount(value, field)
    if minimum is not None and value < minimum:
        raise RuleError(field, f"must be at least {minimum:,}, not {number_text(value)}")
    if maximum is not None and value > maximum:
        raise RuleError(field, f"must be at most {maximum:,}, not {number_text(value)}")
    return value


def as_bool(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise RuleError(field, f"must be true or false, not {value!r}")
    return value


def as_player(value: object, field: str, players: Sequence[str]) -> str:
    if not isinstance(value, str) or value not in players:
        raise RuleError(field, f"{value!r} is not at this table ({', '.join(players)})")
    return value


def as_mapping(value: object, field: str) -> JSONMapping:
    # Rounds reach the rules as plain dicts (Session copies them), so dict is the test.
    if not isinstance(value, dict):
        raise RuleError(field, f"must be a mapping of names to values, not {value!r}")
    return value


def player_map(value: object, field: str, players: Sequence[str]) -> JSONMapping:
    """A mapping keyed by player names, every key a player at the table."""
    mapping = as_mapping(value, field)
    for name in mapping:
        as_player(name, f"{field}.{name}", players)
    return mapping


def check_keys(round_: Round, required: Iterable[str], optional: Iterable[str] = ()) -> None:
    """Every required field is there and nothing unknown is, so typos do not pass silently."""
    as_mapping(round_, "round")
    required, optional = tuple(required), tuple(optional)
    for key in required:
        if key not in round_:
            raise RuleError(key, "is missing")
    for key in round_:
        if key not in required and key not in optional:
            allowed = ", ".join(sorted({*required, *optional}))
            raise RuleError(str(key), f"is not a field of this game's rounds ({allowed})")


def shaped(
    round_: Round, shape: type[Shape], required: Iterable[str], optional: Iterable[str] = ()
) -> Shape:
    """The round in its game's shape (a ``TypedDict``) once its keys are checked
    (``check_keys``); the rules still check each value as they read it."""
    check_keys(round_, required, optional)
    return cast(Shape, round_)


def accepted(round_: Round, shape: type[Shape]) -> Shape:
    """A round ``play`` accepted, in its game's shape: what ``describe``, ``details``,
    ``round_facts`` and ``highlights`` are given, never an unchecked one."""
    return cast(Shape, round_)


Count = Callable[[str, object, str], int]


def held_by_others(
    round_: Round,
    players: Sequence[str],
    out: str,
    number_key: str,
    count_number: Count,
    count_cards: Count,
) -> dict[str, int]:
    """What every player but the one who went out was caught holding.

    Each player's given either as a number under ``number_key`` or as card text under
    ``cards`` (one player's cards and another's count in the same round); each count
    function takes (player, value, field) and raises RuleError on a bad value.
    """
    given = {
        key: player_map(round_[key], key, players) for key in (number_key, "cards") if key in round_
    }
    if not given:
        raise RuleError(number_key, f"give the {number_key} or the cards each other player held")
    for key, typed in given.items():
        if out in typed:
            raise RuleError(f"{key}.{out}", f"{out} went out: give only the other players")
    held: dict[str, int] = {}
    for name in players:
        if name == out:
            continue
        ways = [key for key, typed in given.items() if name in typed]
        if not ways:
            field = f"{next(iter(given))}.{name}"
            raise RuleError(field, f"{name} is missing: give every player but {out}")
        if len(ways) > 1:
            raise RuleError(
                f"{number_key}.{name}", f"{name} is given as {number_key} and as cards: give one"
            )
        key = ways[0]
        count = count_number if key == number_key else count_cards
        held[name] = count(name, given[key][name], f"{key}.{name}")
    return held


def held_typed(typed: Mapping[str, str], number_key: str) -> dict[str, dict[str, Any]]:
    """What each player was caught holding as typed in one field, sorted the way
    ``held_by_others`` takes it: a whole number (``30``) is a count under ``number_key``,
    anything else card text under ``cards`` (``9, 9`` too: a comma parts cards). A number
    that is also a card (``2`` to ``10``) is that card: one card held, typed bare, is
    worth what it counts as either way, and no count refused for it. Only the ways used
    are in the result."""
    from scorekeeper.cards import RANKS  # here: the store and Home read no card

    counts: dict[str, Any] = {}
    cards: dict[str, Any] = {}
    for name, text in typed.items():
        number = None if "," in text else whole_number(text)
        if number is not None and str(number) not in RANKS:
            counts[name] = number
        else:
            cards[name] = text.strip()
    return {key: held for key, held in ((number_key, counts), ("cards", cards)) if held}


def held_words(held: Mapping[str, int]) -> str:
    """ "Ann held 30, Di 10": what each player was caught holding, the verb said once."""
    said = [
        f"{name} held {count}" if seat == 0 else f"{name} {count}"
        for seat, (name, count) in enumerate(held.items())
    ]
    return ", ".join(said)
