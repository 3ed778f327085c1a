"""The numbers of a session as every screen shows them: one read-only view.

Each player's figure (a points total, or the balance where money or chips are the score),
its change in a round, the money beside a points total, the place and who leads, already
in the game's unit and words. How a game is scored (points kept apart from the money, the
lowest total best) is decided here once, so the table, the settle-up, the chart, a round
entry's preview and the board only lay out what this view says.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.game import Game, Setup, State
from scorekeeper.money import amount

Moves = tuple[tuple[str, str], ...]
"""(player, change in words) for each player whose figure moved, in seat order."""


@dataclass(frozen=True)
class PlayerStanding:
    """One player where the session stands now."""

    name: str
    place: int
    """1 for the best figure; equal figures share a place."""
    total: int
    """The figure the game is scored by: points, or the balance where money is the score."""
    figure: str
    """``total`` in words: a points total plain ("145"), a balance signed ("+$0.48")."""
    shown: tuple[str, ...]
    """What goes under ``Figures.labels``: the figure, and the money beside points."""
    aside: str
    """The money beside a points total once any has changed hands; "" otherwise."""
    leads: bool


@dataclass(frozen=True)
class Change:
    """What one round did, or would do: who moved, by how much, and what comes next."""

    moves: Moves
    """Each figure that moved, in the figure's unit ("+30", "−$3.00")."""
    money_moves: Moves
    """The money that moved beside a points total; empty where the figure is the money."""
    dealer: str
    finished: bool
    winners: tuple[str, ...]


def _moves(
    players: Sequence[str], before: Mapping[str, int], after: Mapping[str, int], unit: str
) -> Moves:
    """Each player whose figure moved from ``before`` to ``after``, by how much."""
    return tuple(
        (name, amount(after[name] - before[name], unit, signed=True))
        for name in players
        if after[name] != before[name]
    )


class Figures:
    """Every number of one session as it stands, from its states round by round (the
    first before any round); built by ``Session.figures``."""

    def __init__(
        self, game: Game, setup: Setup, states: Sequence[State], if_ended: State | None = None
    ) -> None:
        self.game = game
        self.setup = setup
        self.states = states
        self.if_ended = if_ended
        """The state the table would be in if it ended the game now, where that is known."""
        self._points = game.scored_in_points
        """Points are the score, money kept beside them; else the money is the score."""

    @property
    def money_label(self) -> str | None:
        """The line of money beside a points total: "money" once any has moved; "if ended"
        where it moves only when the game ends (what ending now would pay, not a row of
        $0.00 that reads as nobody owing); none where no money would move at all."""
        if not self._points:
            return None
        if any(self.states[-1].balances.values()):
            return "money"
        if self.if_ended is not None and any(self.if_ended.balances.values()):
            return "if ended"
        return None

    def _money(self) -> Mapping[str, int]:
        """The money the money line shows: as it stands, or as ending now would leave it."""
        now = self.states[-1]
        if self.money_label == "if ended" and self.if_ended is not None:
            return self.if_ended.balances
        return now.balances

    @property
    def unit(self) -> str:
        """What a figure counts: "points", or the game's money or chips."""
        return "points" if self._points else self.game.unit

    @property
    def labels(self) -> tuple[str, ...]:
        """What each line under a player's name is: a total and its money (if any would
        move), or a balance."""
        if not self._points:
            return ("balance",)
        label = self.money_label
        return ("total",) if label is None else ("total", label)

    @property
    def title(self) -> str:
        """What the figures are, round after round: "Running totals" or "Balances"."""
        return "Running totals" if self._points else "Balances"

    def _figure(self, state: State) -> Mapping[str, int]:
        """Each player's figure at ``state``."""
        return state.totals if self._points else state.balances

    def text(self, value: int) -> str:
        """A figure in words: a points total plain, a balance signed ("+$0.48")."""
        return amount(value, self.unit, signed=not self._points)

    def change_text(self, change: int) -> str:
        """A change of a figure, always signed ("+30", "−$3.00")."""
        return amount(change, self.unit, signed=True)

    def history(self, name: str) -> list[int]:
        """``name``'s figure from the start (before the first round) to now."""
        return [self._figure(state)[name] for state in self.states]

    @property
    def leaders(self) -> tuple[str, ...]:
        """The winners once the game is over, else who is ahead (nobody at the start)."""
        now = self.states[-1]
        return (
            now.winners
            if now.finished
            else self.game.leaders(now.totals, self.game.wins_lowest(self.setup))
        )

    def standings(self) -> list[PlayerStanding]:
        """Every player in order of place; equal figures share a place, in seat order."""
        now = self.states[-1]
        shown = self._figure(now)
        lowest_first = self._points and self.game.wins_lowest(self.setup)
        order = sorted(
            self.setup.players, key=lambda name: shown[name] * (1 if lowest_first else -1)
        )
        money_moved = self._points and any(now.balances.values())
        money_shown = self._money()
        label = self.money_label
        leaders = self.leaders
        rows: list[PlayerStanding] = []
        for seat, name in enumerate(order):
            place = rows[-1].place if seat and shown[name] == shown[order[seat - 1]] else seat + 1
            figure = self.text(shown[name])
            money = amount(money_shown[name], self.game.unit, signed=True)
            rows.append(
                PlayerStanding(
                    name,
                    place,
                    shown[name],
                    figure,
                    (figure, money) if label else (figure,),
                    money if money_moved else "",
                    name in leaders,
                )
            )
        return rows

    def by_seat(self) -> dict[str, PlayerStanding]:
        """``standings`` keyed by name, in seat order."""
        placed = {row.name: row for row in self.standings()}
        return {name: placed[name] for name in self.setup.players}

    def apart(self) -> list[tuple[str, str]]:
        """Each player's points total where points are kept apart from the money, for a
        settle-up to show above the balances; empty where the money is the score."""
        if not self._points:
            return []
        now = self.states[-1]
        return [(name, amount(now.totals[name], "points")) for name in self.setup.players]

    def change(self, index: int) -> Change:
        """What round ``index`` (0-based) did."""
        return self.between(self.states[index], self.states[index + 1])

    def between(self, before: State, after: State) -> Change:
        """What took the table from ``before`` to ``after``, in the figure's words."""
        players = self.setup.players
        moves = _moves(players, self._figure(before), self._figure(after), self.unit)
        money = _moves(players, before.balances, after.balances, self.game.unit)
        return Change(
            moves, money if self._points else (), after.dealer, after.finished, after.winners
        )
