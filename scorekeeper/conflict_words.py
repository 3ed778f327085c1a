"""A session that went on differently, in lines: its versions side by side, as the
``conflicts`` command prints them and the decision dialog shows them; and the versions a
decision set aside, each by what it holds, as ``conflicts --aside`` lists them and the
table's list of them shows them, and brought back by that."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.store import Store, StoreError, conflicts
from scorekeeper.store.conflicts import Conflict, Side
from scorekeeper.store.merge import Merged, Version, parted, same
from scorekeeper.store.resolve import BACK, resolve
from scorekeeper.wording import clock, plural, visible


def side_lines(number: int, side: Side) -> list[str]:
    """One version: what it holds, each round it added after they parted (who recorded it
    on which laptop), and the balances it gives."""
    shown = " (shown now)" if number == 1 else ""
    where = " and ".join(side.laptops) or "no laptop"
    lines = [
        f"Version {number}{shown}: {plural(side.rounds, 'round')}, "
        f"{plural(len(side.added), 'more round')} on {where}"
    ]
    if side.problem is not None:
        return [*lines, f"  its rounds do not replay: {side.problem}"]
    for added in side.added:
        at = f" at {clock(added.at)}" if added.at is not None else ""
        lines.append(f"  round {added.number}: {added.words} (on {added.laptop}{at})")
    lines.append(f"  balances: {side.balances}")
    return lines


def conflict_lines(conflict: Conflict) -> list[str]:
    """The session, then each version; every line drawn, never obeyed (``visible``)."""
    lines = [f"{conflict.words()}."]
    for number, side in enumerate(conflict.sides(), 1):
        lines.extend(side_lines(number, side))
    return [visible(line) for line in lines]


@dataclass(frozen=True)
class Aside:
    """A version a decision set aside, as the table finds it again: by what it holds."""

    number: int
    """Its place among the versions set aside (``conflicts --keep back --version``)."""
    version: Version
    holds: str
    """ "3 rounds, 2 more rounds on Bob's laptop after round 1": names as stored, to be
    drawn (``visible``), never obeyed."""
    lines: tuple[str, ...]
    """Each round it added after it parted (who, on which laptop, when), then the
    balances it gives (or why its rounds do not replay); to be drawn as ``holds``."""


def set_aside(merged: Merged) -> list[Aside]:
    """Each version a decision set aside: what it holds after it parted from the version
    shown (its rounds, the laptop they were recorded on, the balances it gives)."""
    found = []
    for number, version in enumerate(merged.aside, 1):
        start = parted([merged.shown, version])
        side = conflicts.side(merged, version, start)
        where = " and ".join(side.laptops) or "no laptop"
        holds = (
            f"{plural(side.rounds, 'round')}, "
            f"{plural(len(side.added), 'more round')} on {where} after round {start}"
        )
        lines = [f"its rounds do not replay: {side.problem}"] if side.problem else []
        for added in side.added:
            at = f" at {clock(added.at)}" if added.at is not None else ""
            lines.append(f"round {added.number}: {added.words} (on {added.laptop}{at})")
        if side.problem is None:
            lines.append(f"balances: {side.balances}")
        found.append(Aside(number, version, holds, tuple(lines)))
    return found


def aside_lines(session_id: str, merged: Merged) -> list[str]:
    """Each version a decision set aside (``set_aside``) and the command that brings it
    back, so nobody guesses which one it is."""
    lines = []
    for aside in set_aside(merged):
        lines.append(f"Session {session_id}, set aside {aside.number}: {aside.holds}")
        lines.extend(f"  {line}" for line in aside.lines)
        lines.append(
            f"  bring it back: scorekeeper conflicts --keep back --version {aside.number} "
            f"{session_id}"
        )
    return [visible(line) for line in lines]


def bring_back(store: Store, session_id: str, aside: Aside) -> str:
    """Bring back the version ``aside`` lists, as ``conflicts --keep back`` does, found
    again by what it holds: another laptop may have changed the list since it was shown.
    Returns what happened, in a sentence; ``StoreError`` if it cannot be done."""
    store.refresh()
    now = store.gathered(session_id).merged.aside
    number = next((n for n, version in enumerate(now, 1) if same(version, aside.version)), 0)
    if not number:
        raise StoreError(
            f"Session {session_id}: that version is no longer set aside (brought back, "
            "perhaps on another laptop). Nothing was changed.",
            store.path,
        )
    resolve(store, session_id, BACK, number)
    return (
        f"Set aside {aside.number} is the game again: {aside.holds}. The version shown "
        "before is set aside in its place, readable."
    )
