"""Hot Rum round entry: who went out, a rummy or not, and everyone else's unmatched cards."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Checkbox

from scorekeeper import checks
from scorekeeper.games.hot_rum import Hand, deadwood_points
from screens.rounds.going_out import GoingOutEntry
from screens.widgets.field_row import FieldRow, Tick


class HotRumEntry(GoingOutEntry):
    game_id = "hot-rum"
    example = (
        "Bob goes out; Ann holds K 9, Cy 15 pips:\n"
        "b ↓ K 9 ↓ 15 Enter (cards or a count in each player's field)"
    )
    count_key = "deadwood"
    count_label = "pips"
    count_cards = staticmethod(deadwood_points)

    def compose_extras(self) -> ComposeResult:
        yield FieldRow("rummy", "Rummy", Tick("went out all at once: paid double"))

    def read(self) -> Hand:
        out, held = self.read_held()
        hand: Hand = {"out": out}
        if "cards" in held:
            hand["cards"] = held["cards"]
        if "deadwood" in held:
            hand["deadwood"] = held["deadwood"]
        if self.control("rummy", Checkbox).value:
            hand["rummy"] = True
        return hand

    def fill_extras(self, round_: checks.Round) -> None:
        self.put("rummy", bool(round_.get("rummy", False)))


ENTRY = HotRumEntry
