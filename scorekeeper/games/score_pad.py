"""The score pad: any other game the table plays, kept as a scoresheet with the deal, an
end and the money, and nothing game-specific.

Each round is every player's score; the totals decide everything else. The money follows
the totals at every moment, so stopping at any point settles what the pad says then.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import NotRequired, TypedDict

from scorekeeper.checks import Round, as_int, as_mapping, shaped
from scorekeeper.errors import RuleError
from scorekeeper.game import (
    NO_STAKE,
    STOP,
    Fact,
    Game,
    Option,
    RoundFacts,
    Setup,
    State,
    said_as_label,
)
from scorekeeper.money import amount, format_amount
from scorekeeper.payouts import add, every_pair_settles, pay_the_difference, winners_by_total

HIGHEST, LOWEST = "highest", "lowest"
DIFFERENCE, WINNER = "difference", "winner"
LOWEST_WINS = "lowest wins"
"""How ``option_words`` says the lowest total wins, read back by ``wins_lowest_said``."""

_GROUPED_TARGET = re.compile(r"to [1-9]\d{0,2}(?:,\d{3})+")
"""A target as earlier releases worded it, its thousands grouped ("to 1,000")."""


class Scores(TypedDict):
    """One round as the table records it: every player's score, negatives counting."""

    scores: dict[str, int]


class Options(TypedDict):
    house: str
    wins: str
    """``HIGHEST`` or ``LOWEST``."""
    target: int
    rounds: int
    stake: int
    """Cents per point; 0 for points only."""
    pay: str
    """``DIFFERENCE`` or ``WINNER``."""
    rotate: bool


class Info(TypedDict):
    round: int
    """Rounds played."""
    stopped: NotRequired[bool]


def options_of(setup: Setup) -> Options:
    """The pad's options, typed: ``GAME.options_of`` for the helpers before the class."""
    return GAME.options_of(setup)


def best_totals(setup: Setup, totals: Mapping[str, int]) -> tuple[str, ...]:
    """Who holds the best total (highest or lowest, as the table plays), in seat order."""
    lowest = options_of(setup)["wins"] == LOWEST
    return winners_by_total(setup.players, totals, lowest_wins=lowest)


def money(setup: Setup, totals: Mapping[str, int]) -> dict[str, int]:
    """Each player's balance on these totals, in minor units, adding up to 0.

    ``difference``: every pair settles the difference of its totals, so a player gets
    stake x (n x total - sum) where the highest wins, the opposite where the lowest does.
    ``winner``: everyone else pays the winners their distance x stake, shared out among
    tied winners with odd units one each in seat order."""
    options = options_of(setup)
    stake = options["stake"]
    if options["pay"] == WINNER:
        return pay_the_difference(setup.players, totals, best_totals(setup, totals), stake)
    lowest = options["wins"] == LOWEST
    return every_pair_settles(setup.players, totals, stake, lowest_wins=lowest)


