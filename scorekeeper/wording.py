"""How the domain words things for people: counts with their noun, dates and times, and
text laid out in terminal cells.

One place, so "1 session" and "2 sessions", or a date, read the same on the command line,
in reports and on screen. Widths are counted in cells, not characters: 中 and most emoji
take two columns. The domain may not import rich, so ``cells`` is its own small count
(East Asian width), close to ``rich.cells.cell_len`` for the names people type.
"""

from __future__ import annotations

import unicodedata
from datetime import date, datetime


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """ "1 session", "2 sessions", "1,250 sessions"; ``nouns`` for an irregular plural."""
    return f"{count:,} {noun if count == 1 else nouns or noun + 's'}"


def moment(text: str) -> datetime:
    """A time as the store saves it (ISO 8601 with its UTC offset) read back."""
    return datetime.fromisoformat(text)


def iso(when: datetime) -> str:
    """The time as the store and the CSV export write it: "2024-05-03T19:00:00+02:00"."""
    return when.isoformat(timespec="seconds")


def day(when: datetime) -> str:
    """The calendar date, local to where it was recorded: "2024-05-03"."""
    return when.date().isoformat()


def clock(when: datetime) -> str:
    """ "19:05" """
    return f"{when:%H:%M}"


def day_and_clock(when: datetime) -> str:
    """ "2024-05-03 19:05" """
    return f"{when:%Y-%m-%d %H:%M}"


def short_day_and_clock(when: datetime) -> str:
    """ "05-03 19:05", for a list where the year goes without saying."""
    return f"{when:%m-%d %H:%M}"


def spoken_day(when: date) -> str:
    """The date as a person says it: "Fri 3 May 2024"."""
    return f"{when:%a} {when.day} {when:%b %Y}"


def _char_cells(char: str) -> int:
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in "WF" else 1


def cells(text: str) -> int:
    """Terminal columns ``text`` takes: wide characters such as 中 take two."""
    return sum(_char_cells(char) for char in text)


def pad(text: str, width: int) -> str:
    """``text`` then spaces up to ``width`` cells (left-aligned)."""
    return text + " " * (width - cells(text))


def pad_left(text: str, width: int) -> str:
    """Spaces then ``text`` up to ``width`` cells (right-aligned)."""
    return " " * (width - cells(text)) + text


def clipped(text: str, width: int) -> str:
    """``text`` cut to at most ``width`` cells, ending in "…" when cut."""
    if cells(text) <= width:
        return text
    kept, used = [], 0
    for char in text:
        size = _char_cells(char)
        if used + size > width - 1:
            break
        kept.append(char)
        used += size
    return "".join(kept) + "…"
