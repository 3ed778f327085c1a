"""Calcutta Horse Race: the horses are auctioned into a pool that pays first and second place.

Chips only move between buyers and the pool; the share of an unsold horse that places
stays in the pool for the next race, so balances plus the carried pool always sum to 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NotRequired, TypedDict

from scorekeeper.cards import SUITS
from scorekeeper.checks import Round, accepted, as_int, as_mapping, as_player, shaped
from scorekeeper.errors import RuleError
from scorekeeper.game import (
    EVENING,
    Fact,
    Game,
    Option,
    RoundFacts,
    Setup,
    State,
    ended_on_balances,
    is_end_round,
)
from scorekeeper.games.racing.course import as_suit, check_course, check_entry, course_text
from scorekeeper.payouts import add
from scorekeeper.wording import Items, plural

COURSE = 7
POOL = "(pool)"
"""The pool carried into the next race, as a party to a settle-up: chips paid in that no
race has paid out yet."""
BIGGEST_POOL = "Biggest Calcutta pool"


class SaleRecord(TypedDict):
    """A horse sold at the auction, as a race's round records it."""

    owner: str
    price: int


class Race(TypedDict):
    """One race as the table records it: the course cards of each suit, each horse's sale
    (None if unsold), and the horses that finished first and second."""

    course: dict[str, int]
    sales: dict[str, SaleRecord | None]
    first: str
    second: str


@dataclass(frozen=True)
class Sale:
    owner: str
    price: int


def auction_order(course: Mapping[str, int]) -> list[str]:
    """Most course cards first (long shots first); ties in the order S, H, D, C."""
    return sorted(SUITS, key=lambda suit: -course[suit])


def split_pool(pool: int) -> tuple[int, int]:
    """First gets two thirds, second one; a remainder of 1 goes to first, of 2 one to each."""
    third, remainder = divmod(pool, 3)
    return 2 * third + (1 if remainder else 0), third + (1 if remainder == 2 else 0)


def race_payouts(
    sales: Mapping[str, Sale | None], first: str, second: str, carried: int
) -> tuple[dict[str, int], int]:
    """Each buyer's net chips for the race, and the chips that stay in the pool."""
    money: dict[str, int] = {}
    for sale in sales.values():
        if sale is not None:
            money[sale.owner] = money.get(sale.owner, 0) - sale.price
    pool = carried + sum(sale.price for sale in sales.values() if sale is not None)
    left_in_pool = 0
    for horse, share in zip((first, second), split_pool(pool), strict=True):
        sale = sales[horse]
        if sale is None:
            left_in_pool += share
        else:
            money[sale.owner] = money.get(sale.owner, 0) + share
    return money, left_in_pool


def share_out_pool(pool: int, players: Sequence[str]) -> dict[str, int]:
    """The pool left when the evening ends, shared equally among all players; the chips
    left over go one each to the players in seat order."""
    share, left_over = divmod(pool, len(players))
    return {name: share + (1 if seat < left_over else 0) for seat, name in enumerate(players)}


def biggest_pool(rounds: Sequence[Round]) -> int:
    """The largest pool one race of a session ran for: its sales plus what an unsold horse
    left in the pool before it. Reads the rounds as saved (they were checked when
    recorded), so no session needs replaying."""
    carried = biggest = 0
    for round_ in rounds:
        if is_end_round(round_):
            continue
        race = accepted(round_, Race)
        sales = {
            suit: Sale(sale["owner"], sale["price"]) if sale else None
            for suit, sale in race["sales"].items()
        }
        biggest = max(biggest, carried + sum(sale.price for sale in sales.values() if sale))
        carried = race_payouts(sales, race["first"], race["second"], carried)[1]
    return biggest


def _sale_text(suit: str, sale: SaleRecord | None) -> str:
    """A horse's sale as the table says it: "H Di 5", or "D unsold"."""
    return f"{suit} {sale['owner']} {sale['price']}" if sale else f"{suit} unsold"


def shared_out_text(players: Sequence[str], shares: Mapping[str, int], lead: str = "") -> Items:
    """Who got what of a pool shared out, after ``lead``: "2 each", "3 to Ann, 2 to the
    others". Each name is an item a line may end after, the share going with the first,
    so a wrap never parts a name, nor a share from whom it went to."""
    least = min(shares.values())
    more = [name for name in players if shares[name] > least]
    if not more:
        return Items([f"{least} each"], lead=lead)
    *others, last = more
    names = [*(f"{name}," for name in others[:-1]), *others[-1:], f"and {last}" if others else last]
    names[0] = f"{least + 1}{' each' if len(more) > 1 else ''} to {names[0]}"
    if least:
        names[-1] += ","
        names.append(f"{least} to the others")
    return Items(names, mark="", lead=lead)


def chips(count: int) -> str:
    return f"{count} {'chip' if count == 1 else 'chips'}"


class Options(TypedDict):
    chips: int
    """The stack each player starts with."""
    dealer_bids: bool


