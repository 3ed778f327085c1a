"""The horses and the course, which Basic Horse Race and Calcutta share.

Both games turn up a course of cards beside the four aces; how many of each suit show
there sets the odds (or the auction order), and a 7-card course with 5+ of one suit is
a void deal. Nested entries (a bet, a sale) are checked here too so both games name a
wrong field the same way: ``bets[1].amount``, ``sales.S.price``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper.cards import SUITS
from scorekeeper.checks import JSONMapping, as_int, as_mapping
from scorekeeper.errors import RuleError

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
VOID_COUNT = 5
"""On a 7-card course this many cards of one suit void the deal (a 6-card course never does)."""
CARDS_TO_FINISH = {7: 8, 6: 6}
"""Course length -> cards of its suit a horse needs dealt to finish."""


def as_suit(value: object, field: str) -> str:
    if not isinstance(value, str) or value not in SUITS:
        raise RuleError(field, f"{value!r} is not a horse: the horses are {', '.join(SUITS)}")
    return value


def check_course(value: object, length: int) -> dict[str, int]:
    """The course counts of a deal, in suit order, if the deal stands."""
    given = as_mapping(value, "course")
    for suit in given:
        as_suit(suit, f"course.{suit}")
    counts: dict[str, int] = {}
    for suit in SUITS:
        if suit not in given:
            raise RuleError(f"course.{suit}", f"is missing: how many {SUIT_NAMES[suit]} show?")
        counts[suit] = as_int(given[suit], f"course.{suit}", 0, length)
    if sum(counts.values()) != length:
        raise RuleError(
            "course",
            f"the counts add up to {sum(counts.values())}, but the course has {length} cards",
        )
    if length == 7:
        for suit, count in counts.items():
            if count >= VOID_COUNT:
                raise RuleError(
                    f"course.{suit}",
                    f"{count} {SUIT_NAMES[suit]} on a 7-card course void the deal: redeal",
                )
    return counts


def course_text(course: Mapping[str, int]) -> str:
    return " ".join(f"{suit}{course[suit]}" for suit in SUITS)


def check_entry(value: object, field: str, names: Sequence[str]) -> JSONMapping:
    """One bet or sale: a mapping with exactly these fields, so a typo is not ignored."""
    entry = as_mapping(value, field)
    for name in entry:
        if name not in names:
            raise RuleError(f"{field}.{name}", f"is not a field here ({', '.join(names)})")
    for name in names:
        if name not in entry:
            raise RuleError(f"{field}.{name}", "is missing")
    return entry