class ScorePad(Game[Options, Info]):
    id = "score-pad"
    name = "Score pad — any other game"
    min_players = 2
    max_players = 12
    unit = "money"
    scored_in_points = True
    menu_order = 99
    ending = STOP
    fact_names = ("round", "scored", "end")
    options = {
        "house": Option("", "this house game's name, if it has one", label=True),
        "wins": Option(HIGHEST, "the highest or the lowest total wins", choices=(HIGHEST, LOWEST)),
        "target": Option(0, "the game ends once a total reaches it; 0 = no target", minimum=0),
        "rounds": Option(0, "the game ends after this many rounds; 0 = no limit", minimum=0),
        "stake": Option(0, "money per point; 0 = points only", minimum=0, cents=True),
        "pay": Option(
            DIFFERENCE,
            "difference: every pair settles up · winner: the others pay the winner",
            choices=(DIFFERENCE, WINNER),
        ),
        "rotate": Option(True, "the deal passes clockwise after every round"),
    }
    rules = """\
2-12 players, any game: each round, type every player's score (negatives count).
The best total wins: the highest, or the lowest where the table says so; tied best
totals all win. The game ends after the round in which a total reaches the target, or
after the set number of rounds, whichever comes first; with neither, the table ends it.
Money, with a stake per point, follows the totals at every moment:
difference: every pair settles the difference of its totals x stake;
winner: each other player pays the winners their distance from the winning total x
stake, tied winners sharing it, odd cents one each in seat order.
The deal passes clockwise after every round, or stays with one dealer."""

    def wins_lowest(self, setup: Setup) -> bool:
        return self.options_of(setup)["wins"] == LOWEST

    def wins_lowest_said(self, option_words: Sequence[str] | None) -> bool:
        return LOWEST_WINS in (option_words or ())

    def title(self, setup: Setup) -> str:
        house = self.options_of(setup)["house"]
        return f"{house} (score pad)" if house else self.name

    def start_info(self, setup: Setup) -> Info:
        return {"round": 0}

    def play(self, setup: Setup, state: State, round_: Round) -> State:
        played_round = shaped(round_, Scores, ("scores",))
        given = as_mapping(played_round["scores"], "scores")
        for name in given:
            if name not in setup.players:
                seated = ", ".join(setup.players)
                raise RuleError("scores", f"{name!r} is not at this table ({seated})")
        scores = {}
        for name in setup.players:
            if name not in given:
                raise RuleError("scores", f"{name}'s score is missing: give every player's")
            scores[name] = as_int(given[name], f"scores.{name}")
        totals = add(state.totals, scores)
        played = self.info_of(state)["round"] + 1
        info = Info(round=played)
        if self._over(setup, totals, played):
            return self._settled(setup, state.dealer, totals, info)
        dealer = setup.left_of(state.dealer) if self.options_of(setup)["rotate"] else state.dealer
        return State(dealer, totals, money(setup, totals), info=info)

    def _over(self, setup: Setup, totals: Mapping[str, int], played: int) -> bool:
        """A total reached the target, or the set number of rounds is played."""
        options = self.options_of(setup)
        target, rounds = options["target"], options["rounds"]
        reached = bool(target) and max(totals.values()) >= target
        return reached or (bool(rounds) and played >= rounds)

    def _settled(self, setup: Setup, dealer: str, totals: Mapping[str, int], info: Info) -> State:
        """The game over on these totals: the best wins, the money as the totals say."""
        winners = best_totals(setup, totals)
        return State(dealer, totals, money(setup, totals), True, winners, info)

    def end(self, setup: Setup, state: State) -> State:
        """The table stops: the game ends on the totals as they stand."""
        stopped = Info(round=self.info_of(state)["round"], stopped=True)
        return self._settled(setup, state.dealer, state.totals, stopped)

    def target(self, setup: Setup, state: State) -> int | None:
        return self.options_of(setup)["target"] or None

    def panel(self, setup: Setup, state: State) -> list[tuple[str, str]]:
        options = self.options_of(setup)
        ends = [f"a total reaches {options['target']}"] if options["target"] else []
        if options["rounds"]:
            ends.append(f"after round {options['rounds']}")
        lines = [
            ("Wins", f"the {options['wins']} total"),
            ("Ends", " or ".join(ends) if ends else "when the table says"),
            ("Money", self._money_words(setup)),
        ]
        if state.finished:
            lines.insert(0, ("Game over", f"after round {self.info_of(state)['round']}"))
        return lines

    def _money_words(self, setup: Setup) -> str:
        options = self.options_of(setup)
        stake = options["stake"]
        if not stake:
            return "none (points)"
        way = "every pair settles" if options["pay"] == DIFFERENCE else "paid to the winner"
        return f"{format_amount(stake, self.unit)} per point, {way}"

    def option_words(self, setup: Setup) -> list[str]:
        options = self.options_of(setup)
        words = [said_as_label(options["house"])] if options["house"] else []
        words.append(LOWEST_WINS if options["wins"] == LOWEST else "highest wins")
        if options["target"]:
            words.append(f"to {options['target']}")
        if options["rounds"]:
            words.append(f"{options['rounds']} rounds")
        stake = options["stake"]
        words.append(f"stake {format_amount(stake, self.unit)}/point" if stake else NO_STAKE)
        if stake:
            words.append("pay the winner" if options["pay"] == WINNER else "pay the difference")
        if not options["rotate"]:
            words.append("one dealer")
        return words

    def option_word_now(self, word: str) -> str:
        """Earlier releases grouped a target's thousands ("to 1,000"), as money is: said
        plain now, as the panel's "Target 1000"."""
        return word.replace(",", "") if _GROUPED_TARGET.fullmatch(word) else word

    def played_for(self, setup: Setup) -> str:
        return self.unit if self.options_of(setup)["stake"] else "points"

    def round_facts(self, setup: Setup, before: State, round_: Round, after: State) -> RoundFacts:
        players: dict[str, dict[str, Fact]] = {
            name: {"scored": after.totals[name] - before.totals[name]} for name in setup.players
        }
        return RoundFacts({"round": self.info_of(after)["round"]}, players)

    def describe(self, setup: Setup, before: State, round_: Round, after: State) -> str:
        """ "Ann +20, Bob −5, Cy 0", each score signed as the grid signs it."""
        scored = (
            f"{name} {amount(after.totals[name] - before.totals[name], 'points', signed=True)}"
            for name in setup.players
        )
        return ", ".join(scored)


GAME = ScorePad()
