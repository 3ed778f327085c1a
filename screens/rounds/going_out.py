"""Entries for games where one player goes out and the others count what they hold.

Hot Rum and Seven Hand share this shape: pick who went out, then type each other
player's cards (``K 9 A``), their count shown live by the game's own function, or the
count itself (``30``): the game's ``held_typed`` sorts one from the other, so each player
is typed either way, every hand, with no switch to set. Each player's row owns both error
fields (``cards.Bob`` and ``points.Bob``), so an error lands on it whichever way it was
typed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.widgets import Input

from scorekeeper import checks
from scorekeeper.checks import held_typed
from scorekeeper.errors import RuleError
from screens.rounds.base import RoundEntry
from screens.widgets.choice import Choice
from screens.widgets.field_row import FieldRow
from screens.widgets.text_input import TextInput

CARDS = "cards"


class GoingOutEntry(RoundEntry):
    """Subclasses name the count field and give the game's card-counting function."""

    count_key: ClassVar[str]
    count_label: ClassVar[str]
    count_cards: ClassVar[Callable[[str, str], int]]

    def placeholder(self) -> str:
        return f"K 9 A, or 30 {self.count_label}"

    def compose_fields(self) -> ComposeResult:
        yield FieldRow("out", "Went out", self.player_choice())
        for name in self.players:
            yield FieldRow(
                f"{CARDS}.{name}",
                name,
                TextInput(placeholder=self.placeholder()),
                also=(f"{self.count_key}.{name}",),
            )
        yield from self.compose_extras()

    def compose_extras(self) -> ComposeResult:
        """Rows after the players' (a rummy flag, rummy calls)."""
        yield from ()

    def read_held(self) -> tuple[str, dict[str, dict[str, Any]]]:
        """Who went out, and what each other player held, as the round takes it: the
        cards typed under ``cards``, the counts typed under the game's count key."""
        out = self.picked("out")
        typed: dict[str, str] = {}
        for name in self.players:
            if name == out:
                continue
            path = f"{CARDS}.{name}"
            if not self.text(path):
                # A forgotten row must not pass as "held nothing": that is money.
                raise RuleError(path, f"type the cards {name} held, or their {self.count_label}")
            typed[name] = self.text(path)
        return out, held_typed(typed, self.count_key)

    def fill(self, round_: checks.Round) -> None:
        self.put("out", round_["out"])
        for way in (CARDS, self.count_key):
            for name, value in checks.as_mapping(round_.get(way, {}), way).items():
                self.put(f"{CARDS}.{name}", value)
        self.fill_extras(round_)

    def fill_extras(self, round_: checks.Round) -> None:
        """Put back what the game's ``read`` read besides the cards held."""

    def preview(self) -> None:
        out = self.control("out", Choice).value
        for name in self.players:
            path = f"{CARDS}.{name}"
            control = self.control(path, Input)
            control.disabled = name == out
            if name == out:
                self.note(path, "went out")
                continue
            self.note(path, self.count_note(control.value, path))

    def count_note(self, text: str, path: str) -> str:
        """``= 45`` for card text, ``30 points`` for a count, as the game reads them."""
        if not text.strip():
            return ""
        held = held_typed({"": text}, self.count_key)
        if self.count_key in held:
            return f"{held[self.count_key]['']} {self.count_label}"
        try:
            return f"= {type(self).count_cards(text, path)}"
        except RuleError as error:
            return error.message
