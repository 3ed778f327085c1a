"""Counting one 5000 Rummy hand: card values by the wild rank, and each player's hand score.

Pure functions the round-entry screen also calls for live previews (``card_value``,
``cards_value``, ``hand_scores``). Kept out of ``scorekeeper/games/`` so
it is not taken for a game of its own.

A played-out hand is ``{"wild": "5", "out": name or null, "bonus": "out" | "first_turn" |
"no_draw", "melded": {name: points}, "in_hand": {name: points}}``, or with ``"cards":
{name: {"melded": "...", "hand": "..."}}`` instead of the points. The two mix: each
player's melded cards and cards in hand are given once, as points or as card text (a
part missing from a player's card text, with no points for it, is nothing). ``bonus`` may
be left out when someone went out (it is then "out") and must be left out when nobody did.
With money cards: ``"money_pairs"`` and ``"queens_caught"``, counts by name (missing = 0),
typed beside points; where a player's cards are card text they are counted from it (a Q♥
is typed with its suit, ``QH`` or ``Q♥``), and a count given that disagrees is refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NotRequired, TypedDict

from scorekeeper.cards import JOKER, RANKS, Card, parse_cards
from scorekeeper.checks import JSONMapping, Round, as_int, as_mapping, as_player, player_map
from scorekeeper.errors import RuleError
from scorekeeper.game import Setup
from scorekeeper.games.rummy_5000.shapes import options_of
from scorekeeper.wording import plural

BONUSES = {"out": 200, "first_turn": 300, "no_draw": 500}
RICH_WILDS = {"Q": 200, "10": 200, "A": 400}
TEN_POINT_RANKS = ("K", "Q", "J", "10", "9", "8")
COPIES_OF_RANK = 8  # 104 cards are two decks: eight of each rank, two of each card
COPIES_OF_CARD = 2
MONEY_PAIR = 100
QUEEN_CAUGHT = 50
QUEEN_OF_HEARTS = Card("Q", "H")
SEVEN_OF_HEARTS = Card("7", "H")
JOKER_REFUSED = "a joker only stands in for a lost card: type the card it replaces"
FALSE_CLAIM = 50
"""Michigan: a false claim to go out is no hand, but adds this to each other player."""
HAND_FIELDS = ("out", "bonus", "melded", "in_hand", "cards", "money_pairs", "queens_caught")


class Played(TypedDict):
    """One hand as the table records it (the fields above), with the doubling cube's or the
    poker pot's fields in the two-player games (``stakes`` lists them)."""

    wild: str
    out: NotRequired[str | None]
    bonus: NotRequired[str | None]
    melded: NotRequired[dict[str, int]]
    in_hand: NotRequired[dict[str, int]]
    cards: NotRequired[dict[str, dict[str, str]]]
    money_pairs: NotRequired[dict[str, int]]
    queens_caught: NotRequired[dict[str, int]]
    stake: NotRequired[int]
    doubles: NotRequired[list[str]]
    beavers: NotRequired[list[int]]
    folded: NotRequired[str | None]
    automatic_double: NotRequired[bool]
    pot: NotRequired[dict[str, int]]
    raises: NotRequired[dict[str, int]]
    gave_up: NotRequired[str | None]


class FalseClaim(TypedDict):
    """Michigan: who claimed to go out and could not. Recorded, but no hand."""

    false_claim: str


def card_value(card: Card | str, wild: str) -> int:
    """A wild card is 100 (200 if Q or 10 are wild, 400 if aces), never also its own value;
    a natural ace 200; K-8 10; 7-2 5."""
    rank = card.rank if isinstance(card, Card) else card
    if rank == wild:
        return RICH_WILDS.get(wild, 100)
    if rank == "A":
        return 200
    return 10 if rank in TEN_POINT_RANKS else 5


@lru_cache(maxsize=16)
def _rank_values(wild: str) -> dict[str, int]:
    """Every rank's value with ``wild`` wild, so counting a hand is one lookup a card."""
    return {rank: card_value(rank, wild) for rank in RANKS}


def parse_hand_cards(text: str, field: str = "cards") -> list[Card]:
    """Card text without jokers: at this table a joker only replaces a lost card."""
    cards = parse_cards(text, field, jokers=False)
    if any(card.rank == JOKER for card in cards):
        raise RuleError(field, JOKER_REFUSED)
    return cards


def cards_value(text: str, wild: str, field: str = "cards") -> int:
    """What a line of card text counts with ``wild`` wild."""
    return sum(card_value(card, wild) for card in parse_hand_cards(text, field))


def as_wild(value: object, field: str = "wild") -> str:
    if not isinstance(value, str) or value not in RANKS:
        raise RuleError(
            field, f"the wild rank is the upcard's: one of {', '.join(RANKS)}, not {value!r}"
        )
    return value


