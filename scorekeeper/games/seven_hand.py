"""Seven Hand Rummy: a fixed run of contracts, points for cards held, lowest total wins."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NotRequired, TypedDict

from scorekeeper.cards import JOKER, parse_cards
from scorekeeper.checks import (
    Round,
    accepted,
    as_int,
    as_player,
    check_amount,
    held_by_others,
    held_words,
    player_map,
    shaped,
)
from scorekeeper.errors import RuleError
from scorekeeper.game import NO_STAKE, STOP, Fact, Game, Option, RoundFacts, Setup, State
from scorekeeper.money import format_amount
from scorekeeper.payouts import add, pay_the_difference, winners_by_total
from scorekeeper.wording import Items

CONTRACTS = (
    "two sets",
    "one set and one run",
    "two runs",
    "two sets and one run",
    "two runs and one set",
    "three sets, pat (no discard)",
    "three runs, pat (no discard)",
    "one run, pat: a single suit from Ace to Jack or 4 to Ace",
)
CARDS_DEALT = 11
_TEN_POINT_RANKS = ("8", "9", "10", "J", "Q", "K")


class Hand(TypedDict):
    """One hand as the table records it: who went out, what each other player was caught
    holding (as points, or as the cards typed), and who called "RUMMY!" how often."""

    out: str
    points: NotRequired[dict[str, int]]
    cards: NotRequired[dict[str, str]]
    rummies: NotRequired[dict[str, int]]


def card_value(rank: str) -> int:
    """2-7 count 5, 8-K 10, an Ace 15 and a joker 20."""
    if rank == JOKER:
        return 20
    if rank == "A":
        return 15
    return 10 if rank in _TEN_POINT_RANKS else 5


def card_points(text: object, field: str = "cards") -> int:
    """What the cards a player was caught holding count against them (live preview too)."""
    return sum(card_value(card.rank) for card in parse_cards(text, field))


def decks_needed(player_count: int) -> int:
    """Four decks with jokers up to 8 players, then one more deck per extra player."""
    return 4 + max(0, player_count - 8)


class Options(TypedDict):
    stake: int
    """Cents per point of difference, paid at the end; 0 for none."""
    eighth_hand: bool


class Info(TypedDict):
    hand: int
    """The hand being played; once the game is over, the last one played."""
    hands: int
    contract: str
    to_come: list[str]
    decks: int
    rummies: Mapping[str, int]
    """The "RUMMY!" calls each player made."""
    stopped: NotRequired[bool]


def hand_count(options: Options) -> int:
    return 8 if options["eighth_hand"] else 7


class SevenHand(Game[Options, Info]):
    id = "seven-hand"
    name = "Seven Hand Rummy"
    min_players = 2
    max_players = None
    unit = "money"
    scored_in_points = True
    lowest_wins = True
    menu_order = 3
    round_name = "Hand"
    ending = STOP
    fact_names = (
        "hand",
        "contract",
        "out",
        "held",
        "cards",
        "rummies",
        "end",
    )
    options = {
        "stake": Option(
            0,
            "money per point of difference, paid at the end; 0 = no money",
            minimum=0,
            cents=True,
        ),
        "eighth_hand": Option(
            False, "play an eighth hand: one run, pat, a single suit from A to J or 4 to A"
        ),
    }
    rules = """\
