"""How money is written at this table: the currency symbol and where it goes, and a
decimal point or comma. Asked once (the first session with a stake), changed from the
command palette ("Currency"); kept in the store's settings, so every laptop sharing the
store writes money alike, and in force at once on every screen."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from scorekeeper.money import SYMBOLS, Currency, amount, currency, name_of, use_currency
from scorekeeper.settings import remember_currency
from scorekeeper.store import Store, StoreError
from screens.format import plain
from screens.keys import MOVES, move, settled
from screens.widgets.choice import Choice
from screens.widgets.field_row import FieldRow

Picked = tuple[str, bool]
"""The currency's name in ``money.SYMBOLS`` and whether it writes a decimal comma."""


class CurrencyScreen(ModalScreen[Picked | None]):
    """Dismisses with the currency picked (Enter), or None (Esc)."""

    CSS_PATH = "currency.tcss"
    BINDINGS = [
        Binding("enter", "keep", "Keep", priority=True, tooltip="Write money this way"),
        Binding("escape", "cancel", "Cancel", priority=True, tooltip="Leave it as it was"),
        *MOVES,
    ]

    def __init__(self, why: str = "") -> None:
        super().__init__()
        self.why = why

    def compose(self) -> ComposeResult:
        now = currency()
        symbols = Choice([(name, name) for name in SYMBOLS], value=name_of(now))
        marks = Choice([("point 0.25", False), ("comma 0,25", True)], value=now.comma)
        with Vertical(id="currency"):
            yield Static("How is money written at this table?", id="currency-title")
            if self.why:
                yield Static(plain(self.why), id="currency-why")
            yield FieldRow("symbol", "Currency", symbols)
            yield FieldRow("comma", "Decimal", marks)
            yield Static("", id="currency-example")
            yield Static(
                "Enter keeps it · Esc leaves it · ←/→ or a letter picks", id="currency-keys"
            )

    def on_mount(self) -> None:
        self.set_focus(self.query(Choice).first())
        self.show_example()

    def picked(self) -> Picked:
        symbol = self.query(Choice).first().value
        comma = self.query(Choice).last().value
        return (str(symbol), bool(comma))

    @on(Choice.Changed)
    def show_example(self) -> None:
        """Money as it will read once kept."""
        name, comma = self.picked()
        known = SYMBOLS.get(name, SYMBOLS["$"])
        written = Currency(known.symbol, known.after, comma)
        shown = " · ".join(
            (amount(123450, "money", written_in=written), amount(25, "money", written_in=written))
        )
        self.query_one("#currency-example", Static).update(plain(f"Written: {shown}"))

    async def action_move(self, step: int, arrow: bool) -> None:
        await move(self, step, arrow)

    async def action_keep(self) -> None:
        await settled(self)
        self.dismiss(self.picked())

    async def action_cancel(self) -> None:
        await settled(self)
        self.dismiss(None)


def keep_currency(store: Store, picked: Picked) -> str:
    """Keep ``picked`` as the store's currency and put it in force; what to tell the
    person (how money reads now, or why it was not kept)."""
    name, comma = picked
    known = SYMBOLS[name]
    written = Currency(known.symbol, known.after, comma)
    use_currency(written)
    try:
        remember_currency(store, name, comma)
    except StoreError as error:
        return f"Money reads {amount(123450, 'money')} until the app closes: {error.message}"
    return f"Money reads {amount(123450, 'money')} at this table from now on."
