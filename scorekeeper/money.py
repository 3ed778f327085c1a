"""How an amount reads: money in dollars from minor units, chips and points whole.

One place for it, so a game's panel ("$0.25 a point") and every screen say the same.
"""

from __future__ import annotations

MINUS = "−"


def amount(value: int, unit: str, *, signed: bool = False) -> str:
    """A figure for a column: ``$3.00`` for 300 minor units, ``12`` for chips or points;
    ``+``/``−`` only when asked (a negative is always marked)."""
    sign = MINUS if value < 0 else ("+" if signed and value > 0 else "")
    size = abs(value)
    if unit == "money":
        return f"{sign}${size // 100:,}.{size % 100:02d}"
    return f"{sign}{size:,}"


def format_amount(value: int, unit: str, *, signed: bool = False) -> str:
    """An amount in a sentence: ``$0.25``, ``12 chips``, ``1 chip``."""
    text = amount(value, unit, signed=signed)
    if unit == "chips":
        return f"{text} chip" if abs(value) == 1 else f"{text} chips"
    return text
