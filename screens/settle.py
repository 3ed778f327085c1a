"""Settle up: everyone's balance and the short list of payments that squares them."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from scorekeeper.session import Session
from scorekeeper.settle import payment_lines
from screens.format import amount, padded, plain, widest


def settle_title(session: Session, ended: bool) -> str:
    if not session.finished:
        played = f"{session.game.round_name.lower()} {session.rounds_played}"
        return f"Settle up after {played} (the game goes on)"
    winners = session.winners
    who = winners[0] if len(winners) == 1 else " and ".join(winners)
    verb = "wins" if len(winners) == 1 else "share the win"
    return f"{'Game over — ' if ended else ''}{who} {verb}"


class SettleScreen(ModalScreen[None]):
    """Opened by itself when a game ends, and with ``s`` at any time."""

    CSS_PATH = "settle.tcss"
    BINDINGS = [Binding("escape,enter,s", "close", "Close", tooltip="Back to the table")]

    def __init__(self, session: Session, ended: bool = False) -> None:
        super().__init__()
        self.session = session
        self.ended = ended

    def compose(self) -> ComposeResult:
        session = self.session
        unit = session.game.unit
        with Vertical(id="settle"):
            yield Static(plain(settle_title(session, self.ended)), id="settle-title")
            with VerticalScroll(id="settle-body"):
                if session.game.scored_in_points:
                    yield Static("Points", classes="heading")
                    totals = self.lines(session.totals, "points", signed=False)
                    yield Static(plain(totals), id="totals")
                yield Static("Balances", classes="heading")
                balances = self.lines(session.parties, unit, signed=True)
                yield Static(plain(balances), id="balances")
                yield Static("Payments", classes="heading")
                yield Static(plain(self.payments()), id="payments")
            yield Static("Enter or Esc to close", id="settle-keys")

    def lines(self, figures: dict[str, int], unit: str, *, signed: bool) -> str:
        width = widest(figures)
        return "\n".join(
            f"{padded(name, width)}  {amount(value, unit, signed=signed):>12}"
            for name, value in figures.items()
        )

    def payments(self) -> str:
        return "\n".join(payment_lines(self.session.settlement(), self.session.game.unit))

    def action_close(self) -> None:
        self.dismiss(None)
