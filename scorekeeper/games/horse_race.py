"""Basic Horse Race: the dealer books bets on the four aces and is the bank for the race."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NotRequired, TypedDict

from scorekeeper.cards import SUITS
from scorekeeper.checks import Round, accepted, as_int, as_mapping, as_player, shaped
from scorekeeper.errors import RuleError
from scorekeeper.game import EVENING, Fact, Game, NoInfo, Option, RoundFacts, Setup, State
from scorekeeper.games.racing.course import (
    CARDS_TO_FINISH,
    as_suit,
    check_course,
    check_entry,
    course_text,
)
from scorekeeper.money import amount
from scorekeeper.payouts import add
from scorekeeper.wording import plural

Odds = tuple[int, int]
"""``(n, d)`` for odds of n-d: a winning bet of b collects b*n//d."""

BOOK: dict[int, Odds] = {0: (1, 1), 1: (2, 1), 2: (3, 1), 3: (5, 1), 4: (10, 1)}
"""Course cards of a suit -> the dealer's default odds; 5 or 6 (6-card course) have none."""


class BetRecord(TypedDict):
    """One bet as a race's round records it."""

    player: str
    horse: str
    amount: int


class Race(TypedDict):
    """One race as the table records it: the course cards of each suit, the bets, the
    winning horse, and the odds the dealer set instead of the book's (``[n, d]``)."""

    course: dict[str, int]
    bets: list[BetRecord]
    winner: str
    odds: NotRequired[dict[str, list[int]]]


@dataclass(frozen=True)
class Bet:
    player: str
    horse: str
    amount: int


def book_odds(course: Mapping[str, int], course_length: int) -> dict[str, Odds | None]:
    """The dealer's book for a course: the more of its suit already out, the longer the odds."""
    counts = check_course(course, course_length)
    return {suit: BOOK.get(count) for suit, count in counts.items()}


def odds_text(odds: Odds | None) -> str:
    if odds is None:
        return "no odds"
    return "evens" if odds == (1, 1) else f"{odds[0]}-{odds[1]}"


def race_odds(book: Mapping[str, Odds | None], overrides: object) -> dict[str, Odds]:
    """The book with the dealer's overrides for this race; horses left without odds are omitted."""
    odds = {suit: pair for suit, pair in book.items() if pair is not None}
    for suit, value in as_mapping(overrides, "odds").items():
        field = f"odds.{suit}"
        as_suit(suit, field)
        if not isinstance(value, list | tuple) or len(value) != 2:
            raise RuleError(field, f"give odds n-d as [n, d], e.g. [6, 1]; not {value!r}")
        odds[suit] = (as_int(value[0], field, 1), as_int(value[1], field, 1))
    return odds


def bet_payouts(
    dealer: str, bets: Sequence[Bet], winner: str, odds: Mapping[str, Odds]
) -> dict[str, int]:
    """A bet on the winner collects b*n//d from the bank and keeps its stake; others lose theirs."""
    money = {dealer: 0}
    for bet in bets:
        if bet.horse == winner:
            n, d = odds[winner]
            won = bet.amount * n // d
        else:
            won = -bet.amount
        money[bet.player] = money.get(bet.player, 0) + won
        money[dealer] -= won
    return money


class Options(TypedDict):
    course: int
    """Course cards: 7, or 6 for the Scarne variant."""
    limit: int
    """The dealer's maximum bet on one horse; 0 for none."""


