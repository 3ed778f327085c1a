"""The big board: the table's standings in big digits, for everyone around it to read.

Opened with ``b`` from the table; the same ``Standings`` the live board app shows.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Header

from scorekeeper.game import Game
from scorekeeper.session import Session
from scorekeeper.wording import visible
from screens.board.standings import Standings
from screens.widgets.footer import Footer


class BigBoardScreen(Screen[None]):
    BINDINGS = [
        Binding(
            "escape,b",
            "back",
            "Table",
            id="back",
            tooltip="Back to the score grid",
            priority=True,  # the keys typed after it in one burst reach the table
        ),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    @property
    def game(self) -> Game:
        return self.session.game

    def compose(self) -> ComposeResult:
        yield Header()
        yield Standings(id="standings")
        yield Footer()

    def on_mount(self) -> None:
        self.title = visible(self.game.title(self.session.setup))
        self.sub_title = "big board"
        self.query_one(Standings).show(self.session)

    def action_back(self) -> None:
        self.app.pop_screen()
