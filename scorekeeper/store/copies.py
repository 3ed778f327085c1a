"""A session's copies on disk: which files they are, what each holds, and one laptop's own.

In the sessions folder a session ``<id>`` may have::

    <id>.json                    the copy of a store no laptop shares (its one writer's),
                                 or, in a shared store, the copy written before it was
                                 shared or by an older scorekeeper: read, never written
    <id>.<laptop>.json           one laptop's copy in a shared store: only it writes it
    <id>[.<laptop>].sync-conflict-<day>-<time>-<device>.json
                                 a sync engine's conflict copy (an old store's): read as
                                 one more laptop's copy, never as garbage

Each is a session document (``documents``) whose ``copy`` part says whose it is
(``laptop``, its ``name``), how many times it was written (``seq``), what it took in
(``seen``: each other copy's ``seq``), when and where each round was recorded
(``stamps``), the decision it carries, the versions a decision set aside, and the
laptops' names it knows. A copy without that part (an older scorekeeper's) counts as
written at its ``order``, every round recorded then. ``merge`` makes the session.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from scorekeeper.checks import JSONMapping, JSONObject
from scorekeeper.store.machine import Laptop
from scorekeeper.store.merge import Copy, Decision, Merged, Stamp, Version, on_top
from scorekeeper.store.well_formed import session_problem

if TYPE_CHECKING:
    from scorekeeper.session import Session

_CONFLICT = re.compile(r"(?:[a-z2-7]{10}\.)?sync-conflict-\d{8}-\d{6}-[A-Z0-9]{7}")
_LAPTOP = re.compile(r"[a-z2-7]{10}")
_SESSION_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
LEGACY = ""
"""The key of ``<id>.json``."""
_NAME_LIMIT = 60
_ASIDE_LIMIT = 50


def parse(name: str) -> tuple[str, str] | None:
    """The session id and copy key a file name in the sessions folder stands for, or None."""
    if not name.endswith(".json"):
        return None
    session_id, _, key = name[:-5].partition(".")
    if _SESSION_ID.fullmatch(session_id) is None:
        return None
    if key and _LAPTOP.fullmatch(key) is None and _CONFLICT.fullmatch(key) is None:
        return None
    return session_id, key


def file_name(session_id: str, key: str) -> str:
    return f"{session_id}.{key}.json" if key else f"{session_id}.json"


def is_conflict_copy(key: str) -> bool:
    return _CONFLICT.fullmatch(key) is not None


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


def imported_part(
    laptop: Laptop,
    key: str,
    gone_on: Merged | None,
    here: Sequence[Copy],
    session: Session,
    order: int,
) -> JSONObject:
    """The ``copy`` part of a session an import writes as this laptop's copy (``key``):
    on top of every copy here (``here``) of the session whose game it went on from
    (``gone_on``, as they make it), the stamps of the rounds they share kept, the others
    stamped with its last update."""
    rounds = session.to_dict()["rounds"]
    stamps: list[Stamp] = [(order, laptop.id)] * len(rounds)
    names = {laptop.id: laptop.name}
    if gone_on is None:
        return part(laptop.id, 1, {}, stamps, names=names)
    shown = gone_on.shown
    for index, round_ in enumerate(rounds[: len(shown.rounds)]):
        if round_ != shown.rounds[index]:
            break
        stamps[index] = shown.stamps[index]
    seen = {copy.key: copy.seq for copy in here}
    names = {**gone_on.names, **names}
    return part(laptop.id, next_seq(key, here), seen, stamps, names=names)


def on_top_part(
    laptop: Laptop,
    key: str,
    merged: Merged | None,
    held: list[Copy],
    session: JSONMapping,
    stamps: list[Stamp],
    *,
    decision: Decision | None = None,
    aside: tuple[Version, ...] | None = None,
    covers: Mapping[str, int] | None = None,
    seq_from: int = 0,
) -> JSONObject:
    """The ``copy`` part of this laptop's copy (``key``) written as ``session`` on top of
    what its copies (``held``) made (``merged``; None: a session new here). ``covers``
    given (a decision): what it takes in; else ``merge.on_top`` says, and which versions
    it keeps waiting. ``aside`` given (a decision): the versions it sets aside. ``seq_from``:
    the least ``seq`` it may have (above one this laptop wrote that was put back older)."""
    names = {} if merged is None else dict(merged.names)
    names[laptop.id] = laptop.name
    others: tuple[Version, ...] = ()
    if covers is None and merged is not None:
        own = next((copy for copy in held if copy.key == key), None)
        covers, others = on_top(merged, own, Version(session, tuple(stamps)))
    kept = (() if merged is None else merged.aside) if aside is None else aside
    return part(
        laptop.id,
        max(next_seq(key, held), seq_from),
        covers or {},
        stamps,
        names=names,
        decision=decision,
        aside=kept,
        others=others,
    )