class HorseRace(Game[Options, NoInfo]):
    id = "horse-race"
    name = "Basic Horse Race"
    min_players = 3
    max_players = None
    unit = "chips"
    menu_order = 1
    round_name = "Race"
    first_to_act = None
    ending = EVENING
    fact_names = (
        "course",
        "winner",
        "odds",
        "staked",
        "bets",
        "end",
    )
    options = {
        "course": Option(7, "course cards: 7, or 6 for the Scarne variant", minimum=6, maximum=7),
        "limit": Option(
            0, "the dealer's maximum bet: a player's bets on one horse (0 = no limit)", minimum=0
        ),
    }
    rules = """\
3+ players. The four aces are the horses (S H D C); a course of 7 cards (or 6) is laid
beside them. 7-card course: 5+ cards of one suit is a void deal, redeal.
Dealer's book by course cards of the horse's suit: 0 evens, 1 2-1, 2 3-1, 3 5-1, 4 10-1;
the dealer may set other odds, and must for a horse with 5-6 cards on a 6-card course.
Every player but the dealer (the bank) bets whole chips on any horses, up to the limit
(a player's bets on one horse count as one bet).
First horse to 8 cards of its suit (6 on a 6-card course) wins: a bet of b at n-d on it
wins b*n/d (rounded down) from the dealer; every other bet is lost to the dealer.
The deal passes to the left. The evening ends when the table says so: the biggest
balance wins."""

    def play(self, setup: Setup, state: State, round_: Round) -> State:
        race = shaped(round_, Race, ("course", "bets", "winner"), ("odds",))
        book = book_odds(race["course"], self.options_of(setup)["course"])
        odds = race_odds(book, race.get("odds", {}))
        bets = self._bets(setup, state.dealer, race["bets"], odds)
        winner = as_suit(race["winner"], "winner")
        balances = add(state.balances, bet_payouts(state.dealer, bets, winner, odds))
        return State(setup.left_of(state.dealer), balances, balances)

    def _bets(
        self, setup: Setup, dealer: str, value: object, odds: Mapping[str, Odds]
    ) -> list[Bet]:
        if not isinstance(value, list):
            raise RuleError(
                "bets", f"must be a list of bets (player, horse, amount), not {value!r}"
            )
        limit = self.options_of(setup)["limit"]
        bets = []
        on_horse: dict[tuple[str, str], int] = {}
        for index, entry in enumerate(value):
            field = f"bets[{index}]"
            given = check_entry(entry, field, ("player", "horse", "amount"))
            player = as_player(given["player"], f"{field}.player", setup.players)
            if player == dealer:
                raise RuleError(
                    f"{field}.player", f"{dealer} deals and is the bank: the dealer does not bet"
                )
            horse = as_suit(given["horse"], f"{field}.horse")
            amount = as_int(given["amount"], f"{field}.amount")
            if amount < 1:
                raise RuleError(
                    f"{field}.amount", f"{player}: a bet is 1 chip or more, not {amount}"
                )
            if limit and amount > limit:
                raise RuleError(
                    f"{field}.amount", f"{player}: {amount} is over the limit of {limit} a bet"
                )
            staked = on_horse[player, horse] = on_horse.get((player, horse), 0) + amount
            if limit and staked > limit:
                raise RuleError(
                    f"{field}.amount",
                    f"{player}: {staked} on {horse} in all is over the limit of {limit}: "
                    "a player's bets on one horse in a race count as one bet",
                )
            if horse not in odds:
                raise RuleError(
                    f"odds.{horse}",
                    f"{horse} has 5 or more course cards, so no book odds: "
                    f"the dealer must give odds for it ({player} bet on it)",
                )
            bets.append(Bet(player, horse, amount))
        return bets

    def panel(self, setup: Setup, state: State) -> list[tuple[str, str]]:
        length = self.options_of(setup)["course"]
        limit = self.options_of(setup)["limit"]
        book = ", ".join(f"{count}: {odds_text(odds)}" for count, odds in BOOK.items())
        beyond = "5+ of a suit: redeal" if length == 7 else "5-6 of a suit: dealer sets odds"
        # An ended evening has no next race: the dealer is the bank, nobody deals.
        bank = "the dealer is" if state.finished else f"{state.dealer} deals and is"
        return [
            (
                "Course",
                f"{length} cards; first horse to {CARDS_TO_FINISH[length]} of its suit wins",
            ),
            ("Book", f"{book}; {beyond}"),
            ("Limit", f"{limit} chips a player on one horse" if limit else "no limit"),
            ("Bank", f"{bank} the bank (does not bet)"),
        ]

    def option_words(self, setup: Setup) -> list[str]:
        options = self.options_of(setup)
        length, limit = options["course"], options["limit"]
        course = "6-card course (Scarne)" if length == 6 else "7-card course"
        return [course, f"limit {plural(limit, 'chip')} a bet" if limit else "no bet limit"]

    def round_facts(self, setup: Setup, before: State, round_: Round, after: State) -> RoundFacts:
        race = accepted(round_, Race)
        bets: dict[str, list[str]] = {}
        for bet in race["bets"]:
            bets.setdefault(bet["player"], []).append(f"{bet['amount']} on {bet['horse']}")
        players: dict[str, dict[str, Fact]] = {
            name: {"bets": ", ".join(placed)} for name, placed in bets.items()
        }
        players[before.dealer] = {"bets": "bank"}
        return RoundFacts(self.details(race), players)

    def describe(self, setup: Setup, before: State, round_: Round, after: State) -> str:
        """ "H won at 3-1; Bob 5 on H won 15, Cy lost 4 on S; Ann's bank −11" """
        race = accepted(round_, Race)
        course, winner = race["course"], race["winner"]
        odds = race_odds(book_odds(course, sum(course.values())), race.get("odds", {}))
        bets = []
        for bet in race["bets"]:
            player, horse, stake = bet["player"], bet["horse"], bet["amount"]
            if horse == winner:
                won = bet_payouts(before.dealer, [Bet(player, horse, stake)], winner, odds)[player]
                bets.append(f"{player} {stake} on {horse} won {won}")
            else:
                bets.append(f"{player} lost {stake} on {horse}")
        bank = after.balances[before.dealer] - before.balances[before.dealer]
        said = f"{winner} won at {odds_text(odds.get(winner))}"
        if not bets:
            return f"{said}; no bets"
        bank_said = f"{before.dealer}'s bank {amount(bank, 'chips', signed=True)}"
        return f"{said}; {', '.join(bets)}; {bank_said}"

    def details(self, round_: Round) -> dict[str, str | int]:
        race = accepted(round_, Race)
        course = race["course"]
        odds = race_odds(book_odds(course, sum(course.values())), race.get("odds", {}))
        return {
            "course": course_text(course),
            "winner": race["winner"],
            "odds": ", ".join(f"{suit} {odds_text(odds.get(suit))}" for suit in SUITS),
            "staked": sum(bet["amount"] for bet in race["bets"]),
        }


GAME = HorseRace()
