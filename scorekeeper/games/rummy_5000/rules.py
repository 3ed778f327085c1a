"""5000 Rummy: melds count for you and cards left in hand against you, at values set by the
hand's wild rank; the first to the target wins the difference from everyone else.

Hand counting is in ``hands``; the panel, a hand described and its facts in ``words``.
Variations are options: ``play_to_win`` and ``must_go_out`` make the game worth one game
point, tallied as games won and paid at ``stake`` by each non-winner; ``doubling`` and
``limit_poker`` (``stakes``) make each of two hands worth a cube stake or a pot, won from
the other player and settled at ``stake`` per game point (a limit-poker chip is one game
point). Game points are kept in ``State.info``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from scorekeeper.checks import Round, as_player, shaped
from scorekeeper.errors import RuleError
from scorekeeper.game import STOP, Option, Setup, State
from scorekeeper.games.rummy_5000.cube import cube_in_play, cube_swing
from scorekeeper.games.rummy_5000.hands import (
    FALSE_CLAIM,
    HAND_FIELDS,
    FalseClaim,
    Played,
    as_wild,
    hand_scores,
)
from scorekeeper.games.rummy_5000.pot import chips_in_pot, pot_swing
from scorekeeper.games.rummy_5000.shapes import Info, options_of, whole_points
from scorekeeper.games.rummy_5000.stakes import (
    DOUBLING_FIELDS,
    GAME_POINT_OPTIONS,
    HANDS_PER_STAKES_GAME,
    POKER_FIELDS,
)
from scorekeeper.games.rummy_5000.words import Rummy5000Words
from scorekeeper.payouts import add, pay_the_difference, winners_by_total


def default_target(player_count: int) -> int:
    """2 players play to 5000, 3 to 3000, 4 or 5 (and partners) to 2000."""
    return {2: 5000, 3: 3000}.get(player_count, 2000)


def partnerships(players: Sequence[str]) -> tuple[tuple[str, str], tuple[str, str]]:
    """Partners sit across: seats 1 and 3 against seats 2 and 4."""
    return (players[0], players[2]), (players[1], players[3])


def _partners_of(players: Sequence[str], name: str) -> tuple[str, str]:
    return next(side for side in partnerships(players) if name in side)


def _by_partnership(setup: Setup, scores: Mapping[str, int]) -> dict[str, int]:
    """What each player's total gains: their own score, or with partners their side's."""
    if not options_of(setup)["partners"]:
        return dict(scores)
    return {
        name: sum(scores[partner] for partner in _partners_of(setup.players, name))
        for name in setup.players
    }


def _with_partnerships(setup: Setup, info: Info, totals: Mapping[str, int]) -> Info:
    """A copy of ``info`` with partners' shared totals by side ("Ann & Cy"), for the
    panel; without partners, a copy as it is."""
    if not options_of(setup)["partners"]:
        return info.copy()
    sides = partnerships(setup.players)
    return {**info, "partnerships": {" & ".join(side): totals[side[0]] for side in sides}}


def _share(points: int, ways: int) -> int | Fraction:
    """A game point shared by tied winners can be a fraction (2 tied: 1/2 each)."""
    share = Fraction(points, ways)
    return int(share) if share.denominator == 1 else share


class Rummy5000(Rummy5000Words):
    id = "rummy-5000"
    name = "5000 Rummy"
    min_players = 2
    max_players = 5
    unit = "money"
    scored_in_points = True
    menu_order = 4
    round_name = "Hand"
    ending = STOP
    fact_names = (
        "hand",
        "false claim",
        "wild",
        "folded",
        "gave up",
        "out",
        "bonus",
        "automatic double",
        "stake",
        "doubles",
        "pot",
        "melded",
        "held",
        "melded cards",
        "held cards",
        "money cards",
        "hand score",
        "pot chips",
        "raises",
        "game points",
        "end",
    )
    options = {
        "target": Option(
            default_target, "points that end the game (2 players 5000, 3 3000, 4-5 2000)", minimum=1
        ),
        "stake": Option(
            1,
            "money per point of difference (per game with play to win or must go out)",
            minimum=0,
            cents=True,
        ),
        "play_to_win": Option(False, "the winner scores 1 game won; the others pay stake each"),
        "must_go_out": Option(False, "win only by going out at or above the target"),
        "michigan": Option(False, "going out also scores the cards left in the others' hands"),
        "money_cards": Option(False, "Q♥ with 7♥ melded +100; a Q♥ caught in hand -50"),
        "partners": Option(False, "Persian 5000: 4 players, seats 1&3 against 2&4"),
        "doubling": Option(False, "2 players, two hands, each for a cube stake"),
        "limit_poker": Option(False, "2 players, two hands, each for a pot of chips"),
    }
    rules = """\
