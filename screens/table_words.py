"""What the table says, worked out from the session alone: how long the game has been
going, what ending it or taking back a round would do, the marks under its title and the
command that shows it on another screen. The screen lays the words where they go."""

from __future__ import annotations

import shlex
from datetime import datetime, timedelta
from pathlib import Path

from scorekeeper.game import is_end_round
from scorekeeper.session import Session
from scorekeeper.store import default_path
from scorekeeper.wording import Items, clock, elapsed, listed, short_day_and_clock, visible
from screens.format import names
from screens.widgets.hanging import told_in_turn

AN_EVENING = timedelta(hours=12)
"""A session started longer ago than this is resumed, not going: no running time."""


def since(started: datetime | None, now: datetime) -> str:
    """ " · since 19:42 · 1 h 25 min" this evening; the start day for an older one."""
    if started is None:
        return ""
    if now - started > AN_EVENING:
        return f" · started {short_day_and_clock(started)}"
    return f" · since {clock(started)} · {elapsed(started, now)}"


def ending_words(session: Session) -> Items | None:
    """Who would win if the table ended the game now, after the game's note on what ending
    does ("Pool of 9 chips shared out…"), as items a wrap keeps whole: the note's own
    (``Items``), the rest as a story (``story_items``); None where it cannot be ended now."""
    preview = session.if_ended()
    if preview is None:
        return None
    won = "wins" if len(preview.winners) == 1 else "share the win"
    detail = f"{listed(preview.winners)} {won}. u takes it back."
    note = session.game.end_note(preview.setup, preview.state)
    return told_in_turn([note, detail] if note else [detail], session.players, ".")


def last_round_words(session: Session) -> tuple[str, str]:
    """The last round as the undo question names it ("Hand 3") and what it did; the end
    round's own words where the table ended the game."""
    if is_end_round(session.rounds[-1]):
        return "The end", "The game opens again as it stood"
    game, index = session.game, len(session.rounds) - 1
    number = game.rounds_played(session.state_before(index), index) + 1
    return f"{game.round_name} {number}", session.describe(index)


def title_marks(session: Session, *, readonly: bool, waiting: bool, aside: int) -> str:
    """What stands apart about these figures, then the players under the title: a narrow
    screen cuts the names, which the grid shows, and not the marks. Short enough that
    both marks fit 80 columns beside every game's name but the score pad's: the version
    shown awaits a decision (Home's notice says how to make it), versions set aside (a)."""
    marks = [
        *(["⚠ awaits a decision"] if waiting else []),
        *([f"{aside} set aside (a)"] if aside else []),
        *(["read-only"] if readonly else []),
    ]
    return " · ".join([*marks, names(session.players)])


def board_command(store_path: Path, session_id: str) -> str:
    """How to start the live board of this session in another terminal, and served to
    phones and TVs: it runs apart from this app, read-only."""
    here = f" --db {shlex.quote(str(store_path))}" if store_path != default_path() else ""
    command = f"scorekeeper board{here} {session_id}"
    return visible(
        f"In another terminal: {command}\n"
        f"For phones and TVs on this network: {command} --serve --host 0.0.0.0, "
        "then scan the QR code it prints (or open the address it shows)",
        lines=True,
    )
