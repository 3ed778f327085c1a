"""A session's files in the older layouts as events: what moving a store over makes.

The older whole copies do not keep the history events need, so the events say what the
copies made, merged as the older scorekeeper did: each version kept (shown, waiting or
set aside) is a chain of rounds from the set-up; those set aside get a decision on top;
every other version a copy holds is undone to a start of a version kept. Every id is a
hash of what the event holds: every laptop moving the same files makes the same events.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from scorekeeper.checks import JSON, JSONObject
from scorekeeper.store.events import AFTER_CAP, CLOCK_CAP, Event, moved_id
from scorekeeper.store.merge import Decision, text

_NS_PER_MS = 1_000_000
_CHOICES = ("shown", "other", "both", "back")
_TABLE = ("game", "players", "dealer", "options")


@dataclass(frozen=True)
class _Version:
    """A table and its rounds, each with its stamp (nanoseconds, laptop)."""

    table: JSONObject
    rounds: tuple[JSONObject, ...]
    stamps: tuple[tuple[int, str], ...]
    texts: tuple[str, ...] = field(compare=False)  # the table's text, then each round's

    def same(self, other: _Version) -> bool:
        return self.texts == other.texts

    def starts(self, other: _Version) -> bool:
        return self.texts == other.texts[: len(self.texts)]

    @property
    def rank(self) -> tuple[int, str]:
        """Later last round, to the second, then the text: the older merge's rule."""
        last = self.stamps[-1][0] if self.stamps else 0
        return last // 1_000_000_000, text({**self.table, "rounds": list(self.rounds)})


@dataclass(frozen=True)
class _Copy:
    key: str
    seq: int
    seen: dict[str, int]
    version: _Version
    decision: Decision | None
    aside: tuple[_Version, ...]
    others: tuple[_Version, ...]
    started: str


def _version(session: JSON, stamps: JSON) -> _Version | None:
    if type(session) is not dict or not all(key in session for key in (*_TABLE, "rounds")):
        return None
    rounds = session["rounds"]
    if type(rounds) is not list or not all(type(round_) is dict for round_ in rounds):
        return None
    if type(stamps) is not list or len(stamps) != len(rounds):
        return None
    for stamp in stamps:
        if type(stamp) is not list or len(stamp) != 2 or type(stamp[1]) is not str:
            return None
        if type(stamp[0]) is not int or _ms(stamp[0]) is None:
            return None
    table = {key: session[key] for key in _TABLE}
    texts = (text(table), *(text(round_) for round_ in rounds))
    return _Version(table, tuple(rounds), tuple((when, by) for when, by in stamps), texts)


def _versions(listed: JSON) -> tuple[_Version, ...] | None:
    if type(listed) is not list or not all(type(value) is dict for value in listed):
        return None
    found = [_version(value.get("session"), value.get("stamps")) for value in listed]
    versions = tuple(version for version in found if version is not None)
    return versions if len(versions) == len(found) else None


def _copy(key: str, document: JSON) -> _Copy | None:
    """The copy a document holds, or None where it is not one (nothing moves from it)."""
    if type(key) is not str or type(document) is not dict:
        return None
    session, order, part = document.get("session"), document.get("order"), document.get("copy")
    summary = document.get("summary")
    started = summary.get("started") if type(summary) is dict else None
    started = started if type(started) is str else ""
    if type(order) is not int or type(session) is not dict:
        return None
    if part is None:  # one writer's: a copy of its own, every round recorded as it was written
        rounds = session.get("rounds")
        stamps = [[order, ""]] * len(rounds) if type(rounds) is list else []
        part = {"laptop": "", "seq": order, "seen": {}, "stamps": stamps}
    if type(part) is not dict:
        return None
    laptop, seq, seen, made = part.get("laptop"), part.get("seq"), part.get("seen"), None
    if type(laptop) is not str or type(seq) is not int or type(seen) is not dict:
        return None
    if not all(type(copy) is str and type(taken) is int for copy, taken in seen.items()):
        return None
    decision = part.get("decision")
    if decision is not None:
        if type(decision) is not dict:
            return None
        at, choice = decision.get("at"), decision.get("choice")
        if type(at) is not int or type(choice) is not str:
            return None
        made = Decision(at, laptop, choice)
    version = _version(session, part.get("stamps"))
    aside, others = _versions(part.get("aside", [])), _versions(part.get("others", []))
    if version is None or aside is None or others is None:
        return None
    return _Copy(key, seq, dict(seen), version, made, aside, others, started)


