"""The table: one screen for every game, showing what the person typing needs at a glance.

Whose deal it is and who plays first, the running score of every round with the totals
and the leader in the column heads, and the game's own panel (``Game.panel``). Every
figure comes from the Session; this screen only lays it out.
"""

from __future__ import annotations

import gc
import shlex
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import datetime, timedelta
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Header, Static

from scorekeeper import GAMES
from scorekeeper.errors import RuleError
from scorekeeper.game import END_ROUND, Game, State, is_end_round
from scorekeeper.session import Session
from scorekeeper.store import Store, StoreError, default_path
from scorekeeper.wording import clock, elapsed, plural, short_day_and_clock, visible
from screens.format import (
    END_KEY,
    amount,
    flush_right,
    names,
    padded,
    plain,
    who_goes_first,
    widest,
)
from screens.problem import ProblemScreen
from screens.rounds import ENTRIES
from screens.widgets.footer import Footer
from screens.widgets.grid import PADDING, Column, ScoreGrid
from screens.widgets.live_text import show

if TYPE_CHECKING:
    from screens.rounds.base import Draft, Round, RoundEntry

DEALS = "●"
AN_EVENING = timedelta(hours=12)
"""A session started longer ago than this is resumed, not going: no running time."""


def now() -> datetime:
    """The local time with its offset (one place, so tests can hold the clock still)."""
    return datetime.now().astimezone()


LEADS = "★"
SCROLLBAR = 2
COLLECT_AFTER = 0.1
"""Seconds after an entry closes that the garbage collector makes a full pass. A closed
entry's widgets refer to one another, so only such a pass frees them; left to itself the
collector makes one every two rounds or so, at no chosen moment, holding the screen 60 to
90 ms, often on a key being typed or on the Enter that records. Here it comes once the
table is drawn with the round, while the table reads it."""
NAME_CELLS = 14
"""The most a player's column heading takes (marks included): a longer name ends in "…",
so ten players' columns fit a page or two of the screen."""


def first_of_keys(*bindings: Binding) -> list[BindingType]:
    """``bindings`` as priority bindings: run when their key arrives, not after it."""
    return [replace(binding, priority=True) for binding in bindings]


