"""The rules with their worked examples (docs/rules.md), opened from the help at the
current game's section, with the contents beside them to go to any other."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Header, Markdown, MarkdownViewer, Static

from scorekeeper.game import Game
from scorekeeper.handbook import rules_text
from screens.widgets.footer import Footer

MISSING = (
    "The rules file (rules.md) is not installed with this copy of scorekeeper: "
    "F1 still shows each game's summary."
)


def go_to_section(document: Markdown, heading: str) -> bool:
    """Scroll to the heading that reads ``heading`` (a game's name); False if none does.
    By its text, not by a link's anchor: the viewer makes an anchor of its own from a
    heading, keeping a dash a link drops ("Score pad — any other game")."""
    for _level, title, block_id in document.table_of_contents:
        if title == heading and block_id:
            document.query_one(f"#{block_id}").scroll_visible(top=True)
            return True
    return False


class RulesScreen(Screen[None]):
    CSS_PATH = "rules.tcss"
    BINDINGS = [
        Binding("escape", "close", "Back", id="back", tooltip="Back to the help"),
        Binding("t", "contents", "Contents", id="contents", tooltip="Show or hide the contents"),
    ]

    def __init__(self, game: Game | None) -> None:
        super().__init__()
        self.game = game
        self.text = rules_text()

    def compose(self) -> ComposeResult:
        yield Header()
        if self.text is None:
            yield Static(MISSING, id="no-rules")
        else:
            yield MarkdownViewer(self.text, show_table_of_contents=True, open_links=False)
        yield Footer()

    async def on_mount(self) -> None:
        self.title = "Rules with worked examples"
        self.sub_title = self.game.name if self.game else ""
        if self.text is None:
            return
        viewer = self.query_one(MarkdownViewer)
        viewer.document.focus()
        if self.game is not None:
            self.call_after_refresh(go_to_section, viewer.document, self.game.name)

    def action_contents(self) -> None:
        if self.text is not None:
            viewer = self.query_one(MarkdownViewer)
            viewer.show_table_of_contents = not viewer.show_table_of_contents

    def action_close(self) -> None:
        self.app.pop_screen()
