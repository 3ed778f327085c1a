"""What a session from another laptop must be before it comes in, beyond reading and
replaying: players New session would seat, and text that can be written.

An export file or a store folder may have been made by hand: a name holding a terminal
escape, a bidi override or a lone surrogate must not enter this store through it.
Sessions already here keep the names they have (an old store still opens, its names
drawn as text); only what comes in is held to the rule.
"""

from __future__ import annotations

import json

from scorekeeper.errors import RuleError
from scorekeeper.names import check_name
from scorekeeper.session import Session

IMPORT_CAP = 16 * 2**20
"""The most an export file may hold: far more than years of evenings."""


def _encodable(label: str, value: object) -> None:
    try:
        json.dumps(value, ensure_ascii=False).encode()
    except UnicodeEncodeError as error:
        code = ord(error.object[error.start])
        raise RuleError(
            label, f"holds U+{code:04X}, half of a character (a lone surrogate): no file holds it"
        ) from None


def check_incoming(label: str, session: Session, *texts: object) -> None:
    """``RuleError(label, ...)`` if a player of ``session`` has a name New session refuses,
    or the session or ``texts`` (the entry around it) hold text that cannot be written."""
    _encodable(label, [session.to_dict(), *texts])
    for seat, name in enumerate(session.players, start=1):
        try:
            check_name(name, label, f"name of player {seat}")
        except RuleError as error:
            reason = error.message.removesuffix(": type it again without")
            raise RuleError(label, f"cannot come in: {reason}") from None
