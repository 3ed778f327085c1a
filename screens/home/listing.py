"""How Home lays out its list of sessions: the columns for the screen's width, the leader's
widened to what the others leave, and the line under the list that counts them. Home
(``screen.py``) fills the list with the sessions that match the filter typed, the most
recent first, and shows the highlighted one's options in full under it."""

from __future__ import annotations

from scorekeeper.wording import plural
from screens.format import widest
from screens.widgets.grid import PADDING, Column

SHOWN = 200
COLUMNS = (
    Column(["Game"], "left", limit=24),
    Column(["Players"], "left", limit=16),
    Column(["Started"], "left"),
    Column(["Rds"]),
    Column(["Leader"], "left", limit=8),
    Column([""], "left"),
)
LEADER = 4
"""Where the leader's column is in ``COLUMNS``."""


def columns_for(width: int) -> tuple[Column, ...]:
    """``COLUMNS`` as they are at 80 cells; a wider screen gives its extra cells to the
    players (half), the game and the leader (a tie's names), so it uses its width."""
    extra = max(0, width - 80)
    game, players = extra // 4, extra // 2
    leader = extra - game - players
    widened = {0: game, 1: players, LEADER: leader}
    return tuple(
        column._replace(limit=(column.limit or 0) + widened[at]) if at in widened else column
        for at, column in enumerate(COLUMNS)
    )


def leader_widened(
    columns: tuple[Column, ...], rows: list[list[str]], room: int
) -> tuple[Column, ...]:
    """``columns`` with the leader's taking what the others leave of ``room`` cells (a
    tie named, "tie: Zoe, Max", a long name whole), never less than its own limit."""
    used = 2 * PADDING
    for at, column in enumerate(columns):
        if at != LEADER:
            natural = widest([*column.heading, *(row[at] for row in rows)])
            used += min(natural, column.limit or natural) + 2 * PADDING
    leader = columns[LEADER]
    widened = leader._replace(limit=max(leader.limit or 0, room - used))
    return (*columns[:LEADER], widened, *columns[LEADER + 1 :])


def count_said(listed: int, total: int, reading: bool, matching: int, filtered: bool) -> str:
    """The line under the list: how many sessions there are, how many of them are read so
    far (``listed`` of ``total``) or match the filter (``matching``)."""
    if reading:
        return f"{plural(listed, 'session')} so far; reading the rest…"
    if total > listed:
        return f"The {listed} most recent of {total:,} sessions; reading the rest…"
    if matching > SHOWN:
        return f"Showing the {SHOWN} most recent of {matching:,}: type to narrow."
    if filtered:
        return f"{matching:,} of {listed:,} sessions match."
    return f"{plural(listed, 'session')}."
