"""A session's files in the older layouts as events: what moving a store over makes.

The older layouts kept whole copies (``<id>.json``, ``<id>.<laptop>.json``, a sync
engine's conflict copies), each saying what it had taken in (``seen``), and the session
was what they made together. Those copies do not keep the history the events need: an
old decision is dropped from a copy at its next write, and the versions it set aside are
pooled with older ones. So the events moved over say what the copies made, worked out as
the older scorekeeper did (copies another took in say nothing; the versions left, one
of them the start of another is that other; a decision on every version left settles
them, the latest standing), not how each laptop got there:

- each version kept (shown, waiting, or set aside) is a chain of rounds from the
  set-up, each round at its stamp; the same round after the same rounds at the same
  time is one event, so versions share the rounds they share;
- with versions set aside, a decision on top of them (a chain of decisions past
  ``AFTER_CAP``) and of the version kept (a decided game stays decided), or of the
  start the versions waiting share (they still wait). A set-aside version is listed
  wherever it holds a round that no version kept holds;
- every other version a copy holds (one that a copy kept took in and then undid or
  edited, one it went on from while versions waited) is undone to a start of a version
  kept, so its rounds make no version: the events of the files a laptop held when it
  moved them, beside those of every file moved later, fold mostly as every file does
  (not where a decision came in the files that arrived later: each move decides alone).

Every id is a hash of what the event holds, so every laptop moving the same files makes
the same events, in any order, however often a file is given. Nothing here reads a file
or a clock; a copy that is not a session document makes nothing.
"""

from __future__ import annotations

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
    texts: tuple[str, ...] = field(compare=False)
    """The table's text, then each round's: what two versions compare."""

    def same(self, other: _Version) -> bool:
        return self.texts == other.texts

    def starts(self, other: _Version) -> bool:
        return self.texts == other.texts[: len(self.texts)]

    @property
    def rank(self) -> tuple[int, str]:
        """Later last round first, to the second; then the text (the older merge's rule)."""
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
    found = []
    for stamp in stamps:
        if type(stamp) is not list or len(stamp) != 2:
            return None
        when, laptop = stamp
        if type(when) is not int or _ms(when) is None or type(laptop) is not str:
            return None
        found.append((when, laptop))
    table = {key: session[key] for key in _TABLE}
    texts = (text(table), *(text(round_) for round_ in rounds))
    return _Version(table, tuple(rounds), tuple(found), texts)


def _versions(listed: JSON) -> tuple[_Version, ...] | None:
    if type(listed) is not list:
        return None
    found = []
    for value in listed:
        version = (
            _version(value.get("session"), value.get("stamps")) if type(value) is dict else None
        )
        if version is None:
            return None
        found.append(version)
    return tuple(found)


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
    if part is None:  # an older scorekeeper's: every round recorded when it was written
        count = len(session["rounds"]) if type(session.get("rounds")) is list else 0
        version = _version(session, [[order, ""]] * count)
        if version is None:
            return None
        return _Copy(key, order, {}, version, None, (), (), started)
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
    given (a document JSON cannot write, or nested past what it reads, is none)."""
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
    """What the copies make: the versions kept (one, or those waiting), the versions set
    aside, and the decision that settled them, if one did."""

    kept: list[_Version]
    aside: list[_Version]
    decision: Decision | None


def _covers(other: _Copy, copy: _Copy) -> bool:
    """Whether ``other`` took ``copy`` in: as its ``seen`` says, or as a later document of
    the same file (the older merge met one document a file; a move may be given the ones
    it moved before too, each later one on top of the one before)."""
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
        self.started = started
        self.setups: dict[str, str] = {}

    def add(self, after: Iterable[str], at: int, kind: str, body: JSONObject) -> str:
        parents = tuple(sorted(set(after)))
        made = Event(moved_id(parents, at, kind, body), parents, at, kind, body)
        self.made.setdefault(made.id, made)
        return made.id

    def setup(self, version: _Version) -> str:
        """The set-up of ``version``'s table, at the time it started where that says its
        offset (never the moving laptop's zone: every laptop makes the same id)."""
        if version.texts[0] not in self.setups:
            at = 0
            try:
                when = datetime.fromisoformat(self.started)
                if when.tzinfo is not None:
                    at = int(when.timestamp() * 1_000)
            except (ValueError, OverflowError, OSError):
                at = 0
            body = {**version.table, "started": self.started}
            self.setups[version.texts[0]] = self.add(
                (), at if 0 <= at < CLOCK_CAP else 0, "setup", body
            )
        return self.setups[version.texts[0]]

    def chain(
        self, version: _Version, start: str = "", first: int = 0, stop: int | None = None
    ) -> tuple[list[str], str]:
        """Rounds ``first`` to ``stop`` of ``version``, typed one on another from ``start``
        (its set-up if none): their ids and the last one's (``start`` if none)."""
        ids, head = [], start or self.setup(version)
        for round_, (when, _) in zip(
            version.rounds[first:stop], version.stamps[first:stop], strict=True
        ):
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
    """Undo ``version`` (one a copy kept took in, or one it went on differently from)
    from its end to a start of the version kept nearest to it: its rounds then make no
    version of their own, even beside the events of a move made before the copy that
    took it in arrived. That start is all of the version kept only where ``version``
    holds its very rounds (its events), so the two lines are one; else short of it."""
    tip = max(kept, key=lambda other: _common(version, other))
    start = min(_common(version, tip), max(len(tip.rounds) - 1, 0))
    if _shared([version, tip]) == len(tip.rounds):
        start = len(tip.rounds)
    at = _ms(version.stamps[-1][0]) or 0
    for _ in range(len(version.rounds) - start):
        last = events.add((last,), at, "undo", {})


def _decide(events: _Events, made: _Made, tops: list[str]) -> None:
    """The decision that set the versions aside, on top of them and of the rounds every
    version kept shares: all of the one kept, so that it is decided; the start of those
    waiting, so that they still wait. One waiting that a version set aside went on from
    (its top typed on already) goes on from the decision instead, to be a version still."""
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
    """The events a session's old files (``(key, document)`` each: ``copies.parse``'s key
    of the file, its document) move over as: see the module's docstring."""
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
