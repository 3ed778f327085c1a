"""An event: one thing a laptop did, as its log keeps it, and what an event from anywhere
must look like before the fold trusts it (the package's docstring says what it holds).
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import NamedTuple

from scorekeeper.checks import JSONObject
from scorekeeper.store.copies import LAPTOP_ID

KINDS = ("setup", "round", "undo", "edit", "decide", "night", "house", "laptop")
"""A session's events, then the entries' (``entries``)."""
ANY = ""
"""The owner of what this laptop keeps of other laptops' events (``reach``)."""
NEWER = "of a kind this scorekeeper does not know (a newer one wrote it?)"
"""Why an event a newer scorekeeper wrote is refused."""
MOVED = "m"
"""The laptop part of a moved-over event's id."""
AFTER_CAP = 64
"""More heads than any table makes between two decisions: a longer ``after`` is forged."""
CLOCK_CAP = 2**53
"""Milliseconds a JSON number holds exactly; a clock past it is not a clock."""

_FIELDS = {"id", "after", "at", "kind", "body"}
ID = re.compile(rf"(?:({LAPTOP_ID}):([1-9][0-9]{{0,15}})|m:([0-9a-f]{{64}}))")
"""An event's id: a laptop's and its number there, or a moved-over event's hash."""


class Event(NamedTuple):
    """A named tuple, cheaper to make than a dataclass: every event of every log read is one."""

    id: str
    after: tuple[str, ...]
    at: int
    kind: str
    body: JSONObject

    @property
    def laptop(self) -> str:
        """The laptop that made it (``MOVED`` for one moved over from an older layout)."""
        return self.id.partition(":")[0]

    @property
    def number(self) -> int:
        """Its place in its laptop's log (0 for a moved-over event)."""
        number = self.id.partition(":")[2]
        return int(number) if number.isdecimal() and self.laptop != MOVED else 0

    def record(self) -> JSONObject:
        """The event as its log keeps it."""
        return {
            "id": self.id,
            "after": list(self.after),
            "at": self.at,
            "kind": self.kind,
            "body": self.body,
        }

    def encoded(self) -> str:
        """One text per content, the same on every laptop: what a clash compares."""
        return json.dumps(self.record(), sort_keys=True, ensure_ascii=False, default=repr)


def later(event: Event) -> tuple[int, str]:
    """How two events made apart are ordered, alike on every laptop: the clock, then the id."""
    return event.at, event.id


def moved_id(after: tuple[str, ...], at: int, kind: str, body: JSONObject) -> str:
    """The id of an event moved over from an older layout: the hash of what it holds."""
    content = json.dumps(
        [list(after), at, kind, body], sort_keys=True, ensure_ascii=False, default=repr
    )
    return f"{MOVED}:{hashlib.sha256(content.encode('utf-8', 'surrogatepass')).hexdigest()}"


def checked(raw: object, owner: str) -> Event | str:
    """The event ``raw`` in the log of laptop ``owner``, or why it cannot be trusted, in
    the words that follow "an event"."""
    if not isinstance(raw, dict) or raw.keys() != _FIELDS:
        return "that is not an event"
    made, after, at = raw["id"], raw["after"], raw["at"]
    kind, body = raw["kind"], raw["body"]
    if not isinstance(made, str) or (found := ID.fullmatch(made)) is None:
        return "with an id no laptop makes"
    if type(after) is not list or (after and not _ids(after, made)):
        return "typed on top of something that is not an event"
    if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at < CLOCK_CAP:
        return "with a time that is not a clock's"
    if kind not in KINDS:
        return NEWER
    if not isinstance(body, dict):
        return "that holds nothing"
    event = Event(made, tuple(after), at, kind, body)
    if found.group(3) is not None:
        if moved_id(event.after, at, kind, body) != made:
            return "forged (moved over, but not what its id says)"
    elif owner != ANY and found.group(1) != owner:
        return "forged (its id names another laptop than the log's)"
    return event


def _ids(after: list[object], made: str) -> bool:
    """Whether ``after`` names events ``made`` can be typed on top of: ids, each once, not
    its own, at most ``AFTER_CAP``."""
    if len(after) > AFTER_CAP:
        return False
    for item in after:
        if not isinstance(item, str) or ID.fullmatch(item) is None or item == made:
            return False
    return len(after) == 1 or len(set(after)) == len(after)
