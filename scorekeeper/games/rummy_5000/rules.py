"""5000 Rummy: melds count for you and cards left in hand against you, at values set by the
hand's wild rank; the first to the target wins the difference from everyone else.

Hand counting is in ``hands``. Variations are options: ``play_to_win`` and ``must_go_out``
make the game worth one game point, tallied as games won and paid at ``stake`` by each
non-winner; ``doubling`` and ``limit_poker`` (``stakes``) make each of two hands worth a
cube stake or a pot, won from the other player and settled at ``stake`` per game point (a
limit-poker chip is one game point). Game points are kept in ``State.info``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from scorekeeper.errors import RuleError
from scorekeeper.game import (
    STOP,
    Fact,
    Game,
    Option,
    RoundFacts,
    Setup,
    State,
    add,
    as_player,
    check_keys,
    pay_the_difference,
)
from scorekeeper.games.rummy_5000.hands import HAND_FIELDS, as_wild, hand_scores, read_hand
from scorekeeper.games.rummy_5000.stakes import (
    ANTE,
    BET_LIMIT,
    DOUBLING_FIELDS,
    POKER_FIELDS,
    chips_in_pot,
    cube_in_play,
    cube_swing,
    pot_swing,
)
from scorekeeper.money import MINUS, format_amount
from scorekeeper.wording import plural

FALSE_CLAIM = 50
HANDS_PER_STAKES_GAME = 2
GAME_POINT_OPTIONS = ("play_to_win", "must_go_out", "doubling", "limit_poker")
OPTION_WORDS = {
    "michigan": "Michigan",
    "money_cards": "money cards",
    "partners": "partners (Persian)",
    "play_to_win": "play to win",
    "must_go_out": "must go out",
    "doubling": "doubling cube",
    "limit_poker": "limit poker",
}
"""The variations as an export's options column names them, in this order."""
RANK_WORDS = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks"}
"""A wild rank as the table says it; the others are plurals of their number ("5s")."""
BONUS_WORDS = {
    "out": "",
    "first_turn": " on the first turn",
    "no_draw": " on the first turn without drawing",
}


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
    if not setup.options["partners"]:
        return dict(scores)
    return {
        name: sum(scores[partner] for partner in _partners_of(setup.players, name))
        for name in setup.players
    }


def _partnership_info(setup: Setup, totals: Mapping[str, int]) -> dict[str, Any]:
    """Partners' shared totals by side ("Ann & Cy"), for the panel; nothing without partners."""
    if not setup.options["partners"]:
        return {}
    sides = partnerships(setup.players)
    return {"partnerships": {" & ".join(side): totals[side[0]] for side in sides}}


VULGAR_FRACTIONS = {
    Fraction(1, 2): "½",
    Fraction(1, 3): "⅓",
    Fraction(1, 4): "¼",
    Fraction(1, 5): "⅕",
}


def _share(points: int, ways: int) -> int | Fraction:
    """A game point shared by tied winners can be a fraction (2 tied: 1/2 each)."""
    share = Fraction(points, ways)
    return int(share) if share.denominator == 1 else share


def _tally(setup: Setup, games: Mapping[str, int | Fraction]) -> str:
    """``Ann ½, Bob ½, Cy 0``: games won, a shared one as the table writes it."""
    return ", ".join(
        f"{name} {VULGAR_FRACTIONS.get(Fraction(games[name]), str(games[name]))}"
        for name in setup.players
    )


def _distance(total: int, target: int) -> str:
    return "reached" if total >= target else f"{target - total} to go"


def _signed(setup: Setup, points: Mapping[str, int | Fraction]) -> str:
    """``Ann +2, Bob −2``, signed as money is; a split game point shows as ``+1/2``."""
    return ", ".join(
        f"{name} {'+' if points[name] > 0 else ''}{str(points[name]).replace('-', MINUS)}"
        for name in setup.players
    )


