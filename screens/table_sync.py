"""The table while another laptop records into the same session: the part that follows
the store (``SessionWatch``), what arrives under an open round entry, and what becomes of
a typed round when the session goes away.

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
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, Static

from scorekeeper.conflict_words import Aside, bring_back, set_aside
from scorekeeper.session import Session
from scorekeeper.store import SessionNotFound, Store, StoreError
from scorekeeper.store.conflicts import laptop_name
from scorekeeper.store.merge import Decision
from screens.format import plain
from screens.problem import ProblemScreen
from screens.rounds.base import RoundEntry

RECORD, KEEP, DROP = "record", "keep", "drop"
FOLLOW_INTERVAL = 1.0
"""Seconds between looks at the store for what another laptop synced."""


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


class SessionWatch(Widget):
    """The table's part that follows its session in the store: once a second a worker
    asks the store what arrived (a scan of the folder when it changed) and posts
    ``Arrived`` when this session changed. Every look the table takes at what another
    laptop synced goes through here, and the versions a decision set aside: it lists
    them and posts ``BroughtBack`` once one is the game again."""

    DEFAULT_CSS = "SessionWatch { display: none; }"

    class Arrived(Message):
        """The session changed in the store (``generation``: the store's count of synced
        changes then)."""

        def __init__(self, generation: int) -> None:
            super().__init__()
            self.generation = generation

    class BroughtBack(Message):
        """A version set aside is the game again; ``done`` says so in one line."""

        def __init__(self, done: str) -> None:
            super().__init__()
            self.done = done

    def __init__(self, store: Store, session_id: str) -> None:
        super().__init__()
        self.store = store
        self.session_id = session_id
        self.seen = store.generation
        """The store's count of synced changes when this session was last shown."""

    def on_mount(self) -> None:
        self.set_interval(FOLLOW_INTERVAL, self.follow)

    @work(thread=True, exclusive=True, group="follow")
    def follow(self) -> None:
        """Look in a worker for what another laptop synced into this session (a few stats
        while no log came or went; Home's own look sweeps the folder for the rest); the
        session, if changed, is read again on the screen's own turn."""
        try:
            generation = self.store.refresh(self.session_id)
        except (StoreError, OSError):
            return  # the table stays as it is; the next look tries again
        if self.store.changed_since(self.seen, self.session_id):
            self.post_message(self.Arrived(generation))

    def load(self) -> Session:
        """The session as the store has it."""
        return self.store.load(self.session_id)

    def came_back(self) -> list[str]:
        """What the store said, once, of this laptop's copy of the session put back older
        by a sync tool (and what it wrote back)."""
        return [back.words() for back in self.store.came_back(self.session_id)]

    def catch_up(self) -> None:
        """Take in what another laptop synced into this session (a few stats if
        nothing was), so that a change made here goes on top of it rather than being
        refused."""
        self.store.refresh(self.session_id)

    def taken_in(self) -> Session:
        """The session with what another laptop synced taken in."""
        self.catch_up()
        return self.load()

    def waiting(self) -> bool:
        """Whether the session went on differently on two laptops and waits for a decision."""
        return self.store.waiting(self.session_id)

    def decided(self) -> tuple[int, Decision | None]:
        """How many versions a decision set aside, and the decision that stands (none
        where the session cannot be read)."""
        try:
            merged = self.store.gathered(self.session_id).merged
        except StoreError:
            return 0, None
        return len(merged.aside), merged.decision

    def versions_set_aside(self) -> list[Aside]:
        """The versions a decision set aside, each by what it holds."""
        try:
            return set_aside(self.store.gathered(self.session_id).merged)
        except StoreError:
            return []

    def offer_set_aside(self) -> None:
        """The versions a decision set aside, by what each holds; Enter brings one back."""
        from screens.set_aside import SetAsideScreen  # here: the table opens without it

        versions = self.versions_set_aside()
        if not versions:
            return
        self.app.clear_notifications()  # "Brought back…" would lie over the list: done with

        def chosen(aside: Aside | None) -> None:
            if aside is not None:
                self.bring_back(aside)

        self.app.push_screen(SetAsideScreen(versions, readonly=self.store.readonly), chosen)

    def decided_on_another(self, decision: Decision) -> str | None:
        """A decision made on another laptop, in one line (None if made here)."""
        from scorekeeper.store.resolve import done_words  # here: the table opens without it

        if decision.laptop == self.store.laptop.id:
            return None
        try:
            merged = self.store.gathered(self.session_id).merged
        except StoreError:
            return None
        done = done_words(merged, decision.choice)
        return f"Decided on {laptop_name(merged, decision.laptop)}: {done}."

    def bring_back(self, aside: Aside) -> None:
        """Make the version set aside the game again (the one shown is set aside)."""
        try:
            done = bring_back(self.store, self.session_id, aside)
        except StoreError as error:
            self.app.push_screen(ProblemScreen("Nothing was brought back", error.message))
            return
        self.post_message(self.BroughtBack(done))

    def recorded_on(self, before: int) -> str:
        """The laptops that recorded the rounds after the first ``before``."""
        return recorded_on(self.store, self.session_id, before)