2-5 players, 104 cards. The dealer turns up a card: its rank is wild for the hand.
Wild cards 100 (200 when Q or 10 are wild, 400 when aces are); aces 200; K-8 10; 7-2 5.
Hand score: cards melded minus cards left in hand; going out +200, +300 on the first turn,
+500 on the first turn without drawing. Stock run out with nobody out: no bonus.
Target: 2 players 5000, 3 players 3000, 4-5 players 2000. After a hand, if anyone is at
or over it, the highest total wins; each other player pays the difference x stake. Tied
winners share the total the others pay; odd cents go one each in seat order. The deal
passes to the left.
Variations: play to win and must go out (the game is worth 1 game point: the tally counts
games won, +1 to the winner, ½ each to two tied winners; each other player pays stake for
the game), michigan (a false claim is no hand: +50 to each other player), money cards
(counted from the cards where cards are typed), partners (4 players, seats 1&3 against
2&4), and for 2 players doubling (a cube per hand, gammon x2, backgammon x3; a beaver may
not be beavered: the beaverer doubles next) or limit poker (antes and one betting round
per hand; after the betting either player may give up and lose the pot): a game of two
hands, settled at stake per game point or chip.
The table may stop before anyone reaches the target: the game ends on the hands played,
highest total wins (ties share), paid as at the end."""

    def check_setup(self, setup: Setup) -> None:
        options, count = self.options_of(setup), len(setup.players)
        if options["partners"] and count != 4:
            raise RuleError(
                "options.partners", f"partners is for exactly 4 players sitting across, not {count}"
            )
        for name in ("doubling", "limit_poker"):
            if setup.options[name] and count != 2:
                said = name.replace("_", " ")
                raise RuleError(f"options.{name}", f"{said} is for exactly 2 players, not {count}")
        if options["doubling"] and options["limit_poker"]:
            raise RuleError("options.limit_poker", "choose doubling or limit poker, not both")
        for name in ("play_to_win", "must_go_out"):
            if setup.options[name] and (options["doubling"] or options["limit_poker"]):
                raise RuleError(
                    f"options.{name}",
                    "doubling and limit poker games are two hands for game points already",
                )

    def start_info(self, setup: Setup) -> Info:
        info = Info(target=self.options_of(setup)["target"], wild=None, hands=0)
        if any(setup.options[name] for name in GAME_POINT_OPTIONS):
            info["game_points"] = dict.fromkeys(setup.players, 0)
        return _with_partnerships(setup, info, dict.fromkeys(setup.players, 0))

    def play(self, setup: Setup, state: State, round_: Round) -> State:
        if isinstance(round_, Mapping) and "false_claim" in round_:
            return self._false_claim(setup, state, round_)
        options = self.options_of(setup)
        stakes = (
            DOUBLING_FIELDS
            if options["doubling"]
            else POKER_FIELDS
            if options["limit_poker"]
            else ()
        )
        hand = shaped(round_, Played, ("wild",), HAND_FIELDS + stakes)
        wild = as_wild(hand["wild"])
        folded = self._lost_unplayed(setup, hand) if stakes else None
        scores = None if folded else hand_scores(setup, hand)
        totals = dict(state.totals)
        if scores is not None:
            totals = add(totals, _by_partnership(setup, scores))
        before = self.info_of(state)
        info = _with_partnerships(
            setup, {**before, "wild": wild, "hands": before["hands"] + 1}, totals
        )
        dealer = setup.left_of(state.dealer)
        if stakes:
            first_hand = before["hands"] == 0
            if options["doubling"]:
                cube = cube_in_play(hand, setup.players, folded, first_hand)
                swing = cube_swing(setup.players, cube, folded, scores)
            else:
                gave_up = folded if hand.get("gave_up") is not None else None
                chips = chips_in_pot(hand, setup.players, None if gave_up else folded, gave_up)
                swing = pot_swing(setup.players, chips, folded, scores)
            return self._after_stakes_hand(setup, state, totals, info, dealer, swing)
        winners = self._winners(setup, totals, hand.get("out"))
        if not winners:
            return State(dealer, totals, state.balances, info=info)
        money = self._payout(setup, totals, winners, info)
        return State(dealer, totals, money, True, winners, info)

    def end(self, setup: Setup, state: State) -> State:
        """Stopped before anyone reached the target (or a two-hand game after its first
        hand): the game ends on the hands played, highest total (or most game points)
        wins, ties share, and it is paid as at the end."""
        info: Info = {**self.info_of(state), "stopped": True}
        options = self.options_of(setup)
        if options["doubling"] or options["limit_poker"]:
            winners = winners_by_total(setup.players, whole_points(info))
            return State(state.dealer, state.totals, state.balances, True, winners, info)
        winners = winners_by_total(setup.players, state.totals)
        money = self._payout(setup, state.totals, winners, info)
        return State(state.dealer, state.totals, money, True, winners, info)

    def _lost_unplayed(self, setup: Setup, round_: Played) -> str | None:
        """Who lost the hand without playing it out: folded to a double or in the betting,
        or (limit poker) gave up after the betting."""
        given = [key for key in ("folded", "gave_up") if round_.get(key) is not None]
        if not given:
            return None
        if len(given) > 1:
            raise RuleError(
                "gave_up", "a hand is folded during the betting or given up after it, not both"
            )
        key = given[0]
        loser = as_player(round_.get(key), key, setup.players)
        said = "folded" if key == "folded" else "gave up"
        for field in HAND_FIELDS:
            if field in round_:
                raise RuleError(
                    field, f"{loser} {said}, so the hand was not scored: leave {field} out"
                )
        return loser

    def _after_stakes_hand(
        self,
        setup: Setup,
        state: State,
        totals: dict[str, int],
        info: Info,
        dealer: str,
        swing: Mapping[str, int],
    ) -> State:
        """Doubling and limit poker: game points move every hand; the game is two hands."""
        info["game_points"] = add(whole_points(info), swing)
        stake = self.options_of(setup)["stake"]
        balances = add(state.balances, {name: points * stake for name, points in swing.items()})
        if info["hands"] < HANDS_PER_STAKES_GAME:
            return State(dealer, totals, balances, info=info)
        winners = winners_by_total(setup.players, whole_points(info))
        return State(dealer, totals, balances, True, winners, info)

    def _winners(self, setup: Setup, totals: Mapping[str, int], out: str | None) -> tuple[str, ...]:
        options = self.options_of(setup)
        target = options["target"]
        if options["must_go_out"]:
            if out is None or totals[out] < target:
                return ()
            if options["partners"]:
                return _partners_of(setup.players, out)
            return (out,)
        return winners_by_total(setup.players, totals, target=target)

    def _payout(
        self, setup: Setup, totals: Mapping[str, int], winners: Sequence[str], info: Info
    ) -> dict[str, int]:
        """End money from each non-winner: the difference x stake, or for a game point the
        stake itself; tied winners share the total paid. Partners pay and are paid as a
        side: each loser pays the amount once and each winner receives it once."""
        options = self.options_of(setup)
        players, stake = setup.players, options["stake"]
        losers = [name for name in players if name not in winners]
        if options["play_to_win"] or options["must_go_out"]:
            info["game_points"] = self._games_won(setup, winners)
            totals = {name: 1 if name in winners else 0 for name in players}
        if not options["partners"]:
            return pay_the_difference(players, totals, winners, stake)
        owed = (totals[winners[0]] - totals[losers[0]]) * stake if losers else 0
        return {name: owed if name in winners else -owed for name in players}

    def _games_won(self, setup: Setup, winners: Sequence[str]) -> dict[str, int | Fraction]:
        """The tally counts games won: one game, shared by tied winners (with partners by
        tied sides, each partner counting the side's share); nobody else's tally moves."""
        ways = len(winners) // 2 if self.options_of(setup)["partners"] else len(winners)
        won = _share(1, ways)
        return {name: won if name in winners else 0 for name in setup.players}

    def _false_claim(self, setup: Setup, state: State, round_: Round) -> State:
        """Michigan: a false "I can go out" adds 50 at once to each other player (with
        partners, to the other side's score). It is no hand: the deal does not move."""
        claim = shaped(round_, FalseClaim, ("false_claim",))
        if not self.options_of(setup)["michigan"]:
            raise RuleError("false_claim", "a false claim costs only in the michigan variation")
        claimer = as_player(claim["false_claim"], "false_claim", setup.players)
        spared = (
            _partners_of(setup.players, claimer)
            if self.options_of(setup)["partners"]
            else (claimer,)
        )
        totals = add(
            state.totals, {name: FALSE_CLAIM for name in setup.players if name not in spared}
        )
        info = _with_partnerships(setup, self.info_of(state), totals)
        return State(state.dealer, totals, state.balances, info=info)

    def rounds_played(self, state: State, recorded: int) -> int:
        """Hands dealt: a michigan false claim is recorded but is no hand."""
        return self.info_of(state)["hands"]

    def target(self, setup: Setup, state: State) -> int | None:
        """The two-hand doubling and limit-poker games end after two hands, not at a score."""
        options = self.options_of(setup)
        if options["doubling"] or options["limit_poker"]:
            return None
        return options["target"]

    def played_for(self, setup: Setup) -> str:
        return self.unit if self.options_of(setup)["stake"] else "points"


GAME = Rummy5000()
