"""Seven Hand round entry: who went out, the cards the others held, any RUMMY! calls."""

from __future__ import annotations

from textual.app import ComposeResult

from scorekeeper import checks
from scorekeeper.errors import RuleError
from scorekeeper.games.seven_hand import GAME, Hand, card_points
from scorekeeper.wording import clipped, visible, whole_number
from screens.rounds.going_out import GoingOutEntry
from screens.widgets.field_row import FieldRow
from screens.widgets.text_input import TextInput

RUMMIES_HINT = "who called, for the record; no points change"


class SevenHandEntry(GoingOutEntry):
    game_id = "seven-hand"
    example = (
        "Max goes out; Grandma holds K K 4 JK, Zoe 25 points:\n"
        "m ↓ K K 4 JK ↓ 25 Enter (cards or points in each player's field)"
    )
    count_key = "points"
    count_label = "points"
    count_cards = staticmethod(card_points)

    def title_text(self) -> str:
        info = GAME.info_of(self.state)
        return f"{super().title_text()}\nHand {info['hand']} of {info['hands']}: {info['contract']}"

    def compose_extras(self) -> ComposeResult:
        yield FieldRow(
            "rummies",
            "RUMMY! calls",
            TextInput(placeholder="e.g. Zoe, Max 2"),
            RUMMIES_HINT,
        )

    def preview(self) -> None:
        super().preview()
        self.note("rummies", self.rummies_note())

    def rummies_note(self) -> str:
        """Whom the calls typed name (a name cut short, found), or why they name nobody,
        as they are typed, not only on Enter."""
        try:
            calls = self.rummy_calls()
        except RuleError as error:
            return error.message
        if not calls:
            return RUMMIES_HINT
        return "calls: " + ", ".join(f"{visible(name)} {count}" for name, count in calls.items())

    def read(self) -> Hand:
        out, held = self.read_held()
        hand: Hand = {"out": out}
        if "cards" in held:
            hand["cards"] = held["cards"]
        if "points" in held:
            hand["points"] = held["points"]
        calls = self.rummy_calls()
        if calls:
            hand["rummies"] = calls
        return hand

    def rummy_calls(self) -> dict[str, int]:
        """``Zoe, Max 2`` → Zoe 1 call, Max 2; a name may be cut short if it stays clear."""
        text = self.text("rummies")
        calls: dict[str, int] = {}
        for entry in filter(None, (part.strip() for part in text.split(","))):
            words = entry.rsplit(" ", 1)
            count = 1
            typed = whole_number(words[1], signed=False) if len(words) == 2 else None
            if typed is not None:
                entry, count = words[0], typed
            name = self.player_named(entry)
            calls[name] = calls.get(name, 0) + count
        return calls

    def player_named(self, typed: str) -> str:
        wanted = typed.casefold()
        exact = [name for name in self.players if name.casefold() == wanted]
        matches = exact or [name for name in self.players if name.casefold().startswith(wanted)]
        if len(matches) != 1:
            raise RuleError("rummies", f"{clipped(typed, 20)!r} is not one player at this table")
        return matches[0]

    def fill_extras(self, round_: checks.Round) -> None:
        calls = checks.accepted(round_, Hand).get("rummies", {})
        self.put(
            "rummies",
            ", ".join(name if count == 1 else f"{name} {count}" for name, count in calls.items()),
        )


ENTRY = SevenHandEntry
