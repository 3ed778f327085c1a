"""Hot Rum: whoever goes out is paid for everyone's unmatched cards, double on a rummy."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NotRequired, TypedDict

from scorekeeper.cards import JOKER, parse_cards, pip_value
from scorekeeper.checks import (
    Round,
    accepted,
    as_bool,
    as_int,
    as_player,
    check_amount,
    held_by_others,
    held_words,
    shaped,
)
from scorekeeper.errors import RuleError
from scorekeeper.game import EVENING, Fact, Game, Option, RoundFacts, Setup, State
from scorekeeper.money import format_amount
from scorekeeper.payouts import add


class Hand(TypedDict):
    """One hand as the table records it: who went out, whether all at once (a rummy), and
    each other player's unmatched cards (as pips, or as the cards typed)."""

    out: str
    rummy: NotRequired[bool]
    deadwood: NotRequired[dict[str, int]]
    cards: NotRequired[dict[str, str]]


class Options(TypedDict):
    stake: int
    """Cents per pip of unmatched cards."""


class Info(TypedDict):
    cards_dealt: int
    pips: Mapping[str, int]
    """Each player's pips so far: collected going out, less what they were caught holding."""


def cards_dealt(player_count: int) -> int:
    """2 players get 10 cards each, 3-4 players 7, 5-6 players 6."""
    if player_count == 2:
        return 10
    return 7 if player_count <= 4 else 6


def deadwood_points(text: object, field: str = "cards") -> int:
    """Pip value of unmatched cards: Ace 11, K/Q/J 10, 10-2 face (live preview too)."""
    cards = parse_cards(text, field, jokers=False)
    if any(card.rank == JOKER for card in cards):
        raise RuleError(field, "Hot Rum is played without jokers: take the JK out")
    return sum(pip_value(card.rank) for card in cards)


class HotRum(Game[Options, Info]):
    id = "hot-rum"
    name = "Hot Rum"
    min_players = 2
    max_players = 6
    unit = "money"
    menu_order = 6
    round_name = "Hand"
    ending = EVENING
    fact_names = (
        "out",
        "rummy",
        "held pips",
        "cards",
        "end",
    )
    options = {
        "stake": Option(1, "money per pip of unmatched cards", minimum=1, cents=True),
    }
    rules = """\
2-6 players, 52 cards, no jokers. Deal: 2 players 10 cards each, 3-4 players 7, 5-6 players 6.
A hand ends when someone goes out. Every other player pays the winner the pip value of
their unmatched cards (Ace 11, K/Q/J 10, 10-2 face value) x stake.
Rummy: going out all at once, without having melded or laid off before, is paid double.
Next deal: with 2 players the winner of the hand deals; with more, to the left.
The evening ends when the table says so: the biggest balance wins."""

    def start_info(self, setup: Setup) -> Info:
        return {
            "cards_dealt": cards_dealt(len(setup.players)),
            "pips": dict.fromkeys(setup.players, 0),
        }

    def play(self, setup: Setup, state: State, round_: Round) -> State:
        hand = shaped(round_, Hand, ("out",), ("rummy", "deadwood", "cards"))
        out = as_player(hand["out"], "out", setup.players)
        rummy = as_bool(hand.get("rummy", False), "rummy")
        pips = held_by_others(hand, setup.players, out, "deadwood", self._pips, self._card_pips)
        caught = {name: -count for name, count in pips.items()}
        caught[out] = sum(pips.values())
        before = self.info_of(state)
        info = Info(cards_dealt=before["cards_dealt"], pips=add(before["pips"], caught))
        rate = self.options_of(setup)["stake"] * (2 if rummy else 1)
        money = {name: -count * rate for name, count in pips.items()}
        money[out] = sum(pips.values()) * rate
        balances = add(state.balances, money)
        dealer = out if len(setup.players) == 2 else setup.left_of(state.dealer)
        return State(dealer, balances, balances, info=info)

    @staticmethod
    def _pips(name: str, value: object, field: str) -> int:
        return as_int(value, field, 0)

    @staticmethod
    def _card_pips(name: str, text: object, field: str) -> int:
        return check_amount(deadwood_points(text, field), field, f"{name}'s cards count")

    def panel(self, setup: Setup, state: State) -> list[tuple[str, str]]:
        stake = format_amount(self.options_of(setup)["stake"], self.unit)
        rotation = (
            "the winner of each hand deals the next"
            if len(setup.players) == 2
            else "passes to the left"
        )
        lines = [
            ("Deal", f"{self.info_of(state)['cards_dealt']} cards each"),
            ("Stake", f"{stake} per pip of unmatched cards; a rummy is paid double"),
        ]
        if not state.finished:  # once the evening is ended nobody deals nor plays first
            lines.append(("Next deal", rotation))
            lines.append(("Plays first", self.first_player(setup, state) or "—"))
        return lines

    def option_words(self, setup: Setup) -> list[str]:
        return [f"stake {format_amount(self.options_of(setup)['stake'], self.unit)}/pip"]

    def score_unit(self, setup: Setup) -> str:
        return "pips"

    def scores(self, setup: Setup, state: State) -> Mapping[str, int]:
        """Pips, not dollars: what the player out collected on, less what each was caught
        holding; the money is pips x stake, doubled on a rummy."""
        return self.info_of(state)["pips"]

    def round_facts(self, setup: Setup, before: State, round_: Round, after: State) -> RoundFacts:
        hand = accepted(round_, Hand)
        players: dict[str, dict[str, Fact]] = {}
        pips_before, pips_after = self.info_of(before)["pips"], self.info_of(after)["pips"]
        for name in setup.players:
            caught = pips_after[name] - pips_before[name]
            facts: dict[str, Fact] = {"held pips": 0 if name == hand["out"] else -caught}
            if "cards" in hand and name in hand["cards"]:
                facts["cards"] = hand["cards"][name]
            players[name] = facts
        return RoundFacts(self.details(hand), players)

    def describe(self, setup: Setup, before: State, round_: Round, after: State) -> str:
        """ "Bob went out; Ann held 30, Di 10", a rummy named only when there was one."""
        hand = accepted(round_, Hand)
        out = hand["out"]
        rummy = " with a rummy, paid double" if hand.get("rummy", False) else ""
        pips_before, pips_after = self.info_of(before)["pips"], self.info_of(after)["pips"]
        held = {name: pips_before[name] - pips_after[name] for name in setup.players if name != out}
        return f"{out} went out{rummy}; {held_words(held)}"

    def details(self, round_: Round) -> dict[str, str | int]:
        hand = accepted(round_, Hand)
        return {"out": hand["out"], "rummy": "yes" if hand.get("rummy", False) else "no"}


GAME = HotRum()
