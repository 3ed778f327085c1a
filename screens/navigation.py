"""How a screen moves to another of the app's places without importing it: through the app.

The app (``screens/app.py``) is the one module that knows every screen; a screen asks it,
through this protocol, to open the table, New session, the statistics or the game nights.
So no screen imports a screen that may import it back. A screen still opens its own
dialogs (confirm, problem, settle-up, chart, big board), which import no screen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple, Protocol, runtime_checkable

from textual.app import App

if TYPE_CHECKING:
    from screens.rounds.drafts import Draft

DraftKey = tuple[str, int | None, int]
"""A round entry's draft belongs to one table (session id), one round (None: the next)
and the rounds recorded when it was kept."""


class Again(NamedTuple):
    """What "same players again" carries from a table into New session."""

    game_id: str
    players: Sequence[str]
    dealer: str
    options: Mapping[str, int | bool | str] = MappingProxyType({})


@runtime_checkable
class Places(Protocol):
    """What the app offers the screens. Each opener raises the store's ``StoreError`` if
    what it opens cannot be read, so the screen asking can say so."""

    drafts: dict[DraftKey, Draft]
    draft_names: dict[DraftKey, str]
    """What each draft was typed for ("the edit of deal 2 of Racehorse (…)")."""

    def open_table(self, session_id: str, started: datetime | None) -> None:
        """The table of a stored session, over the current screen."""

    def start_table(self, session_id: str) -> None:
        """The table of a session just started, in place of the current screen."""

    def open_new_session(self, again: Again | None = None) -> None:
        """New session, filled in from ``again`` if given."""

    def open_stats(self) -> None:
        """The statistics over every stored session."""

    def open_nights(self) -> None:
        """The game nights."""


def places(app: App[object]) -> Places:
    """``app`` as the screens move through it."""
    if not isinstance(app, Places):
        raise TypeError(f"{type(app).__name__} does not offer the app's places")
    return app
