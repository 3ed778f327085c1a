"""Money in the table's own currency: written and read back alike, one function for both."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.errors import RuleError
from scorekeeper.money import SYMBOLS, Currency, amount, format_amount, parse_money, use_currency
from scorekeeper.settings import currency_at, remember_currency
from scorekeeper.store import Store

EURO = SYMBOLS["€"]
KRONA = SYMBOLS["kr"]


@pytest.mark.parametrize(
    ("currency", "written"),
    [
        (SYMBOLS["$"], "−$1,234.50"),
        (EURO, "−€1.234,50"),
        (SYMBOLS["£"], "−£1,234.50"),
        (KRONA, "−1.234,50 kr"),
        (SYMBOLS["none"], "−1,234.50"),
        (Currency("€", comma=False), "−€1,234.50"),
    ],
)
def test_an_amount_is_written_as_the_table_writes_money(currency: Currency, written: str) -> None:
    use_currency(currency)
    assert amount(-123450, "money") == written
    assert format_amount(12, "chips") == "12 chips"  # chips and points keep no currency


@pytest.mark.parametrize("typed", ["0,25", "€0,25", "€ 0,25", "0,25€", "25¢"])
def test_euro_typed_with_a_comma_is_read(typed: str) -> None:
    use_currency(EURO)
    assert parse_money(typed, "options.stake") == 25


def test_krona_typed_after_the_figure_is_read() -> None:
    use_currency(KRONA)
    assert parse_money("1.250,5 kr", "options.stake") == 125_050


@pytest.mark.parametrize(("typed", "cents"), [("0.25", 25), ("12.5", 1250), ("1.234", 123_400)])
def test_a_point_where_the_table_writes_a_comma_is_read_as_nothing_else_can_be_meant(
    typed: str, cents: int
) -> None:
    """A single point and one or two digits can only be decimals; three are thousands."""
    use_currency(EURO)
    assert parse_money(typed, "options.stake") == cents


@pytest.mark.parametrize(
    ("currency", "example"),
    [
        (EURO, "type money, as 0,25, €0,25 or 25 cent, not '1,234'"),
        (KRONA, "type money, as 0,25, 0,25 kr or 25 öre, not '1,234'"),
        (SYMBOLS["£"], "type money, as 0.25, £0.25 or 25p, not '1.234'"),
    ],
)
def test_money_refused_is_shown_in_the_tables_own_words(currency: Currency, example: str) -> None:
    use_currency(currency)
    with pytest.raises(RuleError) as refused:
        parse_money(example.rsplit("'", 2)[1], "options.stake")
    assert refused.value.message == example
    assert parse_money(f"25{currency.hundredth}", "options.stake") == 25


def test_the_currency_is_kept_in_the_stores_settings(tmp_path: Path) -> None:
    assert currency_at(tmp_path) is None
    with Store(tmp_path) as store:
        remember_currency(store, "kr", True)
    assert currency_at(tmp_path) == KRONA
    (tmp_path / "settings.json").write_text('{"schema": 1, "currency": {"symbol": "¤"}}')
    assert currency_at(tmp_path) is None  # not one this app writes: asked again
