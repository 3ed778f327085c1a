"""The table while another laptop records into the same session: what arrives under an
open round entry, and what becomes of a typed round when the session goes away.

A round recorded on the other laptop while a round is typed here is shown on the table
at once. Enter on the entry then does not record the typed round as the next one without
a word: it asks (``StaleRound``) whether to record it after the one that arrived, keep
it for later (as Esc would) or drop it. A session deleted or damaged under an open entry
keeps what was typed as the entry's kept draft, and the table says what happened.
"""

from __future__ import annotations

from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from scorekeeper.checks import JSONObject
from scorekeeper.errors import RuleError
from scorekeeper.session import Session
from scorekeeper.store import SessionNotFound, Store, StoreError
from scorekeeper.store.conflicts import laptop_name
from scorekeeper.wording import visible
from screens.format import names, plain
from screens.problem import ProblemScreen
from screens.rounds.base import RoundEntry
from screens.rounds.fields import Round
from screens.scoresheet import Scoresheet
from screens.settle import SettleScreen

RECORD, KEEP, DROP = "record", "keep", "drop"


def arrived_words(session: Session, before: int, where: str) -> str:
    """ "Deal 5 was just recorded on Grandma's laptop": what arrived after the first
    ``before`` rounds, in the game's words, and ``where`` (the laptops' names)."""
    game = session.game
    played = session.rounds_played
    first = game.rounds_played(session.state_before(before), before) + 1
    name = game.round_name
    if played <= first:
        return f"{name} {played} was just recorded on {where}"
    return f"{name}s {first}-{played} were just recorded on {where}"


def recorded_on(store: Store, session_id: str, before: int) -> str:
    """The names of the laptops that recorded the session's rounds after the first
    ``before``, as the rounds' stamps and the names the copies hold give them."""
    try:
        merged = store.gathered(session_id).merged
    except StoreError:
        return "another laptop"
    laptops = dict.fromkeys(laptop for _, laptop in merged.shown.stamps[before:])
    return " and ".join(laptop_name(merged, laptop) for laptop in laptops) or "another laptop"


class StaleRound(ModalScreen[str]):
    """Record the typed round after the one that arrived, keep it for later, or drop it."""

    CSS_PATH = "table_sync.tcss"
    BINDINGS = [
        Binding("r", "answer('record')", "Record", tooltip="Record it next", priority=True),
        Binding("k,escape", "answer('keep')", "Keep", tooltip="Keep it typed", priority=True),
        Binding("d", "answer('drop')", "Drop", tooltip="Forget what was typed", priority=True),
    ]

    def __init__(self, arrived: str, next_name: str) -> None:
        super().__init__()
        self.arrived = arrived
        self.next_name = next_name

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Static(plain(f"{self.arrived}."), id="question")
            yield Static(
                plain(f"Record yours as {self.next_name}, keep it for later, or drop it?"),
                id="detail",
            )
            with Horizontal(id="answers"):
                yield Button(f"Record as {self.next_name} (r)", id=RECORD, compact=True)
                yield Button("Keep it (k)", id=KEEP, variant="primary", compact=True)
                yield Button("Drop (d)", id=DROP, variant="error", compact=True)

    def on_mount(self) -> None:
        self.query_one(f"#{KEEP}", Button).focus()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or KEEP)

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)


def open_entry_of(screen: Screen[Any]) -> RoundEntry | None:
    """The round entry open on top of the app, if one is."""
    top = screen.app.screen
    return top if isinstance(top, RoundEntry) else None


def close_keeping(entry: RoundEntry, keep: bool) -> None:
    """Close ``entry`` as Esc does: what was typed is kept for the next time (``keep``),
    or forgotten."""
    entry.kept = entry.typed() if keep and entry.changed_since_opened() else None
    entry.dismiss(None)


def gone_words(error: StoreError) -> str:
    """What happened to a session that cannot be written any more, for the table."""
    if isinstance(error, SessionNotFound):
        what = "This session was deleted (on another laptop, or by another window)."
    else:
        what = "This session's file can no longer be read."
    return (
        f"{what} Nothing more can be recorded into it. What you typed is kept: it comes "
        f"back when this session opens again.\n\n{error.message}"
    )


