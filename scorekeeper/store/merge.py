"""A session's versions as the table sees them: the fold's lines (``fold.session``) as a
table and its rounds, each round with when, where and by which event it was made.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from scorekeeper.checks import JSONObject

if TYPE_CHECKING:
    from scorekeeper.store.events import Event
    from scorekeeper.store.fold import Folded, Line

Stamp = tuple[int, str]
"""When a round was recorded (nanoseconds since the epoch) and on which laptop (its id)."""


class Version(NamedTuple):
    """A session's setup and rounds with each round's stamp; ``made``: the event that made
    each round; ``head``: the event it ends with (what a decision names)."""

    session: Mapping[str, Any]
    stamps: tuple[Stamp, ...]
    made: tuple[str, ...] = ()
    head: str = ""

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


class Merged(NamedTuple):
    """A session as the table sees it: the version every laptop shows, those waiting for a
    decision (``shown`` first), the decision that stands and those it ``replaced``, the
    versions set ``aside`` (able to come back), and the laptops' names."""

    shown: Version
    versions: tuple[Version, ...]
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


def version(table: JSONObject, line: Line, before: tuple[Line, Version] | None = None) -> Version:
    """The version a line of the fold is; ``before``: a line and its version, not gone
    through again where ``line`` is it and one round more (a round recorded)."""
    rounds = line.rounds
    if (
        before is not None
        and len(rounds) == len(before[0].rounds) + 1
        and rounds[:-1] == before[0].rounds  # the same objects: compared in a C loop
    ):
        was, made = before[1], rounds[-1]
        return Version(
            {**table, "rounds": [*was.rounds, made.round]},
            (*was.stamps, (made.at * 1_000_000, made.by.partition(":")[0])),
            (*was.made, made.by),
            line.head,
        )
    return Version(
        {**table, "rounds": [made.round for made in rounds]},
        tuple([(made.at * 1_000_000, made.by.partition(":")[0]) for made in rounds]),
        tuple([made.by for made in rounds]),
        line.head,
    )


def _decision(event: Event) -> Decision:
    choice = event.body.get("choice")
    return Decision(event.at * 1_000_000, event.laptop, choice if isinstance(choice, str) else "")


def merged(
    folded: Folded,
    names: Mapping[str, str] = MappingProxyType({}),
    before: tuple[Line, Version] | None = None,
) -> Merged:
    """The session ``folded`` as versions (it has a set-up: ``Folded.setup``); ``before``:
    the line shown before a step and its version (``version``)."""
    assert folded.setup is not None
    table = {key: value for key, value in folded.setup.body.items() if key != "started"}
    shown = version(table, folded.shown, before)
    waiting = [line for line in reversed(folded.versions) if line != folded.shown]
    decided = folded.shown.decided
    return Merged(
        shown,
        (shown, *(version(table, line) for line in waiting)),
        None if decided is None else _decision(decided),
        tuple(_decision(lost) for lost, _ in folded.replaced),
        tuple(version(table, line) for line in folded.aside),
        names,
    )


def same(first: Version, second: Version) -> bool:
    """The same table and the same rounds (whoever recorded them, whenever)."""
    return text(first.session) == text(second.session)


def parted(versions: Sequence[Version]) -> int:
    """How many rounds the versions share from the start."""
    texts = [[text(round_) for round_ in version.rounds] for version in versions]
    count = 0
    while all(len(rounds) > count for rounds in texts) and len({r[count] for r in texts}) == 1:
        count += 1
    return count


def both(versions: Sequence[Version]) -> Version:
    """The rounds the versions share, then each one's rounds after they parted, each once,
    in the order they were recorded (a tie: the versions' order); the rules may refuse it."""
    start = parted(versions)
    seen = set(versions[0].made[:start])
    after = []
    for place, each in enumerate(versions):
        for index in range(start, len(each.rounds)):
            if each.made[index] not in seen:
                seen.add(each.made[index])
                after.append((each.stamps[index][0], place, index))
    picked = [(0, index) for index in range(start)] + [
        (place, index) for _, place, index in sorted(after)
    ]
    return Version(
        {**versions[0].session, "rounds": [versions[p].rounds[i] for p, i in picked]},
        tuple(versions[p].stamps[i] for p, i in picked),
        tuple(versions[p].made[i] for p, i in picked),
    )
