"""Money as people type it: a quarter is 0.25, $0.25 or 25¢, and a bare 2 is two dollars."""

import pytest

from scorekeeper.errors import RuleError
from scorekeeper.money import SYMBOLS, parse_money, reworded, use_currency


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
    ],
)
def test_words_saved_in_another_currency_read_in_the_tables(
    table: str, saved: str, shown: str
) -> None:
    """Options' words keep the currency they were saved in; shown, their money is the
    table's, and what is not money written by a currency (a "$5" in a name) stays."""
    use_currency(SYMBOLS[table])
    assert reworded(saved) == shown
