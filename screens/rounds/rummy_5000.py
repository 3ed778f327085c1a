"""5000 Rummy round entry: the wild rank, who went out, the bonus, and everyone's cards.

Each player's melded and in-hand cards are typed either as points (``445``) or as card
text (``10 10 K K K 5 6 7``), valued live with the hand's wild rank by
``scorekeeper.games.rummy_5000.hands``. As soon as any of them holds card text the hand is
counted from cards, since the game takes one or the other for the whole hand.

The variations add rows: the doubling cube and the limit-poker pot are logs of what was
said at the table (double / accept / fold / beaver; check / bet / raise / call / fold),
each step checked at once by ``scorekeeper.games.rummy_5000.stakes`` so a double twice in a
row or a raise over the limit is refused as it is pressed. Money cards add who melded a Q♥ 7♥ pair
and who was caught with a Q♥; michigan adds a false "I can go out", recorded on its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Checkbox, Input

from scorekeeper.cards import RANKS
from scorekeeper.errors import RuleError
from scorekeeper.games.rummy_5000.hands import BONUSES, cards_value, hand_scores
from scorekeeper.games.rummy_5000.stakes import Cube, Pot, cube_after, pot_after
from screens.choice import Choice
from screens.fields import ValueChanged
from screens.format import amount
from screens.rounds.base import FieldRow, Round, RoundEntry

POINTS = re.compile(r"[\d,]*")
"""A hand typed as points: blank or a whole number. Anything else is card text."""
BONUS_CHOICES = [
    (f"{label} +{BONUSES[bonus]}", bonus)
    for label, bonus in (("out", "out"), ("first turn", "first_turn"), ("no draw", "no_draw"))
]
STAKES_ROWS = ("wild", "doubles", "automatic_double", "pot", "false_claim")
"""The rows that still count when a player folds; the rest are the played-out hand's."""
Step = tuple[str, str, int]
"""One thing said at the table: (what, who, chips), e.g. ("double", "Ann", 0)."""


class StakesLog(Widget, can_focus=True):
    """A focusable log of what two players said during the hand; a key adds a step.

    A step the rules refuse is not taken: ``Refused`` carries the game's message for
    the row. Backspace takes back the last step.
    """

    DEFAULT_CSS = """
    StakesLog {
        width: 1fr;
        height: auto;
        padding: 0 1;
        background: $surface;
        &:focus { background: $boost; }
        &.-invalid { background: $error 20%; }
    }
    """
    BINDINGS = [Binding("backspace,delete", "take_back", "Take back", show=False)]

    class Changed(ValueChanged):
        def __init__(self, log: StakesLog) -> None:
            super().__init__()
            self.log = log

        @property
        def control(self) -> StakesLog:
            return self.log

    class Refused(Message):
        def __init__(self, log: StakesLog, message: str) -> None:
            super().__init__()
            self.log = log
            self.message = message

        @property
        def control(self) -> StakesLog:
            return self.log

    def __init__(self, players: Sequence[str]) -> None:
        super().__init__()
        self.players = tuple(players)
        self.steps: list[Step] = []

    def other(self, name: str) -> str:
        return self.players[1] if name == self.players[0] else self.players[0]

    def on_key(self, event: events.Key) -> None:
        if not event.is_printable or not event.character or event.character == " ":
            return
        event.stop()
        event.prevent_default()
        try:
            steps = self.press(event.character.casefold())
        except RuleError as error:
            self.refresh()
            self.post_message(self.Refused(self, error.message))
            return
        if steps is not None:
            self.steps = steps
            self.changed()

    def action_take_back(self) -> None:
        if self.steps:
            self.steps = self.steps[:-1]
            self.changed()

    def changed(self) -> None:
        self.refresh(layout=True)
        self.post_message(self.Changed(self))

    def press(self, key: str) -> list[Step] | None:
        """The steps after ``key``, ``None`` if it changes nothing; RuleError refuses it."""
        raise NotImplementedError

    def hint(self) -> str:
        """What can be pressed now, for the row's note."""
        raise NotImplementedError

    def fields(self) -> Round:
        """This log's fields of the round; RuleError if the talking is not finished."""
        raise NotImplementedError

    def who_folded(self) -> str | None:
        raise NotImplementedError


