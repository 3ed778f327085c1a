"""Home's list of sessions: the stored sessions that match the filter typed, the most
recent first, laid out for the screen's width, with the highlighted one's options in full
under it. Home (``screen.py``) adds the keys, the reading and the syncing around it."""

from __future__ import annotations

from textual import work
from textual.screen import Screen
from textual.widgets import Input, Static

from scorekeeper.store import Store, StoreError, Summary
from scorekeeper.wording import plural, short_day_and_clock
from screens.format import plain, widest
from screens.home.summaries import (
    game_name,
    searchable,
    standing,
    terms,
    tie_said,
    variations,
)
from screens.widgets.grid import PADDING, Column, ScoreGrid
from screens.widgets.live_text import show

SHOWN = 200
COLUMNS = (
    Column(["Game"], "left", limit=24),
    Column(["Players"], "left", limit=16),
    Column(["Started"], "left"),
    Column(["Rds"]),
    Column(["Leader"], "left", limit=8),
    Column([""], "left"),
)
LEADER = 4
"""Where the leader's column is in ``COLUMNS``."""


def columns_for(width: int) -> tuple[Column, ...]:
    """``COLUMNS`` as they are at 80 cells; a wider screen gives its extra cells to the
    players (half), the game and the leader (a tie's names), so it uses its width."""
    extra = max(0, width - 80)
    game, players = extra // 4, extra // 2
    leader = extra - game - players
    widened = {0: game, 1: players, LEADER: leader}
    return tuple(
        column._replace(limit=(column.limit or 0) + widened[at]) if at in widened else column
        for at, column in enumerate(COLUMNS)
    )


def leader_widened(
    columns: tuple[Column, ...], rows: list[list[str]], room: int
) -> tuple[Column, ...]:
    """``columns`` with the leader's taking what the others leave of ``room`` cells (a
    tie named, "tie: Zoe, Max", a long name whole), never less than its own limit."""
    used = 2 * PADDING
    for at, column in enumerate(columns):
        if at != LEADER:
            natural = widest([*column.heading, *(row[at] for row in rows)])
            used += min(natural, column.limit or natural) + 2 * PADDING
    leader = columns[LEADER]
    widened = leader._replace(limit=max(leader.limit or 0, room - used))
    return (*columns[:LEADER], widened, *columns[LEADER + 1 :])


