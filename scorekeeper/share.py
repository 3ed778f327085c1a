"""A settle-up as one line of plain text for the table's group chat:
"Friday club, 2 Dec: Bob pays Ann $3.00, Cy pays Ann $1.00."

Built here, once, for the settle-up screen, the nights screen and ``scorekeeper settle
--text``; each payment reads as the settle-up says it (``settle.payment_line``), names
drawn visible, so what is pasted is what the screen showed.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from scorekeeper.settle import Payment, payment_line
from scorekeeper.wording import visible

NOBODY_OWES = "nobody owes anybody anything."


def chat_day(when: date) -> str:
    """ "2 Dec": the day as a chat message says it."""
    return f"{when.day} {when:%b}"


def share_text(heading: str, when: date, books: Sequence[tuple[str, Sequence[Payment]]]) -> str:
    """``heading`` and the day, then every payment of each unit's ``(unit, payments)``;
    a second unit (chips settled apart from money) after its own word."""
    parts: list[str] = []
    for number, (unit, payments) in enumerate(books):
        said = ", ".join(payment_line(payment, unit) for payment in payments)
        if number and said:
            said = f"{unit}: {said}"
        if said:
            parts.append(said)
    body = "; ".join(parts) + "." if parts else NOBODY_OWES
    return f"{visible(heading)}, {chat_day(when)}: {body}"