class CubeLog(StakesLog):
    """The doubling cube: who doubled, who accepted, beavered or folded.

    The face is the physical cube's, as ``scorekeeper.games.rummy_5000.stakes.cube_after``
    turns it for what was said; it also refuses what is said out of turn.
    """

    def __init__(self, players: Sequence[str]) -> None:
        super().__init__(players)
        self.automatic = False

    def cube(self, steps: Sequence[Step] | None = None) -> Cube:
        said = [(what, who) for what, who, _ in (self.steps if steps is None else steps)]
        return cube_after(said, self.players, self.automatic)

    def press(self, key: str) -> list[Step] | None:
        cube = self.cube()
        if cube.folded is not None:
            raise RuleError("doubles", f"{cube.folded} folded: the hand is over (⌫ takes it back)")
        answer = None if cube.pending is None else self.other(cube.pending)
        if key in ("1", "2"):
            doubler = self.players[int(key) - 1]
            step = ("beaver" if doubler == answer else "double", doubler, 0)
        elif key == "d":
            if answer is not None:
                step = ("beaver", answer, 0)
            elif cube.doubles:
                step = ("double", self.other(cube.doubles[-1]), 0)
            else:
                first, second = self.players
                raise RuleError("doubles", f"who doubles? 1 for {first}, 2 for {second}")
        elif key in ("a", "b", "f"):
            if answer is None:
                raise RuleError("doubles", "nobody has doubled: there is nothing to answer")
            step = ({"a": "accept", "b": "beaver", "f": "fold"}[key], answer, 0)
        else:
            return None
        steps = [*self.steps, step]
        self.cube(steps)
        return steps

    def render(self) -> Content:
        cube = self.cube()
        said = {"double": "doubles", "accept": "accepts", "beaver": "beavers", "fold": "folds"}
        log = ", ".join(f"{who} {said[what]}" for what, who, _ in self.steps)
        waiting = f" — {self.other(cube.pending)} to answer" if cube.pending else ""
        return Content(f"cube {cube.face}" + (f": {log}" if log else "") + waiting)

    def hint(self) -> str:
        cube = self.cube()
        if cube.folded is not None:
            return "⌫ takes the fold back"
        if cube.pending is not None:
            return "a accept · f fold · b beaver"
        if cube.doubles:
            return f"d {self.other(cube.doubles[-1])} doubles · ⌫ back"
        first, second = self.players
        return f"1 {first} doubles · 2 {second} doubles"

    def who_folded(self) -> str | None:
        return self.cube().folded

    def fields(self) -> Round:
        cube = self.cube()
        if cube.pending is not None:
            raise RuleError(
                "doubles",
                f"{self.other(cube.pending)} has not answered {cube.pending}'s double: "
                "a accept, f fold, b beaver",
            )
        round_: Round = {"stake": cube.face, "doubles": list(cube.doubles)}
        if cube.folded is not None:
            round_["folded"] = cube.folded
        if self.automatic:
            round_["automatic_double"] = True
        return round_

    def replay(self, doubles: Sequence[str], folded: str | None) -> None:
        """The steps of a recorded hand: each double taken, the last refused if one folded."""
        steps: list[Step] = []
        for index, who in enumerate(doubles):
            steps.append(("double", who, 0))
            last = index == len(doubles) - 1
            steps.append(("fold" if last and folded else "accept", self.other(who), 0))
        self.steps = steps
        self.changed()


