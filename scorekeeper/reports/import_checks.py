"""What a session from another laptop must be before it comes in, beyond reading and
replaying: players New session would seat.

An export file or a store folder may have been made by hand: a name holding a terminal
escape or a bidi override must not enter this store through it (text no file can hold,
a lone surrogate, is refused as the file is read).
Sessions already here keep the names they have (an old store still opens, its names
drawn as text); only what comes in is held to the rule.
"""

from __future__ import annotations

from scorekeeper.errors import RuleError
from scorekeeper.names import check_name
from scorekeeper.session import Session

IMPORT_CAP = 16 * 2**20
"""The most an export file may hold: far more than years of evenings."""


def check_incoming(label: str, session: Session) -> None:
    """``RuleError(label, ...)`` if a player of ``session`` has a name New session refuses."""
    for seat, name in enumerate(session.players, start=1):
        try:
            check_name(name, label, f"name of player {seat}")
        except RuleError as error:
            reason = error.message.removesuffix(": type it again without")
            raise RuleError(label, f"cannot come in: {reason}") from None
