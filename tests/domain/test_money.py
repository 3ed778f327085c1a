"""Money as people type it: a quarter is 0.25, $0.25 or 25¢, and a bare 2 is two dollars;
and as the screens write it: five cents is $0.05, never $0.5."""

import pytest

from scorekeeper.errors import RuleError
from scorekeeper.money import (
    SYMBOLS,
    amount,
    format_amount,
    in_whole_units,
    parse_money,
    reworded,
    use_currency,
    whole_units_suffice,
)


@pytest.mark.parametrize(
    ("typed", "cents"),
    [
        ("0.25", 25),
        ("$0.25", 25),
        ("25¢", 25),
        ("25c", 25),
        (".25", 25),
        ("2", 200),
        ("$1.5", 150),
        ("1,000.00", 100_000),
    ],
)
def test_money_is_read_as_typed(typed: str, cents: int) -> None:
    assert parse_money(typed, "options.stake") == cents


@pytest.mark.parametrize("typed", ["", "abc", "-1", "$", "1.234", ".", "1.5.0"])
def test_what_is_no_money_is_refused_at_its_field(typed: str) -> None:
    with pytest.raises(RuleError) as refused:
        parse_money(typed, "options.stake")
    assert refused.value.field == "options.stake"
    assert "type money, as 0.25, $0.25 or 25¢" in refused.value.message


@pytest.mark.parametrize(
    ("table", "saved", "shown"),
    [
        ("€", "stake $0.25/point", "stake €0,25/point"),
        ("€", "stake $1,234.50", "stake €1.234,50"),
        ("€", "“Hearts $5”; stake £2.00", "“Hearts $5”; stake €2,00"),
        ("$", "stake 0,25 kr/point", "stake $0.25/point"),
        ("$", "$1,234.50 a point", "$1,234.50 a point"),
        ("$", "€1.234,50", "$1,234.50"),
        ("kr", "stake €0,25", "stake 0,25 kr"),
        ("kr", "$1.00, then £2.00 and 3,00 kr", "1,00 kr, then 2,00 kr and 3,00 kr"),
    ],
)
def test_words_saved_in_another_currency_read_in_the_tables(
    table: str, saved: str, shown: str
) -> None:
    """Options' words keep the currency they were saved in; shown, their money is the
    table's, and what is not money written by a currency (a "$5" in a name) stays."""
    use_currency(SYMBOLS[table])
    assert reworded(saved) == shown


@pytest.mark.parametrize(
    ("cents", "signed", "written"),
    [
        (5, False, "$0.05"),
        (-307, True, "−$3.07"),
        (701, True, "+$7.01"),
        (1_000_009, False, "$10,000.09"),
    ],
)
def test_cents_under_ten_keep_their_zero_on_screen(cents: int, signed: bool, written: str) -> None:
    assert amount(cents, "money", signed=signed) == written
    assert format_amount(cents, "money", signed=signed) == written


def test_points_are_plain_beside_a_target_chips_marked_as_the_table_marks_money() -> None:
    """At a table where a quarter reads "0,25", "1.245" points beside "Target 1000" would
    read as a fraction, and "1,245" as one and a quarter: points are written plain, as a
    target is; chips count stakes, their thousands marked as the table marks money's."""
    assert (amount(1_245, "points"), amount(-98_766, "pips", signed=True)) == ("1245", "−98766")
    use_currency(SYMBOLS["€"])
    assert (amount(1_245, "points"), amount(-1_234, "chips")) == ("1245", "−1.234")


def test_money_in_whole_units_rounds_halves_away_from_zero_and_leaves_other_text() -> None:
    """A grid short of room: "+441" for "+€440,60"; points and chips stay as written."""
    use_currency(SYMBOLS["kr"])
    assert [in_whole_units(text) for text in ("−12,50 kr", "+0,49 kr", "1.234", "1245")] == [
        "−13",
        "0",
        "1.234",
        "1245",
    ]
    assert whole_units_suffice(["+1,20 kr", "−100,00 kr"])
    assert not whole_units_suffice(["+1,20 kr", "−99,99 kr", "1245"]), "a cent is too much"
