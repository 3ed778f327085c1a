"""Card text as people type it at the table: ``5 5 K A JK``, ``QH 7h 10♣``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from scorekeeper.errors import RuleError

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JOKER = "JK"
SUITS = ("S", "H", "D", "C")
_SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
# Phone keyboards send a suit as the emoji form "♥️": the symbol plus this selector.
_EMOJI_STYLE = "\ufe0f"


@dataclass(frozen=True)
class Card:
    """A rank (``"2"``-``"10"``, ``"J"``-``"A"`` or ``"JK"``) and the suit, if one was typed."""

    rank: str
    suit: str | None = None

    def __str__(self) -> str:
        return self.rank + (self.suit or "")


@lru_cache(maxsize=512)
def _known_card(token: str) -> Card | None:
    """The card a token names, or None; cached because a long session repeats few tokens."""
    text = token.strip().upper().replace(_EMOJI_STYLE, "")
    for symbol, letter in _SUIT_SYMBOLS.items():
        text = text.replace(symbol, letter)
    if text == JOKER:
        return Card(JOKER)
    if text in RANKS:
        return Card(text)
    if len(text) >= 2 and text[-1] in SUITS and text[:-1] in RANKS:
        return Card(text[:-1], text[-1])
    return None


def parse_card(token: str, field: str = "cards", jokers: bool = True) -> Card:
    """One card from one token; a token that is no card names itself in the error, which
    offers a joker only where the game plays with them."""
    card = _known_card(token)
    if card is not None:
        return card
    if jokers:
        use = "2-10, J, Q, K, A or JK, with an optional suit S H D C (e.g. '10H', 'qs', 'JK')"
    else:
        use = "2-10, J, Q, K or A, with an optional suit S H D C (e.g. '10H', 'qs')"
    raise RuleError(field, f"{token!r} is not a card: use {use}")


def parse_cards(text: object, field: str = "cards", jokers: bool = True) -> list[Card]:
    """Every card in a line of card text; an empty line is no cards."""
    if not isinstance(text, str):
        like = "'5 5 K A JK'" if jokers else "'5 5 K A'"
        raise RuleError(field, f"card text must be text like {like}, not {text!r}")
    return [parse_card(token, field, jokers) for token in text.replace(",", " ").split()]


def pip_value(rank: str) -> int:
    """Face value, with J Q K as 10 and Ace as 11 (Hot Rum's deadwood count)."""
    if rank == "A":
        return 11
    if rank in ("J", "Q", "K"):
        return 10
    if rank == JOKER:
        raise ValueError("a joker has no pip value")
    return int(rank)
