"""5000 Rummy round entry: the wild rank, who went out, the bonus, and everyone's cards.

Each player's melded and in-hand cards are typed either as points (``445``) or as card
text (``10 10 K K K 5 6 7``), each field read on its own, so one player's hand counted on
paper and another's read off the cards mix in one hand; card text is valued live with the
hand's wild rank by ``scorekeeper.games.rummy_5000.hands``. The hand of the player who
went out holds nothing: its field is skipped.

The variations add rows: the doubling cube and the limit-poker pot, logged by the widgets in
``screens.rounds.rummy_5000.stakes``. Money cards add who melded a Q♥ 7♥ pair and who was caught
with a Q♥, typed for hands typed as points; for hands typed as cards the game counts them
from the cards and the rows show its count. Michigan adds a false "I can go out", recorded
on its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import cast

from textual.app import ComposeResult
from textual.widgets import Checkbox

from scorekeeper import checks
from scorekeeper.cards import RANKS
from scorekeeper.errors import RuleError
from scorekeeper.games.rummy_5000.hands import (
    BONUSES,
    FalseClaim,
    Played,
    cards_value,
    hand_scores,
    read_hand,
)
from scorekeeper.games.rummy_5000.rules import GAME
from scorekeeper.games.rummy_5000.shapes import Options
from screens.format import amount
from screens.rounds.base import RoundEntry
from screens.rounds.fields import Round
from screens.rounds.rummy_5000.stakes import CubeLog, PotLog, StakesLog
from screens.widgets.choice import Choice
from screens.widgets.field_row import FieldRow, Tick
from screens.widgets.text_input import TextInput

POINTS = re.compile(r"[\d,]*")
"""A hand typed as points: blank or a whole number. Anything else is card text."""
BONUS_CHOICES = [
    (f"{label} +{BONUSES[bonus]}", bonus)
    for label, bonus in (("out", "out"), ("first turn", "first_turn"), ("no draw", "no_draw"))
]
STAKES_ROWS = ("wild", "doubles", "automatic_double", "pot", "false_claim")
"""The rows that still count when a player folds or gives up; the rest are the played-out
hand's."""