@dataclass(frozen=True)
class Hand:
    """One played-out hand as counted: who went out, and each player's points."""

    out: str | None
    bonus: int
    melded: Mapping[str, int]
    in_hand: Mapping[str, int]
    money_cards: Mapping[str, int]
    """Each player's money-card points: +100 a Q♥ 7♥ pair melded, -50 a Q♥ caught."""
    counts: Mapping[str, Mapping[str, int]] | None = None
    """With money cards, ``money_pairs`` and ``queens_caught`` by name, as counted."""


def read_hand(setup: Setup, round_: Round) -> Hand:
    """The hand's fields, checked: points as numbers or as card text, bonus, money cards."""
    players = setup.players
    wild = as_wild(round_.get("wild"))
    if "out" not in round_:
        raise RuleError("out", "is missing: name who went out, or null if the stock ran out")
    out = None if round_["out"] is None else as_player(round_["out"], "out", players)
    bonus = _bonus(round_.get("bonus"), out)
    if not any(key in round_ for key in PART_KEYS.values()) and "cards" not in round_:
        raise RuleError("cards", "give each player's melded and held points, or the cards")
    melded, in_hand, fields = _hand_points(round_, players, wild)
    if out is not None:
        if in_hand[out]:
            field = fields[(out, "hand")]
            raise RuleError(field, f"{out} went out, so no cards were left in {out}'s hand")
        if not melded[out]:
            field = fields[(out, "melded")]
            raise RuleError(field, f"{out} went out, so {out} must have melded cards")
    cards = round_.get("cards")
    counted = (
        None if cards is None else money_cards_in(as_mapping(cards, "cards"), fields, wild, out)
    )
    counts = _money_card_counts(setup, round_, wild, out, counted)
    money = {
        name: MONEY_PAIR * counts["money_pairs"][name]
        - QUEEN_CAUGHT * counts["queens_caught"][name]
        for name in players
    }
    return Hand(
        out, bonus, melded, in_hand, money, counts if options_of(setup)["money_cards"] else None
    )


def _bonus(bonus: object, out: str | None) -> int:
    if out is None:
        if bonus is not None:
            raise RuleError("bonus", "nobody went out, so there is no going-out bonus")
        return 0
    if bonus is None:
        return BONUSES["out"]
    if not isinstance(bonus, str) or bonus not in BONUSES:
        raise RuleError("bonus", f"must be one of {', '.join(BONUSES)}, not {bonus!r}")
    return BONUSES[bonus]


PART_KEYS = {"melded": "melded", "hand": "in_hand"}
"""Each part of a player's cards, and the key its points are given under."""


def _hand_points(
    round_: Round, players: Sequence[str], wild: str
) -> tuple[dict[str, int], dict[str, int], dict[tuple[str, str], str]]:
    """Melded and in-hand points, each player's part read from its points or its card
    text (never both), and the field each came from, for a later refusal to name."""
    for key in PART_KEYS.values():
        if "cards" not in round_ and key not in round_:
            raise RuleError(key, "the melded and the held points of every player are both needed")
    cards = player_map(round_.get("cards", {}), "cards", players)
    given = {part: player_map(round_.get(key, {}), key, players) for part, key in PART_KEYS.items()}
    entries = {name: as_mapping(cards[name], f"cards.{name}") for name in cards}
    for name, entry in entries.items():
        for part in entry:
            if part not in PART_KEYS:
                raise RuleError(f"cards.{name}.{part}", "give only melded and hand card text")
    points: dict[str, dict[str, int]] = {part: {} for part in PART_KEYS}
    fields: dict[tuple[str, str], str] = {}
    counter = _CardCounter(_rank_values(wild))
    for name in players:
        for part, key in PART_KEYS.items():
            typed = name in entries and part in entries[name]
            if typed and name in given[part]:
                raise RuleError(
                    f"{key}.{name}", f"{name}'s {key} is given as points and as cards: give one"
                )
            if typed or (name in entries and name not in given[part]):
                field = fields[(name, part)] = f"cards.{name}.{part}"
                points[part][name] = counter.count(entries[name].get(part, ""), field)
                continue
            field = fields[(name, part)] = f"{key}.{name}"
            if name not in given[part]:
                if "cards" in round_ and not any(name in points for points in given.values()):
                    raise RuleError(f"cards.{name}", f"{name} is missing: give everyone's cards")
                said = "held" if key == "in_hand" else key
                raise RuleError(field, f"{name} is missing: give every player's {said} points")
            points[part][name] = as_int(given[part][name], field, 0)
            if points[part][name] % 5:
                raise RuleError(
                    field,
                    f"{name}: {points[part][name]} is not a multiple of 5 — cards count 5, 10, "
                    "100, 200 or 400",
                )
    return points["melded"], points["hand"], fields