def _readable(copies: Sequence[tuple[str, JSONObject]]) -> list[_Copy]:
    """The copies that are session documents, each once, in one order whatever the order
    given (one JSON cannot write is none)."""
    found: dict[tuple[str, str], _Copy] = {}
    for key, document in copies:
        try:
            copy = _copy(key, document)
            if copy is not None:
                found[key, text(document)] = copy
        except (TypeError, ValueError, RecursionError):
            continue
    return [found[place] for place in sorted(found)]


def _distinct(versions: Iterable[_Version]) -> list[_Version]:
    """One of each, the later-ranked kept where two are the same, highest first."""
    ordered = sorted(versions, key=lambda version: (version.rank, version.stamps), reverse=True)
    kept: list[_Version] = []
    for version in ordered:
        if not any(version.same(other) for other in kept):
            kept.append(version)
    return kept


@dataclass(frozen=True)
class _Made:
    """The versions kept (one, or those waiting), those set aside, and the decision."""

    kept: list[_Version]
    aside: list[_Version]
    decision: Decision | None


def _covers(other: _Copy, copy: _Copy) -> bool:
    """Whether ``other`` took ``copy`` in: as its ``seen`` says, or as a later document of
    the same file."""
    if other.key == copy.key:
        return other.seq > copy.seq
    return other.seen.get(copy.key, -1) >= copy.seq


def _made(copies: list[_Copy]) -> _Made:
    """The older scorekeeper's merge of the copies, as far as the events need it."""
    heads = [copy for copy in copies if not any(_covers(other, copy) for other in copies)] or copies
    versions = _distinct([copy.version for copy in heads] + [v for c in heads for v in c.others])
    tips = [v for v in versions if not any(v is not o and v.starts(o) for o in versions)]
    decisions = [
        max(
            (c.decision for c in heads if c.decision is not None and c.version.starts(tip)),
            default=None,
        )
        for tip in tips
    ]
    not_chosen: list[_Version] = []
    chosen = decisions[0] if len(tips) == 1 else None
    if len(tips) > 1 and all(decision is not None for decision in decisions):
        chosen = max(decision for decision in decisions if decision is not None)
        picked = tips[decisions.index(chosen)]
        not_chosen = [tip for tip in tips if tip is not picked]
        tips = [picked]
    every_aside = [version for copy in copies for version in copy.aside] + not_chosen
    aside = [v for v in _distinct(every_aside) if not any(v.same(tip) for tip in tips)]
    return _Made(tips, aside, chosen)


