"""Racehorse round entry: who pitched, the bid, and made/upped or the points taken.

The model for other entries: rows named by the round's field paths, ``read`` builds the
round dict the engine takes, ``fill`` puts one back, ``preview`` asks the game module.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Checkbox

from scorekeeper import checks
from scorekeeper.errors import RuleError
from scorekeeper.games.racehorse import BID_NAMES, POINTS, SMUDGE, Deal, bid_made
from screens.rounds.base import RoundEntry
from screens.widgets.choice import Choice
from screens.widgets.field_row import FieldRow, Tick
from screens.widgets.text_input import TextInput

POINT_WORDS = {word[0]: word for word in POINTS} | {word: word for word in POINTS}
POINT_LETTERS = "".join(sorted(set("".join(POINTS))))
POINTS_TYPED = f"[{POINT_LETTERS}{POINT_LETTERS.upper()} ,]*"
"""What the points field takes: the letters of the points' words, spaces and commas; a
digit or another letter can never be a point, so it is refused as it is typed."""
POINT_KEYS = " ".join(word[0] for word in POINTS)
POINTS_HINT = f"{POINT_KEYS}: {', '.join(POINTS)}"
"""The points by their first letters, as they are typed ("h l j g: high, low, ...")."""


class RacehorseEntry(RoundEntry):
    game_id = "racehorse"
    example = "Ed pitches 2 and makes it: e ↓ 2 ↓ m Enter"

    def compose_fields(self) -> ComposeResult:
        bids = [
            (f"{bid} {name}" if name != str(bid) else name, bid) for bid, name in BID_NAMES.items()
        ]
        yield FieldRow("pitcher", "Pitcher", self.player_choice())
        yield FieldRow("bid", "Bid", Choice(bids))
        yield FieldRow("made", "Result", Choice([("Made", True), ("Upped", False)]))
        points = TextInput(
            placeholder="points taken",
            restrict=POINTS_TYPED,
            refusal=f"points: {POINT_KEYS}, or the words",
        )
        yield FieldRow("points", "or points", points, POINTS_HINT)
        yield FieldRow("all_tricks", "Smudge", Tick("all six tricks"))

    def read(self) -> Deal:
        round_: Deal = {"pitcher": self.picked("pitcher"), "bid": self.picked("bid")}
        points = self.points()
        if points is None:
            if not self.control("made", Choice).is_picked:
                raise RuleError("made", "pick Made or Upped (m/u), or type the points taken")
            round_["made"] = self.picked("made")
            smudge_made = round_["made"] and round_["bid"] == SMUDGE
            if smudge_made and not self.control("all_tricks", Checkbox).value:
                raise RuleError(
                    "all_tricks",
                    "a Smudge is made only with all six tricks: tick it (space), or pick Upped",
                )
            return round_
        round_["points"] = points
        all_tricks = bool(self.control("all_tricks", Checkbox).value)
        if all_tricks:
            round_["all_tricks"] = True
        result = self.control("made", Choice)
        if result.is_picked and round_["bid"] is not None:
            made = bid_made(round_["bid"], points, all_tricks)
            if made != result.value:
                said = "made" if made else "upped"
                raise RuleError(
                    "points",
                    f"{len(points)} of 4 points is {said}, but Result says "
                    f"{'Made' if result.value else 'Upped'}: clear one of them",
                )
        return round_

    def fill(self, round_: checks.Round) -> None:
        deal = checks.accepted(round_, Deal)
        self.put("pitcher", deal["pitcher"])
        self.put("bid", deal["bid"])
        if "made" in deal:
            self.put("made", deal["made"])
        else:
            self.put("points", " ".join(deal.get("points", [])))
            self.put("all_tricks", deal.get("all_tricks", False))

    def preview(self) -> None:
        try:
            points = self.points()
        except RuleError:
            self.note("points", POINTS_HINT)
            return
        bid = self.control("bid", Choice).value
        if points is None:
            self.note("points", POINTS_HINT)
        elif not isinstance(bid, int):
            self.note("points", f"{len(points)} of 4 points")
        else:
            made = bid_made(bid, points, self.control("all_tricks", Checkbox).value)
            self.note("points", f"{len(points)} of 4 points: {'made' if made else 'upped'}")
        smudge = bid == SMUDGE
        self.note("all_tricks", "Smudge needs all four points and every trick" if smudge else "")

    def points(self) -> list[str] | None:
        """The points typed (``h l j g``, ``hljg`` or words), or ``None`` when empty."""
        words: list[str] = []
        for word in self.text("points").replace(",", " ").casefold().split():
            run_together = word not in POINT_WORDS and set(word) <= set(POINT_WORDS)
            words.extend(word if run_together else [word])
        if not words:
            return None
        unknown = [word for word in words if word not in POINT_WORDS]
        if unknown:
            raise RuleError(
                "points", f"{unknown[0]!r} is not a point: high, low, jack, game (or h l j g)"
            )
        return [POINT_WORDS[word] for word in words]


ENTRY = RacehorseEntry
