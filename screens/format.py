"""How numbers and names read on screen: money in dollars, chips whole, names never markup."""

from __future__ import annotations

from collections.abc import Iterable

from textual.content import Content

MINUS = "−"


def amount(value: int, unit: str, *, signed: bool = False) -> str:
    """``$3.00`` for 300 minor units, ``12`` for chips; ``+``/``−`` only when asked."""
    sign = MINUS if value < 0 else ("+" if signed and value > 0 else "")
    size = abs(value)
    if unit == "money":
        return f"{sign}${size // 100:,}.{size % 100:02d}"
    return f"{sign}{size:,}"


def plain(text: str) -> Content:
    """A player's name (or anything typed) as content that is never read as markup."""
    return Content(text)


def names(players: Iterable[str]) -> str:
    return ", ".join(players)


def sum_of(value: int, unit: str) -> str:
    """An amount in a sentence: ``$3.75`` or ``12 chips``."""
    text = amount(value, unit)
    if unit == "chips":
        return f"{text} chip" if abs(value) == 1 else f"{text} chips"
    return text