2+ players, 11 cards each; 4 decks with jokers up to 8 players, one more per extra player.
The hands, in order, the same contract for everyone:
1 two sets; 2 one set and one run; 3 two runs; 4 two sets and one run;
5 two runs and one set; 6 three sets, pat (no discard); 7 three runs, pat.
Option: an 8th hand, one run pat (a single suit from Ace to Jack or 4 to Ace).
When someone goes out the others score the cards they hold: 2-7 5, 8-K 10, Ace 15,
Joker 20. "RUMMY!" calls may be counted; they change no points.
Lowest total after the last hand wins (ties share). With a stake, every other player
pays the winner the difference in totals x stake; tied winners share the total the
others pay, odd cents one each in seat order. The player left of the dealer plays
first; the deal passes to the left. The table may stop before the last hand: the game
ends on the hands played, lowest total wins, money as at the end."""

    def start_info(self, setup: Setup) -> Info:
        return self._info(setup, 1, dict.fromkeys(setup.players, 0))

    def _info(self, setup: Setup, hand: int, rummies: Mapping[str, int]) -> Info:
        hands = hand_count(self.options_of(setup))
        return {
            "hand": hand,
            "hands": hands,
            "contract": CONTRACTS[hand - 1],
            "to_come": list(CONTRACTS[hand:hands]),
            "decks": decks_needed(len(setup.players)),
            "rummies": rummies,
        }

    def play(self, setup: Setup, state: State, round_: Round) -> State:
        played = shaped(round_, Hand, ("out",), ("points", "cards", "rummies"))
        out = as_player(played["out"], "out", setup.players)
        held = held_by_others(played, setup.players, out, "points", self._points, self._card_points)
        rummies = add(self.info_of(state)["rummies"], self._rummies(setup.players, played))
        totals = add(state.totals, held)
        dealer = setup.left_of(state.dealer)
        hand = self.info_of(state)["hand"]
        if hand < self.info_of(state)["hands"]:
            return State(dealer, totals, state.balances, info=self._info(setup, hand + 1, rummies))
        return self._game_over(setup, dealer, totals, self._info(setup, hand, rummies))

    def end(self, setup: Setup, state: State) -> State:
        """Stopped before the last hand: the game ends on the hands played, as it would
        after the last. The hand in ``info`` is the last one played."""
        last = self.info_of(state)
        info: Info = {**last, "hand": last["hand"] - 1, "stopped": True}
        return self._game_over(setup, state.dealer, state.totals, info)

    def _game_over(self, setup: Setup, dealer: str, totals: Mapping[str, int], info: Info) -> State:
        """Lowest total wins (ties share); the others pay the difference x stake."""
        winners = winners_by_total(setup.players, totals, lowest_wins=True)
        balances = pay_the_difference(
            setup.players, totals, winners, self.options_of(setup)["stake"]
        )
        return State(dealer, totals, balances, True, winners, info)

    def _points(self, name: str, value: object, field: str) -> int:
        points = as_int(value, field)
        if points <= 0:
            raise RuleError(
                field, f"{name}: {points} is too few — only the player who went out scores 0"
            )
        if points % 5:
            raise RuleError(
                field, f"{name}: {points} is not a multiple of 5 — cards count 5, 10, 15 or 20"
            )
        return points

    def _card_points(self, name: str, text: object, field: str) -> int:
        points = check_amount(card_points(text, field), field, f"{name}'s cards count")
        if points == 0:
            raise RuleError(
                field, f"{name}: no cards given — only the player who went out has none"
            )
        return points

    def _rummies(self, players: Sequence[str], round_: Hand) -> dict[str, int]:
        given = player_map(round_.get("rummies", {}), "rummies", players)
        return {name: as_int(count, f"rummies.{name}", 0) for name, count in given.items()}

    def panel(self, setup: Setup, state: State) -> list[tuple[str, str]]:
        info = self.info_of(state)
        stake = self.options_of(setup)["stake"]
        money = (
            f"{format_amount(stake, self.unit)} per point of difference, paid at the end"
            if stake
            else "none (points)"
        )
        if state.finished:
            stopped = ", stopped early" if info.get("stopped") else ""
            lines = [
                ("Game over", f"after hand {info['hand']}{stopped} — lowest total wins"),
                ("Winner" if len(state.winners) == 1 else "Winners", ", ".join(state.winners)),
            ]
        else:
            first = info["hand"] + 1
            to_come = Items(
                [f"{number}. {contract}" for number, contract in enumerate(info["to_come"], first)],
                ";",
            )
            lines = [
                ("Now", f"Hand {info['hand']} of {info['hands']} — {info['contract']}"),
                ("Still to come", to_come or "none: this is the last hand"),
                ("Decks", f"{info['decks']} with jokers, {CARDS_DEALT} cards each"),
                ("Plays first", self.first_player(setup, state) or "—"),
            ]
        lines.append(("Stake", money))
        calls = [f"{name} {count}" for name, count in info["rummies"].items() if count]
        if calls:
            lines.append(("Rummy calls", Items(calls)))
        return lines

    def option_words(self, setup: Setup) -> list[str]:
        stake = self.options_of(setup)["stake"]
        words = [f"{hand_count(self.options_of(setup))} hands"]
        words.append(f"stake {format_amount(stake, self.unit)}/point" if stake else NO_STAKE)
        return words

    def played_for(self, setup: Setup) -> str:
        return self.unit if self.options_of(setup)["stake"] else "points"

    def round_facts(self, setup: Setup, before: State, round_: Round, after: State) -> RoundFacts:
        hand = accepted(round_, Hand)
        facts: dict[str, Fact] = {
            "hand": self.info_of(before)["hand"],
            "contract": self.info_of(before)["contract"],
            **self.details(hand),
        }
        players: dict[str, dict[str, Fact]] = {}
        for name in setup.players:
            held = after.totals[name] - before.totals[name]
            player: dict[str, Fact] = {"held": held}
            if "cards" in hand and name in hand["cards"]:
                player["cards"] = hand["cards"][name]
            players[name] = player
        return RoundFacts(facts, players)

    def describe(self, setup: Setup, before: State, round_: Round, after: State) -> str:
        """ "Max went out on two sets; Grandma held 45, Zoe 25; rummy called by Ann" """
        hand = accepted(round_, Hand)
        out = hand["out"]
        held = {
            name: after.totals[name] - before.totals[name] for name in setup.players if name != out
        }
        said = f"{out} went out on {self.info_of(before)['contract']}; {held_words(held)}"
        calls = [
            name if count == 1 else f"{name} ×{count}"
            for name, count in hand.get("rummies", {}).items()
            if count
        ]
        if calls:
            said += f"; rummy called by {', '.join(calls)}"
        return said

    def details(self, round_: Round) -> dict[str, str | int]:
        hand = accepted(round_, Hand)
        facts: dict[str, str | int] = {"out": hand["out"]}
        calls = [f"{name} {count}" for name, count in hand.get("rummies", {}).items() if count]
        if calls:
            facts["rummies"] = ", ".join(calls)
        return facts


GAME = SevenHand()
