"""Card text as people type it: any case, suit letters or symbols, spaces or commas."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from scorekeeper import RuleError
from scorekeeper.cards import RANKS, Card, parse_card, parse_cards, pip_value
from scorekeeper.games.hot_rum import deadwood_points
from scorekeeper.games.rummy_5000.hands import cards_value
from scorekeeper.games.seven_hand import card_points
from tests.strategies import card_text


@pytest.mark.parametrize(
    ("token", "card"),
    [
        ("5", Card("5")),
        ("10", Card("10")),
        ("q", Card("Q")),
        ("A", Card("A")),
        ("JK", Card("JK")),
        ("jk", Card("JK")),
        ("Jk", Card("JK")),
        ("QH", Card("Q", "H")),
        ("qh", Card("Q", "H")),
        ("7h", Card("7", "H")),
        ("10c", Card("10", "C")),
        ("10♣", Card("10", "C")),
        ("A♠", Card("A", "S")),
        ("k♥", Card("K", "H")),
        ("2♦", Card("2", "D")),
        ("9♥\ufe0f", Card("9", "H")),
        (" js ", Card("J", "S")),
    ],
)
def test_one_card_in_any_spelling(token: str, card: Card) -> None:
    assert parse_card(token) == card


@pytest.mark.parametrize("token", ["1", "11", "0", "B", "KX", "JKS", "♣", "H10", "1O", "10HH"])
def test_a_token_that_is_no_card_names_itself(token: str) -> None:
    with pytest.raises(RuleError) as caught:
        parse_card(token, "cards.Bob")
    assert caught.value.field == "cards.Bob"
    assert repr(token) in caught.value.message


def _counted_with_threes_wild(text: str, field: str) -> int:
    return cards_value(text, "3", field)


@pytest.mark.parametrize(
    ("count", "offers_joker"),
    [
        pytest.param(card_points, True, id="Seven Hand"),
        pytest.param(deadwood_points, False, id="Hot Rum"),
        pytest.param(_counted_with_threes_wild, False, id="5000"),
    ],
)
def test_a_token_that_is_no_card_offers_a_joker_only_where_the_game_plays_with_them(
    count: Callable[[str, str], int], offers_joker: bool
) -> None:
    """Hot Rum and 5000 refuse a joker: telling the table to type ``JK`` there sends it
    from one refusal to the next."""
    with pytest.raises(RuleError) as caught:
        count("K X", "cards.Bob")
    assert caught.value.field == "cards.Bob"
    assert "'X' is not a card" in caught.value.message
    assert ("JK" in caught.value.message) is offers_joker


def test_a_line_of_cards_split_by_spaces_or_commas() -> None:
    assert parse_cards("QH 7h 10♣") == [Card("Q", "H"), Card("7", "H"), Card("10", "C")]
    assert parse_cards("5,5, K  A,JK") == [Card("5"), Card("5"), Card("K"), Card("A"), Card("JK")]
    assert parse_cards("") == []
    assert parse_cards(" , ") == []


@pytest.mark.parametrize("text", [None, 5, ["5", "K"]])
def test_card_text_must_be_text(text: object) -> None:
    with pytest.raises(RuleError, match="card text must be text"):
        parse_cards(text)  # type: ignore[arg-type]


def test_a_card_prints_as_typed_in_capitals() -> None:
    assert str(parse_card("10♣")) == "10C"
    assert str(parse_card("jk")) == "JK"


@pytest.mark.parametrize(
    ("rank", "pips"), [("A", 11), ("K", 10), ("Q", 10), ("J", 10), ("10", 10), ("2", 2)]
)
def test_pip_values_for_hot_rum(rank: str, pips: int) -> None:
    assert pip_value(rank) == pips


def test_a_joker_has_no_pip_value() -> None:
    with pytest.raises(ValueError):
        pip_value("JK")


@example("")  # nothing typed
@example("10♣,jk  As,10")  # two-character ranks, a joker, mixed separators
@given(card_text(jokers=True))
def test_every_typed_line_reads_back_the_same_cards(text: str) -> None:
    cards = parse_cards(text)
    assert all(card.rank in (*RANKS, "JK") for card in cards)
    assert parse_cards(" ".join(str(card) for card in cards)) == cards
    assert parse_cards(text.upper()) == parse_cards(text.lower().replace("jk", "JK"))


@example("1")  # half a 10
@example("JKX")  # a joker and more
@example(",")  # separators alone
@given(st.text(max_size=8))
def test_any_text_is_cards_or_a_rule_error(text: str) -> None:
    try:
        parse_cards(text)
    except RuleError as error:
        assert error.field == "cards"
