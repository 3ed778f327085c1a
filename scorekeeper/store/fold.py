"""The fold: what the union of every laptop's events makes, a pure function of the set.

Each laptop folds every event it holds; since the union of logs only grows and the fold
depends on the set alone (never on which log came first, never on an event read twice),
two laptops holding the same events make the same entries.

An entry (a night's name, a game's night, a house game, a laptop's name) is what its
changes fold to: each change is typed on top of the changes of that entry it saw (its
``after``); the heads are the changes nothing held is typed on top of. Of heads made
apart, the later stands (``events.later``: the clock, then the id) and the rest are
*replaced*. "Later" only ever orders changes made apart: one typed on top of another is
after it, whatever the clocks say.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from operator import attrgetter

from scorekeeper.store.events import Event, later

Refused = tuple[str, str]
"""An event left out of the fold and why."""


def union(logs: Iterable[Iterable[Event]]) -> tuple[dict[str, Event], list[Refused]]:
    """Every event once. One id held with two contents (a log rolled back and written
    again, or forged) keeps the content whose text sorts first, alike everywhere."""
    events: dict[str, Event] = {}
    clashes: set[str] = set()
    for log in logs:
        for event in log:
            held = events.get(event.id)
            if held is None:
                events[event.id] = event
            elif held != event:
                clashes.add(event.id)
                if event.encoded() < held.encoded():
                    events[event.id] = event
    return events, [(made, "held twice with different contents") for made in sorted(clashes)]


@dataclass(frozen=True)
class Entries:
    """Entries as the union of their events makes them, by key (the event's kind and its
    ``body["key"]``): the change that stands, the heads a new change goes on top of, and
    each change replaced by a later one made apart (replaced, stands)."""

    values: dict[tuple[str, str], Event]
    heads: dict[tuple[str, str], tuple[str, ...]]
    replaced: tuple[tuple[Event, Event], ...]


def entries(events: Iterable[Event]) -> Entries:
    """Every entry: per key, the heads of that key's changes; of heads made apart, the
    later stands and the others are replaced. (A clash of ids is left to ``union``.)"""
    union_, _ = union([events])
    by_key: dict[tuple[str, str], list[Event]] = {}
    for event in sorted(union_.values(), key=attrgetter("at", "id")):  # later last
        key = event.body.get("key")
        if isinstance(key, str):
            by_key.setdefault((event.kind, key), []).append(event)
    values: dict[tuple[str, str], Event] = {}
    heads: dict[tuple[str, str], tuple[str, ...]] = {}
    replaced: list[tuple[Event, Event]] = []
    for key, changes in by_key.items():
        seen = {parent for change in changes for parent in change.after}
        tops = [change for change in changes if change.id not in seen] or changes  # a circle
        values[key] = tops[-1]
        heads[key] = tuple(sorted(change.id for change in tops))
        replaced += [(top, tops[-1]) for top in tops[:-1]]
    replaced.sort(key=lambda pair: later(pair[0]))
    return Entries(values, heads, tuple(replaced))
