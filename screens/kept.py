"""What a round entry is, said so a person knows which one: "hand 3 of Seven Hand Rummy
(Grandma, Max, Zoe)", "the edit of deal 2 of Racehorse (…)". The table says it when it
keeps what was typed, and the app when Ctrl+Q would lose it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.wording import clipped, visible
from screens.format import names

if TYPE_CHECKING:
    from screens.rounds.base import RoundEntry


def round_words(entry: RoundEntry) -> str:
    """ "hand 3" for the next round, "the edit of hand 2" for an edit."""
    session, name = entry.session, entry.round_name.lower()
    if entry.index is None:
        return f"{name} {session.rounds_played + 1}"
    return f"the edit of {name} {session.game.rounds_played(entry.state, entry.index) + 1}"


def session_words(entry: RoundEntry) -> str:
    """ "Seven Hand Rummy (Grandma, Max, Zoe)": the game and who plays it."""
    title = visible(entry.session.game.title(entry.setup))
    return f"{title} ({clipped(names(entry.players), 40)})"


def entry_words(entry: RoundEntry) -> str:
    return f"{round_words(entry)} of {session_words(entry)}"