class SyncedTable(Scoresheet):
    """The table's half that follows the store: what another laptop recorded is taken in,
    under an open entry too, and a round typed on top of it is not recorded unasked."""

    store: Store
    session_id: str
    seen: int
    """The store's count of synced changes when this session was last shown."""
    undone: list[JSONObject]

    def record(self, round_: Round) -> RuleError | None:
        """Record ``round_`` as the next round (the table's own)."""
        raise NotImplementedError

    @work(thread=True, exclusive=True, group="follow")
    def follow(self) -> None:
        """Look in a worker for what another laptop synced (a scan of the folder when it
        changed); this session, if changed, is read again on the screen's own turn."""
        try:
            generation = self.store.refresh()
        except (StoreError, OSError):
            return  # the table stays as it is; the next look tries again
        if self.store.changed_since(self.seen, self.session_id):
            self.app.call_from_thread(self.synced, generation)

    def synced(self, generation: int) -> None:
        """Show the session as another laptop left it, under an open round entry too (the
        entry asks before recording on top of it); not under any other dialog."""
        entry = open_entry_of(self)
        if self.app.screen is not self and (entry is None or self not in self.app.screen_stack):
            return
        self.seen = generation
        before = len(self.session.rounds)
        try:
            self.session = self.store.load(self.session_id)
        except StoreError as error:
            self.notify(visible(error.message), severity="warning", markup=False)
            return
        self.undone.clear()
        self.mark_waiting()
        self.show()
        if entry is not None and len(self.session.rounds) > before:
            where = recorded_on(self.store, self.session_id, before)
            said = f"{arrived_words(self.session, before, where)}."
            self.notify(visible(said), severity="warning", timeout=8, markup=False)

    def mark_waiting(self) -> None:
        """The players under the title, and the mark of a game that went on differently
        on two laptops: these figures are the version shown until the table decides."""
        waiting = " · ⚠ waiting for a decision (Home: Ctrl+K)"
        self.sub_title = (
            names(self.session.players)
            + (" · read-only" if self.store.readonly else "")
            + (waiting if self.store.waiting(self.session_id) else "")
        )

    def settle_up(self, ended: bool = False) -> SettleScreen:
        """The settle-up of the session as shown, saying so where it waits for a decision."""
        return SettleScreen(self.session, ended, waiting=self.store.waiting(self.session_id))

    def record_next(self, round_: Round, base: int) -> RuleError | None:
        """Record the round typed in an entry opened on ``base`` rounds; if another laptop
        recorded meanwhile, show what arrived and ask before recording on top of it."""
        try:
            self.store.refresh()
            now = self.store.load(self.session_id)
        except StoreError as error:
            return self.gone(error)
        if len(now.rounds) <= base:
            return self.record(round_)
        self.session = now
        self.show()
        arrived = arrived_words(now, base, recorded_on(self.store, self.session_id, base))
        next_name = f"{self.game.round_name.lower()} {now.rounds_played + 1}"

        def answered(answer: str | None) -> None:
            entry = open_entry_of(self)
            if entry is None:
                return
            if answer == RECORD:
                refused = self.record(round_)
                if refused is not None:
                    entry.show_error(refused)
                    return
                entry.dismiss(round_)
            else:
                close_keeping(entry, keep=answer == KEEP)

        self.app.push_screen(StaleRound(arrived, next_name), answered)
        return RuleError("round", f"{arrived}: not recorded yet.")

    def gone(self, error: StoreError) -> RuleError:
        """The session cannot be written any more: an open entry closes keeping what was
        typed, and the table says what happened."""
        entry = open_entry_of(self)
        if entry is not None:
            close_keeping(entry, keep=True)
        self.app.push_screen(ProblemScreen("Not recorded", gone_words(error)))
        return RuleError("round", f"Not saved: {error.message}")