class Rummy5000(Game):
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
        options, count = setup.options, len(setup.players)
        if options["partners"] and count != 4:
            raise RuleError(
                "options.partners", f"partners is for exactly 4 players sitting across, not {count}"
            )
        for name in ("doubling", "limit_poker"):
            if options[name] and count != 2:
                said = name.replace("_", " ")
                raise RuleError(f"options.{name}", f"{said} is for exactly 2 players, not {count}")
        if options["doubling"] and options["limit_poker"]:
            raise RuleError("options.limit_poker", "choose doubling or limit poker, not both")
        for name in ("play_to_win", "must_go_out"):
            if options[name] and (options["doubling"] or options["limit_poker"]):
                raise RuleError(
                    f"options.{name}",
                    "doubling and limit poker games are two hands for game points already",
                )

    def start_info(self, setup: Setup) -> dict[str, Any]:
        info: dict[str, Any] = {"target": setup.options["target"], "wild": None, "hands": 0}
        if any(setup.options[name] for name in GAME_POINT_OPTIONS):
            info["game_points"] = dict.fromkeys(setup.players, 0)
        return info | _partnership_info(setup, dict.fromkeys(setup.players, 0))

    def play(self, setup: Setup, state: State, round_: Mapping[str, Any]) -> State:
        if isinstance(round_, Mapping) and "false_claim" in round_:
            return self._false_claim(setup, state, round_)
        options = setup.options
        stakes = (
            DOUBLING_FIELDS
            if options["doubling"]
            else POKER_FIELDS
            if options["limit_poker"]
            else ()
        )
        check_keys(round_, ("wild",), HAND_FIELDS + stakes)
        wild = as_wild(round_["wild"])
        folded = self._lost_unplayed(setup, round_) if stakes else None
        scores = None if folded else hand_scores(setup, round_)
        totals = dict(state.totals)
        if scores is not None:
            totals = add(totals, _by_partnership(setup, scores))
        info = {**state.info, "wild": wild, "hands": state.info["hands"] + 1}
        info |= _partnership_info(setup, totals)
        dealer = setup.left_of(state.dealer)
        if stakes:
            first_hand = state.info["hands"] == 0
            if options["doubling"]:
                cube = cube_in_play(round_, setup.players, folded, first_hand)
                swing = cube_swing(setup.players, cube, folded, scores)
            else:
                gave_up = folded if round_.get("gave_up") is not None else None
                chips = chips_in_pot(round_, setup.players, None if gave_up else folded, gave_up)
                swing = pot_swing(setup.players, chips, folded, scores)
            return self._after_stakes_hand(setup, state, totals, info, dealer, swing)
        winners = self._winners(setup, totals, round_.get("out"))
        if not winners:
            return State(dealer, totals, state.balances, info=info)
        money = self._payout(setup, totals, winners, info)
        return State(dealer, totals, money, True, winners, info)

    def end(self, setup: Setup, state: State) -> State:
        """Stopped before anyone reached the target (or a two-hand game after its first
        hand): the game ends on the hands played, highest total (or most game points)
        wins, ties share, and it is paid as at the end."""
        info = {**state.info, "stopped": True}
        if setup.options["doubling"] or setup.options["limit_poker"]:
            best = max(info["game_points"].values())
            winners = tuple(name for name in setup.players if info["game_points"][name] == best)
            return State(state.dealer, state.totals, state.balances, True, winners, info)
        best = max(state.totals.values())
        winners = tuple(name for name in setup.players if state.totals[name] == best)
        money = self._payout(setup, state.totals, winners, info)
        return State(state.dealer, state.totals, money, True, winners, info)

    def _lost_unplayed(self, setup: Setup, round_: Mapping[str, Any]) -> str | None:
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
        loser = as_player(round_[key], key, setup.players)
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
        info: dict[str, Any],
        dealer: str,
        swing: Mapping[str, int],
    ) -> State:
        """Doubling and limit poker: game points move every hand; the game is two hands."""
        info["game_points"] = add(info["game_points"], swing)
        stake = setup.options["stake"]
        balances = add(state.balances, {name: points * stake for name, points in swing.items()})
        if info["hands"] < HANDS_PER_STAKES_GAME:
            return State(dealer, totals, balances, info=info)
        best = max(info["game_points"].values())
        winners = tuple(name for name in setup.players if info["game_points"][name] == best)
        return State(dealer, totals, balances, True, winners, info)

    def _winners(self, setup: Setup, totals: Mapping[str, int], out: str | None) -> tuple[str, ...]:
        target = setup.options["target"]
        if setup.options["must_go_out"]:
            if out is None or totals[out] < target:
                return ()
            if setup.options["partners"]:
                return _partners_of(setup.players, out)
            return (out,)
        best = max(totals.values())
        if best < target:
            return ()
        return tuple(name for name in setup.players if totals[name] == best)

    def _payout(
        self, setup: Setup, totals: Mapping[str, int], winners: Sequence[str], info: dict[str, Any]
    ) -> dict[str, int]:
        """End money from each non-winner: the difference x stake, or for a game point the
        stake itself; tied winners share the total paid. Partners pay and are paid as a
        side: each loser pays the amount once and each winner receives it once."""
        players, stake = setup.players, setup.options["stake"]
        losers = [name for name in players if name not in winners]
        if setup.options["play_to_win"] or setup.options["must_go_out"]:
            info["game_points"] = self._games_won(setup, winners)
            totals = {name: 1 if name in winners else 0 for name in players}
        if not setup.options["partners"]:
            return pay_the_difference(players, totals, winners, stake)
        owed = (totals[winners[0]] - totals[losers[0]]) * stake if losers else 0
        return {name: owed if name in winners else -owed for name in players}

    def _games_won(self, setup: Setup, winners: Sequence[str]) -> dict[str, int | Fraction]:
        """The tally counts games won: one game, shared by tied winners (with partners by
        tied sides, each partner counting the side's share); nobody else's tally moves."""
        ways = len(winners) // 2 if setup.options["partners"] else len(winners)
        won = _share(1, ways)
        return {name: won if name in winners else 0 for name in setup.players}

    def _false_claim(self, setup: Setup, state: State, round_: Mapping[str, Any]) -> State:
        """Michigan: a false "I can go out" adds 50 at once to each other player (with
        partners, to the other side's score). It is no hand: the deal does not move."""
        check_keys(round_, ("false_claim",))
        if not setup.options["michigan"]:
            raise RuleError("false_claim", "a false claim costs only in the michigan variation")
        claimer = as_player(round_["false_claim"], "false_claim", setup.players)
        spared = _partners_of(setup.players, claimer) if setup.options["partners"] else (claimer,)
        totals = add(
            state.totals, {name: FALSE_CLAIM for name in setup.players if name not in spared}
        )
        info = {**state.info, **_partnership_info(setup, totals)}
        return State(state.dealer, totals, state.balances, info=info)

    def rounds_played(self, state: State, recorded: int) -> int:
        """Hands dealt: a michigan false claim is recorded but is no hand."""
        return int(state.info["hands"])

    def target(self, setup: Setup, state: State) -> int | None:
        """The two-hand doubling and limit-poker games end after two hands, not at a score."""
        if setup.options["doubling"] or setup.options["limit_poker"]:
            return None
        return int(setup.options["target"])

    def panel(self, setup: Setup, state: State) -> list[tuple[str, str]]:
        options, info = setup.options, state.info
        lines = []
        if info["wild"] is not None:
            lines.append(("Wild last hand", info["wild"]))
        if options["doubling"] or options["limit_poker"]:
            lines += self._stakes_panel(setup, state)
        else:
            target = options["target"]
            lines.append(("Target", str(target)))
            if options["partners"]:
                lines += [
                    (side, f"{total} ({_distance(total, target)})")
                    for side, total in info["partnerships"].items()
                ]
            else:
                distances = (
                    f"{name} {_distance(state.totals[name], target)}" for name in setup.players
                )
                lines.append(("To target", ", ".join(distances)))
            stake = format_amount(options["stake"], self.unit)
            if options["play_to_win"] or options["must_go_out"]:
                lines.append(("Stake", f"{stake} from each non-winner for the game"))
            else:
                lines.append(("Stake", f"{stake} per point of difference"))
            if "game_points" in info and state.finished:
                lines.append(("Games won", _tally(setup, info["game_points"])))
        chosen = [
            name
            for name in ("michigan", "money_cards", "must_go_out", "play_to_win")
            if options[name]
        ]
        if chosen:
            words = ", ".join(OPTION_WORDS[name] for name in chosen)
            lines.append(("Variations", words[0].upper() + words[1:]))
        if info.get("stopped"):
            lines.append(("Stopped", f"early, on the {plural(info['hands'], 'hand')} played"))
        return lines

    def _stakes_panel(self, setup: Setup, state: State) -> list[tuple[str, str]]:
        hands, stake = state.info["hands"], format_amount(setup.options["stake"], self.unit)
        hand = "game over" if state.finished else f"{hands + 1} of {HANDS_PER_STAKES_GAME}"
        lines = [("Hand", hand)]
        if setup.options["doubling"]:
            start = "1 (2 after a tied cut for the first deal)" if hands == 0 else "1"
            lines += [
                ("Cube", f"starts at {start}; x2 for each accepted double"),
                ("Gammons", "losing by 250-495 pays x2, by 500 or more x3"),
                ("Game points", _signed(setup, state.info["game_points"])),
                ("Stake", f"{stake} per game point"),
            ]
        else:
            lines += [
                ("Pot", f"ante {ANTE} chip each; bet and raise 1-{BET_LIMIT}, two raises each"),
                ("Chips won", _signed(setup, state.info["game_points"])),
                ("Stake", f"{stake} per chip"),
            ]
        return lines

    def end_note(self, setup: Setup, state: State) -> str | None:
        """A two-hand game is won on the chips (or game points) it moved, not on the
        points beside them: the box that names the winner shows them."""
        options = setup.options
        if not (options["doubling"] or options["limit_poker"]):
            return None
        what = "chips won" if options["limit_poker"] else "game points"
        return f"Decided by the {what}: {_signed(setup, state.info['game_points'])}"

    def end_facts(self, setup: Setup, before: State, after: State) -> RoundFacts:
        """The end of a two-hand game says each player's chips or game points as it ended."""
        facts = super().end_facts(setup, before, after)
        if not (setup.options["doubling"] or setup.options["limit_poker"]):
            return facts
        points = after.info["game_points"]
        players = {name: {"game points": str(points[name])} for name in setup.players}
        return RoundFacts(facts.table, players)

    def option_words(self, setup: Setup) -> list[str]:
        options = setup.options
        words = [OPTION_WORDS[name] for name in OPTION_WORDS if options[name]]
        stakes = options["doubling"] or options["limit_poker"]
        if not stakes:
            words.append(f"target {options['target']}")
        per = (
            "chip"
            if options["limit_poker"]
            else "game point"
            if any(options[name] for name in GAME_POINT_OPTIONS)
            else "point"
        )
        stake = options["stake"]
        words.append(f"stake {format_amount(stake, self.unit)}/{per}" if stake else "no stake")
        return words

    def played_for(self, setup: Setup) -> str:
        return self.unit if setup.options["stake"] else "points"

    def round_facts(
        self, setup: Setup, before: State, round_: Mapping[str, Any], after: State
    ) -> RoundFacts:
        """The hand as counted: each player's melded and held points (and cards, where
        typed), money cards, the cube or the pot."""
        facts: dict[str, Fact] = {"hand": before.info["hands"] + 1, **self.details(round_)}
        if "false_claim" in round_:
            facts["hand"] = before.info["hands"]
            return RoundFacts(facts)
        if round_.get("automatic_double"):
            facts["automatic double"] = "yes"
        players: dict[str, dict[str, Fact]] = {name: {} for name in setup.players}
        if round_.get("folded") is None and round_.get("gave_up") is None:
            hand = read_hand(setup, round_)
            scores = hand_scores(setup, round_)
            for name, player in players.items():
                player |= {"melded": hand.melded[name], "held": hand.in_hand[name]}
                if "cards" in round_:
                    typed = round_["cards"].get(name, {})
                    player["melded cards"] = typed.get("melded", "")
                    player["held cards"] = typed.get("hand", "")
                if setup.options["money_cards"]:
                    player["money cards"] = hand.money_cards[name]
                player["hand score"] = scores[name]
        if "pot" in round_:
            for name, player in players.items():
                player["pot chips"] = round_["pot"][name]
                player["raises"] = round_.get("raises", {}).get(name, 0)
        if "game_points" in after.info:
            for name, player in players.items():
                player["game points"] = str(after.info["game_points"][name])
        return RoundFacts(facts, players)

    def describe(self, setup: Setup, before: State, round_: Mapping[str, Any], after: State) -> str:
        """ "5s wild; Bob went out on the first turn; Ann melded 120 and held 15, Bob melded
        340"; a false claim as "Bob: false claim, +50 to each other player"."""
        if "false_claim" in round_:
            others = (
                "each player of the other side"
                if setup.options["partners"]
                else "each other player"
            )
            return f"{round_['false_claim']}: false claim, +{FALSE_CLAIM} to {others}"
        said = [f"{RANK_WORDS.get(round_['wild'], round_['wild'] + 's')} wild"]
        folded, gave_up = round_.get("folded"), round_.get("gave_up")
        if folded is not None:
            said.append(f"{folded} folded")
        elif gave_up is not None:
            said.append(f"{gave_up} gave up after the betting")
        else:
            hand = read_hand(setup, round_)
            out = round_["out"]
            if out is None:
                said.append("nobody went out: the stock ran out")
            else:
                said.append(f"{out} went out{BONUS_WORDS[round_.get('bonus') or 'out']}")
            said.append(
                ", ".join(
                    f"{name} melded {hand.melded[name]}"
                    + (f" and held {hand.in_hand[name]}" if hand.in_hand[name] else "")
                    for name in setup.players
                )
            )
            money = [
                f"{name} {'+' if value > 0 else MINUS}{abs(value)} for money cards"
                for name, value in hand.money_cards.items()
                if value
            ]
            if money:
                said.append(", ".join(money))
        if "stake" in round_:
            said.append(f"cube at {round_['stake']}")
        if "pot" in round_:
            said.append(f"pot {sum(round_['pot'].values())} chips")
        if "game_points" in after.info and "game_points" in before.info:
            moved = {
                name: after.info["game_points"][name] - before.info["game_points"][name]
                for name in setup.players
            }
            if any(moved.values()):
                label = "chips" if setup.options["limit_poker"] else "game points"
                said.append(f"{label} {_signed(setup, moved)}")
        return "; ".join(said)

    def details(self, round_: Mapping[str, Any]) -> dict[str, str | int]:
        if "false_claim" in round_:
            return {"false claim": round_["false_claim"]}
        facts: dict[str, str | int] = {"wild": round_["wild"]}
        if round_.get("folded") is not None:
            facts["folded"] = round_["folded"]
        elif round_.get("gave_up") is not None:
            facts["gave up"] = round_["gave_up"]
        else:
            facts["out"] = round_["out"] or "nobody"
            if round_["out"] is not None:
                facts["bonus"] = round_.get("bonus") or "out"
        if "stake" in round_:
            facts["stake"] = round_["stake"]
            beavers = round_.get("beavers", [])
            facts["doubles"] = " ".join(
                f"{who} (beaver)" if place in beavers else who
                for place, who in enumerate(round_.get("doubles", []))
            )
        if "pot" in round_:
            facts["pot"] = sum(round_["pot"].values())
        return facts


GAME = Rummy5000()
