"""Score pad round entry: every player's score in seat order, the fastest entry there is.

Digits and a minus only; Enter goes on to the next score still blank and records once
none is, so a round is the scores and an Enter after each (Enter on a blank score stays
there and asks for it: a blank is no 0). "One winner", above the scores
(↑ from the first, where the entry opens), is the shortcut for games where one player
scores and the others nothing: pick the player, type the points (typed at the pick, they
go to that player's score, as on a scoresheet). Beside each row stand the player's total
and money as the table would settle if it stopped now, as the session's own figures say
them; once a score is typed, the total it makes ("total 40 → 65").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from textual import events
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.widgets import Input

from scorekeeper import checks
from scorekeeper.errors import RuleError
from scorekeeper.games.score_pad import Scores
from scorekeeper.wording import visible
from screens.rounds.base import RoundEntry
from screens.widgets.choice import Choice
from screens.widgets.field_row import FieldRow
from screens.widgets.text_input import TextInput

if TYPE_CHECKING:
    from scorekeeper.view import PlayerStanding

SCORES = "scores"
WINNER = "winner"
TYPED = r"-?[0-9]*"
"""What a score field takes: digits, and a minus in front."""
ALL_IN = "All scores in · Enter records"


class WinnerPick(Choice):
    """The one-winner pick, where a digit or a minus is the picked player's points: handed
    to ``typed`` (which puts it in their score), not a bell and a key lost."""

    def __init__(
        self, options: Sequence[tuple[str, object]], typed: Callable[[events.Key], bool]
    ) -> None:
        super().__init__(options)
        self.typed = typed

    async def on_key(self, event: events.Key) -> None:
        if event.character is not None and event.character in "-0123456789" and self.typed(event):
            event.stop()
            event.prevent_default()


class ScorePadEntry(RoundEntry):
    game_id = "score-pad"
    asked = False
    """Whether the keys line says whose score is next: once none is, it says so."""
    example = (
        "Ann 20, Bob 50, Cy 30, Di 4: 20 Enter 50 Enter 30 Enter 4 Enter\n"
        "Only Di scores, 25: ↑ d 25 Enter (One winner: the rest score 0)"
    )

    def compose_fields(self) -> ComposeResult:
        pick = WinnerPick([*((name, name) for name in self.players), ("no", None)], self.to_winner)
        yield FieldRow(WINNER, "One winner", pick, "pick them, type their points: the rest 0")
        for name in self.players:
            field = TextInput(
                placeholder="score",
                restrict=TYPED,
                max_length=8,
                classes="number",
                refusal="a score: at most 8 digits, a minus in front",
            )
            yield FieldRow(f"{SCORES}.{name}", name, field)

    def first_row(self) -> FieldRow | None:
        """The first score: One winner sits above it, a ↑ away, never reached by ↓."""
        return self.row(self.score_path(self.players[0]))

    def to_winner(self, key: events.Key) -> bool:
        """A key typed at the pick goes on to the picked player's score, focused, if one is."""
        winner = self.winner()
        if winner is None:
            return False
        field = self.control(self.score_path(winner), Input)
        self.set_focus(field)
        field.post_message(events.Key(key.key, key.character))
        return True

    def score_path(self, name: str) -> str:
        return f"{SCORES}.{name}"

    def winner(self) -> str | None:
        picked = self.control(WINNER, Choice).value
        return picked if isinstance(picked, str) and picked in self.players else None

    def read(self) -> Scores:
        winner = self.winner()
        scores: dict[str, int] = {}
        for name in self.players:
            path = self.score_path(name)
            if winner is not None and name != winner:
                scores[name] = 0
            elif not self.text(path):
                # A forgotten row must not pass as a score of 0: that may be money.
                raise RuleError(path, f"type {name}'s score (0 if none)")
            else:
                scores[name] = self.whole(path)
        return {"scores": scores}

    def fill(self, round_: checks.Round) -> None:
        for name, score in checks.accepted(round_, Scores)["scores"].items():
            self.put(self.score_path(name), score)

    def preview(self) -> None:
        winner = self.winner()
        for name in self.players:
            field = self.control(self.score_path(name), Input)
            field.disabled = winner is not None and name != winner
            field.placeholder = "0" if field.disabled else "score"
        if self.index is None:
            self.show_totals()
        if self.asked and self.next_blank() is None:
            self.say(ALL_IN)

    def show_totals(self) -> None:
        """Each player's total, and what the score typed makes of it: "total 40" would
        read as the total with the score in, which it is not until the round is saved."""
        standing = self.session.figures().by_seat()
        typed = self.scores_typed()
        after = self.totals_after(typed)
        for name in self.players:
            now = standing[name]
            if name in typed and name in after:
                said = [f"total {now.figure} → {after[name].figure}"]
            else:
                said = [f"total {now.figure}"]
                if now.aside:
                    said.append(f"{now.aside} if stopped now")
            self.note(self.score_path(name), " · ".join(said))

    def scores_typed(self) -> dict[str, int]:
        """The scores that read as a number so far (the picked winner's alone, with one)."""
        winner = self.winner()
        scores: dict[str, int] = {}
        for name in self.players:
            path = self.score_path(name)
            if winner not in (None, name) or not self.text(path):
                continue
            try:
                scores[name] = self.whole(path)
            except RuleError:
                continue
        return scores

    def totals_after(self, typed: dict[str, int]) -> dict[str, PlayerStanding]:
        """Every total as the session would stand with the scores typed so far (the rest
        nothing yet); none where the session refuses them."""
        scores = {name: typed.get(name, 0) for name in self.players}
        try:
            return self.session.figures_after({"scores": scores}).by_seat()
        except RuleError:
            return {}
        if self.asked and self.next_blank() is None:
            self.say(ALL_IN)

    async def action_move(self, step: int, arrow: bool) -> None:
        self.asked = False
        await super().action_move(step, arrow)

    async def action_record(self) -> None:
        """Enter records once every score is typed (or a winner's points), from any
        field; until then it goes to the next score still blank and says whose it is.
        On a blank score it stays and says so at the row: a player passed by with no
        score is the row a scoresheet user forgets, and a blank is not 0 here."""
        if self.app.screen is not self:
            raise SkipAction()
        await self.settled()
        blank = self.next_blank()
        if blank is None:
            await super().action_record()
            return
        name = blank.removeprefix(f"{SCORES}.")
        here = self.row_of(self.focused) if self.focused is not None else None
        if here is not None and here.path == blank:
            self.show_error(RuleError(blank, f"type {name}'s score first (0 if none)"))
            return
        self.set_focus(self.control(blank, Input))
        # Two lines, as the keys are: one would wrap beside the buttons at 80 columns.
        self.say(f"{visible(name)}'s score next (0 if none)\nEnter records when all are in")
        self.asked = True

    def next_blank(self) -> str | None:
        """The first score field still blank from the focused one on (round to the top)."""
        paths = [
            self.score_path(name)
            for name in self.players
            if not self.control(self.score_path(name), Input).disabled
        ]
        focused = self.row_of(self.focused) if self.focused is not None else None
        here = paths.index(focused.path) if focused and focused.path in paths else 0
        for path in paths[here:] + paths[:here]:
            if not self.text(path):
                return path
        return None


ENTRY = ScorePadEntry
