"""Home's list of sessions worked out apart from its widgets: which sessions match the
filter typed, the most recent first, the rows' cells, the columns for the screen's width
with the leader's widened to what the others leave, the line under the list that counts
them and the highlighted one's options in full. Only the most recent matches are put in
the table: with ten thousand sessions stored the screen paints as fast as with none. Home
(``screen.py``) puts them on screen."""

from __future__ import annotations

from scorekeeper.store import Store, StoreError, Summary
from scorekeeper.wording import plural, short_day_and_clock
from screens.format import widest
from screens.home.summaries import game_name, searchable, standing, tie_said, variations
from screens.widgets.grid import PADDING, Column

Described = tuple[tuple[str, object], tuple[str, str]]
"""A session's key (its id and when it was saved) and its options in words, short and full."""

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


def count_said(listed: int, total: int, reading: bool, matching: int, filtered: bool) -> str:
    """The line under the list: how many sessions there are, how many of them are read so
    far (``listed`` of ``total``) or match the filter (``matching``)."""
    if reading:
        return f"{plural(listed, 'session')} so far; reading the rest…"
    if total > listed:
        return f"The {listed} most recent of {total:,} sessions; reading the rest…"
    if matching > SHOWN:
        return f"Showing the {SHOWN} most recent of {matching:,}: type to narrow."
    if filtered:
        return f"{matching:,} of {listed:,} sessions match."
    return f"{plural(listed, 'session')}."


class Listing:
    """The list's state and what it shows, a plain object Home asks: not a Textual class,
    each of which made before the first frame costs some two million instructions."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.total = 0
        """How many sessions there are: more than ``summaries`` while only the recent
        ones are read."""
        self.summaries: list[Summary] = []
        self.reading = False
        """``summaries`` are what a first look read so far: the rest is being read."""
        self.matching: list[Summary] = []
        self.filtered = False
        """Whether ``matching`` are the sessions a filter typed finds."""
        self.searched: tuple[list[Summary], list[str]] | None = None
        """What a filter finds each of ``summaries`` by (``searchable``), kept while a
        filter is typed: a key typed looks through ten thousand texts, not ten thousand
        sessions' fields; let go once the filter is empty, made again for a list read
        again."""
        self.shown: list[Summary] = []
        self.most = SHOWN
        """How many matching sessions are shown: a screenful for the first frame, which is
        then out sooner, and ``SHOWN`` once it is."""
        self.coming_back_to: str | None = None
        """The session to highlight when the list is next read: one just started, so
        Enter on coming back opens the game just played, not the one highlighted before."""
        self.laid_out_for = 0
        """The screen width the list was laid out for (``columns_for``)."""
        self.variations: dict[tuple[str, object], tuple[str, str]] = {}
        """Each listed session's options in words, worked out once it is listed."""

    def match(self, words: list[str]) -> None:
        """The sessions with every one of ``words``, and the most recent of them shown."""
        self.filtered = bool(words)
        if not words:
            self.searched = None
        elif self.searched is None or self.searched[0] is not self.summaries:
            self.searched = self.summaries, [searchable(summary) for summary in self.summaries]
        # Nothing typed: the list itself, not a second list of ten thousand.
        self.matching = (
            [
                summary
                for summary, text in zip(*self.searched, strict=True)
                if all(word in text for word in words)
            ]
            if self.searched is not None
            else self.summaries
        )
        self.shown = self.matching[: self.most]

    def row_of(self, keep: str, cursor: int) -> int:
        """Where session ``keep`` is now shown (sessions that arrived above it move it
        down), else ``cursor``."""
        return next((row for row, s in enumerate(self.shown) if s.id == keep), cursor)

    def described_at_once(self) -> list[Summary]:
        """The shown sessions' options in words from their summaries; those saved before
        they kept the words are returned, to be read from their files in a worker."""
        missing = [s for s in self.shown if (s.id, s.updated) not in self.variations]
        self.variations.update(self.described(s) for s in missing if s.option_words is not None)
        return [s for s in missing if s.option_words is None]

    def described(self, summary: Summary) -> Described:
        """A session's ``variations`` by its key; none for a file that cannot be read."""
        try:
            return (summary.id, summary.updated), variations(self.store, summary)
        except (StoreError, KeyError, TypeError, ValueError):
            return (summary.id, summary.updated), ("", "")

    def first_screenful(self, cursor: int) -> None:
        """Before the first frame, the rows shown cut to those that fit above the
        highlighted session's detail lines: a row more would be laid out and drawn only to
        stay out of sight (a line that wraps there still leaves no line blank)."""
        if self.most < SHOWN and 0 <= cursor < len(self.shown):
            detail = self.detail(self.shown[cursor])
            lines = detail.count("\n") + 1 if detail else 0
            self.shown = self.shown[: max(cursor + 1, self.most - lines)]

    def laid_out(self, width: int, room: int) -> tuple[tuple[Column, ...], list[list[str]]]:
        """The columns and rows for a screen ``width`` cells wide, ``room`` of them
        left to the list (its scroll bar's kept)."""
        self.laid_out_for = width
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
        columns = leader_widened(columns_for(width), rows, room)
        leader_room = columns[LEADER].limit or 0
        for row, summary in zip(rows, self.shown, strict=True):
            row[LEADER] = standing(summary, leader_room)
        return columns, rows

    def under(self, cursor: int) -> str:
        """The lines under the list: the detail of the session at ``cursor`` (``detail``),
        then how many sessions there are (``count_said``)."""
        listed = len(self.summaries)
        count = count_said(listed, self.total, self.reading, len(self.matching), self.filtered)
        detail = self.detail(self.shown[cursor]) if 0 <= cursor < len(self.shown) else ""
        return f"{detail}\n{count}" if detail else count

    def game_and_variations(self, summary: Summary) -> str:
        """ "5000 Rummy · Michigan, money cards": what tells seven such rows apart."""
        short = self.variations.get((summary.id, summary.updated), ("", ""))[0]
        return f"{game_name(summary)} · {short}" if short else game_name(summary)

    def detail(self, summary: Summary) -> str:
        """Its tie named in full (its column may only count it), then its options in full."""
        full = self.variations.get((summary.id, summary.updated), ("", ""))[1]
        lines = [tie_said(summary), f"{game_name(summary)}: {full}" if full else ""]
        return "\n".join(line for line in lines if line)
