"""What was typed in a round entry at one table and closed with Esc, kept for the next time
that entry opens: the next round, or the edit of a round, while the same rounds stand.

The drafts live in the app (``Places.drafts``), so one outlives leaving the table; this
part is the table's view of them. A draft is keyed by the rounds recorded when it was
kept, so a round that arrives or is undone meanwhile leaves it behind rather than
opening it over another round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from screens.navigation import DraftKey, Places

if TYPE_CHECKING:
    from textual.app import App

    from screens.rounds.drafts import Draft

APART: tuple[dict[DraftKey, Draft], dict[DraftKey, str]] = ({}, {})
"""Where an app that keeps no drafts of its own (a test's host) keeps them."""


class KeptDrafts:
    """One table's drafts: what each entry kept, and what it was typed for."""

    def __init__(self, app: App[Any], session_id: str) -> None:
        self.drafts, self.named = (
            (app.drafts, app.draft_names) if isinstance(app, Places) else APART
        )
        self.session_id = session_id

    def key(self, index: int | None, recorded: int) -> DraftKey:
        """The entry of the next round (``index`` None) or of round ``index``'s edit, with
        ``recorded`` rounds recorded."""
        return (self.session_id, index, recorded)

    def take(self, index: int | None, recorded: int) -> Draft | None:
        """The draft of that entry, given back to it: no longer kept."""
        key = self.key(index, recorded)
        self.named.pop(key, None)
        return self.drafts.pop(key, None)

    def keep(self, index: int | None, recorded: int, draft: Draft, words: str) -> None:
        """Keep what an entry closed with; ``words`` say what it was typed for."""
        key = self.key(index, recorded)
        self.drafts[key], self.named[key] = draft, words

    def edits(self, recorded: int) -> list[int]:
        """The rounds whose edit was closed with Esc, kept as typed, while ``recorded``
        rounds stand."""
        return [
            key[1]
            for key in self.drafts
            if key[1] is not None and key == self.key(key[1], recorded)
        ]

    def words(self, index: int, recorded: int) -> str:
        """What the edit of round ``index`` was kept as ("the edit of deal 2 of …")."""
        return self.named.get(self.key(index, recorded), "an edit")