class PotLog(StakesLog):
    """The limit-poker pot: antes, then check / bet / raise / call / fold in turn.

    Chips are typed before the step: ``3b`` bets 3, ``5r`` raises 5 (either letter does
    either: the first chips in are the bet, the rest raises). Whose turn it is, what the
    pot holds and what is allowed come from ``scorekeeper.games.rummy_5000.stakes.pot_after``.
    An edited hand starts from the pot as recorded.
    """

    def __init__(self, players: Sequence[str], dealer: str) -> None:
        super().__init__(players)
        self.dealer = dealer
        self.typed = ""
        self.recorded: Pot | None = None

    def pot(self, steps: Sequence[Step] | None = None) -> Pot:
        if self.recorded is not None:
            return self.recorded
        return pot_after(self.steps if steps is None else steps, self.players, self.dealer)

    def press(self, key: str) -> list[Step] | None:
        pot = self.pot()
        if key.isdigit():
            self.typed = (self.typed + key)[-2:]
            self.refresh()
            self.post_message(self.Changed(self))
            return None
        if key not in ("b", "r", "c", "k", "f"):
            return None
        if pot.to_act is None:
            raise RuleError("pot", "the betting is over (⌫ takes back the last step)")
        who = pot.to_act
        if key in ("b", "r"):
            if not self.typed:
                raise RuleError("pot", f"type {who}'s chips first: 3b bets or raises 3")
            chips, self.typed = int(self.typed), ""
            step = ("raise" if pot.bet else "bet", who, chips)
        else:
            step = ({"c": "call", "k": "check", "f": "fold"}[key], who, 0)
        steps = [*self.steps, step]
        self.pot(steps)
        return steps

    def action_take_back(self) -> None:
        if self.typed:
            self.typed = ""
            self.changed()
        elif self.recorded is not None:
            self.recorded = None
            self.changed()
        else:
            super().action_take_back()

    def render(self) -> Content:
        pot = self.pot()
        each = ", ".join(f"{name} {pot.chips[name]}" for name in self.players)
        log = ", ".join(
            f"{who} {what}s {chips}" if chips else f"{who} {what}s"
            for what, who, chips in self.steps
        )
        if self.recorded is not None:
            log = "as recorded"
        waiting = "" if pot.to_act is None else f" — {pot.to_act} to act"
        typed = f" {self.typed}▏" if self.typed else ""
        return Content(f"pot {pot.total} ({each})" + (f": {log}" if log else "") + waiting + typed)

    def hint(self) -> str:
        pot = self.pot()
        if self.recorded is not None:
            return "⌫ to type the betting again"
        if pot.over:
            return "betting over · ⌫ takes back"
        if self.typed:
            return f"{self.typed}: b bet · r raise"
        if pot.facing:
            return "c call · 3r raise · f fold"
        return "k check · 3b bet · f fold"

    def who_folded(self) -> str | None:
        return self.pot().folded

    def fields(self) -> Round:
        pot = self.pot()
        if pot.facing:
            raise RuleError(
                "pot", f"{pot.to_act} has not answered the bet: c call, f fold, or raise"
            )
        round_: Round = {"pot": dict(pot.chips)}
        if any(pot.raises.values()):
            round_["raises"] = {name: count for name, count in pot.raises.items() if count}
        if pot.folded is not None:
            round_["folded"] = pot.folded
        return round_

    def show_recorded(self, round_: Mapping[str, Any]) -> None:
        raises = dict.fromkeys(self.players, 0) | dict(round_.get("raises", {}))
        self.recorded = Pot(dict(round_["pot"]), raises, None, folded=round_.get("folded"))
        self.changed()


