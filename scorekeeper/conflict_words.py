"""A session that went on differently, in lines: its versions side by side, as the
``conflicts`` command prints them and the decision dialog shows them."""

from __future__ import annotations

from scorekeeper.store.conflicts import Conflict, Side
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
