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


def test_a_point_where_the_table_writes_a_comma_is_refused_with_its_own_example() -> None:
    use_currency(EURO)
    with pytest.raises(RuleError) as refused:
        parse_money("0.25", "options.stake")
    assert "type money, as 0,25, €0,25 or 25¢" in refused.value.message


def test_the_currency_is_kept_in_the_stores_settings(tmp_path: Path) -> None:
    assert currency_at(tmp_path) is None
    with Store(tmp_path) as store:
        remember_currency(store, "kr", True)
    assert currency_at(tmp_path) == KRONA
    (tmp_path / "settings.json").write_text('{"schema": 1, "currency": {"symbol": "¤"}}')
    assert currency_at(tmp_path) is None  # not one this app writes: asked again
