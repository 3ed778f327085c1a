"""What a name may be: a player's at a table, a game night's.

A name is shown on every screen, in settle-ups, exports and the board, so it must be text
that prints as it reads: 1-30 characters, none of them a control character (C0, C1, an
escape sequence, a tab or a line break), a bidi override or isolate that turns the text
around it, or a zero-width character that hides in it; no spaces at either end.
"""

from __future__ import annotations

import unicodedata

from scorekeeper.errors import RuleError

NAME_LENGTH = 30
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff")
LINE_BREAKS = frozenset("\n\r\v\f\x85\u2028\u2029")


def _problem(char: str) -> str | None:
    """Why one character may not be in a name, or None if it may."""
    code = f"U+{ord(char):04X}"
    if char == "\t":
        return "a tab"
    if char in LINE_BREAKS:
        return f"a line break ({code})"
    if char == "\x1b":
        return "an escape character (U+001B), which starts a terminal escape sequence"
    if char in BIDI_CONTROLS:
        return f"a bidi control ({code}), which turns the text around it"
    if char in ZERO_WIDTH:
        return f"a zero-width character ({code}), which cannot be seen"
    category = unicodedata.category(char)
    if category == "Cc":
        return f"a control character ({code})"
    if category in ("Cf", "Cs"):
        return f"an invisible formatting character ({code})"
    return None


def unfit_kind(char: str) -> str | None:
    """What kind of character ``char`` is, in short ("a bidi control (U+202E)"), if no
    name may hold it; else None."""
    problem = _problem(char)
    return None if problem is None else problem.split(", which")[0]


def check_name(name: object, field: str, what: str = "name") -> str:
    """``name`` if it is a fit name, else ``RuleError(field, ...)`` saying why."""
    if not isinstance(name, str) or not name.strip():
        raise RuleError(field, f"the {what} is empty: give 1-{NAME_LENGTH} characters")
    for char in name:
        problem = _problem(char)
        if problem is not None:
            raise RuleError(field, f"the {what} holds {problem}: type it again without")
    if name != name.strip():
        raise RuleError(field, f"{name!r} has spaces at its start or end")
    if len(name) > NAME_LENGTH:
        raise RuleError(
            field, f"the {what} is {len(name)} characters long: keep it to {NAME_LENGTH}"
        )
    return name
