"""The fold: what the union of every laptop's events makes, a pure function of the set
(never of which log came first, nor of an event read twice), so two laptops holding the
same events make the same session and the same entries (the package's docstring says how).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from operator import attrgetter
from typing import NamedTuple

from scorekeeper.checks import JSONObject
from scorekeeper.store.events import Event, later

Refused = tuple[str, str]
"""An event left out of the fold and why."""
WAITS = "waits for an event not here yet"
"""Why an event typed on top of one whose log has not arrived is left out, for now."""


class Made(NamedTuple):
    """A round as a line holds it, with the event that made it and when."""

    round: JSONObject
    by: str
    at: int


class Line(NamedTuple):
    """The rounds as the event ``head`` leaves them, and the latest decision it is (or is
    typed on top of)."""

    head: str
    rounds: tuple[Made, ...]
    decided: Event | None = None

    def content(self) -> tuple[str, ...]:
        return tuple(json.dumps(made.round, sort_keys=True, default=repr) for made in self.rounds)

    @property
    def last(self) -> tuple[int, str]:
        """When its last round was made (then the head's id): which of two is later."""
        return (self.rounds[-1].at if self.rounds else 0), self.head


@dataclass(frozen=True)
class Folded:
    """A session as the union of its events makes it."""

    setup: Event | None
    shown: Line
    versions: tuple[Line, ...] = ()
    """Every version waiting for the table (the shown one among them); none if settled."""
    aside: tuple[Line, ...] = ()
    """Versions a decision did not choose, oldest decision first."""
    replaced: tuple[tuple[Event, Event], ...] = ()
    """(the decision replaced, the one that stands)."""
    refused: tuple[Refused, ...] = ()

    @property
    def waiting(self) -> bool:
        return len(self.versions) > 1


def union(logs: Iterable[Iterable[Event]]) -> tuple[dict[str, Event], list[Refused]]:
    """Every event once; one id held with two contents (a log rolled back and written
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


def _held(events: Mapping[str, Event]) -> tuple[list[Event], list[Refused]]:
    """The events whose every ``after`` is held, parents first; the rest wait. Any such
    order folds alike: a log's own order, parents first already, is taken as it is (a
    list of thousands of arrived sessions folds each whole)."""
    seen: set[str] = set()
    for event in events.values():
        if not seen.issuperset(event.after):
            break
        seen.add(event.id)
    else:
        return list(events.values()), []
    children: dict[str, list[str]] = {}
    missing: dict[str, int] = {}
    for event in events.values():
        missing[event.id] = len(event.after)
        for parent in event.after:
            children.setdefault(parent, []).append(event.id)
    ready = sorted(made for made, count in missing.items() if count == 0)
    order: list[Event] = []
    while ready:
        made = ready.pop()
        order.append(events[made])
        for child in children.get(made, ()):
            missing[child] -= 1
            if missing[child] == 0:
                ready.append(child)
    placed = {event.id for event in order}
    return order, [(made, WAITS) for made in sorted(events) if made not in placed]


STEPS = ("round", "undo", "edit")
"""The events that step a line on (what a decision does is more than a step)."""


def step(event: Event, lines: Mapping[str, Line]) -> Line | str:
    """The line ``event`` leaves, from the lines of what it was typed on top of."""
    body = event.body
    if event.kind == "setup":
        return "is a second set-up" if event.after else Line(event.id, ())
    after = event.after
    if len(after) == 1:  # every event but a decision
        parent = lines.get(after[0])
        parents = [] if parent is None else [parent]
    else:
        parents = [lines[made] for made in after if made in lines]
    if len(parents) != len(after) or not parents:
        return "is typed on top of nothing that replays"
    if event.kind == "decide":  # the rounds it names, in its order, from the versions settled
        chosen = body.get("rounds")
        known = {made.by: made for line in parents for made in line.rounds}
        if not isinstance(chosen, list):
            return "decides on no rounds"
        kept: list[Made] = []
        for made in chosen:
            if not isinstance(made, str) or made not in known:
                return "decides on rounds the versions do not hold"
            kept.append(known.pop(made))
        decisions = [event, *(line.decided for line in parents if line.decided is not None)]
        return Line(event.id, tuple(kept), max(decisions, key=later))
    if len(parents) != 1:
        return "is typed on top of two versions without deciding"
    rounds, decided = parents[0].rounds, parents[0].decided
    round_ = body.get("round")
    if event.kind == "round" and isinstance(round_, dict):
        return Line(event.id, (*rounds, Made(round_, event.id, event.at)), decided)
    if event.kind == "undo" and rounds:
        return Line(event.id, rounds[:-1], decided)
    index = body.get("index")
    if (
        event.kind == "edit"
        and isinstance(round_, dict)
        and type(index) is int
        and 0 <= index < len(rounds)
    ):
        edited = (*rounds[:index], Made(round_, event.id, event.at), *rounds[index + 1 :])
        return Line(event.id, edited, decided)
    return "does not replay"


def session(events: Iterable[Event]) -> Folded:
    """The session the events make (see the package's docstring)."""
    union_, refused = union([events])
    order, waits = _held(union_)
    refused += waits
    setup = min((e for e in order if e.kind == "setup" and not e.after), key=later, default=None)
    lines: dict[str, Line] = {}
    for event in order:
        if event.kind == "laptop":
            continue  # a laptop's name, given in its log of the session (``names``)
        if event.kind == "setup" and event is not setup:
            refused.append((event.id, "is another table's set-up under the same id"))
            continue
        made = step(event, lines)
        if isinstance(made, str):
            refused.append((event.id, made))
        else:
            lines[made.head] = made
    if setup is None:
        return Folded(None, Line("", ()), refused=tuple(sorted(refused)))
    typed_on = {parent for made in lines for parent in union_[made].after}
    heads = [lines[made] for made in sorted(made for made in lines if made not in typed_on)]
    decisions = sorted((union_[made] for made in lines if union_[made].kind == "decide"), key=later)
    versions, replaced = _versions(heads, decisions, lines)
    return Folded(
        setup,
        max(versions, key=lambda line: line.last),
        tuple(versions) if len(versions) > 1 else (),
        _aside(decisions, lines, versions),
        tuple(replaced),
        tuple(sorted(refused)),
    )


def _versions(
    heads: list[Line], decisions: list[Event], lines: Mapping[str, Line]
) -> tuple[list[Line], list[tuple[Event, Event]]]:
    """The heads as versions, one per set of rounds, none the start of another, and the
    decisions replaced; ``decisions``: every one that replays, oldest first."""
    by_id = {decision.id: decision for decision in decisions}
    stands = {tuple(sorted(decision.after)): decision for decision in decisions}
    replaced: list[tuple[Event, Event]] = []
    standing: list[Line] = []
    for line in heads:
        event = by_id.get(line.head)
        if event is not None:
            latest = stands[tuple(sorted(event.after))]
            if latest is not event and lines[latest.id].content() != line.content():
                replaced.append((event, latest))
                continue
        standing.append(line)
    replaced.sort(key=lambda pair: later(pair[0]))
    if len(standing) == 1:  # one version: nothing to compare (most sessions, most reads)
        return standing, replaced
    by_content: dict[tuple[str, ...], Line] = {}
    for line in standing:
        content = line.content()
        held = by_content.get(content)
        if held is None or held.last < line.last:
            by_content[content] = line
    contents = list(by_content)
    kept = [
        by_content[content]
        for content in contents
        if not any(
            len(other) > len(content) and other[: len(content)] == content for other in contents
        )
    ]
    kept.sort(key=lambda line: line.last)
    return kept, replaced


def _aside(
    decisions: list[Event], lines: Mapping[str, Line], settled: list[Line]
) -> tuple[Line, ...]:
    """The versions the ``decisions`` (oldest first) set aside that no version now holds,
    each once (bringing one back sets the decision aside)."""
    if not decisions:
        return ()
    holding = {made.by for line in settled for made in line.rounds}
    aside: dict[tuple[str, ...], Line] = {}
    for decision in decisions:
        for parent in decision.after:  # each replays and is no head: a decision is on it
            rounds = tuple(made.by for made in lines[parent].rounds)
            if rounds not in aside and any(made not in holding for made in rounds):
                aside[rounds] = lines[parent]
    return tuple(aside.values())


def names(events: Iterable[Event]) -> dict[str, str]:
    """Each laptop's name as it last gave it (only a laptop names itself)."""
    found: dict[str, Event] = {}
    for event in events:
        value, key = event.body.get("value"), event.body.get("key")
        if event.kind == "laptop" and key == event.laptop and isinstance(value, str):
            held = found.get(key)
            if held is None or later(held) < later(event):
                found[key] = event
    return {key: str(event.body["value"]) for key, event in found.items()}


@dataclass(frozen=True)
class Entries:
    """Entries by key (the kind and ``body["key"]``): the change that stands, the heads a
    new change goes on top of, and each change replaced apart (replaced, stands)."""

    values: dict[tuple[str, str], Event]
    heads: dict[tuple[str, str], tuple[str, ...]]
    replaced: tuple[tuple[Event, Event], ...]


def entries(events: Iterable[Event]) -> Entries:
    """Every entry: per key, of the changes nothing is typed on top of, the later stands
    (a change typed on top of another is after it whatever the clocks)."""
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