class _Events:
    """The events made so far, each once, on the set-up of each table met."""

    def __init__(self, started: str) -> None:
        self.made: dict[str, Event] = {}
        self.setups: dict[str, str] = {}
        self.started, at = started, 0
        with contextlib.suppress(ValueError, OverflowError, OSError):
            when = datetime.fromisoformat(started)  # the zone it says, never this laptop's
            at = int(when.timestamp() * 1_000) if when.tzinfo is not None else 0
        self.at = at if 0 <= at < CLOCK_CAP else 0

    def add(self, after: Iterable[str], at: int, kind: str, body: JSONObject) -> str:
        parents = tuple(sorted(set(after)))
        made = Event(moved_id(parents, at, kind, body), parents, at, kind, body)
        self.made.setdefault(made.id, made)
        return made.id

    def setup(self, version: _Version) -> str:
        if version.texts[0] not in self.setups:
            body = {**version.table, "started": self.started}
            self.setups[version.texts[0]] = self.add((), self.at, "setup", body)
        return self.setups[version.texts[0]]

    def chain(
        self, version: _Version, start: str = "", first: int = 0, stop: int | None = None
    ) -> tuple[list[str], str]:
        """Rounds ``first`` to ``stop`` of ``version``, typed one on another from ``start``
        (its set-up if none): their ids and the last one's (``start`` if none)."""
        ids, head = [], start or self.setup(version)
        for round_, (when, _) in list(zip(version.rounds, version.stamps, strict=True))[first:stop]:
            head = self.add((head,), when // _NS_PER_MS, "round", {"round": round_})
            ids.append(head)
        return ids, head


def _ms(ns: int) -> int | None:
    """A stamp (nanoseconds) as an event's time (milliseconds), or None past a clock's."""
    at = ns // _NS_PER_MS
    return at if 0 <= at < CLOCK_CAP else None


def _shared(versions: list[_Version]) -> int:
    """How many rounds every version holds alike (at the same times) from the start."""
    first = versions[0]
    count = 0
    while all(
        len(v.rounds) > count
        and v.texts[count + 1] == first.texts[count + 1]
        and _ms(v.stamps[count][0]) == _ms(first.stamps[count][0])
        for v in versions
    ):
        count += 1
    return count


def _common(version: _Version, other: _Version) -> int:
    """How many rounds ``version`` and ``other`` hold alike from the start."""
    count = 0
    while count < min(len(version.rounds), len(other.rounds)):
        if version.texts[count + 1] != other.texts[count + 1]:
            break
        count += 1
    return count


def _route(events: _Events, version: _Version, last: str, kept: list[_Version]) -> None:
    """Undo ``version`` from its end to a start of the version kept nearest to it, so its
    rounds make no version of their own, even beside an earlier move: all of the version
    kept only where ``version`` holds its very rounds (the lines are then one)."""
    tip = max(kept, key=lambda other: _common(version, other))
    start = min(_common(version, tip), max(len(tip.rounds) - 1, 0))
    if _shared([version, tip]) == len(tip.rounds):
        start = len(tip.rounds)
    at = _ms(version.stamps[-1][0]) or 0
    for _ in range(len(version.rounds) - start):
        last = events.add((last,), at, "undo", {})


def _decide(events: _Events, made: _Made, tops: list[str]) -> None:
    """The decision that set the versions aside, on top of them and of the rounds every
    version kept shares (so those waiting still wait); one waiting that went on from a
    version set aside goes on from the decision."""
    kept, aside = made.kept, made.aside
    shared = _shared(kept)
    rounds, head = events.chain(kept[0], stop=shared)
    latest = [stamp for version in aside for stamp in version.stamps[-1:]]
    at = max((_ms(when) or 0 for when, _ in [*kept[0].stamps[:shared], *latest]), default=0)
    choice = "shown"
    if made.decision is not None:
        at, choice = _ms(made.decision.at) or 0, made.decision.choice
    body: JSONObject = {"rounds": rounds, "choice": choice if choice in _CHOICES else "shown"}
    asides = [events.chain(version)[1] for version in aside]
    room = AFTER_CAP - 1
    for place in range(0, len(asides), room):
        head = events.add([head, *asides[place : place + room]], at, "decide", body)
    typed_on = {parent for event in events.made.values() for parent in event.after}
    for version, top in zip(kept, tops, strict=True):
        if len(kept) > 1 and top in typed_on:
            events.chain(version, head, shared)


def moved_events(copies: Sequence[tuple[str, JSONObject]]) -> list[Event]:
    """The events a session's old files (``(key, document)`` each) move over as."""
    readable = _readable(copies)
    if not readable:
        return []
    made = _made(readable)
    events = _Events(min((copy.started for copy in readable if copy.started), default=""))
    kept, table = made.kept, made.kept[0].texts[0]
    tops = [events.chain(version)[1] for version in kept]
    if any(version.texts[0] != table for version in kept):  # another table's, same id
        return sorted(events.made.values(), key=lambda event: event.id)  # the fold keeps one
    aside = [version for version in made.aside if version.texts[0] == table]
    if aside:
        _decide(events, _Made(kept, aside, made.decision), tops)
    held = [v for copy in readable for v in (copy.version, *copy.others) if v.texts[0] == table]
    heads = [(version, events.chain(version)[1]) for version in held]
    typed_on = {parent for event in events.made.values() for parent in event.after}
    for version, last in heads:
        if last not in typed_on and last not in tops:
            _route(events, version, last, kept)
    return sorted(events.made.values(), key=lambda event: event.id)
