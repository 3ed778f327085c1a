"""Entries for games where one player goes out and the others count what they hold.

Hot Rum and Seven Hand share this shape: pick who went out, then type each other
player's cards (``K 9 A``) with their count shown live by the game's own function, or
switch to typing the counts. Each player's row owns both error fields (``cards.Bob``
and ``points.Bob``), so an error lands on it whichever way it was typed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.widgets import Input

from scorekeeper import checks
from scorekeeper.errors import RuleError
from screens.rounds.base import RoundEntry
from screens.widgets.choice import Choice
from screens.widgets.fields import FieldRow, ValueChanged
from screens.widgets.text_input import TextInput

CARDS = "cards"


class GoingOutEntry(RoundEntry):
    """Subclasses name the count field and give the game's card-counting function."""

    count_key: ClassVar[str]
    count_label: ClassVar[str]
    count_cards: ClassVar[Callable[[str, str], int]]

    def compose_fields(self) -> ComposeResult:
        yield FieldRow("out", "Went out", self.player_choice())
        for name in self.players:
            yield FieldRow(
                f"{CARDS}.{name}",
                name,
                TextInput(placeholder="cards held, e.g. K 9 A"),
                also=(f"{self.count_key}.{name}",),
            )
        # Each hand starts with cards: a count typed for one hand is that hand's choice.
        by = Choice([("cards", CARDS), (self.count_label, self.count_key)], value=CARDS)
        yield FieldRow("by", "Typed as", by, f"c: card text · {self.count_label[0]}: numbers")
        yield from self.compose_extras()

    def compose_extras(self) -> ComposeResult:
        """Rows after the players' (a rummy flag, rummy calls)."""
        yield from ()

    def read_held(self) -> tuple[str, dict[str, str] | None, dict[str, int] | None]:
        """Who went out, and what each other player held: as the cards typed, or else as
        the counts typed (the other is None). Each game's ``read`` puts them in its round."""
        out = self.picked("out")
        by_cards = self.picked("by") == CARDS
        cards: dict[str, str] = {}
        counts: dict[str, int] = {}
        for name in self.players:
            if name == out:
                continue
            path = f"{CARDS}.{name}"
            if by_cards and not self.text(path):
                # A forgotten row must not pass as "held nothing": that is money.
                raise RuleError(path, f"type the cards {name} held")
            if by_cards:
                cards[name] = self.text(path)
            else:
                counts[name] = self.count(path)
        return (out, cards, None) if by_cards else (out, None, counts)

    def count(self, path: str) -> int:
        """A count typed as a number; cards typed here instead are told how to switch."""
        try:
            return self.whole(path)
        except RuleError as error:
            switch = "to type cards, press c at Typed as, below the players"
            raise RuleError(path, f"{error.message}; {switch}") from None

    def fill(self, round_: checks.Round) -> None:
        self.put("out", round_["out"])
        way = CARDS if CARDS in round_ else self.count_key
        self.put("by", way)
        for name, value in checks.as_mapping(round_[way], way).items():
            self.put(f"{CARDS}.{name}", value)
        self.fill_extras(round_)

    def fill_extras(self, round_: checks.Round) -> None:
        """Put back what the game's ``read`` read besides the cards held."""

    @on(ValueChanged)
    def way_changed(self, event: ValueChanged) -> None:
        """Switching between cards and counts takes away every player's error: each was
        about text read the other way."""
        if event.control is self.control("by", Choice):
            for name in self.players:
                self.row(f"{CARDS}.{name}").clear_error()

    def preview(self) -> None:
        out = self.control("out", Choice).value
        by_cards = self.control("by", Choice).value == CARDS
        for name in self.players:
            path = f"{CARDS}.{name}"
            control = self.control(path, Input)
            control.disabled = name == out
            control.placeholder = "cards held, e.g. K 9 A" if by_cards else self.count_label
            if name == out:
                control.placeholder = ""
                self.note(path, "went out")
                continue
            self.note(path, self.count_note(control.value, path) if by_cards else "")

    def count_note(self, text: str, path: str) -> str:
        if not text.strip():
            return ""
        try:
            return f"= {type(self).count_cards(text, path)}"
        except RuleError as error:
            return error.message
