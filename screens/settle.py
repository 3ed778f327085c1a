"""Settle up: everyone's balance and the short list of payments that squares them.

Mid-game, for a game the table may end or stop (``Game.ending``), it says what ending
now would do (one list of money: as it stands, or, where money moves only at the end,
as ending now would pay), and offers to do so: the key (or button) asks first, then
hands ``True`` back to the table, which records the end.

A game that went on differently on two laptops says so above its figures, and in what it
copies for the chat: they are the version shown until the table decides, and may change.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import date

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Static

from scorekeeper.session import Session
from scorekeeper.settle import payments_in_parts
from scorekeeper.share import share_text
from scorekeeper.wording import listed, visible
from screens.confirm import ConfirmScreen
from screens.format import END_KEY, END_NAME, END_TOOLTIP, amount, padded, plain, widest
from screens.widgets.hanging import HangingLines, story_items
from screens.widgets.live_text import show

CLOSE_KEYS = "Enter or Esc to close"
COPY_KEYS = f"c copy for the chat · {CLOSE_KEYS}"
WAITING = (
    "⚠ Waiting for a decision: this game went on differently on two laptops. These "
    "figures may change once the table decides (Home: Ctrl+K)."
)
WAITING_CHAT = "may change: waiting for a decision"


def settle_title(session: Session, ended: bool) -> str:
    if not session.finished:
        played = f"{session.game.round_name.lower()} {session.rounds_played}"
        return f"Settle up after {played} (the game goes on)"
    return f"{'Game over — ' if ended else ''}{who_won(session)}"


def who_won(session: Session) -> str:
    winners = [visible(winner) for winner in session.winners]
    return f"{listed(winners)} {'wins' if len(winners) == 1 else 'share the win'}"


class SettleScreen(ModalScreen[bool]):
    """Opened by itself when a game ends, and with ``s`` at any time. Dismisses with
    ``True`` when the table chose to end the game here, else ``False``."""

    CSS_PATH = "settle.tcss"
    BINDINGS = [
        # Priority: the keys typed after Esc in one burst ("Esc n") reach the table.
        Binding("escape,enter,s", "close", "Close", tooltip="Back to the table", priority=True),
        Binding(
            "c",
            "copy",
            "Copy for the chat",
            tooltip="The payments as one line of text, to paste in the group chat",
            priority=True,
        ),
        Binding(
            END_KEY,
            "end",
            END_NAME,
            show=False,
            tooltip=END_TOOLTIP,
            priority=True,
        ),
    ]

    def __init__(self, session: Session, ended: bool = False, *, waiting: bool = False) -> None:
        super().__init__()
        self.session = session
        self.ended = ended
        self.waiting = waiting
        """Whether the game waits for the table to decide between two laptops' versions."""
        self.if_ended = None if session.finished else session.if_ended()
        self.apart: dict[str, str] = {}
        """Each player's points where points are kept apart from the money, shown beside
        the balance: one list for ten players, not two."""
        self.points_word = ""

    def compose(self) -> ComposeResult:
        session, preview, ending = self.session, self.if_ended, self.session.game.ending
        with Vertical(id="settle"):
            yield Static(plain(settle_title(session, self.ended)), id="settle-title")
            if self.waiting:
                yield Static(WAITING, id="settle-waiting")
            with VerticalScroll(id="settle-body"):
                figures = session.figures()
                self.apart = dict(figures.apart())
                self.points_word = figures.unit
                if preview is None or ending is None:
                    yield from self.money(session)
                else:
                    # One list mid-game, so eight players fit without scrolling: the money
                    # as it stands once any has moved, with what ending now would change
                    # said in a line; else (money moves at the end) what ending would pay.
                    yield Static(
                        plain(f"{ending.if_now}: {who_won(preview)}"),
                        classes="heading",
                        id="if-ended",
                    )
                    if any(session.parties.values()):
                        note = self.end_note(preview)
                        if note:
                            yield HangingLines([note], id="if-note", classes="note")
                        if preview.parties != session.parties:
                            yield Static("As it stands (the game goes on)", classes="heading")
                        yield from self.money(session)
                    else:
                        yield from self.money(preview)
            keys = COPY_KEYS if self.pays() else CLOSE_KEYS
            if preview is not None and ending is not None:
                with Horizontal(id="settle-actions"):
                    yield Static(f"{END_KEY} {END_NAME.lower()} · {keys}", id="settle-keys")
                    yield Button(END_NAME, id="end", variant="warning", compact=True)
            else:
                yield Static(keys, id="settle-keys")

    def on_mount(self) -> None:
        self.query_one("#settle-body").focus()

    @staticmethod
    def end_note(session: Session) -> str | None:
        """What ending the game did (the pool shared out), for a finished ``session``."""
        return session.game.end_note(session.setup, session.state) if session.finished else None

    def money(self, session: Session) -> Iterator[Widget]:
        """The balances and payments of ``session``, with what ending the game did."""
        note = self.end_note(session)
        if note:
            yield HangingLines([note], id="note", classes="note")
        unit = session.game.unit
        # Where no money changes hands (points only), the points alone: no column of $0.00.
        with_money = session.game.played_for(session.setup) == unit
        if self.apart:
            heading = self.points_word.capitalize() + (" and balances" if with_money else "")
        else:
            heading = "Balances"
        money = {name: amount(value, unit, signed=True) for name, value in session.parties.items()}
        points, cells = widest(self.apart.values()), widest(money.values())

        def figures(name: str) -> str:
            """The points (if kept apart) and the money, each in a column of one width,
            so every line is as long and a sign never shifts one."""
            parts = [f"{self.apart.get(name, ''):>{points}}"] if self.apart else []
            if with_money or not self.apart:
                parts.append(f"{money[name]:>{cells}}")
            return "  ".join(parts)

        balances = self.lines([(name, figures(name)) for name in money])
        payments = payments_in_parts(session.settlement(), session.game.unit)
        # Side by side: twelve players' balances and payments in view at 80x24.
        yield Horizontal(
            Vertical(
                Static(heading, classes="heading"),
                Static(plain(balances, lines=True), id="balances", classes="balances"),
                classes="column",
            ),
            Vertical(
                Static("Payments", classes="heading"),
                # A payment too long for the column goes on under its own words, and
                # between its parts: "Wolfgang / Amadeus $0.25" would pay "Amadeus".
                HangingLines(payments, id="payments", classes="payments"),
                classes="column",
            ),
            classes="book",
        )

    def lines(self, figures: Sequence[tuple[str, str]]) -> str:
        """One line a name, the figures lined up on the right."""
        width = widest(name for name, _ in figures)
        room = max(12, widest(figure for _, figure in figures))
        return "\n".join(f"{padded(name, width)}  {figure:>{room}}" for name, figure in figures)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "end":
            return self.if_ended is not None and self.session.game.ending is not None
        if action == "copy":
            return self.pays()
        return True

    def pays(self) -> bool:
        """Whether anybody pays anybody: "Nobody owes anybody anything" is not worth copying."""
        return bool(self.shared().settlement())

    @on(Button.Pressed, "#end")
    def end_pressed(self) -> None:
        self.action_end()

    def action_end(self) -> None:
        """Ask first: ending is recorded like a round (and can be undone like one)."""
        ending, preview = self.session.game.ending, self.if_ended
        if ending is None or preview is None:
            return
        round_name = self.session.game.round_name.lower()
        detail = f"{who_won(preview)}. It is recorded like a {round_name}: u takes it back."

        def answered(yes: bool | None) -> None:
            if yes:
                self.dismiss(True)

        told = story_items(detail, self.session.players)
        self.app.push_screen(ConfirmScreen(ending.question, told), answered)

    def shared(self) -> Session:
        """The session whose payments the screen shows first: as it stands, or, where
        money moves only at the end, as ending now would pay."""
        preview = self.if_ended
        if preview is None or any(self.session.parties.values()):
            return self.session
        return preview

    def action_copy(self) -> None:
        """The payments shown, as a line for the group chat, to the clipboard."""
        session = self.shared()
        heading = session.game.title(session.setup)
        text = share_text(heading, date.today(), [(session.game.unit, session.settlement())])
        if self.waiting:
            text += f" ({WAITING_CHAT})"
        self.app.copy_to_clipboard(text)
        show(self.query_one("#settle-keys", Static), "Copied: paste it in the chat · Esc closes")
        self.notify(text, title="Copied to the clipboard", markup=False)

    def action_close(self) -> None:
        self.dismiss(False)
