"""How a session an import brings relates to what the store holds under its id, or under
the id of a branch kept of it: the same, gone on there, gone on here, or diverged. An
import goes by ids alone, so two sessions are never taken for one because they look alike.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from scorekeeper.checks import JSONMapping, JSONObject
from scorekeeper.ids import branch_id
from scorekeeper.store import Store, StoreError

SAME, WENT_ON_THERE, WENT_ON_HERE, DIVERGED = "same", "went on there", "went on here", "diverged"
WENT_ON_DIFFERENTLY = "went on differently"
"""The same table, each side's rounds going on from a shared start differently: one game
(the imported version kept as one more copy of it, waiting for a decision)."""
_TABLE = ("game", "players", "dealer", "options")


def _text(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def course_of(mine: JSONMapping, theirs: JSONMapping) -> str:
    """How a session saved here and one imported under its id relate: the same; the one
    here the start of the imported one (it went on there); the other way round (it went on
    here); or neither (another table, or both went on differently)."""
    if any(_text(mine[key]) != _text(theirs[key]) for key in _TABLE):
        return DIVERGED
    ours, new = [_text(r) for r in mine["rounds"]], [_text(r) for r in theirs["rounds"]]
    if ours == new:
        return SAME
    if new[: len(ours)] == ours:
        return WENT_ON_THERE
    if ours[: len(new)] == new:
        return WENT_ON_HERE
    return DIVERGED


def another_version(first: JSONMapping, theirs: JSONMapping) -> str:
    """How one more entry of an id an import already brings (``first``) relates to it:
    the same; a version of the same game, waiting beside it; or another table."""
    if any(_text(first[key]) != _text(theirs[key]) for key in _TABLE):
        return DIVERGED
    return SAME if course_of(first, theirs) == SAME else WENT_ON_DIFFERENTLY


def _branch(base: str, mine: JSONMapping, theirs: JSONMapping) -> str:
    """The id the imported session ``theirs`` takes beside the session ``base`` here
    (``mine``) that went on differently: ``ids.branch_id`` of its rounds up to where the
    two part."""
    ours, new = [_text(r) for r in mine["rounds"]], [_text(r) for r in theirs["rounds"]]
    same = 0
    while same < min(len(ours), len(new)) and ours[same] == new[same]:
        same += 1
    return branch_id(base, [_text(theirs[key]) for key in _TABLE] + new[: same + 1])


def _is_branch(source_id: str, base: str, theirs: JSONMapping) -> bool:
    """Whether ``source_id`` is the id another store gave ``theirs`` as a branch of the
    session ``base`` (``_branch``): the branch's table and rounds up to some round."""
    table = [_text(theirs[key]) for key in _TABLE]
    rounds = [_text(r) for r in theirs["rounds"]]
    return any(branch_id(base, table + rounds[:end]) == source_id for end in range(len(rounds) + 1))


@dataclass
class Here:
    """What the store holds, asked only about the ids an import names."""

    store: Store
    ids: set[str]
    started: dict[tuple[str, str], list[str]]
    """Ids by game and start time: a branch kept here starts when the session it left did."""

    def saved(self, session_id: str) -> JSONObject | None:
        try:
            return self.store.saved(session_id)
        except StoreError:
            return None  # unreadable here: its id is taken, its rounds unknown

    def match(self, source_id: str, theirs: JSONObject, started: str) -> tuple[str, str]:
        """What to do with the imported session ``theirs``, and the id here it concerns."""
        if source_id in self.ids:
            mine = self.saved(source_id)
            if mine is None:
                return DIVERGED, source_id
            course = course_of(mine, theirs)
            if course == WENT_ON_THERE and self.store.waiting(source_id):
                return WENT_ON_DIFFERENTLY, source_id  # one version went on: both stay
            if course != DIVERGED:
                return course, source_id
            if all(_text(mine[key]) == _text(theirs[key]) for key in _TABLE):
                return WENT_ON_DIFFERENTLY, source_id
            branch = _branch(source_id, mine, theirs)
            if branch not in self.ids:
                return DIVERGED, branch
            kept = self.saved(branch)
            course = DIVERGED if kept is None else course_of(kept, theirs)
            return course, branch if course != DIVERGED else source_id
        # Not here by its id: it may be the branch another store keeps of a session here.
        for other in self.started.get((theirs["game"], started), []):
            mine = self.saved(other)
            course = DIVERGED if mine is None else course_of(mine, theirs)
            if mine is not None and course != DIVERGED and _is_branch(source_id, other, theirs):
                return course, other
        return DIVERGED, source_id
