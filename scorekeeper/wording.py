"""How the domain words things for people: counts with their noun, dates and times, and
text laid out in terminal cells, text from outside shown as text, numbers as typed, and a
house game's name among a table's option words.

One place, so "1 session" and "2 sessions", or a date, read the same on the command line,
in reports and on screen. Widths are counted in cells, not characters: 中 and most emoji
take two columns. The domain may not import rich, so ``cells`` is its own small count
(East Asian width), close to ``rich.cells.cell_len`` for the names people type.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from datetime import date, datetime

MAX_DIGITS = 15
"""More digits than any score, stake or count has; ``whole_number`` refuses longer."""
_WHOLE = r"([+-]?)(\d{1,3}(?:,\d{3})+|\d+)"
"""A whole number as typed, compiled when one is first read (re keeps it), not before
Home's first frame."""
"""A sign, then digits, commas allowed only between thousands ("1,250", not "0,5")."""
_HIDDEN = frozenset(("Cc", "Cf", "Cs", "Zl", "Zp"))
_ZWJ = "\u200d"
_EMOJI_VARIATION = "\ufe0f"


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """ "1 session", "2 sessions", "1,250 sessions"; ``nouns`` for an irregular plural."""
    return f"{count:,} {noun if count == 1 else nouns or noun + 's'}"


def listed(names: Sequence[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cy": names as a sentence says them."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


class Items(str):
    """Items said in a row ("Ann 150, Bob 138"), as text that keeps them apart: a screen
    wraps it only between two items, so a name stays with its figure; anything else
    takes it as the text it is. ``mark`` ends each item but the last; ``lead`` goes
    before the first ("Decided by the chips won: Ann +2"), kept with it."""

    parts: tuple[str, ...]
    """The items, each with its mark, as a line may end after any of them."""

    def __new__(cls, items: Sequence[str], mark: str = ",", lead: str = "") -> Items:
        parts = (*(item + mark for item in items[:-1]), *items[-1:])
        if lead:
            parts = (f"{lead} {parts[0]}", *parts[1:])
        text = super().__new__(cls, " ".join(parts))
        text.parts = parts
        return text

    def __getnewargs__(self) -> tuple[tuple[str, ...], str]:  # type: ignore[override]
        """A copy or a pickle made again from the parts, not from the text: ``str``'s
        would take each letter of "Ann 150" for an item."""
        return self.parts, ""


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


def elapsed(since: datetime, now: datetime) -> str:
    """How long something has been going, as a table says it: "25 min", "1 h 25 min"."""
    minutes = max(0, int((now - since).total_seconds() // 60))
    hours, minutes = divmod(minutes, 60)
    if not hours:
        return f"{minutes} min"
    return f"{hours} h {minutes} min" if minutes else f"{hours} h"


def spoken_day(when: date) -> str:
    """The date as a person says it: "Fri 3 May 2024"."""
    return f"{when:%a} {when.day} {when:%b %Y}"


def _char_cells(char: str) -> int:
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in "WF" else 1


def cells(text: str) -> int:
    """Terminal columns ``text`` takes: wide characters such as 中 take two."""
    if text.isascii():  # a list of ten thousand sessions asks for each of its cells
        return len(text)
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


def _shown(char: str) -> str:
    """A control or invisible character as something that can be seen: C0 controls as
    their control pictures (␛ for escape, ␤ for a newline), others as ``\\u202e``."""
    code = ord(char)
    if char == "\n":
        return "\u2424"
    if code < 0x20:
        return chr(0x2400 + code)
    if code == 0x7F:
        return "\u2421"
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _joins_emoji(text: str, at: int) -> bool:
    """A zero-width joiner inside an emoji sequence (👨‍👩‍👧) is part of the picture."""
    before = text[at - 1] if at else ""
    after = text[at + 1] if at + 1 < len(text) else ""
    emoji_before = bool(before) and (
        before == _EMOJI_VARIATION or unicodedata.category(before) in ("So", "Sk")
    )
    return emoji_before and bool(after) and unicodedata.category(after) == "So"


def visible(text: str, *, lines: bool = False) -> str:
    """``text`` from outside (a name, a night's name, a path, an error) as it may be shown:
    every control character is drawn rather than obeyed, so a terminal escape in a stored
    name can never retitle the window or fill the clipboard, and bidi overrides, zero-width
    and line-separator characters cannot hide or reorder what is shown. A newline is drawn
    (␤) too, so one name is always one line; with ``lines`` the text is several lines
    (a report) and only its newlines are kept as such."""
    if text.isprintable() or (lines and text.replace("\n", " ").isprintable()):
        return text
    shown = []
    for at, char in enumerate(text):
        kept = (
            (char == "\n" and lines)
            or unicodedata.category(char) not in _HIDDEN
            or (char == _ZWJ and _joins_emoji(text, at))
        )
        shown.append(char if kept else _shown(char))
    return "".join(shown)


def whole_number(text: str, *, signed: bool = True) -> int | None:
    """``text`` as the whole number a person typed: a sign (unless not ``signed``), then
    digits, commas allowed between thousands ("1,250"): "0,5" is a half at a decimal-comma
    table, not 5. Digits of any script count (``٣`` is 3); ``²`` and ``①`` only look like
    digits, and ``str.isdigit`` takes them for digits that ``int`` then refuses. ``None``
    for anything else, and for more than ``MAX_DIGITS`` digits (a long paste would take
    ``int`` past its limit)."""
    match = re.fullmatch(_WHOLE, text.strip())
    if match is None or (match[1] and not signed):
        return None
    digits = match[2].replace(",", "")
    if len(digits) > MAX_DIGITS:
        return None
    return int(match[1] + digits)


def not_a_number(text: str) -> str:
    """Why ``whole_number`` refused ``text``, quoting at most a few words of it."""
    match = re.fullmatch(_WHOLE, text.strip())
    digits = match[2].replace(",", "") if match is not None else ""
    if len(digits) > MAX_DIGITS:
        return f"type a whole number of at most {MAX_DIGITS} digits, not {len(digits):,}"
    shown = repr(clipped(visible(text.strip()), 20)) if text.strip() else "nothing"
    return f"type a whole number here, not {shown}"


def said_as_label(name: str) -> str:
    """A house game's name as ``option_words`` says it, first of them and in quotes
    ("“Gin”"), so a session's summary carries it to the list, statistics and exports."""
    return f"\u201c{name}\u201d"


def label_in(words: Sequence[str] | None) -> str:
    """The house game's name among a session's option words; "" where it is none."""
    first = words[0] if words else ""
    quoted = len(first) > 2 and first[0] == "\u201c" and first[-1] == "\u201d"
    return first[1:-1] if quoted else ""
