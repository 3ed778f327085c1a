"""Help: the current game's rules (the engine's own text) and the keys that work here."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from scorekeeper.game import Game
from screens.format import amount, flush_right, padded, plain, widest
from screens.widgets.hanging import HangingLines, parts_of

GENERAL_KEYS = (
    ("Ctrl+P", "command palette: every action by name"),
    ("Ctrl+T", "light / dark theme"),
    ("F1 or ?", "this help"),
    ("Ctrl+Q", "quit (every round is already saved)"),
)


def currency_key() -> tuple[str, str]:
    """F2 with how money reads now: where a new table looks for its currency."""
    now = amount(123450, "money")
    return ("F2", f"currency, now {now}: $, €, £, kr or none, point or comma")


Pairs = Sequence[tuple[str, str]]
"""Lines of a section as (name, what it is): two columns, the names lined up."""


def two_columns(
    pairs: Pairs, *, right: bool = False, id: str | None = None, classes: str = "section"
) -> HangingLines:
    """``pairs`` with the names padded to one width (by cells: 山田 takes four), flush
    ``right`` or left; a line too long for the box goes on under its own words, not
    back under the names."""
    width = widest(name for name, _ in pairs)
    line_up = flush_right if right else padded
    lines: list[tuple[str, ...]] = []
    for name, what in pairs:
        first, *rest = parts_of(what)  # a ``what`` said as ``Items`` breaks between them
        lines.append((f"{line_up(name, width)}  {first}", *rest))
    return HangingLines(lines, column=width + 2, id=id, classes=classes)


RULES_KEY = "g"
"""The full rules: a key no screen behind the help uses (the table's r records a round,
the nights' r renames), so a key listed in the help means one thing."""
FULL_RULES = f"\n\n{RULES_KEY}: every rule of this game, with worked examples."


def reflow(rules: str) -> str:
    """The engine's rules text is wrapped for a wide terminal: join a line to the one
    before unless that one ends a sentence, so the box can wrap it to its own width."""
    lines: list[str] = []
    for line in rules.splitlines():
        if lines and lines[-1] and not lines[-1].endswith((".", ":", "!", "?")):
            lines[-1] += " " + line.strip()
        else:
            lines.append(line.strip())
    return "\n".join(lines)


class HelpScreen(ModalScreen[None]):
    CSS_PATH = "help.tcss"
    BINDINGS = [
        # Priority: the keys typed after the one closing the help reach the screen behind.
        Binding("escape,enter,q,question_mark,f1", "close", "Close", priority=True),
        Binding(
            RULES_KEY, "rules", "Rules", tooltip="Every rule with worked examples", priority=True
        ),
    ]

    def __init__(
        self,
        game: Game | None,
        keys: Sequence[tuple[str, str]],
        story: str = "",
        *,
        title: str = "",
        first: Sequence[tuple[str, str | Pairs]] = (),
    ) -> None:
        """``story`` is the round highlighted on the table, in the game's words (as
        ``Items``, broken only between them); ``first`` are sections (heading, its text
        or its lines as ``Pairs``) shown before the rules (a round entry's fields)."""
        super().__init__()
        self.game = game
        self.keys = [*keys, currency_key(), *GENERAL_KEYS]
        self.story = story
        self.first = first
        self.title_text = title or (
            f"{game.name} — rules and keys" if game else "Scorekeeper — keys"
        )

    def compose(self) -> ComposeResult:
        with Vertical(id="help"):
            yield Static(plain(self.title_text), id="help-title")
            with VerticalScroll(id="help-body"):
                for heading, text in self.first:
                    yield Static(plain(heading), classes="heading")
                    if isinstance(text, str):
                        yield Static(plain(text, lines=True), classes="section")
                    else:
                        yield two_columns(text)
                if self.first:
                    yield Static("Keys", classes="heading")
                    yield two_columns(self.keys, right=True, id="keys")
                if self.story:
                    yield Static("The highlighted round", classes="heading")
                    yield HangingLines([self.story], id="story")
                if self.game is not None:
                    yield Static(
                        plain(reflow(self.game.rules) + FULL_RULES, lines=True), id="rules"
                    )
                if not self.first:
                    yield Static("Keys", classes="heading")
                    yield two_columns(self.keys, right=True, id="keys", classes="")
            yield Static(f"{RULES_KEY} full rules · Esc to close · ↑↓ to scroll", id="help-keys")

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_rules(self) -> None:
        """The full rules, at this game's section (docs/rules.md, installed with the app)."""
        from screens.rules import RulesScreen  # Markdown and its parser: loaded when first asked

        self.app.push_screen(RulesScreen(self.game))