class Info(TypedDict):
    pot: int
    """The pool carried into the next race."""
    stacks: Mapping[str, int]
    shared_out: NotRequired[Mapping[str, int]]
    """Each player's share of the pool, once the table ended the evening."""


class Calcutta(Game[Options, Info]):
    id = "calcutta"
    name = "Calcutta Horse Race"
    min_players = 3
    max_players = None
    unit = "chips"
    menu_order = 2
    round_name = "Race"
    first_to_act = None
    kitty = POOL
    ending = EVENING
    fact_names = (
        "course",
        "first",
        "second",
        "prices",
        "sold",
        "carry in",
        "pool",
        "carry out",
        "bought",
        "stack",
        "end",
        "shared out",
    )
    highlight_labels = (BIGGEST_POOL,)
    options = {
        "chips": Option(150, "chips each player starts with", minimum=1),
        "dealer_bids": Option(True, "the dealer (auctioneer) may buy horses too"),
    }
    rules = """\
3+ players (6-8 best), each with the same stack of chips. A 7-card course is laid
beside the four aces; 5+ cards of one suit is a void deal, redeal.
The dealer auctions the horses, most course cards first (ties S, H, D, C). Bids are
whole chips; nobody pays more than their stack. Every price goes into the pool.
The race runs until two horses have 8 cards of their suit. Pool P: first place gets
2*(P//3), second P//3; a remainder of 1 goes to first, of 2 one chip to each.
An unsold horse's share stays in the pool for the next race. The deal passes left.
The evening ends when the table says so: a pool still carried is shared out equally
(left-over chips one each in seat order); the biggest balance wins."""

    def start_info(self, setup: Setup) -> Info:
        return {"pot": 0, "stacks": dict.fromkeys(setup.players, self.options_of(setup)["chips"])}

    def play(self, setup: Setup, state: State, round_: Round) -> State:
        race = shaped(round_, Race, ("course", "sales", "first", "second"))
        course = check_course(race["course"], COURSE)
        sales = self._sales(setup, state, race["sales"], auction_order(course))
        first = as_suit(race["first"], "first")
        second = as_suit(race["second"], "second")
        if first == second:
            raise RuleError("second", f"{first} cannot finish both first and second")
        money, pot = race_payouts(sales, first, second, self.info_of(state)["pot"])
        balances = add(state.balances, money)
        chips = self.options_of(setup)["chips"]
        stacks = {name: chips + balance for name, balance in balances.items()}
        info = Info(pot=pot, stacks=stacks)
        return State(setup.left_of(state.dealer), balances, balances, info=info)

    def _sales(
        self, setup: Setup, state: State, value: object, order: list[str]
    ) -> dict[str, Sale | None]:
        """The sales in auction order, each buyer's running spend held to their stack."""
        given = as_mapping(value, "sales")
        for suit in given:
            as_suit(suit, f"sales.{suit}")
        for suit in SUITS:
            if suit not in given:
                raise RuleError(
                    f"sales.{suit}", "is missing: give its owner and price, or null if unsold"
                )
        left = dict(self.info_of(state)["stacks"])
        sales: dict[str, Sale | None] = {}
        for suit in order:
            field = f"sales.{suit}"
            if given[suit] is None:
                sales[suit] = None
                continue
            entry = check_entry(given[suit], field, ("owner", "price"))
            owner = as_player(entry["owner"], f"{field}.owner", setup.players)
            if owner == state.dealer and not self.options_of(setup)["dealer_bids"]:
                raise RuleError(
                    f"{field}.owner",
                    f"{owner} is the auctioneer, and the dealer does not buy at this table",
                )
            price = as_int(entry["price"], f"{field}.price")
            if price < 1:
                raise RuleError(f"{field}.price", f"bids are 1 chip or more, not {price}")
            if price > left[owner]:
                raise RuleError(
                    f"{field}.price",
                    f"{owner} has {left[owner]} chips left in their stack "
                    f"and cannot pay {price} for {suit}",
                )
            left[owner] -= price
            sales[suit] = Sale(owner, price)
        return {suit: sales[suit] for suit in SUITS}

    def end(self, setup: Setup, state: State) -> State:
        """The evening is over: the pool still carried is shared out among everyone, so
        no chip is left hanging; then the biggest balance wins."""
        shares = share_out_pool(self.info_of(state)["pot"], setup.players)
        balances = add(state.balances, shares)
        chips = self.options_of(setup)["chips"]
        stacks = {name: chips + balance for name, balance in balances.items()}
        info = Info(pot=0, stacks=stacks, shared_out=shares)
        return ended_on_balances(setup, state, balances, info)

    def end_facts(self, setup: Setup, before: State, after: State) -> RoundFacts:
        """The pool carried in is shared out: nothing is carried out."""
        shares = self.info_of(after)["shared_out"]
        table: dict[str, Fact] = {"end": EVENING.done, "carry in": self.info_of(before)["pot"]}
        table["carry out"] = 0
        players = {name: {"shared out": shares[name]} for name in setup.players}
        return RoundFacts(table, players)

    def end_note(self, setup: Setup, state: State) -> str | None:
        shared = self.info_of(state).get("shared_out")
        if not shared or not any(shared.values()):
            return None
        pool = sum(shared.values())
        return shared_out_text(setup.players, shared, f"Pool of {chips(pool)} shared out:")

    def carried(self, setup: Setup, state: State) -> int:
        return self.info_of(state)["pot"]

    def leaves_in_kitty(self, payer: str, amount: str) -> str:
        return f"{payer} leaves {amount} in the pool for the next race"

    def highlights(self, setup: Setup, rounds: Sequence[Round]) -> dict[str, int]:
        return {BIGGEST_POOL: biggest_pool(rounds)}

    def panel(self, setup: Setup, state: State) -> list[tuple[str, str]]:
        stacks = self.info_of(state)["stacks"]
        lines = [("Stacks", Items([f"{name} {stacks[name]}" for name in setup.players]))]
        shared = self.info_of(state).get("shared_out")
        if shared is not None:
            pool = sum(shared.values())
            text = shared_out_text(setup.players, shared, f"{chips(pool)}:") if pool else "none"
            return [*lines, ("Pool shared out", text)]
        may_buy = "yes" if self.options_of(setup)["dealer_bids"] else "no"
        return [
            *lines,
            ("Pool carried", f"{self.info_of(state)['pot']} chips into the next race"),
            ("Dealer bids", f"{may_buy}: {state.dealer} is the auctioneer"),
        ]

    def option_words(self, setup: Setup) -> list[str]:
        options = self.options_of(setup)
        bids = "dealer bids" if options["dealer_bids"] else "dealer does not bid"
        return [f"{plural(options['chips'], 'chip')} each", bids]

    def round_facts(self, setup: Setup, before: State, round_: Round, after: State) -> RoundFacts:
        """The pool as it ran: carried in, this race's sales, and what an unsold horse left
        in it for the next race; money plus (carry-out - carry-in) adds up to 0."""
        race = accepted(round_, Race)
        facts: dict[str, Fact] = dict(self.details(race))
        carry_in, carry_out = self.info_of(before)["pot"], self.info_of(after)["pot"]
        sold = sum(sale["price"] for sale in race["sales"].values() if sale)
        facts |= {"carry in": carry_in, "pool": carry_in + sold, "carry out": carry_out}
        bought: dict[str, list[str]] = {}
        for suit in SUITS:
            sale = race["sales"][suit]
            if sale:
                bought.setdefault(sale["owner"], []).append(f"{suit} {sale['price']}")
        stacks = self.info_of(after)["stacks"]
        players: dict[str, dict[str, Fact]] = {
            name: {"bought": ", ".join(bought.get(name, [])), "stack": stacks[name]}
            for name in setup.players
        }
        return RoundFacts(facts, players)

    def describe(self, setup: Setup, before: State, round_: Round, after: State) -> Items:
        """ "D won, S second; sold H Di 5, C Ed 9, S Bob 14, D unsold; pool 28: Bob takes 9;
        19 chips carried", the sales in auction order, each sale an item a line may end
        after ("D Bob 7," never "D" / "Bob 7"), and the pool with its first taker (a cut
        story never ends on "pool 28:" with nobody taking it)."""
        race = accepted(round_, Race)
        sales, first, second = race["sales"], race["first"], race["second"]
        sold = [_sale_text(suit, sales[suit]) for suit in auction_order(race["course"])]
        carry_in, carry_out = self.info_of(before)["pot"], self.info_of(after)["pot"]
        pool = carry_in + sum(sale["price"] for sale in sales.values() if sale)
        carried = f" with {carry_in} carried in" if carry_in else ""
        owners = {horse: sale["owner"] for horse, sale in sales.items() if sale}
        takes = [
            f"{owners[horse]} {'takes ' if not seat else ''}{share}"
            for seat, (horse, share) in enumerate(
                (horse, share)
                for horse, share in zip((first, second), split_pool(pool), strict=True)
                if horse in owners
            )
        ]
        sold[0] = f"sold {sold[0]}"
        told = [f"{first} won,", f"{second} second;", *(f"{sale}," for sale in sold[:-1])]
        paid = [*(f"{take}," for take in takes[:-1]), *takes[-1:]] or [""]
        paid[0] = f"pool {pool}{carried}{': ' if takes else ''}{paid[0]}"
        told += [f"{sold[-1]};", *paid]
        if carry_out:
            told[-1] += ";"
            told.append(f"{chips(carry_out)} carried")
        return Items(told, mark="")

    def details(self, round_: Round) -> dict[str, str | int]:
        race = accepted(round_, Race)
        sales = race["sales"]
        return {
            "course": course_text(race["course"]),
            "first": race["first"],
            "second": race["second"],
            "prices": ", ".join(_sale_text(suit, sales[suit]) for suit in SUITS),
            "sold": sum(sale["price"] for sale in sales.values() if sale),
        }


GAME = Calcutta()
