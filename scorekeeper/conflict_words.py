"""A session that went on differently, in lines: its versions side by side, as the
``conflicts`` command prints them and the decision dialog shows them; and the versions a
decision set aside, each with the command that brings it back."""

from __future__ import annotations

from scorekeeper.store import conflicts
from scorekeeper.store.conflicts import Conflict, Side
from scorekeeper.store.merge import Merged, parted
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


def aside_lines(session_id: str, merged: Merged) -> list[str]:
    """Each version a decision set aside: what it holds after it parted from the version
    shown (its rounds, the laptop they were recorded on, the balances it gives), and the
    command that brings it back, so nobody guesses which one it is."""
    lines = []
    for number, version in enumerate(merged.aside, 1):
        start = parted([merged.shown, version])
        found = conflicts.side(merged, version, start)
        where = " and ".join(found.laptops) or "no laptop"
        lines.append(
            f"Session {session_id}, set aside {number}: {plural(found.rounds, 'round')}, "
            f"{plural(len(found.added), 'more round')} on {where} after round {start}"
        )
        if found.problem is not None:
            lines.append(f"  its rounds do not replay: {found.problem}")
        for added in found.added:
            at = f" at {clock(added.at)}" if added.at is not None else ""
            lines.append(f"  round {added.number}: {added.words} (on {added.laptop}{at})")
        if found.problem is None:
            lines.append(f"  balances: {found.balances}")
        lines.append(
            f"  bring it back: scorekeeper conflicts --keep back --version {number} {session_id}"
        )
    return [visible(line) for line in lines]
