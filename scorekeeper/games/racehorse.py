"""Racehorse, pitch for stakes: only the pitcher pays or is paid, and the deal follows them."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from scorekeeper.checks import Round, accepted, as_bool, as_int, as_player, shaped
from scorekeeper.errors import RuleError
from scorekeeper.game import EVENING, Fact, Game, NoInfo, Option, RoundFacts, Setup, State
from scorekeeper.money import format_amount
from scorekeeper.payouts import add

POINTS = ("high", "low", "jack", "game")
SMUDGE = 5
BID_NAMES = {2: "2", 3: "3", 4: "4", SMUDGE: "Smudge"}
FIELDS = ("made", "points", "all_tricks")


class Deal(TypedDict):
    """One deal as the table records it: who pitched and bid what, and whether the bid was
    made, or instead the points the pitcher took (and, for a Smudge, all six tricks)."""

    pitcher: str
    bid: int
    made: NotRequired[bool]
    points: NotRequired[list[str]]
    all_tricks: NotRequired[bool]


class Options(TypedDict):
    stake: int
    """Cents per point of the bid."""


def bid_made(bid: int, points: list[str], all_tricks: bool) -> bool:
    """2-4 need that many of the four points; Smudge needs all four and all six tricks."""
    if bid == SMUDGE:
        return len(points) == len(POINTS) and all_tricks
    return len(points) >= bid


class Racehorse(Game[Options, NoInfo]):
    id = "racehorse"
    name = "Racehorse"
    min_players = 5
    max_players = 8
    unit = "money"
    menu_order = 5
    round_name = "Deal"
    ending = EVENING
    fact_names = (
        "pitcher",
        "bid",
        "points",
        "result",
        "all six tricks",
        "end",
    )
    first_to_act = "bids"
    options = {
        "stake": Option(100, "money per point of the bid", minimum=1, cents=True),
    }
    rules = """\
5-8 players, 6 cards each. Points: High, Low, Jack, Game (4 in all).
Bidding starts left of the dealer: 2, 3, 4 or Smudge (5 = all four points and all six
tricks). If all pass the dealer must bid 2; the dealer may steal by matching the bid.
Made: every other player pays the pitcher bid x stake, and the pitcher deals next.
Upped (not made): the pitcher pays every other player bid x stake, and the player on
the pitcher's right deals next. The evening ends when the table says so: the biggest
balance wins."""

    def play(self, setup: Setup, state: State, round_: Round) -> State:
        deal = shaped(round_, Deal, ("pitcher", "bid"), FIELDS)
        pitcher = as_player(deal["pitcher"], "pitcher", setup.players)
        bid = as_int(deal["bid"], "bid", 2, SMUDGE)
        made = self._made(deal, bid)
        each = (1 if made else -1) * bid * self.options_of(setup)["stake"]
        money = dict.fromkeys(setup.players, -each)
        money[pitcher] = each * (len(setup.players) - 1)
        balances = add(state.balances, money)
        dealer = pitcher if made else setup.right_of(pitcher)
        return State(dealer, balances, balances)

    def _made(self, round_: Deal, bid: int) -> bool:
        if "made" in round_:
            if "points" in round_ or "all_tricks" in round_:
                raise RuleError("made", "give either made, or the points taken, not both")
            return as_bool(round_["made"], "made")
        if "points" not in round_:
            raise RuleError("made", "say whether the bid was made, or which points were taken")
        points = round_["points"]
        if not isinstance(points, list) or any(point not in POINTS for point in points):
            raise RuleError(
                "points", f"must be a list drawn from {', '.join(POINTS)}, not {points!r}"
            )
        if len(set(points)) != len(points):
            raise RuleError("points", "each point can be taken only once")
        all_tricks = as_bool(round_.get("all_tricks", False), "all_tricks")
        return bid_made(bid, points, all_tricks)

    def panel(self, setup: Setup, state: State) -> list[tuple[str, str]]:
        each, low, high = (
            format_amount(bid * self.options_of(setup)["stake"], self.unit)
            for bid in (1, 2, SMUDGE)
        )
        lines = [
            ("Stake", f"{each} per point ({low} to {high} a player per deal)"),
            ("Bids", "2, 3, 4 or Smudge (5); dealer must bid 2 if all pass, may steal"),
        ]
        if state.finished:  # an ended evening has no next deal
            return lines
        next_deal = "made: the pitcher deals; upped: the player on the pitcher's right"
        return [*lines, ("Next deal", next_deal)]

    def option_words(self, setup: Setup) -> list[str]:
        return [f"stake {format_amount(self.options_of(setup)['stake'], self.unit)}/point"]

    def round_facts(self, setup: Setup, before: State, round_: Round, after: State) -> RoundFacts:
        deal = accepted(round_, Deal)
        facts: dict[str, Fact] = dict(self.details(deal))
        facts["result"] = "made" if self._made(deal, deal["bid"]) else "upped"
        if "points" in deal:
            facts["all six tricks"] = "yes" if deal.get("all_tricks", False) else "no"
        return RoundFacts(facts)

    def describe(self, setup: Setup, before: State, round_: Round, after: State) -> str:
        """ "Bob pitched 3 and made it: high, jack, game", "Flo made a Smudge: all four
        points and all six tricks", "Ann bid Smudge and was upped: all four points, not all
        six tricks"."""
        deal = accepted(round_, Deal)
        pitcher, bid = deal["pitcher"], deal["bid"]
        made = self._made(deal, bid)
        if bid == SMUDGE:
            said = f"{pitcher} made a Smudge" if made else f"{pitcher} bid Smudge and was upped"
        else:
            said = f"{pitcher} pitched {bid} and {'made it' if made else 'was upped'}"
        if "points" not in deal:
            return said
        points = deal["points"]
        if bid == SMUDGE and len(points) == len(POINTS):
            tricks = "and all" if deal.get("all_tricks", False) else "but not all"
            return f"{said}: all four points {tricks} six tricks"
        return f"{said}: {', '.join(points) if points else 'no points'}"

    def details(self, round_: Round) -> dict[str, str | int]:
        deal = accepted(round_, Deal)
        facts: dict[str, str | int] = {
            "pitcher": deal["pitcher"],
            "bid": BID_NAMES[deal["bid"]],
        }
        if "points" in deal:
            facts["points"] = " ".join(deal["points"])
        return facts


GAME = Racehorse()