class Rummy5000Entry(RoundEntry):
    game_id = "rummy-5000"
    CSS_PATH = [RoundEntry.CSS_PATH, Path(__file__).with_suffix(".tcss")]

    ROW_PATHS: dict[str, Callable[[re.Match[str]], str]] = {
        r"cards\.([^.]+)\.hand": lambda m: f"in_hand.{m[1]}",
        r"cards\.([^.]+)(\.melded)?": lambda m: f"melded.{m[1]}",
        r"stake|folded|doubles(\[\d+\])?": lambda m: "doubles",
        r"raises(\..*)?": lambda m: "pot",
    }
    """Fields the game names that another row shows: cards as each player's rows, the
    cube's and the pot's fields at their log."""

    @property
    def options(self) -> Mapping[str, Any]:
        return self.setup.options

    def compose_fields(self) -> ComposeResult:
        yield FieldRow("wild", "Wild rank", Choice([(rank, rank) for rank in RANKS]))
        if self.options["doubling"]:
            first_hand = self.state.info["hands"] == 0
            yield FieldRow("doubles", "Cube", CubeLog(self.players))
            if first_hand:
                box = Checkbox("the cut for deal tied: the cube starts at 2")
                yield FieldRow("automatic_double", "Automatic ×2", box)
        if self.options["limit_poker"]:
            yield FieldRow("pot", "Pot", PotLog(self.players, self.dealer))
        yield FieldRow("out", "Went out", self.player_choice(allow_none="nobody"))
        yield FieldRow("bonus", "Bonus", Choice(BONUS_CHOICES, value="out"))
        for name in self.players:
            yield FieldRow(f"melded.{name}", f"{name} melds", Input(placeholder="points or cards"))
            yield FieldRow(f"in_hand.{name}", f"{name} holds", Input(placeholder="points or cards"))
        if self.options["money_cards"]:
            yield FieldRow("money_pairs", "Q♥ 7♥ melded", Input(placeholder="who: a, b"))
            yield FieldRow("queens_caught", "Q♥ caught", Input(placeholder="who: a, b"))
        if self.options["michigan"]:
            yield FieldRow(
                "false_claim", "False claim", self.player_choice(value=None, allow_none="nobody")
            )

    # ---- reading -------------------------------------------------------------------------

    def read(self) -> Round:
        if self.options["michigan"] and self.picked("false_claim") is not None:
            return {"false_claim": self.picked("false_claim")}
        round_: Round = {"wild": self.picked("wild")}
        for log in self.query(StakesLog):
            round_ |= log.fields()
        if round_.get("folded") is not None:
            return round_
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
        return round_

    def counted_from_cards(self) -> bool:
        """Whether any hand holds card text: then every hand is read as cards."""
        return any(
            not POINTS.fullmatch(self.text(f"{part}.{name}"))
            for name in self.players
            for part in ("melded", "in_hand")
        )

    def hands(self) -> Round:
        """Melded and in-hand points, or everyone's card text if any hand holds cards."""
        if self.counted_from_cards():
            return {
                "cards": {
                    name: {
                        "melded": self.text(f"melded.{name}"),
                        "hand": self.text(f"in_hand.{name}"),
                    }
                    for name in self.players
                }
            }
        return {
            part: {name: self.whole(f"{part}.{name}", blank=0) for name in self.players}
            for part in ("melded", "in_hand")
        }

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

    def fill(self, round_: Mapping[str, Any]) -> None:
        if "false_claim" in round_:
            self.put("false_claim", round_["false_claim"])
            return
        self.put("wild", round_["wild"])
        if self.options["doubling"]:
            if round_.get("automatic_double") and self.state.info["hands"] == 0:
                self.put("automatic_double", True)
            self.cube_log().replay(round_.get("doubles", []), round_.get("folded"))
        if self.options["limit_poker"]:
            self.control("pot", PotLog).show_recorded(round_)
        if round_.get("folded") is not None:
            return
        self.put("out", round_["out"])
        if "bonus" in round_:
            self.put("bonus", round_["bonus"])
        for name in self.players:
            if "cards" in round_:
                self.put(f"melded.{name}", round_["cards"][name].get("melded", ""))
                self.put(f"in_hand.{name}", round_["cards"][name].get("hand", ""))
            else:
                self.put(f"melded.{name}", round_["melded"][name])
                self.put(f"in_hand.{name}", round_["in_hand"][name])
        if self.options["money_cards"]:
            for path in ("money_pairs", "queens_caught"):
                counts = round_.get(path, {})
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

    @on(StakesLog.Refused)
    def stakes_refused(self, event: StakesLog.Refused) -> None:
        row = self.row_of(event.log)
        if row is not None:
            row.show_error(event.message)

    def preview(self) -> None:
        if self.options["michigan"]:
            claim = self.control("false_claim", Choice).value
            note = "recorded on its own: the rest is left out" if claim else ""
            self.note("false_claim", note)
        if self.options["doubling"] and self.state.info["hands"] == 0:
            cube = self.cube_log()
            cube.automatic = self.control("automatic_double", Checkbox).value
            cube.refresh()
        folded = None
        for row in self.rows():
            if isinstance(row.control, StakesLog):
                row.show_note(row.control.hint())
                folded = row.control.who_folded() or folded
        self.note("out", f"{folded} folded: the hand is not counted" if folded else "")
        for row in self.rows():
            # A folded hand is not played out: its rows are skipped until the fold is undone.
            if row.path not in STAKES_ROWS:
                row.control.disabled = folded is not None
        wild = self.control("wild", Choice).value
        cards = self.counted_from_cards()
        scores = self.scores()
        for name in self.players:
            for part in ("melded", "in_hand"):
                path = f"{part}.{name}"
                notes = [self.cards_note(path, wild)] if cards else []
                if part == "in_hand" and scores is not None:
                    notes.append(f"hand {amount(scores[name], 'points', signed=True)}")
                self.note(path, ", ".join(note for note in notes if note))
        if self.options["money_cards"]:
            for path in ("money_pairs", "queens_caught"):
                try:
                    counts = self.counts(path)
                except RuleError as error:
                    self.note(path, error.message)
                    continue
                self.note(path, ", ".join(f"{name} {count}" for name, count in counts.items()))

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
            if "false_claim" in round_ or round_.get("folded") is not None:
                return None
            return hand_scores(self.setup, round_)
        except RuleError:
            return None


ENTRY = Rummy5000Entry
