"""What the board says, worked out from the session's view alone (no Textual): each
player's line in order of standing, where the game stands, the last round.

The terminal's standings (``standings.py``) lay these out in cells; the served board
(``state.py``) sends them to every page as they are.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.game import is_end_round
from scorekeeper.money import MINUS
from scorekeeper.session import Session
from scorekeeper.wording import listed, plural, visible

DEALS = "●"
LEADS = "★"
FIRST = "▸"


@dataclass(frozen=True)
class Standing:
    """One player's line on the board."""

    place: int
    name: str
    figure: str
    """The big figure, as the session's view words it (sign as Digits draws it)."""
    aside: str
    """A second, small figure: the money beside a points total once any moved; else ""."""
    leads: bool
    deals: bool
    first: bool


def digits_text(figure: str) -> str:
    """``amount`` text as ``Digits`` draws it: its minus sign is the ASCII one."""
    return figure.replace(MINUS, "-")


def standings_of(session: Session) -> list[Standing]:
    """Every player in order of standing, as the session's view places them."""
    first = session.game.first_player(session.setup, session.state)
    going = not session.finished
    return [
        Standing(
            place=row.place,
            name=row.name,
            figure=digits_text(row.figure),
            aside=row.aside,
            leads=row.leads,
            deals=going and row.name == session.dealer,
            first=going and row.name == first,
        )
        for row in session.figures().standings()
    ]


def status_line(session: Session) -> str:
    """Where the game stands, as the table's status line says it."""
    game = session.game
    played = session.rounds_played
    if session.finished:
        won = "won" if len(session.winners) == 1 else "share the win"
        winners = listed([visible(name) for name in session.winners])
        return f"Game over after {plural(played, game.round_name.lower())} · {winners} {won}"
    parts = [f"{game.round_name} {played + 1}", f"{DEALS} {visible(session.dealer)} deals"]
    first = game.first_player(session.setup, session.state)
    if first is not None:
        parts.append(f"{visible(first)} {game.first_to_act} first")
    return " · ".join(parts)


def last_round(session: Session) -> str:
    """The last round in one line, "" before the first: its number, what happened in the
    game's words (``Game.describe``, as the table says it) and each player's change."""
    if not session.rounds:
        return ""
    index = len(session.rounds) - 1
    moves = session.figures().change(index).moves
    changes = ", ".join(f"{name} {change}" for name, change in moves) or "no change"
    what = session.describe(index)
    if is_end_round(session.rounds[index]):
        return f"Last: {what} · {changes}"  # the end is no deal of its own
    number = max(session.rounds_played, 1)
    return f"Last: {session.game.round_name} {number} · {what} · {changes}"