class _CardCounter:
    """Values card text, refusing more cards over the whole hand than the 104 hold."""

    def __init__(self, values: Mapping[str, int]) -> None:
        self.values = values
        self.ranks: dict[str, int] = {}
        self.cards: dict[Card, int] = {}

    def count(self, text: object, field: str) -> int:
        total = 0
        for card in parse_cards(text, field, jokers=False):
            if card.rank == JOKER:
                raise RuleError(field, JOKER_REFUSED)
            self.ranks[card.rank] = seen = self.ranks.get(card.rank, 0) + 1
            if seen > COPIES_OF_RANK:
                raise RuleError(field, f"the 104 cards hold only {COPIES_OF_RANK} of each rank")
            if card.suit:
                self.cards[card] = seen = self.cards.get(card, 0) + 1
                if seen > COPIES_OF_CARD:
                    raise RuleError(field, f"the 104 cards hold only {COPIES_OF_CARD} of each card")
            total += self.values[card.rank]
        return total


def money_cards_in(
    cards: JSONMapping, typed: Mapping[tuple[str, str], str], wild: str, out: str | None
) -> dict[str, dict[str, int]]:
    """The money cards card text shows: natural Q♥ 7♥ pairs in each player's melded cards
    and natural Q♥ left in hand when someone went out, for the parts ``typed`` as card
    text (``cards`` already checked). A part given as points is left out: its count is typed."""
    pairs, caught = {}, {}
    natural = wild not in (QUEEN_OF_HEARTS.rank, SEVEN_OF_HEARTS.rank)
    caught_now = out is not None and wild != QUEEN_OF_HEARTS.rank
    for (name, part), field in typed.items():
        if not field.startswith("cards."):
            continue
        held = parse_cards(cards[name].get(part, ""))
        if part == "melded":
            queens, sevens = held.count(QUEEN_OF_HEARTS), held.count(SEVEN_OF_HEARTS)
            pairs[name] = min(queens, sevens) if natural else 0
        else:
            caught[name] = held.count(QUEEN_OF_HEARTS) if caught_now else 0
    return {"money_pairs": pairs, "queens_caught": caught}


def _money_card_counts(
    setup: Setup,
    round_: Round,
    wild: str,
    out: str | None,
    counted: Mapping[str, Mapping[str, int]] | None,
) -> dict[str, dict[str, int]]:
    """Q♥ 7♥ pairs melded and Q♥ caught, by name: as typed beside points, or as the card
    text shows them, where a count typed as well must agree."""
    players = setup.players
    if not options_of(setup)["money_cards"]:
        for key in ("money_pairs", "queens_caught"):
            if key in round_:
                raise RuleError(key, "the money cards variation is not on in this game")
        return {key: dict.fromkeys(players, 0) for key in ("money_pairs", "queens_caught")}
    counts = {}
    for key in ("money_pairs", "queens_caught"):
        given = player_map(round_.get(key, {}), key, players)
        counts[key] = {name: as_int(given.get(name, 0), f"{key}.{name}", 0) for name in players}
        if counted is None:
            continue
        for name, shown in counted[key].items():
            if name in given and counts[key][name] != shown:
                raise RuleError(f"{key}.{name}", _disagrees(key, name, shown))
            counts[key][name] = shown
    pairs, caught = counts["money_pairs"], counts["queens_caught"]
    if wild in ("Q", "7") and any(pairs.values()):
        raise RuleError("money_pairs", f"with {wild}s wild there is no natural Q♥ and 7♥ pair")
    if any(caught.values()):
        if wild == "Q":
            raise RuleError("queens_caught", "with queens wild no Q♥ is natural")
        if out is None:
            raise RuleError("queens_caught", "a Q♥ is caught only when someone goes out")
        if caught[out]:
            raise RuleError(f"queens_caught.{out}", f"{out} went out with no cards in hand")
    if sum(pairs.values()) + sum(caught.values()) > COPIES_OF_CARD:
        raise RuleError("money_pairs", f"the 104 cards hold only {COPIES_OF_CARD} Q♥")
    return counts


def _disagrees(key: str, name: str, counted: int) -> str:
    """Why a typed count is refused: the cards typed for ``name`` show another."""
    if key == "money_pairs":
        shown = plural(counted, "Q♥ 7♥ pair") if counted else "no natural Q♥ 7♥ pair"
        where = f"{name}'s melded cards show"
    else:
        shown = plural(counted, "Q♥") if counted else "no natural Q♥ caught"
        where = f"{name}'s cards in hand show"
    return f"{where} {shown}: with cards typed they are counted (a Q♥ is typed QH or Q♥)"


def hand_scores(setup: Setup, round_: Round) -> dict[str, int]:
    """Each player's own score for a played-out hand (partners add theirs together).

    Michigan: whoever went out also scores the cards left in everyone else's hand, and
    nobody subtracts theirs; with nobody out, cards in hand count against as usual.
    """
    hand = read_hand(setup, round_)
    michigan = options_of(setup)["michigan"] and hand.out is not None
    scores = {}
    for name in setup.players:
        score = hand.melded[name] + hand.money_cards[name]
        if name == hand.out:
            score += hand.bonus
            if michigan:
                score += sum(hand.in_hand.values())
        elif not michigan:
            score -= hand.in_hand[name]
        scores[name] = score
    return scores
