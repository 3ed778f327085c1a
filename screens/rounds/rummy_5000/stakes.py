"""5000 Rummy's stakes logs: the doubling cube and the limit-poker pot.

Each is a log of what was said at the table (double / accept / fold / beaver; check / bet /
raise / call / fold, then a give-up), each step checked at once by
``scorekeeper.games.rummy_5000.stakes`` so a double twice in a row, a beaver of a beaver or a
raise over the limit is refused as it is pressed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.widget import Widget

from scorekeeper import checks
from scorekeeper.errors import RuleError
from scorekeeper.games.rummy_5000.cube import Cube, cube_after, next_doubler
from scorekeeper.games.rummy_5000.hands import Played
from scorekeeper.games.rummy_5000.pot import Pot, pot_after
from scorekeeper.wording import whole_number
from screens.format import plain
from screens.rounds.fields import Round
from screens.widgets.field_row import ValueChanged
from screens.widgets.own_keys import keys_of, run_own_key
from screens.widgets.refused import Refused

Step = tuple[str, str, int]
"""One thing said at the table: (what, who, chips), e.g. ("double", "Ann", 0)."""


class StakesLog(Widget, can_focus=True):
    """A focusable log of what two players said during the hand; a key adds a step.

    A step the rules refuse is not taken: ``refused.Refused`` carries the game's message
    for the row. Backspace takes back the last step.
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
    OWN_KEYS = keys_of(BINDINGS)
    """Run here, as each key lands (``own_keys``)."""

    class Changed(ValueChanged):
        def __init__(self, log: StakesLog) -> None:
            super().__init__()
            self.log = log

        @property
        def control(self) -> StakesLog:
            return self.log

    def __init__(self, players: Sequence[str]) -> None:
        super().__init__()
        self.players = tuple(players)
        self.steps: list[Step] = []

    def other(self, name: str) -> str:
        return self.players[1] if name == self.players[0] else self.players[0]

    async def on_key(self, event: events.Key) -> None:
        if await run_own_key(self, event, self.OWN_KEYS):
            return
        if not event.is_printable or not event.character or not event.character.isalnum():
            return  # a key for the screen ("?" for help)
        event.stop()
        event.prevent_default()
        try:
            steps = self.press(event.character.casefold())
        except RuleError as error:
            self.refresh()
            self.app.bell()
            self.post_message(Refused(self, error.message))
            return
        if steps is not None:
            self.steps = steps
            self.changed()

    def draft_value(self) -> list[Step]:
        return list(self.steps)

    def restore_draft(self, value: Any) -> None:
        self.steps = list(value)
        self.changed()

    def action_take_back(self) -> None:
        if self.steps:
            self.steps = self.steps[:-1]
            self.changed()

    def changed(self) -> None:
        self.refresh(layout=True)
        self.post_message(self.Changed(self))

    def press(self, key: str) -> list[Step] | None:
        """The steps after ``key``, ``None`` if it changes nothing; RuleError refuses it
        (out of turn, or a key that says nothing here)."""
        raise NotImplementedError

    def hint(self) -> str:
        """What can be pressed now, for the row's note."""
        raise NotImplementedError

    def fields(self) -> Round:
        """This log's fields of the round; RuleError if the talking is not finished."""
        raise NotImplementedError

    def lost_unplayed(self) -> str | None:
        """How the hand ended without being played out ("Bob folded"), if it did."""
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

    def next_doubler(self, cube: Cube) -> str | None:
        return next_doubler(self.players, cube.doubles, cube.beavers)

    def beavered(self, cube: Cube) -> bool:
        """Whether the double awaiting an answer is a beaver (which may not be beavered)."""
        return len(cube.doubles) - 1 in cube.beavers

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
                step = ("double", self.next_doubler(cube) or self.players[0], 0)
            else:
                first, second = self.players
                raise RuleError("doubles", f"who doubles? 1 for {first}, 2 for {second}")
        elif key in ("a", "b", "f"):
            if answer is None:
                raise RuleError("doubles", "nobody has doubled: there is nothing to answer")
            step = ({"a": "accept", "b": "beaver", "f": "fold"}[key], answer, 0)
        else:
            raise RuleError("doubles", f"{key!r} says nothing here: {self.hint()}")
        steps = [*self.steps, step]
        self.cube(steps)
        return steps

    def render(self) -> Content:
        cube = self.cube()
        said = {"double": "doubles", "accept": "accepts", "beaver": "beavers", "fold": "folds"}
        log = ", ".join(f"{who} {said[what]}" for what, who, _ in self.steps)
        waiting = f" — {self.other(cube.pending)} to answer" if cube.pending else ""
        return plain(f"cube {cube.face}" + (f": {log}" if log else "") + waiting)

    def hint(self) -> str:
        cube = self.cube()
        if cube.folded is not None:
            return "⌫ takes the fold back"
        if cube.pending is not None:
            return "a accept · f fold" if self.beavered(cube) else "a accept · f fold · b beaver"
        if cube.doubles:
            return f"d {self.next_doubler(cube)} doubles · ⌫ back"
        first, second = self.players
        return f"1 {first} doubles · 2 {second} doubles"

    def lost_unplayed(self) -> str | None:
        folded = self.cube().folded
        return None if folded is None else f"{folded} folded"

    def fields(self) -> Round:
        cube = self.cube()
        if cube.pending is not None:
            raise RuleError(
                "doubles",
                f"{self.other(cube.pending)} has not answered {cube.pending}'s double: "
                + ("a accept, f fold" if self.beavered(cube) else "a accept, f fold, b beaver"),
            )
        round_: Round = {"stake": cube.face, "doubles": list(cube.doubles)}
        if cube.beavers:
            round_["beavers"] = list(cube.beavers)
        if cube.folded is not None:
            round_["folded"] = cube.folded
        if self.automatic:
            round_["automatic_double"] = True
        return round_

    def replay(self, doubles: Sequence[str], folded: str | None, beavers: Sequence[int]) -> None:
        """The steps of a recorded hand: each double taken (a beaver takes the one before
        it), the last refused if one folded."""
        steps: list[Step] = []
        for index, who in enumerate(doubles):
            steps.append(("beaver" if index in beavers else "double", who, 0))
            if index + 1 in beavers:
                continue
            last = index == len(doubles) - 1
            steps.append(("fold" if last and folded else "accept", self.other(who), 0))
        self.steps = steps
        self.changed()