class TableScreen(Screen[None]):
    CSS_PATH = "table.tcss"
    # Priority, so a key that opens an entry is handled before the keys typed after it
    # (which then land in the entry): the table has no text field to type into.
    # The footer names what a table uses every round, the toggle between each round's
    # score and the totals, Esc and F1, and fits 80 columns in every game; the keys kept
    # off it (show=False, with an id) are in the help and the command palette.
    BINDINGS = first_of_keys(
        *(
            Binding(
                "r",
                f"record({round_name!r})",
                round_name,
                id="record",
                tooltip=f"Record the next {round_name.lower()}",
            )
            for round_name in sorted({game.round_name for game in GAMES.values()})
        ),
        *(
            Binding(
                END_KEY,
                f"end({action!r})",
                action,
                id="end",
                show=False,  # off the footer (the settle-up offers it too)
                tooltip="The table ends the game here (u takes it back)",
            )
            for action in sorted({game.ending.action for game in GAMES.values() if game.ending})
        ),
        Binding("e", "edit", "Edit", id="edit", tooltip="Edit the highlighted round"),
        Binding("u", "undo", "Undo", id="undo", tooltip="Take back the last round"),
        Binding(
            "y",
            "redo",
            "Redo",
            id="redo",
            show=False,  # off the footer: the undo's message names it
            tooltip="Record again the round just undone",
        ),
        Binding("s", "settle", "Settle", id="settle", tooltip="Balances and who pays whom"),
        Binding(
            "c",
            "chart",
            "Chart",
            id="chart",
            show=False,
            tooltip="Totals or balances, round by round",
        ),
        Binding(
            "x", "export", "Export", id="export", show=False, tooltip="Write this session to CSV"
        ),
        Binding("b", "big_board", "Big board", id="big-board", tooltip="Standings in big digits"),
        Binding(
            "B",
            "board_command",
            "Live board on another screen",
            id="board-command",
            show=False,
            tooltip="The command that shows this game on a TV or on phones",
        ),
        Binding(
            "t",
            "scores('totals')",
            "Totals",
            id="scores",
            tooltip="Show only the running totals, not each round's score",
        ),
        Binding(
            "t",
            "scores('each')",
            "Per round",
            id="scores-each",
            tooltip="Show each round's score beside the running total",
        ),
        Binding(
            "n",
            "again",
            "Same players",
            id="again",
            show=False,
            tooltip="A new session with these players, seats, options and the next dealer",
        ),
        Binding("escape", "home", "Sessions", id="home", tooltip="Back to the list"),
        Binding("up", "grid_move(-1)", "Up", show=False),
        Binding("down", "grid_move(1)", "Down", show=False),
        Binding("enter", "open", "Open", show=False),
    )

    def __init__(self, store: Store, session_id: str, started: datetime | None = None) -> None:
        super().__init__()
        self.store = store
        self.session_id = session_id
        self.session: Session = store.load(session_id)
        self.chosen: bool | None = None
        """Each round's score beside the running total ("+30 145"), as on paper, or the
        totals alone, as ``t`` last chose; None until then: each round's score when every
        player's column fits the screen that way."""
        self.each_round = True
        self.started = started
        """When the session began, for the status line's "since 19:42 · 1 h 25 min"."""
        self.undone: list[dict[str, Any]] = []
        """Rounds undone here, the last undone last: y records them again."""

    @property
    def game(self) -> Game:
        return self.session.game

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="status")
        yield ScoreGrid(frozen=1, id="grid")
        yield Static("", id="detail")
        yield Static("", id="panel")
        yield Footer(compact=True, show_command_palette=False)  # Ctrl+P is in the help

    def on_mount(self) -> None:
        self.title = self.game.name
        self.sub_title = names(self.session.players) + (
            " · read-only" if self.store.readonly else ""
        )
        self.show()
        self.set_interval(60, self.show_status)

    # ---- what is on screen ---------------------------------------------------------------

    def show(self, cursor: int | None = None) -> None:
        """Lay the session out again (after a round was recorded, undone or edited)."""
        self.show_status()
        self.show_grid(cursor)
        self.show_panel()
        self.refresh_bindings()

    def show_status(self) -> None:
        session = self.session
        status = self.query_one("#status", Static)
        status.set_class(session.finished, "-over")
        if session.finished:
            ending = self.game.ending
            ended = bool(session.rounds) and is_end_round(session.rounds[-1])
            played = plural(session.rounds_played, self.game.round_name.lower())
            over = ending.done.capitalize() if ended and ending else "Game over"
            won = "won" if len(session.winners) == 1 else "share the win"
            show(
                status,
                plain(f"{over} after {played} · {names(session.winners)} {won}")
                + plain(" · s settle up"),
            )
            return
        number = session.rounds_played + 1
        first = who_goes_first(self.game, session.setup, session.state)
        show(
            status,
            Content.assemble(
                f"{self.game.round_name} {number} · ",
                (f"{DEALS} {visible(session.dealer)} deals", "bold"),
                f" · {first}" if first else "",
                self.how_long(),
            ),
        )

    def how_long(self) -> str:
        """ " · since 19:42 · 1 h 25 min" this evening; the start day for an older one."""
        if self.started is None:
            return ""
        going = now() - self.started
        if going > AN_EVENING:
            return f" · started {short_day_and_clock(self.started)}"
        return f" · since {clock(self.started)} · {elapsed(self.started, now())}"

    def figures(self, state: State) -> Mapping[str, int]:
        """What a grid cell shows: points for points games, else money or chips."""
        return state.totals if self.game.scored_in_points else state.balances

    @property
    def cell_unit(self) -> str:
        return "points" if self.game.scored_in_points else self.game.unit

    def cell(self, value: int) -> str:
        """A total as the grid shows it: points plain, a balance signed ("+$0.48")."""
        return amount(value, self.cell_unit, signed=not self.game.scored_in_points)

    def heading(self, name: str, leaders: tuple[str, ...]) -> list[str]:
        session = self.session
        marks = (f"{DEALS} " if name == session.dealer and not session.finished else "") + (
            f"{LEADS} " if name in leaders else ""
        )
        lines = [marks + visible(name), self.cell(self.figures(session.state)[name])]
        if self.game.scored_in_points:
            lines.append(amount(session.balances[name], self.game.unit, signed=True))
        return lines

    def round_number(self, index: int) -> str:
        """The round as the table counts it: a 5000 false claim belongs to the hand it was
        made in, so it shares that hand's number; the table's end round is no deal, "end"."""
        if is_end_round(self.session.rounds[index]):
            return "end"
        return str(self.game.rounds_played(self.session.state_before(index), index) + 1)

    def column_cells(self, name: str, each_round: bool) -> list[str]:
        """One player's cells, round by round: "+30 145" (the round's score, then the
        running total), the two parts lined up down the column; or the totals alone."""
        session = self.session
        states = [session.state_before(0), *map(session.state_after, range(len(session.rounds)))]
        figures = [self.figures(state)[name] for state in states]
        totals = [self.cell(figure) for figure in figures[1:]]
        if not each_round:
            return totals
        changes = [
            amount(after - before, self.cell_unit, signed=True)
            for before, after in pairwise(figures)
        ]
        change_width, total_width = widest(changes), widest(totals)
        return [
            f"{flush_right(change, change_width)} {flush_right(total, total_width)}"
            for change, total in zip(changes, totals, strict=True)
        ]

    def show_grid(self, cursor: int | None) -> None:
        session = self.session
        leaders = session.winners if session.finished else self.game.leaders(session.totals)
        first = ["#", "total", "money"] if self.game.scored_in_points else ["#", "balance"]
        columns = [Column(first, "left")]
        headings = [self.heading(name, leaders) for name in session.players]
        self.each_round = self.chosen is not False
        cells = [self.column_cells(name, self.each_round) for name in session.players]
        if self.chosen is None and not self.fits(columns[0], headings, cells):
            self.each_round = False
            cells = [self.column_cells(name, False) for name in session.players]
        columns += [
            Column(heading, leader=name in leaders, limit=max(NAME_CELLS, widest(column)))
            for name, heading, column in zip(session.players, headings, cells, strict=True)
        ]
        rows = [
            [self.round_number(index), *(column[index] for column in cells)]
            for index in range(len(session.rounds))
        ]
        dim = []
        if self.can_record():
            dim.append(len(rows))
            rows.append(["▸", *("·" for _ in session.players)])
        grid = self.query_one("#grid", ScoreGrid)
        grid.set_grid(columns, rows, dim_rows=dim, cursor=cursor)
        grid.focus()
        self.show_detail()

    def fits(self, first: Column, headings: list[list[str]], cells: list[list[str]]) -> bool:
        """Whether every player's column fits the screen beside the round numbers."""
        rounds = [str(len(self.session.rounds))]
        used = widest([*first.heading, *rounds]) + 2 * PADDING
        for heading, column in zip(headings, cells, strict=True):
            natural = max(widest(heading), widest(column))
            used += min(natural, max(NAME_CELLS, widest(column))) + 2 * PADDING
        # Room for the scroll bar only once the rounds outgrow the grid's height: a short
        # evening's per-round scores use those columns too.
        grid = self.query_one("#grid", ScoreGrid)
        lines = max(map(len, headings), default=1) + len(cells[0] if cells else []) + 1
        scrolls = grid.size.height == 0 or lines > grid.size.height
        return used <= self.app.size.width - (SCROLLBAR if scrolls else 0)

    def on_resize(self) -> None:
        if self.chosen is None:
            self.show_grid(self.query_one("#grid", ScoreGrid).cursor)

    def story(self, index: int) -> str:
        """Round ``index`` told in full: its number, who dealt and the game's words."""
        session, game = self.session, self.game
        if is_end_round(session.rounds[index]):
            return session.describe(index)
        before, after = session.state_before(index), session.state_after(index)
        number = f"{game.round_name} {self.round_number(index)}"
        dealt = game.rounds_played(after, index + 1) > game.rounds_played(before, index)
        told = [number, f"{before.dealer} dealt", session.describe(index)]
        return " · ".join(told if dealt else [told[0], told[2]])

    @property
    def highlighted_story(self) -> str:
        """The highlighted round in words, for the help screen; "" on the record line."""
        index = self.query_one("#grid", ScoreGrid).cursor
        return self.story(index) if 0 <= index < len(self.session.rounds) else ""

    def show_detail(self) -> None:
        """The highlighted round's full story under the grid, so no column has to hold it."""
        detail = self.query_one("#detail", Static)
        index = self.query_one("#grid", ScoreGrid).cursor
        if 0 <= index < len(self.session.rounds):
            show(detail, plain(visible(self.story(index))))
        elif self.can_record():
            number = self.session.rounds_played + 1
            show(detail, plain(f"r or Enter: record {self.game.round_name.lower()} {number}"))
        else:
            show(detail, plain("Game over · s settle up"))

    def show_panel(self) -> None:
        lines = self.game.panel(self.session.setup, self.session.state)
        panel = self.query_one("#panel", Static)
        panel.display = bool(lines)
        width = widest(label for label, _ in lines)
        show(
            panel,
            Content("\n").join(
                Content.assemble((padded(label, width), "bold"), "  ", visible(value))
                for label, value in lines
            ),
        )

    # ---- keys ----------------------------------------------------------------------------

    def highlighted_round(self) -> int | None:
        """The played round under the cursor; not the end, which has nothing to edit."""
        index = self.query_one("#grid", ScoreGrid).cursor
        rounds = self.session.rounds
        return index if 0 <= index < len(rounds) and not is_end_round(rounds[index]) else None

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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer names the record key as the game names a round ("r Race", "r Hand"):
        there is one record binding per round name, and only this game's is offered."""
        if action == "record":
            return parameters == (self.game.round_name,) and self.can_record()
        if action == "undo":
            return bool(self.session.rounds) and not self.store.readonly
        if action == "end":
            ending = self.game.ending
            return ending is not None and parameters == (ending.action,) and self.can_end()
        if action == "scores":
            return parameters == (("totals",) if self.each_round else ("each",))
        if action == "redo":
            return bool(self.undone) and self.can_record()
        if action == "again":
            return not self.store.readonly
        if action == "edit":
            return (
                self.game.id in ENTRIES
                and self.highlighted_round() is not None
                and not self.store.readonly
            )
        return True

    @on(ScoreGrid.Highlighted, "#grid")
    def row_highlighted(self) -> None:
        self.show_detail()
        self.refresh_bindings()

    @on(ScoreGrid.Selected, "#grid")
    def row_selected(self, event: ScoreGrid.Selected) -> None:
        if event.row < len(self.session.rounds):
            self.action_edit()
        else:
            self.action_record(self.game.round_name)

    def action_end(self, action: str) -> None:
        """Ask, then record the end round: the game's own words for the question."""
        ending = self.game.ending
        if ending is None or not self.check_action("end", (action,)):
            return
        preview = self.session.if_ended()
        if preview is None:
            return
        won = "wins" if len(preview.winners) == 1 else "share the win"
        detail = f"{names(preview.winners)} {won}. u takes it back."
        note = self.game.end_note(preview.setup, preview.state)
        if note:
            detail = f"{note}. {detail}"

        def answered(yes: bool | None) -> None:
            if yes:
                self.end_here()

        from screens.confirm import ConfirmScreen

        self.app.push_screen(ConfirmScreen(ending.question, detail), answered)

    def end_here(self) -> None:
        """Record the end like any round; the settle-up opens on the final figures."""
        problem = self.save(lambda: self.store.record(self.session_id, END_ROUND))
        self.show()
        if problem is not None:
            self.app.push_screen(ProblemScreen("The game was not ended", problem.message))
            return
        from screens.settle import SettleScreen

        self.app.push_screen(SettleScreen(self.session, ended=True))

    def action_grid_move(self, step: int) -> None:
        self.query_one("#grid", ScoreGrid).action_move(step)

    def action_open(self) -> None:
        """Enter: edit the highlighted round, or record the next one on the last line."""
        if self.highlighted_round() is not None:
            self.action_edit()
        else:
            self.action_record(self.game.round_name)

    def action_record(self, round_name: str) -> None:
        if not self.check_action("record", (round_name,)):
            return
        entry = ENTRIES[self.game.id](self.session, self.record)
        was_over = self.session.finished
        self.open_entry(entry, lambda round_: self.after_entry(round_, was_over))

    def draft_key(self, index: int | None) -> DraftKey:
        """A draft belongs to one entry of one table as it stood: the next round, or the
        edit of round ``index``, while the same rounds are recorded."""
        return (self.session_id, index, len(self.session.rounds))

    def open_entry(self, entry: RoundEntry, done: Callable[[Round | None], None]) -> None:
        """Open ``entry`` with the draft kept when it was last closed with typing in it;
        closed again without recording, what was typed is kept for next time."""
        drafts = kept_drafts(self)
        key = self.draft_key(entry.index)
        entry.draft = drafts.pop(key, None)
        if entry.draft:
            self.notify("What you typed last time is back.", timeout=3)

        def closed(round_: Round | None) -> None:
            self.set_timer(COLLECT_AFTER, gc.collect)
            if round_ is None and entry.kept:
                drafts[key] = entry.kept
                self.notify(
                    f"Kept what you typed: {self.app.get_key_display(self.record_binding())} "
                    "or Enter brings it back.",
                    timeout=4,
                )
            done(round_)

        self.app.push_screen(entry, closed)

    def record_binding(self) -> Binding:
        return next(b for b in self.BINDINGS if isinstance(b, Binding) and b.id == "record")

    def action_edit(self) -> None:
        index = self.highlighted_round()
        if index is None or not self.check_action("edit", ()):
            return
        was_over = self.session.finished

        def submit(round_: Round) -> RuleError | None:
            return self.save(lambda: self.store.edit(self.session_id, index, round_))

        entry = ENTRIES[self.game.id](self.session, submit, self.session.rounds[index], index)
        self.open_entry(entry, lambda round_: self.after_entry(round_, was_over, index))

    def record(self, round_: Round) -> RuleError | None:
        return self.save(lambda: self.store.record(self.session_id, round_))

    def save(self, change: Callable[[], Session]) -> RuleError | None:
        """Run a store change; a refused round comes back to the entry, nothing is lost."""
        try:
            self.session = change()
        except RuleError as error:
            return error
        except StoreError as error:
            self.session = self.store.load(self.session_id)
            return RuleError("round", f"Not saved: {error.message}")
        return None

    def after_entry(self, round_: Round | None, was_over: bool, cursor: int | None = None) -> None:
        if round_ is None:
            return
        self.undone.clear()
        self.show(cursor)
        if self.session.finished and not was_over:
            from screens.settle import SettleScreen

            self.app.push_screen(SettleScreen(self.session, ended=True))

    def action_undo(self) -> None:
        if not self.check_action("undo", ()):
            return
        session = self.session
        index = len(session.rounds) - 1
        before = session.state_before(index)
        last = f"{self.game.round_name} {self.game.rounds_played(before, index) + 1}"
        what = session.describe(index)
        from screens.confirm import ConfirmScreen

        if is_end_round(session.rounds[-1]):
            last, what = "The end", "The game opens again as it stood"

        def undo(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.undone.append(self.store.undo(self.session_id))
            except StoreError as error:
                self.app.push_screen(ProblemScreen(f"{last} was not undone", error.message))
            else:
                self.notify(f"{last} taken back. y records it again.", markup=False)
            self.session = self.store.load(self.session_id)
            self.show()

        self.app.push_screen(
            ConfirmScreen(f"Undo {last.lower()}?", f"{what}. Totals and the deal go back."),
            undo,
        )

    def action_scores(self, shown: str) -> None:
        self.chosen = shown == "each"
        self.show_grid(self.query_one("#grid", ScoreGrid).cursor)
        self.refresh_bindings()

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
            from screens.settle import SettleScreen

            self.app.push_screen(SettleScreen(self.session, ended=True))

    def action_again(self) -> None:
        """New session with these players in their seats, these options, and whoever
        would deal next; any game can still be picked there."""
        if not self.check_action("again", ()):
            return
        from screens.new_session import Again, NewSessionScreen

        session = self.session
        again = Again(session.game.id, session.players, session.dealer, dict(session.setup.options))
        self.app.push_screen(NewSessionScreen(self.store, again))

    def action_chart(self) -> None:
        from screens.chart import ChartScreen  # plotext: loaded for the first chart only

        self.app.push_screen(ChartScreen(self.session))

    def action_settle(self) -> None:
        from screens.settle import SettleScreen

        def settled(end: bool | None) -> None:
            if end:
                self.end_here()

        self.app.push_screen(SettleScreen(self.session), settled)

    def action_export(self) -> None:
        from screens.exporting import export_sessions

        export_sessions(self, self.store, [self.session_id])

    def action_big_board(self) -> None:
        from screens.big_board import BigBoardScreen

        self.app.push_screen(BigBoardScreen(self.session))

    def action_board_command(self) -> None:
        """Say how to start the live board; it runs apart from this app, read-only."""
        here = (
            f" --db {shlex.quote(str(self.store.path))}"
            if self.store.path != default_path()
            else ""
        )
        command = f"scorekeeper board{here} {self.session_id}"
        self.notify(
            visible(
                f"In another terminal: {command}\n"
                f"For phones and TVs on this network: {command} --serve --host 0.0.0.0, "
                "then scan the QR code it prints (or open the address it shows)",
                lines=True,
            ),
            title="Live board",
            timeout=20,
            markup=False,
        )

    def action_home(self) -> None:
        """Back to the list, with this table's messages gone: one said at this table
        ("Kept what you typed…") read over the next session opened would be wrong there."""
        self.app.clear_notifications()
        self.app.pop_screen()


DraftKey = tuple[str, int | None, int]
HERE: dict[DraftKey, Draft] = {}


def kept_drafts(screen: Screen[Any]) -> dict[DraftKey, Draft]:
    """The drafts the app keeps for every table, so one survives leaving the table."""
    from screens.app import ScorekeeperApp

    return screen.app.drafts if isinstance(screen.app, ScorekeeperApp) else HERE
