"""How an amount reads: money in dollars from minor units, chips and points whole.

One place for it, so a game's panel ("$0.25 a point") and every screen say the same.
"""

from __future__ import annotations

import re

from scorekeeper.errors import RuleError
from scorekeeper.wording import MAX_DIGITS, clipped, visible

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


_DOLLARS = re.compile(r"\$?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{1,2}))?")
_CENTS = re.compile(r"(\d+)\s*(?:¢|c|cents?)", re.IGNORECASE)


def parse_money(text: str, field: str) -> int:
    """Minor units from money as people type it: ``0.25``, ``$0.25`` and ``25¢`` are all a
    quarter, ``2`` is two dollars. Anything else is refused at ``field``."""
    typed = text.strip()
    if sum(char.isdigit() for char in typed) > MAX_DIGITS:
        raise RuleError(field, f"type money of at most {MAX_DIGITS} digits")
    cents = _CENTS.fullmatch(typed)
    if cents:
        return int(cents.group(1))
    dollars = _DOLLARS.fullmatch(typed)
    if typed and dollars and (dollars.group(1) or dollars.group(2)):
        whole = int((dollars.group(1) or "0").replace(",", ""))
        part = (dollars.group(2) or "0").ljust(2, "0")
        return whole * 100 + int(part)
    shown = repr(clipped(visible(typed), 20)) if typed else "nothing"
    raise RuleError(field, f"type money, as 0.25, $0.25 or 25¢, not {shown}")
