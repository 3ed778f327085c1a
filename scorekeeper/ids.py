"""Session ids: eight hex digits that a spreadsheet keeps as text.

A spreadsheet reads ``00330403`` as the number 330403 and ``972e2151`` as 9.72e+2153, so
a new id always holds a letter and never has the shape digits-``e``-digits. Ids made
before this rule keep opening and exporting as they are.

A session imported under an id it already has here, whose game went on differently on
each side, is kept beside it under a branch id (``branch_id``): worked out from the id
and the imported rounds up to where the two part, so the same branch imported again, or
gone on further, lands on the same id and is recognised, never added twice.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence

_NUMBER = r"\d+|\d+[eE]\d+"
"""Compiled when an id is first made (re keeps it), not before Home's first frame."""


def reads_as_text(session_id: str) -> bool:
    """Whether a spreadsheet keeps ``session_id`` as text rather than reading a number."""
    return re.fullmatch(_NUMBER, session_id) is None


def new_id() -> str:
    """A random id that reads as text."""
    while True:
        made = os.urandom(4).hex()
        if reads_as_text(made):
            return made


def branch_id(base: str, rounds: Sequence[str]) -> str:
    """The id of the branch of session ``base`` whose rounds begin with ``rounds`` (each
    as canonical JSON text, up to and including the first one that differs from the
    session here): the same wherever and however often it is worked out."""
    import hashlib  # here: only an import makes a branch; a new session's id needs none

    digest = hashlib.blake2b(digest_size=32, person=b"scorekeeper-br")
    digest.update(base.encode())
    for round_ in rounds:
        digest.update(len(round_).to_bytes(8, "big"))
        digest.update(round_.encode())
    counter = 0
    while True:
        made = hashlib.blake2b(
            digest.digest() + counter.to_bytes(4, "big"), digest_size=4
        ).hexdigest()
        if reads_as_text(made):
            return made
        counter += 1
