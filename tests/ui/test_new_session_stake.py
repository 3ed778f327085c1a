"""New session: the stake is two Tabs from the names, its default typed over, and the row
being filled in stands out (its label bold in the accent colour)."""

from __future__ import annotations

from textual.widgets import Input, Label

from scorekeeper.settings import remember_currency
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.table import TableScreen
from tests.ui.play import open_form, put


async def test_the_stake_is_two_tabs_from_the_names_and_its_default_typed_over(
    store: Store,
) -> None:
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot, "racehorse")
        await put(pilot, "Ann, Bob, Cy, Di, Ed")
        await pilot.press("enter", "tab", "3", "tab")
        await pilot.pause()
        stake_row = screen.query_one_row("options.stake")
        assert screen.focused is stake_row.control
        label = stake_row.query_one(".field-label", Label)
        assert label.styles.text_style.bold
        dealer_label = screen.query_one_row("dealer").query_one(".field-label", Label)
        assert not dealer_label.styles.text_style.bold
        await pilot.press(*"0.25")
        await pilot.pause()
        stake = stake_row.control
        assert isinstance(stake, Input) and stake.value == "0.25"  # not "$1.000.25"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
    (summary,) = store.summaries()
    assert store.load(summary.id).setup.options["stake"] == 25
    assert store.load(summary.id).dealer == "Cy"


async def test_a_euro_table_takes_a_stake_typed_with_a_point_and_says_its_own_cents(
    store: Store,
) -> None:
    """At a table writing €0,25, "0.25" can mean nothing else: it is a quarter; what is
    refused is explained in euros ("25 cent"), never in "25¢"."""
    remember_currency(store, "€", True)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot, "racehorse")
        await put(pilot, "Ann, Bob, Cy, Di, Ed")
        await pilot.press("enter", "tab", "tab", *"1,234")
        await pilot.pause()
        stake_row = screen.query_one_row("options.stake")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert stake_row.error_text == "type money, as 0,25, €0,25 or 25 cent, not '1,234'"
        await pilot.press("ctrl+u", *"0.25")
        await pilot.pause()
        assert "= €0,25" in stake_row.note_text
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
    (summary,) = store.summaries()
    assert store.load(summary.id).setup.options["stake"] == 25
