"""One session worked out from every laptop's copy of it: a pure function of the copies.

Each copy names what it had taken in when it was written (``seen``: the ``seq`` of each
other copy it was made on top of), so a copy that a later one took in has nothing left
to say (it is *covered*). What remains are the heads. Heads holding the same setup and
rounds are one version; a version whose rounds are the start of another's is that
other one (the game went on there). One version left: that is the session. More than
one: the game *went on differently*. Then a decision decides it (a copy carrying one,
made on top of every version; two made at once: the later one, and the other is named as
replaced); without one, the session waits for the table, and the version shown is the
one whose last round was recorded later (to the second; a tie: the rounds' text), so
every laptop shows the same one.

Nothing here reads a file or a clock: ``merge`` gives the same answer for the same copies
in any order, on any laptop, however often it is asked.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

Stamp = tuple[int, str]
"""When a round was recorded (nanoseconds since the epoch) and on which laptop (its id)."""


class Version(NamedTuple):
    """A session's setup and rounds, with each round's stamp."""

    session: Mapping[str, Any]
    stamps: tuple[Stamp, ...]

    @property
    def rounds(self) -> Sequence[Any]:
        rounds: Sequence[Any] = self.session["rounds"]
        return rounds

    @property
    def last(self) -> Stamp:
        """The stamp of the last round (none yet: the earliest there is)."""
        return self.stamps[-1] if self.stamps else (0, "")


class Decision(NamedTuple):
    """The table's decision, made on laptop ``laptop`` at ``at`` (nanoseconds)."""

    at: int
    laptop: str
    choice: str


class Copy(NamedTuple):
    """One laptop's copy of a session, as its file holds it (``key``: which file)."""

    key: str
    laptop: str
    seq: int
    seen: Mapping[str, int]
    version: Version
    decision: Decision | None = None
    aside: tuple[Version, ...] = ()
    names: Mapping[str, str] = MappingProxyType({})
    others: tuple[Version, ...] = ()
    """Versions still waiting that this copy keeps: its laptop's own, which it went on
    from when it recorded on the version shown (its file holds one version at a time)."""


class Merged(NamedTuple):
    """What the copies make together.

    ``shown`` is the version every laptop shows; ``versions`` the versions waiting for a
    decision, ``shown`` first (just ``shown`` when nothing waits); ``covers`` the keys of
    the copies a change made on top of ``shown`` takes in (never another waiting
    version's); ``replaced`` the decisions a later one overruled; ``aside`` the versions
    a decision set aside, still readable and able to come back.
    """

    shown: Version
    versions: tuple[Version, ...]
    covers: Mapping[str, int]
    decision: Decision | None
    replaced: tuple[Decision, ...]
    aside: tuple[Version, ...]
    names: Mapping[str, str]

    @property
    def waiting(self) -> bool:
        return len(self.versions) > 1


def text(value: object) -> str:
    """``value`` as canonical JSON: two laptops' equal rounds are equal text."""
    return json.dumps(
        value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=repr
    )


def _table(version: Version) -> str:
    return text({key: value for key, value in version.session.items() if key != "rounds"})


def _rounds(version: Version) -> list[str]:
    return [text(round_) for round_ in version.rounds]


def same(first: Version, second: Version) -> bool:
    """The same table and the same rounds (whoever recorded them, whenever)."""
    return _table(first) == _table(second) and _rounds(first) == _rounds(second)


def starts(first: Version, second: Version) -> bool:
    """Whether ``first``'s rounds are the start of ``second``'s, at the same table."""
    if _table(first) != _table(second) or len(first.rounds) > len(second.rounds):
        return False
    return _rounds(first) == _rounds(second)[: len(first.rounds)]


def _rank(version: Version) -> tuple[int, str]:
    """Later last round first, to the second (an export keeps times to the second, so a
    version imported from one ranks where its original does); the rounds' text breaks a
    tie, which every laptop works out alike whoever holds which copy."""
    return version.last[0] // 1_000_000_000, text(version.session)


def _distinct(versions: Iterable[Version]) -> list[Version]:
    """One of each, the higher ``_rank`` kept where two are ``same``, highest first."""
    kept: list[Version] = []
    for version in sorted(versions, key=_rank, reverse=True):
        if not any(same(version, other) for other in kept):
            kept.append(version)
    return kept


def heads(copies: Sequence[Copy]) -> list[Copy]:
    """The copies no other copy took in (all of them, if they cover each other in a circle)."""
    found = [
        copy
        for copy in copies
        if not any(
            other.key != copy.key and other.seen.get(copy.key, -1) >= copy.seq for other in copies
        )
    ]
    return found or list(copies)


