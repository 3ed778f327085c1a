"""The rules with their worked examples (docs/rules.md), opened from the help at the
current game's section, with the contents beside them to go to any other.

One section is shown at a time: the whole file is some 350 blocks, which took over a
second to lay out and style before anything showed; a game's section is a tenth to a
quarter of that. A link to another section (the file's own contents, "see At every
table") shows that section."""

from __future__ import annotations

import re
from typing import NamedTuple

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Header, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from scorekeeper.game import Game
from scorekeeper.handbook import rules_text
from screens.widgets.footer import Footer

MISSING = (
    "The rules file (rules.md) is not installed with this copy of scorekeeper: "
    "F1 still shows each game's summary."
)
CONTENTS = "Contents"
"""The file's own list of its sections: kept with the introduction it closes."""


class Section(NamedTuple):
    title: str
    text: str


def sections(text: str) -> list[Section]:
    """The file cut before each second-level heading. What comes before the first (the
    title and the introduction) is a section named by the title."""
    first, *rest = re.split(r"^(?=## )", text, flags=re.MULTILINE)
    title = next((line[2:].strip() for line in first.splitlines() if line[:2] == "# "), "")
    found = [Section(title or "Rules", first)] if first.strip() else []
    for part in rest:
        heading = part.splitlines()[0][3:].strip()
        if heading == CONTENTS and len(found) == 1:
            found[0] = Section(found[0].title, found[0].text + part)
        else:
            found.append(Section(heading, part))
    return found


def anchor(title: str) -> str:
    """A heading's anchor as links in the file write it (GitHub's): lower case, spaces
    as dashes, anything but letters, digits, dashes and spaces dropped."""
    kept = "".join(each for each in title.lower() if each.isalnum() or each in " -_")
    return kept.replace(" ", "-")


class RulesScreen(Screen[None]):
    CSS_PATH = "rules.tcss"
    BINDINGS = [
        Binding("escape", "close", "Back", id="back", tooltip="Back to the help"),
        Binding("t", "contents", "Contents", id="contents", tooltip="Show or hide the contents"),
    ]

    def __init__(self, game: Game | None) -> None:
        super().__init__()
        self.game = game
        text = rules_text()
        self.sections = [] if text is None else sections(text)
        titles = [section.title for section in self.sections]
        self.shown = titles.index(game.name) if game is not None and game.name in titles else 0

    def compose(self) -> ComposeResult:
        yield Header()
        if not self.sections:
            yield Static(MISSING, id="no-rules")
        else:
            with Horizontal(id="rules"):
                yield OptionList(
                    *(Option(Content(each.title)) for each in self.sections), id="contents"
                )
                with VerticalScroll(id="section"):
                    yield Markdown(self.sections[self.shown].text, open_links=False)
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Rules with worked examples"
        self.sub_title = self.game.name if self.game else ""
        if self.sections:
            self.query_one(OptionList).highlighted = self.shown
            self.query_one("#section").focus()

    async def show(self, index: int) -> None:
        """Section ``index`` in place of the one shown, from its top."""
        self.shown = index
        self.query_one(OptionList).highlighted = index
        await self.query_one(Markdown).update(self.sections[index].text)
        self.query_one("#section").scroll_home(animate=False)

    @on(OptionList.OptionSelected)
    async def chosen(self, event: OptionList.OptionSelected) -> None:
        await self.show(event.option_index)
        self.query_one("#section").focus()

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        """Left without a choice, the contents point at the section shown again."""
        if isinstance(event.widget, OptionList):
            event.widget.highlighted = self.shown

    @on(Markdown.LinkClicked)
    async def followed(self, event: Markdown.LinkClicked) -> None:
        """A link to a section shows it; one to anything else (a web page) is left be:
        the rules open nothing outside the app."""
        target = event.href.partition("#")[2]
        anchors = [anchor(section.title) for section in self.sections]
        if target in anchors:
            await self.show(anchors.index(target))

    def action_contents(self) -> None:
        if self.sections:
            contents = self.query_one(OptionList)
            contents.display = not contents.display
            if not contents.display:
                self.query_one("#section").focus()

    def action_close(self) -> None:
        self.app.pop_screen()
