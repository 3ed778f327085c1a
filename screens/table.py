"""The table: one screen for every game, showing what the person typing needs at a glance.

One screen made of its parts: the score sheet (``Scoresheet``: whose deal it is, the
rounds, the standing, the game's own panel; it says which row was picked), and the watch
on the store (``SessionWatch``: what another laptop synced); the screen holds the keys
that record, edit, undo and end rounds through the store. Every figure comes from the
Session; the sheet lays it out.

In a store synced between laptops the session may change on another one: once a second
the watch asks the store what arrived, and a change to this session is shown at once
(under an open round entry too, which then asks before recording: ``table_sync``).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Header

from scorekeeper import collector
from scorekeeper.checks import JSONObject
from scorekeeper.errors import RuleError
from scorekeeper.game import END_ROUND, Game, is_end_round
from scorekeeper.session import Session
from scorekeeper.store import Store, StoreError
from scorekeeper.store.merge import Decision
from scorekeeper.wording import visible
from screens.confirm import ConfirmScreen
from screens.kept import entry_words, round_words
from screens.navigation import Again, places
from screens.problem import ProblemScreen
from screens.rounds import ENTRIES
from screens.scoresheet import Scoresheet
from screens.settle import SettleScreen
from screens.table_drafts import KeptDrafts
from screens.table_keys import TABLE_KEYS, TableState, offered_ever, offered_now
from screens.table_sync import (
    KEEP,
    RECORD,
    SessionWatch,
    StaleRound,
    arrived_words,
    close_keeping,
    gone_words,
    open_entry_of,
)
from screens.table_words import (
    board_command,
    ending_words,
    last_round_words,
    since,
    title_marks,
)
from screens.widgets.footer import Footer
from screens.widgets.hanging import told_in_turn

if TYPE_CHECKING:
    from screens.rounds.base import RoundEntry
    from screens.rounds.fields import Round


def now() -> datetime:
    """The local time with its offset (one place, so tests can hold the clock still)."""
    return datetime.now().astimezone()


class TableScreen(Screen[None]):
    CSS_PATH = "table.tcss"
    BINDINGS = TABLE_KEYS

    def __init__(self, store: Store, session_id: str, started: datetime | None = None) -> None:
        super().__init__()
        self.store = store
        self.session_id = session_id
        self.session = store.load(session_id)
        self.started = started
        """When the session began, for the status line's "since 19:42 · 1 h 25 min"."""
        self.undone: list[JSONObject] = []
        """Rounds undone here, the last undone last: y records them again."""
        self.sheet = Scoresheet(self.session)
        self.watcher = SessionWatch(store, session_id)
        self.aside = 0
        """How many versions a decision set aside (a lists them)."""
        self.waiting = False
        """Whether the game went on differently on two laptops and waits for a decision."""
        self.decision: Decision | None = None
        """The table's decision that stands: one arriving from another laptop is said."""

    @property
    def game(self) -> Game:
        return self.session.game

    def compose(self) -> ComposeResult:
        yield Header()
        yield self.sheet
        yield self.watcher
        yield Footer(compact=True, show_command_palette=False)  # Ctrl+P is in the help

    def on_mount(self) -> None:
        self.title = visible(self.game.title(self.session.setup))
        self.mark_waiting()
        self.show()
        recorded = len(self.session.rounds)
        for edit in self.kept.edits(recorded):
            said = self.kept.words(edit, recorded)
            self.notify(f"Kept with Esc: {said}. e brings it back.", timeout=6, markup=False)
        self.set_interval(60, lambda: self.sheet.show_status(self.how_long()))

    def show(self, cursor: int | None = None) -> None:
        """Lay the session out again (after a round was recorded, undone or edited)."""
        self.sheet.show(
            self.session, recordable=self.can_record(), since=self.how_long(), cursor=cursor
        )
        self.refresh_bindings()

    def on_resize(self) -> None:
        self.sheet.refit()

    @property
    def highlighted_story(self) -> str:
        """The highlighted round in words, for the help screen; "" on the record line."""
        return self.sheet.highlighted_story

    def follow(self) -> None:
        """Look at the store for what another laptop synced now, not at the next second."""
        self.watcher.follow()

    def how_long(self) -> str:
        return since(self.started, now())

    # ---- keys ----------------------------------------------------------------------------

    def can_record(self) -> bool:
        return not self.session.finished and self.game.id in ENTRIES and not self.store.readonly

    def can_end(self) -> bool:
        """The table may end the game once something was played, until it is over."""
        session = self.session
        return (
            self.game.ending is not None
            and bool(session.rounds)
            and not session.finished
            and not self.store.readonly
        )

    def key_state(self, *, for_edit: bool = False) -> TableState:
        """How the table stands, for which of its keys apply (``table_keys``); whether a
        round is there to edit is looked up in the grid only ``for_edit``."""
        game, session, readonly = self.game, self.session, self.store.readonly
        return TableState(
            round_name=game.round_name,
            ending=None if game.ending is None else game.ending.action,
            has_entry=game.id in ENTRIES,
            readonly=readonly,
            recorded=bool(session.rounds),
            finished=session.finished,
            undone=bool(self.undone),
            each_round=self.sheet.each_round,
            editable=for_edit and self.round_to_edit() is not None,
            set_aside=self.aside > 0,
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return offered_now(self.key_state(for_edit=action == "edit"), action, parameters)

    def offers(self, action: str, parameters: tuple[object, ...]) -> bool:
        return offered_ever(self.key_state(), action, parameters)

    @on(Scoresheet.Chosen)
    def row_chosen(self, event: Scoresheet.Chosen) -> None:
        if event.row < len(self.session.rounds):
            self.action_edit()
        else:
            self.action_record(self.game.round_name)

    def action_end(self) -> None:
        """Ask, then record the end round: the game's own words for the question."""
        ending = self.game.ending
        if ending is None or not self.check_action("end", ()):
            return
        detail = ending_words(self.session)
        if detail is None:
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.end_here()

        self.app.push_screen(ConfirmScreen(ending.question, detail), answered)

    def end_here(self) -> None:
        """Record the end like any round; the settle-up opens on the final figures."""
        problem = self.save(lambda: self.store.record(self.session_id, END_ROUND))
        self.show()
        if problem is not None:
            self.app.push_screen(ProblemScreen("The game was not ended", problem.message))
            return
        self.app.push_screen(self.settle_up(ended=True))

    def action_open(self) -> None:
        """Enter: edit the highlighted round, or record the next one on the last line."""
        if self.sheet.highlighted_round() is not None:
            self.action_edit()
        else:
            self.action_record(self.game.round_name)

    def action_record(self, round_name: str) -> None:
        if not self.check_action("record", (round_name,)):
            return
        base = len(self.session.rounds)
        entry = ENTRIES[self.game.id](self.session, lambda round_: self.record_next(round_, base))
        was_over = self.session.finished
        self.open_entry(entry, lambda round_: self.after_entry(round_, was_over))

    @property
    def kept(self) -> KeptDrafts:
        """What this table's round entries kept when closed with typing in them."""
        return KeptDrafts(self.app, self.session_id)

    def open_entry(self, entry: RoundEntry, done: Callable[[Round | None], None]) -> None:
        """Open ``entry`` with the draft kept when it was last closed with typing in it;
        closed again without recording, what was typed is kept for next time."""
        kept = self.kept
        entry.draft = kept.take(entry.index, len(self.session.rounds))
        if entry.draft:
            self.app.clear_notifications()  # "Kept what you typed…": done with, not stacked
            self.notify(f"What you typed for {round_words(entry)} is back.", timeout=3)

        def closed(round_: Round | None) -> None:
            self.set_timer(collector.FULL_PASS_AFTER, collector.full_pass)
            if round_ is None and entry.kept:
                # Keyed as the table is now: a round that arrived meanwhile moves it on.
                kept.keep(entry.index, len(self.session.rounds), entry.kept, entry_words(entry))
                again = "e" if entry.index is not None else "r or Enter"
                self.notify(
                    f"Kept what you typed for {round_words(entry)}: {again} brings it back.",
                    timeout=3,  # over the table's panel (stake, bids): gone soon
                    markup=False,
                )
            done(round_)

        self.app.push_screen(entry, closed)

    def round_to_edit(self) -> int | None:
        """The highlighted round; on the record line, the round whose edit was kept with
        Esc, else the last one played."""
        index = self.sheet.highlighted_round()
        rounds = self.session.rounds
        kept = [edit for edit in self.kept.edits(len(rounds)) if edit < len(rounds)]
        if index is None and kept:
            return kept[0]
        last_line = self.sheet.cursor >= len(rounds)
        if index is None and rounds and not is_end_round(rounds[-1]) and last_line:
            return len(rounds) - 1
        return index

    def action_edit(self) -> None:
        index = self.round_to_edit()
        if index is None or not self.check_action("edit", ()):
            return
        was_over = self.session.finished

        def submit(round_: Round) -> RuleError | None:
            return self.save(lambda: self.store.edit(self.session_id, index, round_))

        entry = ENTRIES[self.game.id](self.session, submit, self.session.rounds[index], index)
        self.open_entry(entry, lambda round_: self.after_entry(round_, was_over, index))

    def record(self, round_: Round) -> RuleError | None:
        """Record ``round_`` as the next round, on top of what another laptop synced."""
        return self.save(lambda: self.store.record(self.session_id, round_))

    def save(self, change: Callable[[], Session], caught_up: bool = False) -> RuleError | None:
        """Run a store change; a refused round comes back to the entry, nothing is lost.
        What another laptop synced meanwhile is taken in first, unless it just was
        (``caught_up``), so the change goes on top of it rather than being refused."""
        try:
            if not caught_up:
                self.watcher.catch_up()
            self.session = change()
        except RuleError as error:
            return error
        except StoreError as error:
            try:
                self.session = self.watcher.load()
            except StoreError as lost:
                return self.gone(lost)
            return RuleError("round", f"Not saved: {error.message}")
        return None

    def record_next(self, round_: Round, base: int) -> RuleError | None:
        """Record the round typed in an entry opened on ``base`` rounds; if another laptop
        recorded meanwhile, show what arrived and ask before recording on top of it. One
        scan of the folder: what it found is what the round goes on top of."""
        try:
            now = self.watcher.taken_in()
        except StoreError as error:
            return self.gone(error)
        if len(now.rounds) <= base:
            return self.save(lambda: self.store.record(self.session_id, round_), caught_up=True)
        self.session = now
        self.show()
        arrived = arrived_words(now, base, self.watcher.recorded_on(base))
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

    @on(SessionWatch.Arrived)
    def synced(self, event: SessionWatch.Arrived) -> None:
        """Show the session as another laptop left it, under an open round entry too (the
        entry asks before recording on top of it); not under any other dialog."""
        entry = open_entry_of(self)
        if self.app.screen is not self and (entry is None or self not in self.app.screen_stack):
            return
        self.watcher.seen = event.generation
        before = len(self.session.rounds)
        try:
            self.session = self.watcher.load()
            came_back = self.watcher.came_back()
        except StoreError as error:
            self.notify(visible(error.message), severity="warning", markup=False)
            return
        for said in came_back:
            title = "Put back older"
            self.notify(visible(said), title=title, severity="warning", timeout=30, markup=False)
        self.undone.clear()
        waited, decided = self.waiting, self.decision
        self.mark_waiting()
        self.show()
        self.say_versions_changed(waited, decided)
        if entry is not None and len(self.session.rounds) > before:
            said = f"{arrived_words(self.session, before, self.watcher.recorded_on(before))}."
            self.notify(visible(said), severity="warning", timeout=8, markup=False)

    def say_versions_changed(self, waited: bool, decided: Decision | None) -> None:
        """Say what changed the figures under the table's eyes: a decision made on another
        laptop, or the game starting to wait for one (it went on differently there)."""
        if self.decision is not None and self.decision != decided:
            done = self.watcher.decided_on_another(self.decision)
            if done is not None:
                self.notify(visible(done), title="Decided", timeout=15, markup=False)
        if self.waiting and not waited:
            said = (
                "This game went on differently on another laptop. Every laptop shows the "
                "version recorded last until the table decides: Esc, then Ctrl+K shows both."
            )
            self.notify(said, title="Waiting for a decision", severity="warning", timeout=10)

    def mark_waiting(self) -> None:
        """The players under the title, and the marks of a game that went on differently
        on two laptops: these figures are the version shown until the table decides;
        a decision set versions aside, which a brings back."""
        self.aside, self.decision = self.watcher.decided()
        self.waiting = self.watcher.waiting()
        self.sub_title = title_marks(
            self.session, readonly=self.store.readonly, waiting=self.waiting, aside=self.aside
        )

    def settle_up(self, ended: bool = False) -> SettleScreen:
        """The settle-up of the session as shown, saying so where it waits for a decision."""
        return SettleScreen(self.session, ended, waiting=self.watcher.waiting())

    def after_entry(self, round_: Round | None, was_over: bool, cursor: int | None = None) -> None:
        if round_ is None:
            return
        self.undone.clear()
        self.show(cursor)
        if self.session.finished and not was_over:
            self.app.push_screen(self.settle_up(ended=True))

    def action_undo(self) -> None:
        if not self.check_action("undo", ()):
            return
        last, what = last_round_words(self.session)

        def undo(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.undone.append(self.store.undo(self.session_id))
            except StoreError as error:
                self.app.push_screen(ProblemScreen(f"{last} was not undone", error.message))
            else:
                self.notify(f"{last} taken back. Ctrl+Y records it again.", markup=False)
            try:
                self.session = self.watcher.load()
            except StoreError as lost:
                self.app.push_screen(ProblemScreen("This session is gone", gone_words(lost)))
                return
            self.show()

        self.app.push_screen(
            ConfirmScreen(
                f"Undo {last.lower()}?",
                told_in_turn([what, "Totals and the deal go back."], self.session.players, "."),
            ),
            undo,
        )

    def action_redo(self) -> None:
        """Record again the round undone last, as it was."""
        if not self.check_action("redo", ()):
            return
        number = self.session.rounds_played + 1
        refused = self.record(self.undone[-1])
        if refused is not None:
            self.notify(refused.message, title="Not recorded again", severity="error", markup=False)
            return
        self.undone.pop()
        self.notify(f"{self.game.round_name} {number} recorded again.")
        self.show()
        if self.session.finished:
            self.app.push_screen(self.settle_up(ended=True))

    def action_again(self) -> None:
        """New session with these players in their seats, these options, and whoever
        would deal next; any game can still be picked there."""
        if not self.check_action("again", ()):
            return
        session = self.session
        again = Again(session.game.id, session.players, session.dealer, dict(session.setup.options))
        places(self.app).open_new_session(again)

    def action_grid_move(self, step: int) -> None:
        self.sheet.move(step)

    def action_scores(self, shown: str) -> None:
        self.sheet.choose(shown)
        self.refresh_bindings()

    def action_chart(self) -> None:
        from screens.chart import ChartScreen  # plotext: loaded for the first chart only

        self.app.push_screen(ChartScreen(self.session))

    def action_settle(self) -> None:
        def settled(end: bool | None) -> None:
            if end:
                self.end_here()

        self.app.push_screen(self.settle_up(), settled)

    def action_export(self) -> None:
        from screens.exporting import export_sessions  # here: the table opens without it

        export_sessions(self, self.store, [self.session_id])

    def action_big_board(self, on_footer: bool = True) -> None:
        from screens.board.big_board import BigBoardScreen  # as the export

        self.app.push_screen(BigBoardScreen(self.session))

    def action_aside(self, on_footer: bool = True) -> None:
        self.watcher.offer_set_aside()

    @on(SessionWatch.BroughtBack)
    def brought_back(self, event: SessionWatch.BroughtBack) -> None:
        """The version brought back is the game shown; the one shown before is set aside."""
        self.notify(
            visible(f"{event.done} a brings it back."),
            title="Brought back",
            timeout=10,
            markup=False,
        )
        try:
            self.session = self.watcher.load()
        except StoreError as lost:
            self.app.push_screen(ProblemScreen("This session is gone", gone_words(lost)))
            return
        self.undone.clear()
        self.mark_waiting()
        self.show()

    def action_board_command(self) -> None:
        """Say how to start the live board; it runs apart from this app, read-only."""
        said = board_command(self.store.path, self.session_id)
        self.notify(said, title="Live board", timeout=20, markup=False)

    def action_home(self) -> None:
        """Back to the list, with this table's messages gone: one said at this table
        ("Kept what you typed…") read over the next session opened would be wrong there."""
        self.app.clear_notifications()
        self.app.pop_screen()
