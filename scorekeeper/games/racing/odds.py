"""Exact race odds for Basic Horse Race and Calcutta, so the table can see who the book favours.

After the course is laid out, the rest of the deck (52 less the four aces and the course) is
dealt one card at a time; each card moves the horse of its suit one step. On a 7-card course a
horse finishes when 8 cards of its suit are dealt, on a 6-card course when 6 are.

Every order of the remaining deck is equally likely, so a chance is a count of orders over
the count of all orders. The count for "horse t's last needed card comes at position k" is a
product of binomials, and summing those products over k is a polynomial convolution — a few
hundred big-integer operations, no sampling and no floats.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb, factorial

from scorekeeper.checks import as_int
from scorekeeper.errors import RuleError
from scorekeeper.games.racing.course import CARDS_TO_FINISH, check_course

CARDS_PER_SUIT = 12
"""Thirteen cards of a suit less its ace, which is the horse."""


@dataclass(frozen=True)
class Chances:
    """One horse's exact chance to finish first and to finish second."""

    first: Fraction
    second: Fraction

    @property
    def places(self) -> Fraction:
        """The chance to finish first or second: the races in which its owner wins
        anything, which a price is a bet on."""
        return self.first + self.second


def finish_chances(course: Mapping[str, int], course_length: int = 7) -> dict[str, Chances]:
    """Each horse's chances from the course counts of a deal that stands.

    The course is checked as the games check it, so a void deal is refused, not priced.
    On any course that stands every horse can finish (a 7-card course leaves 8+ of each
    suit, a 6-card course 6+), so each column of chances adds up to exactly 1.
    """
    if course_length not in CARDS_TO_FINISH:
        raise RuleError("options.course", f"the course is 7 or 6 cards, not {course_length!r}")
    counts = check_course(course, course_length)
    left = {suit: CARDS_PER_SUIT - count for suit, count in counts.items()}
    return race_chances(left, CARDS_TO_FINISH[course_length])


def race_chances(left: Mapping[str, int], mark: int) -> dict[str, Chances]:
    """The race in general: horses with ``left`` cards each in a shuffled deck, ``mark`` to win.

    A horse with fewer cards left than the mark cannot finish: its chances are 0. If fewer
    than two horses can finish, the place nobody can take has chance 0 for every horse, so
    that column adds up to less than 1 (the rest is the chance nobody takes it).
    """
    if mark < 1 or any(count < 0 for count in left.values()):
        raise ValueError(f"no race with {dict(left)} cards left and {mark} to finish")
    ranked = _race(tuple(left.values()), mark)
    return {horse: Chances(*ranked[i]) for i, horse in enumerate(left)}


def _race(left: tuple[int, ...], mark: int) -> tuple[tuple[Fraction, Fraction], ...]:
    """(first, second) per horse; second adds up the cases by which horse was first."""
    total = factorial(sum(left))
    horses = range(len(left))
    return tuple(
        (
            Fraction(_orders(left, mark, horse, None), total),
            Fraction(
                sum(_orders(left, mark, horse, ahead) for ahead in horses if ahead != horse),
                total,
            ),
        )
        for horse in horses
    )


def _orders(left: tuple[int, ...], mark: int, horse: int, ahead: int | None) -> int:
    """N! × the chance that ``horse`` reaches the mark when ``ahead`` (if any) already has
    and no other horse has.

    If b cards of the other horses come before the horse's last needed card, that card is
    at position k = mark + b of the N, and the chance is
    mark·C(left, mark) · Π C(other's left, other's dealt) · (k−1)!·(N−k)! / N!.
    The product over the others depends on their dealt counts only through b, so summing
    over them is one polynomial product of binomial rows.
    """
    if left[horse] < mark:
        return 0
    cards = sum(left)
    ways = [1]
    for other, count in enumerate(left):
        if other == horse:
            continue
        low, high = (mark, count) if other == ahead else (0, min(count, mark - 1))
        ways = _times(ways, [comb(count, j) if j >= low else 0 for j in range(high + 1)])
    at_position = sum(
        w * factorial(mark + b - 1) * factorial(cards - mark - b) for b, w in enumerate(ways)
    )
    return mark * comb(left[horse], mark) * at_position


def _times(p: list[int], q: list[int]) -> list[int]:
    product = [0] * (len(p) + len(q) - 1)
    for i, a in enumerate(p):
        for j, b in enumerate(q):
            product[i + j] += a * b
    return product


def fair_odds(p: Fraction) -> Fraction:
    """The odds (x to 1) at which a bet on a horse with chance ``p`` neither wins nor loses."""
    if not 0 < p <= 1:
        raise ValueError(f"a horse with chance {p} has no fair odds")
    return (1 - p) / p


def dealer_edge(p: Fraction, n: int, d: int) -> Fraction:
    """The dealer's expected gain per unit bet at book odds n-d on a horse with chance ``p``.

    Exact n/d: the rounding down of each payoff (docs/rules.md, Basic Horse Race) is a
    further sliver to the dealer.
    """
    if n < 0 or d < 1:
        raise ValueError(f"{n}-{d} are not odds")
    return (1 - p) - p * Fraction(n, d)


def expected_share(chances: Chances) -> Fraction:
    """The part of the final pool a horse's owner can expect: ⅔ for first, ⅓ for second.

    The whole-chip split gives first any remainder of 1, so this is exact to within a chip.
    """
    return Fraction(2, 3) * chances.first + Fraction(1, 3) * chances.second


def fair_price(pool_so_far: int, share: Fraction) -> Fraction:
    """The price at which a horse is worth what it costs in the pool as it stands
    (share × (pool + price) = price): paying it adds it to the pool, so below it the
    horse is worth more than it costs, above it less."""
    pool_so_far = as_int(pool_so_far, "pool", 0)
    if not 0 <= share < 1:
        raise ValueError(f"a horse with share {share} has no fair price")
    return share * pool_so_far / (1 - share)


def pays_off_at(price: int, share: Fraction) -> Fraction:
    """The final pool at which a horse bought for ``price`` brings back what it cost."""
    price = as_int(price, "price", 1)
    if not 0 < share <= 1:
        raise ValueError(f"a horse with share {share} never pays off")
    return price / share