class PotLog(StakesLog):
    """The limit-poker pot: antes, then check / bet / raise / call / fold in turn.

    Chips are typed before the step: ``3b`` bets 3, ``5r`` raises 5 (either letter does
    either: the first chips in are the bet, the rest raises). After the betting ``1g`` or
    ``2g``: the first or second player gives up. Whose turn it is, what the pot holds and
    what is allowed come from ``scorekeeper.games.rummy_5000.stakes.pot_after``. An edited
    hand starts from the pot as recorded.
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
        if whole_number(key, signed=False) is not None:
            self.typed = (self.typed + key)[-2:]
            self.refresh()
            self.post_message(self.Changed(self))
            return None
        if key == "g":
            return self.give_up(pot)
        if key not in ("b", "r", "c", "k", "f"):
            raise RuleError("pot", f"{key!r} says nothing here: {self.hint()}")
        if pot.to_act is None:
            if pot.lost_by is not None:
                raise RuleError("pot", "the hand is over (⌫ takes back the last step)")
            raise RuleError("pot", "the betting is over: 1g or 2g gives up (⌫ takes back)")
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

    def give_up(self, pot: Pot) -> list[Step] | None:
        """``1g``/``2g``: that player gives up after the betting (a recorded pot too)."""
        seat, self.typed = self.typed, ""
        if seat not in ("1", "2"):
            first, second = self.players
            self.refresh()
            raise RuleError("pot", f"who gives up? 1g {first}, 2g {second}")
        step = ("give up", self.players[int(seat) - 1], 0)
        if self.recorded is None:
            steps = [*self.steps, step]
            self.pot(steps)
            return steps
        if pot.lost_by is not None:
            raise RuleError("pot", f"{pot.lost_by} already lost this pot (⌫ takes it back)")
        self.recorded = replace(pot, gave_up=step[1])
        self.changed()
        return None

    def draft_value(self) -> list[Step]:
        return list(self.steps)

    def restore_draft(self, value: Any) -> None:
        self.steps = list(value)
        self.changed()

    def action_take_back(self) -> None:
        if self.typed:
            self.typed = ""
            self.changed()
        elif self.recorded is not None and self.recorded.gave_up is not None:
            self.recorded = replace(self.recorded, gave_up=None)
            self.changed()
        elif self.recorded is not None:
            self.recorded = None
            self.changed()
        else:
            super().action_take_back()

    def render(self) -> Content:
        pot = self.pot()
        each = ", ".join(f"{name} {pot.chips[name]}" for name in self.players)
        said = {"give up": "gives up"}
        log = ", ".join(
            f"{who} {what}s {chips}" if chips else f"{who} {said.get(what, what + 's')}"
            for what, who, chips in self.steps
        )
        if self.recorded is not None:
            log = "as recorded"
            if self.recorded.gave_up is not None:
                log += f", {self.recorded.gave_up} gives up"
        waiting = "" if pot.to_act is None else f" — {pot.to_act} to act"
        typed = f" {self.typed}▏" if self.typed else ""
        return plain(f"pot {pot.total} ({each})" + (f": {log}" if log else "") + waiting + typed)

    def hint(self) -> str:
        pot = self.pot()
        first, second = self.players
        give_up = f"1g {first} gives up · 2g {second}"
        if pot.lost_by is not None:
            return "hand over · ⌫ takes back"
        if self.recorded is not None:
            return f"{give_up} · ⌫ retype the betting"
        if pot.over:
            return f"{give_up} · ⌫ back"
        if self.typed:
            return f"{self.typed}: b bet · r raise"
        if pot.facing:
            return "c call · 3r raise · f fold"
        return "k check · 3b bet · f fold"

    def lost_unplayed(self) -> str | None:
        pot = self.pot()
        if pot.gave_up is not None:
            return f"{pot.gave_up} gave up"
        return None if pot.folded is None else f"{pot.folded} folded"

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
        if pot.gave_up is not None:
            round_["gave_up"] = pot.gave_up
        return round_

    def show_recorded(self, round_: checks.Round) -> None:
        hand = checks.accepted(round_, Played)
        raises = dict.fromkeys(self.players, 0) | hand.get("raises", {})
        self.recorded = Pot(
            dict(hand.get("pot", {})),
            raises,
            None,
            folded=hand.get("folded"),
            gave_up=hand.get("gave_up"),
        )
        self.changed()