class Rummy5000Entry(RoundEntry):
    game_id = "rummy-5000"
    example = (
        "Wild 10s, Ann goes out; Ann melds 445, Bob 600 and holds 210,\n"
        "Cy holds 205: 1 ↓ a ↓ ↓ 445 ↓ 600 ↓ 210 ↓ ↓ 205 Enter\n"
        "(points or card text in each field)"
    )
    CSS_PATH = [*RoundEntry.CSS_PATH, Path(__file__).with_suffix(".tcss")]

    ROW_PATHS: dict[str, Callable[[re.Match[str]], str]] = {
        r"cards\.([^.]+)\.hand": lambda m: f"in_hand.{m[1]}",
        r"cards\.([^.]+)(\.melded)?": lambda m: f"melded.{m[1]}",
        r"stake|folded|(doubles|beavers)(\[\d+\])?": lambda m: "doubles",
        r"raises(\..*)?|gave_up": lambda m: "pot",
    }
    """Fields the game names that another row shows: cards as each player's rows, the
    cube's and the pot's fields at their log."""

    @property
    def options(self) -> Options:
        return GAME.options_of(self.setup)

    def compose_fields(self) -> ComposeResult:
        if self.options["michigan"]:
            yield FieldRow(
                "false_claim", "False claim", self.player_choice(value=None, allow_none="nobody")
            )
        yield FieldRow("wild", "Wild rank", Choice([(rank, rank) for rank in RANKS]))
        if self.options["doubling"]:
            first_hand = GAME.info_of(self.state)["hands"] == 0
            yield FieldRow("doubles", "Cube", CubeLog(self.players))
            if first_hand:
                box = Tick("the cut for deal tied: the cube starts at 2")
                yield FieldRow("automatic_double", "Automatic ×2", box)
        if self.options["limit_poker"]:
            yield FieldRow("pot", "Pot", PotLog(self.players, self.dealer))
        yield FieldRow("out", "Went out", self.player_choice(allow_none="nobody"))
        yield FieldRow("bonus", "Bonus", Choice(BONUS_CHOICES, value="out"))
        for name in self.players:
            yield FieldRow(
                f"melded.{name}", f"{name} melds", TextInput(placeholder="points or cards")
            )
            yield FieldRow(
                f"in_hand.{name}", f"{name} holds", TextInput(placeholder="points or cards")
            )
        if self.options["money_cards"]:
            yield FieldRow("money_pairs", "Q♥ 7♥ melded", TextInput(placeholder="who: a, b"))
            yield FieldRow("queens_caught", "Q♥ caught", TextInput(placeholder="who: a, b"))

    def first_row(self) -> FieldRow | None:
        """The wild rank: a false claim, a hand of its own, sits above it, a ↑ away."""
        return self.row("wild")

    # ---- reading -------------------------------------------------------------------------

    def read(self) -> Played | FalseClaim:
        if self.options["michigan"] and self.picked("false_claim") is not None:
            return {"false_claim": self.picked("false_claim")}
        round_: Round = {"wild": self.picked("wild")}
        for log in self.walk_children(StakesLog):
            round_ |= log.fields()
        if round_.get("folded") is not None or "gave_up" in round_:
            return cast(Played, round_)  # the cube's or the pot's fields, read as plain dicts
        round_["out"] = self.picked("out")
        bonus = self.control("bonus", Choice)
        if round_["out"] is not None and bonus.is_picked:
            round_["bonus"] = bonus.value
        round_ |= self.hands()
        if self.options["money_cards"]:
            for path in ("money_pairs", "queens_caught"):
                counts = self.counts(path)
                if counts:
                    round_[path] = counts
        return cast(Played, round_)  # joined from pieces read as plain dicts

    def counted_from_cards(self) -> bool:
        """Whether any field holds card text."""
        return any(self.is_card_text(path) for path in self.hand_paths())

    def hand_paths(self) -> list[str]:
        """Every hand field that is typed in: the hand of who went out holds nothing."""
        out = self.went_out()
        return [
            f"{part}.{name}"
            for name in self.players
            for part in ("melded", "in_hand")
            if not (part == "in_hand" and name == out)
        ]

    def went_out(self) -> str | None:
        out = self.control("out", Choice).value
        return out if isinstance(out, str) else None

    def is_card_text(self, path: str) -> bool:
        return not POINTS.fullmatch(self.text(path))

    def hands(self) -> Round:
        """Each field on its own: card text as cards, a number as points. A blank field is
        nothing either way; it joins the cards once any are typed, so a hand typed as cards
        is recorded as cards alone."""
        typed = set(self.hand_paths())
        with_cards = self.counted_from_cards()
        cards: dict[str, dict[str, str]] = {}
        points: dict[str, dict[str, int]] = {"melded": {}, "in_hand": {}}
        for name in self.players:
            for part, key in (("melded", "melded"), ("hand", "in_hand")):
                path = f"{key}.{name}"
                text = self.text(path) if path in typed else ""
                if with_cards and (not text or self.is_card_text(path)):
                    cards.setdefault(name, {})[part] = text
                else:
                    points[key][name] = self.whole(path, blank=0) if text else 0
        round_: Round = {"cards": cards} if cards else {}
        return round_ | {key: given for key, given in points.items() if given}

    def counts(self, path: str) -> dict[str, int]:
        """``a, bob a`` → Ann 2, Bob 1: each name (or its start) once per card."""
        counts: dict[str, int] = {}
        for word in re.findall(r"[^\s,]+", self.text(path)):
            name = self.player_named(word, path)
            counts[name] = counts.get(name, 0) + 1
        return counts

    def player_named(self, word: str, path: str) -> str:
        found = [name for name in self.players if name.casefold().startswith(word.casefold())]
        exact = [name for name in found if name.casefold() == word.casefold()]
        if len(exact) == 1 or len(found) == 1:
            return (exact or found)[0]
        if found:
            raise RuleError(path, f"{word!r} could be {' or '.join(found)}: type more of the name")
        raise RuleError(path, f"{word!r} is not at this table ({', '.join(self.players)})")

    # ---- editing -------------------------------------------------------------------------

    def fill(self, round_: checks.Round) -> None:
        if "false_claim" in round_:
            self.put("false_claim", checks.accepted(round_, FalseClaim)["false_claim"])
            return
        played = checks.accepted(round_, Played)
        self.put("wild", played["wild"])
        if self.options["doubling"]:
            if played.get("automatic_double") and GAME.info_of(self.state)["hands"] == 0:
                self.put("automatic_double", True)
            self.cube_log().replay(
                played.get("doubles", []), played.get("folded"), played.get("beavers", [])
            )
        if self.options["limit_poker"]:
            self.control("pot", PotLog).show_recorded(round_)
        if played.get("folded") is not None or played.get("gave_up") is not None:
            return
        self.put("out", played.get("out"))
        if "bonus" in played:
            self.put("bonus", played["bonus"])
        for name in self.players:
            cards = played.get("cards", {}).get(name, {})
            held = {"melded": played.get("melded", {}), "hand": played.get("in_hand", {})}
            for part, key in (("melded", "melded"), ("hand", "in_hand")):
                value = cards[part] if part in cards else held[part].get(name, "")
                self.put(f"{key}.{name}", value)
        if self.options["money_cards"]:
            money = {
                "money_pairs": played.get("money_pairs", {}),
                "queens_caught": played.get("queens_caught", {}),
            }
            for path, counts in money.items():
                self.put(path, " ".join(name for name, n in counts.items() for _ in range(n)))

    def cube_log(self) -> CubeLog:
        return self.control("doubles", CubeLog)

    # ---- showing -------------------------------------------------------------------------

    def row_path(self, field: str) -> str:
        """The game's name for a field, turned into the row that shows it."""
        for pattern, row in self.ROW_PATHS.items():
            match = re.fullmatch(pattern, field)
            if match:
                return row(match)
        return field

    def preview(self) -> None:
        if self.options["michigan"]:
            claim = self.control("false_claim", Choice).value
            note = "recorded on its own: the rest is left out" if claim else ""
            self.note("false_claim", note)
        if self.options["doubling"] and GAME.info_of(self.state)["hands"] == 0:
            cube = self.cube_log()
            cube.automatic = self.control("automatic_double", Checkbox).value
            cube.refresh()
        folded = None
        for row in self.rows():
            if isinstance(row.control, StakesLog):
                row.show_note(row.control.hint())
                folded = row.control.lost_unplayed() or folded
        self.note("out", f"{folded}: the hand is not counted" if folded else "")
        out = self.went_out()
        for row in self.rows():
            # A folded hand is not played out: its rows are skipped until the fold is undone;
            # the hand of who went out holds nothing, so its row is skipped too. With nobody
            # out there is no bonus: no row, no stop.
            if row.path not in STAKES_ROWS:
                row.control.disabled = folded is not None or row.path == f"in_hand.{out}"
        nobody_out = self.control("out", Choice).is_picked and out is None
        self.row("bonus").display = not nobody_out
        picked = self.control("wild", Choice).value
        wild = picked if isinstance(picked, str) else None
        cards = self.counted_from_cards()
        scores = self.scores()
        for name in self.players:
            for part in ("melded", "in_hand"):
                path = f"{part}.{name}"
                if part == "in_hand" and name == out:
                    notes = ["went out: no cards"]
                else:
                    notes = [self.cards_note(path, wild)] if self.is_card_text(path) else []
                if part == "in_hand" and scores is not None:
                    notes.append(f"hand {amount(scores[name], 'points', signed=True)}")
                self.note(path, ", ".join(note for note in notes if note))
        if self.options["money_cards"]:
            counted = self.money_cards_counted() if cards else None
            for path in ("money_pairs", "queens_caught"):
                try:
                    counts = self.counts(path)
                except RuleError as error:
                    self.note(path, error.message)
                    continue
                typed = ", ".join(f"{name} {count}" for name, count in counts.items())
                if cards:
                    # Counted where cards were typed; a count typed for a hand typed as
                    # points is the game's to take beside them.
                    found = counted[path] if counted else {}
                    shown = ", ".join(f"{name} {n}" for name, n in found.items() if n) or "none"
                    typed = f"; typed {typed}" if typed else ""
                    self.note(path, f"counted from the cards: {shown}{typed}")
                else:
                    self.note(path, typed)

    def money_cards_counted(self) -> Mapping[str, Mapping[str, int]] | None:
        """The money cards the game counts in the card text typed, once it can read it."""
        try:
            round_ = dict(self.read())
            if "cards" not in round_:
                return None
            round_.pop("money_pairs", None)
            round_.pop("queens_caught", None)
            return read_hand(self.setup, round_).counts
        except RuleError:
            return None

    def cards_note(self, path: str, wild: str | None) -> str:
        text = self.text(path)
        if not text:
            return ""
        if wild is None:
            return "pick the wild rank to count these"
        try:
            return f"= {cards_value(text, wild, path)}"
        except RuleError as error:
            return error.message.split(":")[0]  # the whole message comes with Enter

    def scores(self) -> dict[str, int] | None:
        """Each player's score for the hand as typed, once the game can count it."""
        try:
            round_ = self.read()
            if "false_claim" in round_ or round_.get("folded") is not None or "gave_up" in round_:
                return None
            return hand_scores(self.setup, round_)
        except RuleError:
            return None


ENTRY = Rummy5000Entry
