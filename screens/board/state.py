"""The served board's state: what every page shows, worked out once per change and sent
to every page as the same JSON text.

It is the big board's content, from the session's view (``lines``): whose deal and the
hand, each player's place, name, marks and figure, the game's own lines (the pool, what
ends it), the last round, and the corrections since the last round recorded, so a page
that opens after an undo or an edit still reads what changed, after a restart of the
server too (``kept_notes``). Text from outside (names, a session's fields, a path) is made
``visible`` here; the page only sets it as text.
"""

from __future__ import annotations

import json

from scorekeeper.checks import JSONObject
from scorekeeper.money import MINUS
from scorekeeper.wording import visible
from screens.board.follow import Follower, Following, View, Waiting, corrections
from screens.board.kept_notes import Kept, keep, read_kept
from screens.board.lines import last_round, standings_of, status_line

MAX_NOTES = 4
"""Corrections kept on the board at once: the latest, until the next round is recorded."""


def game_state(view: Following, notes: list[str]) -> JSONObject:
    session = view.session
    return {
        "title": visible(session.game.title(session.setup)),
        "status": visible(status_line(session)),
        "over": session.finished,
        "players": [
            {
                "place": row.place,
                "name": visible(row.name),
                # The terminal's big digits draw an ASCII minus; a page has the real one,
                # as its notes do.
                "figure": visible(row.figure.replace("-", MINUS)),
                "aside": visible(row.aside),
                "leads": row.leads,
                "deals": row.deals,
                "first": row.first,
            }
            for row in standings_of(session)
        ],
        "lines": [
            [visible(label), visible(value)]
            for label, value in session.game.panel(session.setup, session.state)
        ],
        "last": visible(last_round(session)),
        "notes": [visible(note) for note in notes],
    }


def waiting_state(view: Waiting) -> JSONObject:
    return {
        "title": "Scorekeeper board",
        "waiting": {"title": visible(view.title), "message": visible(view.message)},
    }


class BoardState:
    """The board for one store as the pages see it, and its version (one a change)."""

    def __init__(self, follower: Follower, *, keeps_notes: bool = False) -> None:
        """``keeps_notes``: what the board says is read back first from what ``keep``
        kept on this laptop, so the corrections outlast a restart (the served board)."""
        self.follower = follower
        kept = read_kept(follower.path) if keeps_notes else None
        self.unkept: Kept | None = None
        """What the board shows now, until ``keep`` has kept it."""
        self.view: View | None = None if kept is None else Following(kept.session_id, kept.session)
        self.notes: list[str] = [] if kept is None else kept.notes[-MAX_NOTES:]
        self.version = 0
        self.encoded = json.dumps(
            waiting_state(Waiting("Opening the scores", "The board is reading the store."))
        )

    def look(self) -> bool:
        """Look at the store (in a worker thread: a session may take a moment to read);
        whether the board changed."""
        view = self.follower.poll()
        if view is None:
            return False
        notes = self.notes_after(self.view, view)
        if isinstance(view, Following):
            self.unkept = Kept(view.session_id, view.session, notes)
        self.notes = notes
        self.view = view
        state = game_state(view, self.notes) if isinstance(view, Following) else waiting_state(view)
        encoded = json.dumps(state, ensure_ascii=False, separators=(",", ":"))
        if encoded == self.encoded:
            return False
        self.encoded = encoded
        self.version += 1
        return True

    def keep(self) -> None:
        """Keep what the board shows now on this laptop, for a start after this one (in a
        worker thread, once the pages have it: it is written durably)."""
        if self.unkept is not None:
            keep(self.follower.path, self.unkept)
            self.unkept = None

    def notes_after(self, shown: View | None, view: View) -> list[str]:
        """The corrections to say now: an undo or an edit adds its words; a round recorded
        or another session clears them."""
        if not (
            isinstance(view, Following)
            and isinstance(shown, Following)
            and view.session_id == shown.session_id
        ):
            return []
        said = corrections(shown.session, view.session)
        if said:
            return [*self.notes, *said][-MAX_NOTES:]
        if len(view.session.rounds) > len(shown.session.rounds):
            return []
        return self.notes
