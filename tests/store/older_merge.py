"""The older scorekeeper's merge of a session's copies (``scorekeeper/store/merge.py`` and
the reading and writing of a copy's part in ``copies.py``, as they were before sessions
became events), kept word for word as the oracle the moved events are checked against,
with the laptops that made copies through it (``Laptop``, from the merge properties)."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple

from scorekeeper.checks import JSONMapping, JSONObject
from scorekeeper.store.well_formed import session_problem

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
    """The rounds the versions share, then the rounds each added after they parted, in
    the order they were recorded (a tie: the order the versions are given in). Whether
    the rules take them in that order is for the session to say, by replaying them."""
    if len({_table(version) for version in versions}) != 1:
        raise ValueError("the versions are of different tables")
    start = parted(versions)
    after = [
        (version.stamps[index], place, index)
        for place, version in enumerate(versions)
        for index in range(start, len(version.rounds))
    ]
    after.sort(key=lambda item: (item[0][0], item[1], item[2]))
    first = versions[0]
    rounds = list(first.rounds[:start])
    stamps = list(first.stamps[:start])
    for stamp, place, index in after:
        rounds.append(versions[place].rounds[index])
        stamps.append(stamp)
    return Version({**first.session, "rounds": rounds}, tuple(stamps))


_LAPTOP = re.compile(r"[a-z2-7]{10}")
_NAME_LIMIT = 60
_ASIDE_LIMIT = 50


def _stamps(value: object, count: int) -> tuple[Stamp, ...] | None:
    if type(value) is not list or len(value) != count:
        return None
    found = []
    for item in value:
        if type(item) is not list or len(item) != 2:
            return None
        when, laptop = item
        if type(when) is not int or type(laptop) is not str or len(laptop) > 20:
            return None
        found.append((when, laptop))
    return tuple(found)


def _version(value: object) -> Version | str:
    if type(value) is not dict:
        return "a version that is not a JSON object"
    wrong = session_problem(value.get("session"))
    if wrong is not None:
        return wrong
    stamps = _stamps(value.get("stamps"), len(value["session"]["rounds"]))
    if stamps is None:
        return "stamps that are not one [time, laptop] per round"
    return Version(value["session"], stamps)


def _names(value: object) -> dict[str, str] | None:
    if type(value) is not dict or len(value) > 100:
        return None
    for laptop, name in value.items():
        if type(laptop) is not str or type(name) is not str or len(name) > _NAME_LIMIT:
            return None
    return dict(value)


def read(key: str, document: JSONMapping) -> Copy | str:
    """The copy a checked session document (``documents.read``) of file ``key`` holds, or
    what is wrong with its ``copy`` part."""
    session = document["session"]
    order = document["order"]
    part = document.get("copy")
    if part is None:
        count = len(session["rounds"])
        return Copy(key, "", order, {}, Version(session, ((order, ""),) * count))
    if type(part) is not dict:
        return "a copy part that is not a JSON object"
    laptop, seq, seen = part.get("laptop"), part.get("seq"), part.get("seen")
    if type(laptop) is not str or _LAPTOP.fullmatch(laptop) is None:
        return "a copy part whose laptop is not a laptop's id"
    if type(seq) is not int or seq < 0:
        return "a copy part whose seq is not a whole number"
    if type(seen) is not dict or not all(
        type(k) is str and type(v) is int for k, v in seen.items()
    ):
        return "a copy part whose seen is not numbers by copy"
    stamps = _stamps(part.get("stamps"), len(session["rounds"]))
    if stamps is None:
        return "a copy part whose stamps are not one [time, laptop] per round"
    names = _names(part.get("names", {}))
    if names is None:
        return "a copy part whose names are not laptops' names"
    decision = None
    made = part.get("decision")
    if made is not None:
        if type(made) is not dict or type(made.get("at")) is not int:
            return "a copy part whose decision is not a time and a choice"
        if type(made.get("choice")) is not str or len(made["choice"]) > 20:
            return "a copy part whose decision is not a time and a choice"
        decision = Decision(made["at"], laptop, made["choice"])
    kept: dict[str, list[Version]] = {}
    for field in ("aside", "others"):
        listed = part.get(field, [])
        if type(listed) is not list or len(listed) > _ASIDE_LIMIT:
            return f"a copy part whose {field} is not a list of versions"
        kept[field] = []
        for value in listed:
            found = _version(value)
            if isinstance(found, str):
                return f"a copy part with a version in its {field}: {found}"
            kept[field].append(found)
    version = Version(session, stamps)
    aside, others = tuple(kept["aside"]), tuple(kept["others"])
    return Copy(key, laptop, seq, dict(seen), version, decision, aside, names, others)


def part(
    laptop: str,
    seq: int,
    seen: Mapping[str, int],
    stamps: list[Stamp],
    *,
    names: Mapping[str, str],
    decision: Decision | None = None,
    aside: tuple[Version, ...] = (),
    others: tuple[Version, ...] = (),
) -> JSONObject:
    """The ``copy`` part of a copy this laptop writes, having taken in the copies
    ``seen`` names, with the stamps of its rounds."""
    made: JSONObject = {
        "laptop": laptop,
        "seq": seq,
        "seen": dict(seen),
        "stamps": [list(stamp) for stamp in stamps],
        "names": {k: v[:_NAME_LIMIT] for k, v in names.items()},
        "aside": [_versioned(v) for v in aside[-_ASIDE_LIMIT:]],
        "others": [_versioned(v) for v in others[-_ASIDE_LIMIT:]],
    }
    if decision is not None:
        made["decision"] = {"at": decision.at, "choice": decision.choice}
    return made


def _versioned(version: Version) -> JSONObject:
    return {"session": dict(version.session), "stamps": [list(s) for s in version.stamps]}


def next_seq(key: str, copies: Sequence[Copy]) -> int:
    """The ``seq`` of the next copy written as ``key``: above any seen of it anywhere."""
    known = [copy.seq for copy in copies if copy.key == key]
    known += [copy.seen[key] for copy in copies if key in copy.seen]
    return max(known, default=0) + 1


@dataclass
class Laptop:
    key: str
    held: dict[str, Copy] = dataclasses.field(default_factory=dict)
    """Every copy this laptop has: its own and those synced to it, by key."""

    def receive(self, other: Laptop) -> None:
        """What a sync engine brings: each copy newer there than here."""
        for key, copy in other.held.items():
            if key not in self.held or copy.seq > self.held[key].seq:
                self.held[key] = copy

    def merged(self) -> Merged | None:
        return merge(list(self.held.values())) if self.held else None

    def write(
        self, now: Merged | None, version: Version, clock: int, decision: str | None = None
    ) -> Version:
        """As ``Store._save`` writes this laptop's copy on top of what it holds (``now``:
        what its copies make)."""
        covers: dict[str, int] = {}
        aside: tuple[Version, ...] = () if now is None else now.aside
        others: tuple[Version, ...] = ()
        made = None
        if decision is not None and now is not None:
            covers = {copy.key: copy.seq for copy in self.held.values()}
            aside = tuple(v for v in (*now.versions, *now.aside) if v != version)
            made = Decision(clock, self.key, decision)
        elif now is not None:
            covers, others = on_top(now, self.held.get(self.key), version)
        seq = next_seq(self.key, list(self.held.values()))
        self.held[self.key] = Copy(
            self.key, self.key, seq, covers, version, made, aside, {}, others
        )
        return version
