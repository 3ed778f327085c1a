"""A session: one game at one table, as the rounds recorded so far.

The rounds are the truth; everything else (totals, dealer, balances, end of game) is
derived by replaying them through the game's rules. One State is kept per round so
``record`` and ``undo`` cost one round, and ``edit`` replays only from the change on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from scorekeeper.checks import JSONMapping, JSONObject, Round, as_recorded, check_keys
from scorekeeper.errors import RuleError
from scorekeeper.game import END_ROUND, Game, OptionValue, RoundFacts, Setup, State, is_end_round
from scorekeeper.games import GAMES
from scorekeeper.json_copy import json_copy
from scorekeeper.seating import check_options, check_players
from scorekeeper.seating import check_seat as check_seat
from scorekeeper.settle import Payment, settle
from scorekeeper.wording import listed

if TYPE_CHECKING:
    from scorekeeper.view import Change, Figures


@dataclass(frozen=True)
class Standing:
    """Each seat's score (in the game's ``score_unit``) and balance, in seat order."""

    scores: tuple[int, ...]
    balances: tuple[int, ...]


@dataclass(frozen=True)
class RoundResult:
    """One round as a report shows it: who dealt, the round in the table's words, the
    standing after it and its facts (the end round's included)."""

    dealer: str
    what: str
    after: Standing
    facts: RoundFacts


class Session:
    """One game at one table. Build with ``Session.new`` or ``Session.from_dict``."""

    def __init__(self, game: Game, setup: Setup) -> None:
        self.game = game
        self.setup = setup
        self._rounds: list[JSONObject] = []
        self._states: list[State] = [game.start(setup)]
        self._results: list[RoundResult] = []
        """``round_results`` so far: a save after each round works out only the new one."""

    @classmethod
    def new(
        cls,
        game: str,
        players: Sequence[str],
        *,
        dealer: str | None = None,
        options: JSONMapping | None = None,
    ) -> Session:
        """A new table: every name and option checked against today's rules."""
        return cls._set_up(game, players, dealer, options, new=True)

    @classmethod
    def _set_up(
        cls,
        game: str,
        players: Sequence[str],
        dealer: str | None,
        options: JSONMapping | None,
        *,
        new: bool,
    ) -> Session:
        if game not in GAMES:
            raise RuleError("game", f"unknown game {game!r} (known: {', '.join(GAMES)})")
        rules = GAMES[game]
        seats = check_players(players, rules, new)
        chosen = check_options(options, rules, len(seats))
        first = seats[0] if dealer is None else dealer
        if first not in seats:
            raise RuleError("dealer", f"{first!r} is not at this table ({', '.join(seats)})")
        setup = Setup(seats, chosen, first)
        rules.check_setup(setup)
        return cls(rules, setup)

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def options(self) -> Mapping[str, OptionValue]:
        return self.setup.options

    @property
    def state(self) -> State:
        return self._states[-1]

    @property
    def rounds(self) -> list[JSONObject]:
        return self._rounds

    @property
    def dealer(self) -> str:
        return self.state.dealer

    @property
    def first_player(self) -> str | None:
        return self.game.first_player(self.setup, self.state)

    @property
    def rounds_played(self) -> int:
        """Rounds played as the table counts them (``Game.rounds_played``), which a screen
        numbers by; ``len(rounds)`` counts what was recorded. The table ending the game
        is no round played."""
        ended = bool(self._rounds) and is_end_round(self._rounds[-1])
        return self.game.rounds_played(self.state, len(self._rounds) - ended)

    @property
    def totals(self) -> dict[str, int]:
        return dict(self.state.totals)

    @property
    def balances(self) -> dict[str, int]:
        return dict(self.state.balances)

    @property
    def finished(self) -> bool:
        return self.state.finished

    @property
    def winners(self) -> tuple[str, ...]:
        return self.state.winners

    @property
    def info(self) -> Mapping[str, object]:
        """What only this game tracks (a carried pool, a hand and contract...)."""
        return self.state.info

    @property
    def pot(self) -> int:
        """What the game carries into later rounds in its kitty (a race's unpaid pool);
        0 in a game that carries nothing."""
        return self.game.carried(self.setup, self.state)

    @property
    def parties(self) -> dict[str, int]:
        """What a settle-up squares: everyone's balance, and the kitty's while it holds
        something."""
        balances = self.balances
        if self.pot and self.game.kitty is not None:
            balances[self.game.kitty] = self.pot
        return balances

    def state_before(self, index: int) -> State:
        """The table as it stood when round ``index`` (0-based) was dealt."""
        return self._states[index]

    def state_after(self, index: int) -> State:
        return self._states[index + 1]

    def describe(self, index: int) -> str:
        """Round ``index`` (0-based) in the table's words, as the game tells it; the
        table's end round as its game words it ("Evening ended")."""
        if is_end_round(self._rounds[index]):
            ending = self.game.ending
            return ending.done.capitalize() if ending else "Ended"
        return self.game.describe(
            self.setup, self.state_before(index), self._rounds[index], self.state_after(index)
        )

    def standing(self, index: int) -> Standing:
        """Scores and balances once ``index`` rounds are played (0: before the first)."""
        state = self._states[index]
        scores = self.game.scores(self.setup, state)
        players = self.setup.players
        return Standing(
            tuple(scores[name] for name in players), tuple(state.balances[name] for name in players)
        )

    def facts(self, index: int) -> RoundFacts:
        """Round ``index``'s facts for a spreadsheet; the end round's as its game says them."""
        before, after = self._states[index], self._states[index + 1]
        if is_end_round(self._rounds[index]):
            return self.game.end_facts(self.setup, before, after)
        return self.game.round_facts(self.setup, before, self._rounds[index], after)

    def round_results(self) -> Sequence[RoundResult]:
        """Every round's ``RoundResult``, each worked out once: kept until an undo or an
        edit changes that round or one before it."""
        for index in range(len(self._results), len(self._rounds)):
            self._results.append(
                RoundResult(
                    self._states[index].dealer,
                    self.describe(index),
                    self.standing(index + 1),
                    self.facts(index),
                )
            )
        return self._results

    def _over(self, before: Sequence[Round], state: State) -> str:
        """Why no round may follow: the game ended by its rules, or the table ended it."""
        won = f"{listed(state.winners)} {'won' if len(state.winners) == 1 else 'share the win'}"
        ending = self.game.ending
        if before and is_end_round(before[-1]) and ending is not None:
            last = f"{self.game.round_name.lower()} {len(before) - 1}"
            return f"{ending.done} after {last} ({won}): undo that to play on"
        return f"the game is over ({won}): start a new session"

    def _play(
        self, before: Sequence[Round], state: State, round_: Round
    ) -> tuple[JSONObject, State]:
        """One round played on ``state``, the table after the rounds ``before`` it."""
        if state.finished:
            raise RuleError("end" if is_end_round(round_) else "round", self._over(before, state))
        played = json_copy(round_, "")
        if not isinstance(played, dict):
            raise RuleError("round", "a round must be a mapping of fields to values")
        if is_end_round(played):
            return played, self._end(before, state, played)
        return played, self.game.play(self.setup, state, played)

    def _end(self, before: Sequence[Round], state: State, round_: JSONObject) -> State:
        """The table ends the game by choice: the game says what that settles; after it
        the game is over, whatever the game's hook said."""
        check_keys(round_, ("end",))
        if round_["end"] is not True:
            raise RuleError("end", f'an end round is {{"end": true}}, not {round_["end"]!r}')
        if not before:
            name = self.game.round_name.lower()
            raise RuleError("end", f"no {name} has been played yet: there is nothing to end")
        return replace(self.game.end(self.setup, state), finished=True)

    def record(self, round_: Round) -> None:
        """Check one round against the rules and add it; a refused round changes nothing."""
        played, after = self._play(self._rounds, self.state, round_)
        self._rounds.append(played)
        self._states.append(after)

    def figures(self) -> Figures:
        """Every number a screen shows of this session as it stands, in the game's unit
        and words: totals, changes, money, places and leaders; and, where the money moves
        only when the game ends, what ending it now would pay."""
        from scorekeeper.view import Figures  # here: the app's first screen shows none

        points_only = self.game.scored_in_points and not any(self.state.balances.values())
        ended = self.if_ended() if points_only else None
        return Figures(
            self.game, self.setup, tuple(self._states), None if ended is None else ended.state
        )

    def preview(self, round_: Round, index: int | None = None) -> Change:
        """What ``round_`` would do recorded next (or as round ``index``, edited), checked
        on the path ``record`` takes; nothing changes. Refused as ``record`` refuses."""
        at = len(self._rounds) if index is None else index
        _, after = self._play(self._rounds[:at], self._states[at], round_)
        return self.figures().between(self._states[at], after)

    def figures_after(self, round_: Round) -> Figures:
        """The figures as they would stand with ``round_`` recorded next, for an entry to
        show a total as it is typed; checked as ``record`` checks, nothing changes."""
        from scorekeeper.view import Figures

        _, after = self._play(self._rounds, self.state, round_)
        return Figures(self.game, self.setup, (*self._states, after))

    def if_ended(self) -> Session | None:
        """This session as it would stand if the table ended it now, for a settle-up to
        show; None where it cannot be ended now (over already, nothing played, no ending)."""
        try:
            played, after = self._play(self._rounds, self.state, END_ROUND)
        except RuleError:
            return None
        ended = Session(self.game, self.setup)
        ended._rounds = [*self._rounds, played]
        ended._states = [*self._states, after]
        ended._results = list(self._results)
        return ended

    def undo(self) -> JSONObject:
        if not self._rounds:
            raise RuleError("round", "there is no round to undo")
        self._states.pop()
        del self._results[len(self._states) - 1 :]
        return self._rounds.pop()

    def edit(self, index: int, round_: Round) -> None:
        """Replace round ``index`` and re-check every later round; all or nothing."""
        if (
            isinstance(index, bool)
            or not isinstance(index, int)
            or not 0 <= index < len(self._rounds)
        ):
            raise RuleError(
                "round", f"there is no round {index!r} to edit ({len(self._rounds)} recorded)"
            )
        rounds = list(self._rounds)
        states = self._states[: index + 1]
        for position in range(index, len(rounds)):
            if position > index and states[-1].finished:
                raise RuleError("round", self._ends_too_soon(index, position, len(rounds)))
            given = round_ if position == index else rounds[position]
            try:
                rounds[position], after = self._play(rounds[:position], states[-1], given)
            except RuleError as error:
                if position == index:
                    raise
                raise RuleError(
                    error.field,
                    f"after this change, round {position + 1} no longer holds: {error.message}",
                ) from error
            states.append(after)
        self._rounds, self._states = rounds, states
        del self._results[index:]

    def _ends_too_soon(self, index: int, ended: int, count: int) -> str:
        """An edit that ends the game at round ``ended`` (1-based) with rounds after it."""
        name = self.game.round_name.lower()
        later = f"{name} {count}" if ended + 1 == count else f"{name}s {ended + 1}-{count}"
        return (
            f"with this change the game ends at {name} {ended}, but {later} "
            f"{'was' if ended + 1 == count else 'were'} recorded after it: undo {later} "
            f"first, then edit {name} {index + 1}"
        )

    def settlement(self) -> list[Payment]:
        """Payments that square everyone's balance; a kitty counts as one more party."""
        return settle(self.parties)

    def to_dict(self) -> JSONObject:
        with as_recorded():  # a copy of rounds already accepted: nothing to check again
            rounds = [json_copy(round_, "") for round_ in self._rounds]
        return {
            "game": self.game.id,
            "players": list(self.setup.players),
            "dealer": self.setup.first_dealer,
            "options": dict(self.setup.options),
            "rounds": rounds,
        }

    @classmethod
    def from_dict(cls, data: JSONMapping) -> Session:
        """A saved session, replayed. Names and amounts are taken as they were accepted
        when recorded: a store written before their limits were rules still opens."""
        with as_recorded():
            session = cls._set_up(
                data["game"], data["players"], data["dealer"], data["options"], new=False
            )
            for round_ in data["rounds"]:
                session.record(round_)
        return session

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Session) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"<Session {self.game.id} {', '.join(self.players)}: {len(self._rounds)} rounds>"
