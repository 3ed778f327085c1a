"""Home: every stored session, most recent first; type to filter, Enter to resume.

The filter box always has the focus, so typing filters at once and the action keys are
Ctrl+letters (or Enter, Up, Down), which never collide with a name being typed. What the
list shows is worked out by a plain object (``listing.Listing``); Home puts it on screen.
Home is the app's first screen, and its first frame lays out only the rows it has room
for, the rest once it is out. A store of a screenful or less is read whole before that
frame; a bigger one shows its first rows from the first line of the store's list, and the
whole list is read in a worker thread once that frame is out, as it is again whenever
Home comes back.

A store synced between laptops changes under Home: once a second a worker asks the
store what arrived (one ``stat`` while nothing did) and the list is read again when
something did. A session changed on two laptops at once is named above the list, and
Ctrl+K decides it with one key; a decision a later one replaced is said once.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Header, Input, Static

from scorekeeper.store import Store, StoreError, Summary, how_to_recover
from scorekeeper.wording import day_and_clock, plural, visible
from screens.format import plain
from screens.home.listing import SHOWN, Listing
from screens.home.summaries import game_name, terms
from screens.widgets.footer import Footer
from screens.widgets.grid import ScoreGrid
from screens.widgets.live_text import show
from screens.widgets.text_input import TextInput

if TYPE_CHECKING:
    from scorekeeper.store.conflicts import Conflict
    from screens.navigation import Places

CHROME = 7
"""The lines Home takes besides the list's rows: the header, the filter and the list's
heading, each with a line above, the count and the footer."""
FOLLOW_INTERVAL = 1.0
"""Seconds between looks at the store for what another laptop synced."""
FIRST_FRAME_OUT = 0.2
"""Seconds the first whole-list read waits in its thread once Home's first frame is made,
before it starts. Textual's output thread writes that frame to the terminal meanwhile: the
read's JSON parse holds the interpreter's lock all the while, long with ten thousand
sessions, and would hold that frame back, already made, until it is done."""
FIRST_FRAME_AT_MOST = 5.0
"""Seconds the first whole-list read waits for Home's first frame to be made at most: on
a loaded machine making it takes longer than ``FIRST_FRAME_OUT``, and a read started
meanwhile would take turns with it for the interpreter, a frame that waits for the list."""
EMPTY = (
    "No sessions yet.\n\n"
    "Press Ctrl+N to start one: pick the game, type the players in seat order, "
    "choose who deals first, then record each round as it is played.\n\n"
    "Every round is saved the moment you record it.\n\n"
    "F2 sets how money is written at this table: $, €, £, kr or none, "
    "with a decimal point or comma."
)


class ReadSoFar(Message):
    """The sessions a first look has read so far, handed from the worker reading them."""

    def __init__(self, summaries: list[Summary]) -> None:
        super().__init__()
        self.summaries = summaries


class HomeScreen(Screen[None]):
    """Its rules (``home.tcss``) are the app's: Home is open from the first frame. The list
    is Home's own, not a screen class of its own Home extends: each Textual class made
    before the first frame costs some two million instructions."""

    BINDINGS = [
        # Priority: the filter box has the focus and binds Ctrl+E and Ctrl+D itself.
        Binding("ctrl+n", "new", "New", id="new", tooltip="Start a new session", priority=True),
        Binding(
            "enter",
            "resume",
            "Resume",
            id="resume",
            tooltip="Open the highlighted session",
            show=False,  # the list's own line says so: "Enter opens"
        ),
        Binding(
            "ctrl+e",
            "export",
            "Export",
            id="export",
            tooltip="Export the listed sessions to CSV",
            priority=True,
        ),
        Binding(
            "ctrl+d",
            "delete",
            "Delete",
            id="delete",
            tooltip="Delete the highlighted session",
            priority=True,
        ),
        Binding(
            "ctrl+s",
            "stats",
            "Stats",
            id="stats",
            tooltip="Every player's statistics across all sessions",
            priority=True,
        ),
        Binding(
            "ctrl+l",
            "nights",
            "Nights",
            id="nights",
            tooltip="Game nights, each settled up as one",
            priority=True,
        ),
        Binding(
            "ctrl+k",
            "conflict",
            "Conflict",
            id="conflict",
            tooltip="Decide about a session changed on two laptops at once",
            priority=True,
        ),
        Binding("escape", "clear_filter", "Clear filter", show=False),
        Binding("up", "cursor(-1)", "Up", show=False),
        Binding("down", "cursor(1)", "Down", show=False),
        Binding("pageup", "cursor(-10)", "Page up", show=False),
        Binding("pagedown", "cursor(10)", "Page down", show=False),
    ]

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.store = store
        self.listing = Listing(store)
        """The list's sessions and what it shows of them; Home puts that on screen."""
        self.loaded = False
        self.opened = False
        self.conflicts: list[Conflict] = []
        self.generation = store.generation
        """The store's count of synced changes when the list was last read."""
        self.looked = False
        """Whether a look found the conflicts already there when Home opened."""
        self.written_back: list[str] | None = None
        """What moving the older night names and house games over wrote back, until said
        (None: not moved over yet)."""
        self.entries_seen: object = None
        """The night names' and house games' files when they were last looked at."""
        self.looking = threading.Lock()
        """One look at them at a time: the first look and the next may overlap."""
        self.painted = threading.Event()
        """Set once Home's first frame is made (``FIRST_FRAME_AT_MOST``)."""

    def compose(self) -> ComposeResult:
        yield Header()
        # Enter is Home's (it opens the highlighted session), in turn with ↓ and the
        # letters typed before it: as a priority key it acted the moment it arrived, and
        # ↓ ⏎ typed ahead in one burst opened the row the cursor was on before the ↓.
        yield TextInput(
            placeholder="Type to filter by game, player or date · Enter opens",
            id="filter",
            submits=False,
        )
        sessions = ScoreGrid(id="sessions")
        sessions.can_focus = False
        yield sessions
        yield Static("Reading the sessions…", id="under")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Scorekeeper"
        self.sub_title = "sessions, read-only" if self.store.readonly else "sessions"
        self.query_one("#filter", Input).focus()
        self.set_interval(FOLLOW_INTERVAL, self.follow)
        self.call_after_refresh(self.painted.set)
        # The first frame lays out the rows it has room for, the rest once it is out.
        self.listing.most = max(1, self.app.size.height - CHROME)
        self.call_after_refresh(self.show_all)
        recent = self.store.recent(self.listing.most)
        if recent is not None and recent[1] == len(recent[0]):
            self.listed(recent[0])
            return
        if recent is not None:
            self.listing.summaries, self.listing.total = recent
            self.fill()
        # Once the frame is out: a thread started before it (the first a worker starts
        # its pool) is work that frame waits for.
        self.call_after_refresh(self.read_all)

    def show_all(self) -> None:
        self.listing.most = SHOWN
        if len(self.listing.shown) < min(len(self.listing.matching), SHOWN):
            self.fill(self.query_one("#sessions", ScoreGrid).cursor)

    def on_screen_resume(self) -> None:
        if not self.opened:
            self.opened = True  # Home's first showing, listed as it mounted
            return
        # Back at the list, the whole list: a filter typed before is not left on unseen.
        self.query_one("#filter", Input).value = ""
        # After the frame: Home is on screen at once, however many sessions there are.
        self.call_after_refresh(self.reload)

    def on_resize(self) -> None:
        """A screen of another width lays the list out again for it."""
        if self.listing.shown and self.app.size.width != self.listing.laid_out_for:
            self.fill(self.query_one("#sessions", ScoreGrid).cursor)

    def fill(self, cursor: int = 0, keep: str | None = None) -> None:
        """Lay the list out again, the cursor on row ``cursor``, or on session ``keep``
        wherever it now is (sessions that arrived above it move it down)."""
        listing = self.listing
        words = terms(self.query_one("#filter", Input).value)
        listing.match(words)
        if keep is not None:
            cursor = listing.row_of(keep, cursor)
        # From the summaries at once; only those saved before they kept the words wait
        # for their files, read in a worker.
        older = listing.described_at_once()
        if older:
            self.read_variations(older)
        listing.first_screenful(cursor)
        sessions = self.query_one("#sessions", ScoreGrid)
        width = self.app.size.width
        # Room for the scroll bar kept: the list is laid out before it is drawn.
        columns, rows = listing.laid_out(width, width - sessions.styles.scrollbar_size_vertical)
        sessions.set_grid(columns, rows, cursor=cursor)
        self.show_empty(not listing.summaries)
        sessions.display = self.query_one("#under").display = bool(listing.summaries)
        self.show_under()

    def show_empty(self, empty: bool) -> None:
        """How to start, in the list's place while there is no session: made only then,
        as a widget made and hidden costs the first frame of a store with sessions."""
        shown = self.query("#empty")
        if empty and not shown:
            self.mount(Static(EMPTY, id="empty"), before=self.query_one(Footer))
        else:
            shown.set(display=empty)

    def show_under(self) -> None:
        """The lines under the list: the highlighted session's detail, then the count. One
        widget, not one each: each made before the first frame costs that frame."""
        cursor = self.query_one("#sessions", ScoreGrid).cursor
        show(self.query_one("#under", Static), plain(self.listing.under(cursor), lines=True))

    @work(thread=True, exclusive=True, group="variations")
    def read_variations(self, summaries: list[Summary]) -> None:
        found = dict(map(self.listing.described, summaries))
        self.app.call_from_thread(self.variations_read, found)

    def variations_read(self, found: dict[tuple[str, object], tuple[str, str]]) -> None:
        self.listing.variations.update(found)
        self.fill(self.query_one("#sessions", ScoreGrid).cursor)

    def refill(self, summaries: list[Summary], *, reading: bool = False) -> None:
        """The list as read again, the same session highlighted wherever it moved
        (``reading``: only what was read so far)."""
        listing = self.listing
        highlighted = self.highlighted()
        keep = listing.coming_back_to or (None if highlighted is None else highlighted.id)
        listing.coming_back_to = None
        cursor = self.query_one("#sessions", ScoreGrid).cursor
        listing.summaries, listing.reading = summaries, reading
        listing.total = len(summaries)
        self.fill(cursor, keep)

    def highlighted(self) -> Summary | None:
        cursor = self.query_one("#sessions", ScoreGrid).cursor
        shown = self.listing.shown
        return shown[cursor] if 0 <= cursor < len(shown) else None

    def reload(self) -> None:
        """Read the list again (after a session was played, added or deleted): a long
        one in a worker, so the screen answers keys meanwhile."""
        listed = len(self.listing.summaries)
        if self.listing.total > listed or listed > SHOWN:
            self.read_all()
            return
        self.listed(self.store.summaries())

    @work(thread=True, exclusive=True, group="session-list")
    def read_all(self) -> None:
        if not self.loaded:
            self.painted.wait(FIRST_FRAME_AT_MOST)
            time.sleep(FIRST_FRAME_OUT)
        so_far = None if self.listing.summaries else self.read_so_far  # nothing listed yet
        summaries = self.store.summaries(so_far)
        self.app.call_from_thread(self.listed, summaries)

    def read_so_far(self, found: list[Summary]) -> None:
        """In the worker, while logs are read (a first look at sessions that arrived, or
        at a folder a peer filled with junk): what is read so far, listed at once."""
        if found:
            self.post_message(ReadSoFar(found))

    @on(ReadSoFar)
    def listed_so_far(self, message: ReadSoFar) -> None:
        if not self.loaded:
            self.refill(message.summaries, reading=True)

    @work(thread=True, exclusive=True, group="follow")
    def follow(self) -> None:
        """Read the list again if another laptop's changes arrived since it was read."""
        try:
            if self.loaded:
                self.look_at_entries()
            generation = self.store.refresh()
            if not self.store.readonly and self.store.put_back():  # read-only: the table says it
                self.app.call_from_thread(self.say_came_back)
            if (generation == self.generation and self.looked) or not self.loaded:
                return
            conflicts = self.store.conflicts()
            if generation == self.generation:  # nothing new: the conflicts from before
                self.looked = True
                if conflicts:
                    self.app.call_from_thread(self.show_conflicts, conflicts)
                self.look_at_decisions(self.listing.summaries)
                return
            summaries = self.store.summaries()
            self.look_at_decisions(summaries)
        except (StoreError, OSError):
            return  # the list stays as it is; the next look tries again
        self.app.call_from_thread(self.synced, generation, summaries, conflicts)

    def say_came_back(self) -> None:
        """Write back what this laptop still holds of its copies a sync tool put back
        older, and say so (on the event loop: it writes, as recording a round does)."""
        try:
            lines = [back.words() for back in self.store.came_back()]
        except StoreError as error:
            lines = [error.message]
        if lines:
            text = visible("\n".join(lines), lines=True)
            title = "Put back older"
            self.notify(text, title=title, severity="warning", timeout=30, markup=False)

    def look_at_decisions(self, summaries: list[Summary]) -> None:
        """In the worker: say once which decision a later one made apart replaced."""
        from screens.home import entries  # here: Home starts without the reports

        lines = entries.decisions_replaced(self.store, summaries)
        if lines:
            self.app.call_from_thread(self.say_decided, lines)

    def say_decided(self, lines: list[str]) -> None:
        """Said with Home in front, and marked said; else again at the next look."""
        from screens.home import entries

        if self.is_active:
            text = visible("\n".join(lines), lines=True)
            title = "Decided on two laptops"
            self.notify(text, title=title, severity="warning", timeout=30, markup=False)
            entries.decisions_said(self.store, lines)

    def look_at_entries(self) -> None:
        """In the worker: say once, with Home in front, which change of a night or a house
        game made apart the later one replaced (and what was written back)."""
        from screens.home import entries  # here: Home starts without the reports

        with self.looking:
            if self.written_back is None:
                self.written_back = entries.take_over(self.store)
            elif self.is_active and entries.fingerprint(self.store) != self.entries_seen:
                # What changed may be a sync tool putting this laptop's own log back older.
                self.written_back += entries.take_over(self.store)
            now = entries.fingerprint(self.store)
            if now != self.entries_seen and self.is_active:
                self.entries_seen = now
                lines = [*self.written_back, *entries.replaced(self.store)]
                self.written_back = []
                if lines:
                    self.app.call_from_thread(self.say_replaced, lines)

    def say_replaced(self, lines: list[str]) -> None:
        """Said and marked said only with Home in front: a screen opened since the look
        (the nights) says it itself, or Home does once it is back in front."""
        from screens.home import entries

        if not self.is_active:
            self.entries_seen = None
            return
        text = visible("\n".join(lines), lines=True)
        self.notify(text, title="Nights, house games", severity="warning", timeout=30, markup=False)
        entries.said(self.store)

    def synced(self, generation: int, summaries: list[Summary], conflicts: list[Conflict]) -> None:
        self.generation = generation
        self.show_conflicts(conflicts)
        self.refill(summaries)
        self.show_damaged()

    def notice(self, name: str, shown: bool) -> Static | None:
        """The warning line ``name`` above the filter, mounted the first time it has
        something to say: Home's first frame makes none of them. None while there is
        nothing to say and never was, or once Home was taken down."""
        found = next(iter(self.query(f"#{name}").results(Static)), None)
        if found is None and shown and self.is_attached:
            found = Static("", id=name)
            above = "#conflicts" if name == "damaged" and self.query("#conflicts") else "#filter"
            self.mount(found, before=above)
        if found is not None:
            found.display = shown
        return found

    def show_conflicts(self, conflicts: list[Conflict]) -> None:
        self.conflicts = conflicts
        notice = self.notice("conflicts", bool(conflicts))
        self.refresh_bindings()
        if notice is not None and self.conflicts:
            first = self.conflicts[0]
            more = len(self.conflicts) - 1
            others = f" ({plural(more, 'more')} waiting)" if more else ""
            summaries = self.listing.summaries
            known = next((s for s in summaries if s.id == first.session_id), None)
            what = (
                first.words()
                if known is None
                else f"The {game_name(known)} game of {', '.join(known.players)} "
                f"({first.session_id}) went on differently on two laptops"
            )
            notice.update(
                plain(f"⚠ {what}{others}: waiting for a decision. ")
                + plain("Ctrl+K: see both versions and decide.")
            )

    def listed(self, summaries: list[Summary]) -> None:
        self.refill(summaries)
        if self.loaded:
            self.show_damaged()
        else:  # the looks in workers once the first frame is out, as ``read_all``
            self.call_after_refresh(self.show_damaged)
            self.call_after_refresh(self.first_look)
        self.loaded = True

    @work(thread=True, exclusive=True, group="follow")
    def first_look(self) -> None:
        """The night names and house games looked at as soon as the list is on screen,
        not a second later: over a hundred laptops' logs that takes a moment, done before
        the table reaches for New session, which then lists the house games as noted."""
        try:
            self.look_at_entries()
        except (StoreError, OSError):
            return  # the next look tries again

    def problem(self, title: str, message: str) -> None:
        from screens.problem import ProblemScreen  # here: Home starts without it

        self.app.push_screen(ProblemScreen(title, message))

    @work(thread=True, exclusive=True, group="damaged")
    def show_damaged(self) -> None:
        """Name the session files that cannot be read, looked for in a worker: a folder
        a peer filled with junk is a hundred thousand files, and Home paints first."""
        try:
            damaged = self.store.damaged()
            advice = how_to_recover(damaged[0]) if damaged else ""
        except (StoreError, OSError):
            return  # the next look tries again
        self.app.call_from_thread(self.damaged_found, damaged, advice)

    def damaged_found(self, damaged: list[Path], advice: str) -> None:
        """Show what the worker found, unless Home was taken down meanwhile."""
        notice = self.notice("damaged", bool(damaged))
        if notice is not None and damaged:
            first = damaged[0]
            more = f" (and {len(damaged) - 1:,} more)" if len(damaged) > 1 else ""
            notice.update(
                plain(f"⚠ {first} cannot be read{more}; it was left untouched. ") + plain(advice)
            )

    @on(Input.Changed, "#filter")
    def filter_changed(self) -> None:
        self.fill()

    @on(ScoreGrid.Selected, "#sessions")
    def row_selected(self) -> None:
        self.action_resume()

    @on(ScoreGrid.Highlighted, "#sessions")
    def row_highlighted(self) -> None:
        self.refresh_bindings()
        self.show_under()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("new", "delete") and self.store.readonly:
            return False  # another window records: this one only reads
        if action in ("resume", "delete"):
            return self.highlighted() is not None
        if action == "export":
            return bool(self.listing.summaries)
        if action == "conflict":
            return bool(self.conflicts) and not self.store.readonly
        return True

    def action_cursor(self, step: int) -> None:
        self.query_one("#sessions", ScoreGrid).action_move(step)

    def action_clear_filter(self) -> None:
        self.query_one("#filter", Input).value = ""

    def places(self) -> Places:
        """The app's places, as Home opens one of them."""
        from screens.navigation import places  # here: Home's first frame opens none

        return places(self.app)

    def action_new(self) -> None:
        if not self.check_action("new", ()):
            return
        self.places().open_new_session()

    def action_resume(self) -> None:
        summary = self.highlighted()
        if summary is None:
            return
        try:
            self.places().open_table(summary.id, summary.started)
        except StoreError as error:
            self.problem("This session cannot be opened", error.message)

    def action_delete(self) -> None:
        if not self.check_action("delete", ()):
            return
        summary = self.highlighted()
        if summary is None:
            return
        from screens.confirm import ConfirmScreen  # here: Home starts without it

        def delete(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.store.delete(summary.id)
            except StoreError as error:
                self.problem("The session was not deleted", error.message)
                return
            self.notify(visible(f"Deleted the {game_name(summary)} session."), markup=False)
            self.reload()

        self.app.push_screen(
            ConfirmScreen(
                f"Delete the {game_name(summary)} session of {', '.join(summary.players)}?",
                f"Started {day_and_clock(summary.started)}, {plural(summary.rounds, 'round')}. "
                "This cannot be undone.",
            ),
            delete,
        )

    def action_conflict(self) -> None:
        if not self.check_action("conflict", ()):
            return
        from scorekeeper.store.resolve import resolve
        from screens.conflict import ConflictScreen  # here: Home starts without it

        conflict = self.conflicts[0]

        def decided(choice: str | None) -> None:
            if choice is None:
                return
            try:
                done = resolve(self.store, conflict.session_id, choice)
            except StoreError as error:
                self.problem("Nothing was decided", error.message)
                return
            self.notify(visible(done + "."), markup=False)
            self.show_conflicts(self.store.conflicts())
            self.reload()

        self.app.push_screen(ConflictScreen(conflict), decided)

    def action_stats(self) -> None:
        self.places().open_stats()

    def action_nights(self) -> None:
        try:
            self.places().open_nights()
        except StoreError as error:
            self.problem("The game nights cannot be shown", error.message)

    def action_export(self) -> None:
        from screens.exporting import export_sessions  # here: Home starts without it

        listing = self.listing
        if listing.total > len(listing.summaries) or listing.reading:
            self.notify("Still reading the sessions: export again in a moment.")
            return
        filtered = bool(self.query_one("#filter", Input).value.strip())
        export_sessions(self, self.store, [s.id for s in listing.matching] if filtered else None)