def merge(copies: Sequence[Copy]) -> Merged:
    """The session the ``copies`` make (at least one), the same for them in any order."""
    if not copies:
        raise ValueError("a session has at least one copy")
    copies = sorted(copies, key=lambda copy: copy.key)
    top = heads(copies)
    versions = _distinct([copy.version for copy in top] + [v for c in top for v in c.others])
    tips = [v for v in versions if not any(v is not o and starts(v, o) for o in versions)]
    decisions = [_decision_for(tip, top) for tip in tips]
    replaced: tuple[Decision, ...] = ()
    chosen: Decision | None = None
    not_chosen: list[Version] = []
    if len(tips) > 1 and all(decision is not None for decision in decisions):
        made = [decision for decision in decisions if decision is not None]
        chosen = max(made, key=lambda decision: (decision.at, decision.laptop))
        picked = tips[decisions.index(chosen)]
        not_chosen = [tip for tip in tips if tip is not picked]  # set aside, never dropped
        tips = [picked]
        replaced = tuple(decision for decision in made if decision is not chosen)
    elif len(tips) == 1:
        chosen = decisions[0]
    shown = tips[0]
    covers: dict[str, int] = {}
    top_keys = {copy.key for copy in top}
    for copy in copies:
        kept = (copy.version, *copy.others)
        if len(tips) > 1 and copy.key in top_keys and not all(starts(v, shown) for v in kept):
            continue  # another version still waiting: a change here must not cover it
        covers[copy.key] = max(covers.get(copy.key, -1), copy.seq)
    names: dict[str, str] = {}
    for copy in copies:
        for laptop, name in copy.names.items():
            names.setdefault(laptop, name)
    for copy in copies:
        if copy.laptop and copy.laptop in copy.names:
            names[copy.laptop] = copy.names[copy.laptop]
    aside_all = [version for copy in copies for version in copy.aside] + not_chosen
    aside = [v for v in _distinct(aside_all) if not any(same(v, tip) for tip in tips)]
    aside.sort(key=_rank)
    return Merged(shown, tuple(tips), covers, chosen, replaced, tuple(aside), names)


def on_top(
    merged: Merged, own: Copy | None, new: Version
) -> tuple[dict[str, int], tuple[Version, ...]]:
    """What a laptop's copy written as ``new`` on top of ``merged`` takes in, and the
    versions it keeps waiting: those of its own copy (the one it replaces) still waiting
    and not part of ``new``, so no version typed here goes with the file it was in."""
    covers = dict(merged.covers)
    if own is None:
        return covers, ()
    covers[own.key] = max(covers.get(own.key, -1), own.seq)
    waiting = merged.versions[1:]
    others = tuple(
        version
        for version in _distinct((own.version, *own.others))
        if not starts(version, new)
        and not starts(version, merged.shown)
        and any(starts(version, tip) for tip in waiting)
    )
    return covers, others


def _decision_for(tip: Version, top: Sequence[Copy]) -> Decision | None:
    """The latest decision carried by a head whose rounds are the start of ``tip``'s."""
    found = [
        copy.decision for copy in top if copy.decision is not None and starts(copy.version, tip)
    ]
    return max(found, key=lambda decision: (decision.at, decision.laptop), default=None)


def parted(versions: Sequence[Version]) -> int:
    """How many rounds the versions share from the start."""
    texts = [_rounds(version) for version in versions]
    count = 0
    while all(len(rounds) > count for rounds in texts) and len({r[count] for r in texts}) == 1:
        count += 1
    return count


def both(versions: Sequence[Version]) -> Version:
    """The rounds the versions share, then the rounds each added after they parted, each
    once, in the order they were recorded (a tie: the order the versions are given in).
    Whether the rules take them in that order is for the session to say, by replaying."""
    if len({_table(version) for version in versions}) != 1:
        raise ValueError("the versions are of different tables")
    start = parted(versions)
    after = []
    taken: set[tuple[Stamp, str]] = set()
    for place, version in enumerate(versions):
        for index in range(start, len(version.rounds)):
            hand = (version.stamps[index], text(version.rounds[index]))
            if hand not in taken:  # two of three versions sharing a hand: played once
                taken.add(hand)
                after.append((version.stamps[index], place, index))
    after.sort(key=lambda item: (item[0][0], item[1], item[2]))
    first = versions[0]
    rounds = list(first.rounds[:start])
    stamps = list(first.stamps[:start])
    for stamp, place, index in after:
        rounds.append(versions[place].rounds[index])
        stamps.append(stamp)
    return Version({**first.session, "rounds": rounds}, tuple(stamps))