class SessionList(Screen[None]):
    """The list Home shows and filters; what fills ``summaries`` is Home's."""

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.store = store
        self.total = 0
        """How many sessions there are: more than ``summaries`` while only the recent
        ones are read."""
        self.summaries: list[Summary] = []
        self.reading = False
        """``summaries`` are what a first look read so far: the rest is being read."""
        self.matching: list[Summary] = []
        self.searched: tuple[list[Summary], list[str]] | None = None
        """What a filter finds each of ``summaries`` by (``searchable``), kept while a
        filter is typed: a key typed looks through ten thousand texts, not ten thousand
        sessions' fields; let go once the filter is empty, made again for a list read
        again."""
        self.shown: list[Summary] = []
        self.coming_back_to: str | None = None
        """The session to highlight when the list is next read: one just started, so
        Enter on coming back opens the game just played, not the one highlighted before."""
        self.laid_out_for = 0
        """The screen width the list was laid out for (``columns_for``)."""
        self.variations: dict[tuple[str, object], tuple[str, str]] = {}
        """Each listed session's options in words, worked out once it is listed."""

    def on_resize(self) -> None:
        """A screen of another width lays the list out again for it."""
        if self.shown and self.app.size.width != self.laid_out_for:
            self.fill(self.query_one("#sessions", ScoreGrid).cursor)

    def fill(self, cursor: int = 0, keep: str | None = None) -> None:
        """Lay the list out again, the cursor on row ``cursor``, or on session ``keep``
        wherever it now is (sessions that arrived above it move it down)."""
        words = terms(self.query_one("#filter", Input).value)
        if not words:
            self.searched = None
        elif self.searched is None or self.searched[0] is not self.summaries:
            self.searched = self.summaries, [searchable(summary) for summary in self.summaries]
        # Nothing typed: the list itself, not a second list of ten thousand.
        self.matching = matching = (
            [
                summary
                for summary, text in zip(*self.searched, strict=True)
                if all(word in text for word in words)
            ]
            if self.searched is not None
            else self.summaries
        )
        self.shown = matching[:SHOWN]
        if keep is not None:
            cursor = next((row for row, s in enumerate(self.shown) if s.id == keep), cursor)
        missing = [s for s in self.shown if (s.id, s.updated) not in self.variations]
        # From the summaries at once; only those saved before they kept the words wait
        # for their files, read in a worker.
        self.variations.update(self.described(s) for s in missing if s.option_words is not None)
        older = [s for s in missing if s.option_words is None]
        if older:
            self.read_variations(older)
        self.laid_out_for = self.app.size.width
        sessions = self.query_one("#sessions", ScoreGrid)
        rows = [
            [
                self.game_and_variations(summary),
                ", ".join(summary.players),
                short_day_and_clock(summary.started),
                str(summary.rounds),
                "",
                "⚠ waits" if summary.waiting else ("done" if summary.finished else ""),
            ]
            for summary in self.shown
        ]
        # Room for the scroll bar kept: the list is laid out before it is drawn.
        room = self.laid_out_for - sessions.styles.scrollbar_size_vertical
        columns = leader_widened(columns_for(self.laid_out_for), rows, room)
        leader_room = columns[LEADER].limit or 0
        for row, summary in zip(rows, self.shown, strict=True):
            row[LEADER] = standing(summary, leader_room)
        sessions.set_grid(columns, rows, cursor=cursor)
        count = self.query_one("#count", Static)
        if self.reading:
            show(count, f"{plural(len(self.summaries), 'session')} so far; reading the rest…")
        elif self.total > len(self.summaries):
            show(
                count,
                f"The {len(self.summaries)} most recent of {self.total:,} sessions; "
                "reading the rest…",
            )
        elif len(matching) > SHOWN:
            show(count, f"Showing the {SHOWN} most recent of {len(matching):,}: type to narrow.")
        elif words:
            show(count, f"{len(matching):,} of {len(self.summaries):,} sessions match.")
        else:
            total = len(self.summaries)
            show(count, f"{plural(total, 'session')}.")
        self.query_one("#empty", Static).display = not self.summaries
        sessions.display = count.display = bool(self.summaries)
        self.show_detail()

    def game_and_variations(self, summary: Summary) -> str:
        """ "5000 Rummy · Michigan, money cards": what tells seven such rows apart."""
        short = self.variations.get((summary.id, summary.updated), ("", ""))[0]
        return f"{game_name(summary)} · {short}" if short else game_name(summary)

    def show_detail(self) -> None:
        """The highlighted session's tie named in full (its column may only count it),
        then its options in full, under the list."""
        summary = self.highlighted()
        detail = self.query_one("#detail", Static)
        if summary is None:
            show(detail, "")
            return
        full = self.variations.get((summary.id, summary.updated), ("", ""))[1]
        lines = [tie_said(summary), f"{game_name(summary)}: {full}" if full else ""]
        show(detail, plain("\n".join(line for line in lines if line), lines=True))

    def described(self, summary: Summary) -> tuple[tuple[str, object], tuple[str, str]]:
        """A session's ``variations`` by its key; none for a file that cannot be read."""
        try:
            return (summary.id, summary.updated), variations(self.store, summary)
        except (StoreError, KeyError, TypeError, ValueError):
            return (summary.id, summary.updated), ("", "")

    @work(thread=True, exclusive=True, group="variations")
    def read_variations(self, summaries: list[Summary]) -> None:
        found = dict(map(self.described, summaries))
        self.app.call_from_thread(self.variations_read, found)

    def variations_read(self, found: dict[tuple[str, object], tuple[str, str]]) -> None:
        self.variations.update(found)
        self.fill(self.query_one("#sessions", ScoreGrid).cursor)

    def refill(self, summaries: list[Summary], *, reading: bool = False) -> None:
        """The list as read again, the same session highlighted wherever it moved
        (``reading``: only what was read so far)."""
        highlighted = self.highlighted()
        keep = self.coming_back_to or (None if highlighted is None else highlighted.id)
        self.coming_back_to = None
        cursor = self.query_one("#sessions", ScoreGrid).cursor
        self.summaries, self.reading = summaries, reading
        self.total = len(summaries)
        self.fill(cursor, keep)

    def highlighted(self) -> Summary | None:
        cursor = self.query_one("#sessions", ScoreGrid).cursor
        return self.shown[cursor] if 0 <= cursor < len(self.shown) else None
