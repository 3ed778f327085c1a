"""The table's keys: what each does, as the footer, the help and the command palette say.

One record binding per round name ("r Race", "r Hand") and one end binding, named alike
in every game; the table offers only its game's (``offered_now``), and the help lists only
the keys a table has at all (``offered_ever``). Both are told how the table stands
(``TableState``), plain facts the table reads off itself: nothing here reaches back into
the screen.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from textual.binding import Binding, BindingType

from scorekeeper import GAMES
from screens.format import END_KEY, END_NAME, END_TOOLTIP


@dataclass(frozen=True)
class TableState:
    """How a table stands, as far as its keys care."""

    round_name: str
    """The game's word for a round: only that record key is offered."""
    ending: str | None
    """The action of the game's ending ("End evening"); None where only the rules end it."""
    has_entry: bool
    """Whether the game has a round entry in the app."""
    readonly: bool
    recorded: bool
    """Whether any round is recorded."""
    finished: bool
    undone: bool
    """Whether a round just undone can be recorded again."""
    each_round: bool
    """Whether the grid shows each round's score beside the totals."""
    editable: bool
    """Whether a round is there to edit (the highlighted one, or the last); asked of the
    grid only when the edit key is."""
    set_aside: bool = False
    """Whether a decision set a version of this game aside: only then is its key offered."""

    @property
    def can_record(self) -> bool:
        return not self.finished and self.has_entry and not self.readonly

    @property
    def can_end(self) -> bool:
        """The table may end the game once something was played, until it is over."""
        return self.ending is not None and self.recorded and not self.finished and not self.readonly


ASIDE_TOOLTIP = "The versions a decision set aside, each by what it holds; Enter brings one back"


def first_of_keys(*bindings: Binding) -> list[BindingType]:
    """``bindings`` as priority bindings: run when their key arrives, not after it."""
    return [replace(binding, priority=True) for binding in bindings]


# Priority, so a key that opens an entry is handled before the keys typed after it
# (which then land in the entry): the table has no text field to type into.
# The footer names what a table uses every round, ending the game, the toggle between
# each round's score and the totals, Esc and F1, and fits 80 columns in every game; the
# keys kept off it (show=False, with an id) are in the help and the command palette.
TABLE_KEYS = first_of_keys(
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
    Binding(END_KEY, "end", END_NAME, id="end", tooltip=END_TOOLTIP),
    Binding("e", "edit", "Edit", id="edit", tooltip="Edit the highlighted round (or the last one)"),
    Binding("u", "undo", "Undo", id="undo", tooltip="Take back the last round"),
    # Not y: the undo's question takes y for yes, and a second y must not redo.
    Binding("ctrl+y", "redo", "Redo", id="redo", tooltip="Record again the round just undone"),
    Binding("s", "settle", "Settle", id="settle", tooltip="Balances and who pays whom"),
    Binding(
        "c",
        "chart",
        "Chart",
        id="chart",
        show=False,
        tooltip="Totals or balances, round by round",
    ),
    Binding("x", "export", "Export", id="export", show=False, tooltip="Write this session to CSV"),
    # Two bindings of b, one on the footer and one off it: while Ctrl+Y redoes, or a
    # decision set a version aside, its place on the footer is theirs (Ctrl+Y first), so
    # the footer still fits 80 columns. The same for a.
    Binding("b", "big_board(True)", "Board", id="big-board", tooltip="Standings in big digits"),
    Binding(
        "b",
        "big_board(False)",
        "Board",
        id="big-board-off-footer",
        show=False,
        tooltip="Standings in big digits",
    ),
    Binding("a", "aside(True)", "Aside", id="aside", tooltip=ASIDE_TOOLTIP),
    Binding("a", "aside(False)", "Aside", id="aside-off-footer", show=False, tooltip=ASIDE_TOOLTIP),
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
        "Rounds",
        id="scores-each",
        tooltip="Show each round's score beside the running total",
    ),
    Binding(
        "n",
        "again",
        "Again",
        id="again",
        show=False,
        tooltip="A new session with these players, seats, options and the next dealer",
    ),
    Binding("escape", "home", "Sessions", id="home", tooltip="Back to the list"),
    Binding("up", "grid_move(-1)", "Up", show=False),
    Binding("down", "grid_move(1)", "Down", show=False),
    Binding("enter", "open", "Open", show=False),
)


def offered_now(table: TableState, action: str, parameters: tuple[object, ...]) -> bool:
    """The footer names the record key as the game names a round ("r Race", "r Hand"):
    there is one record binding per round name, and only this game's is offered."""
    if action == "record":
        return parameters == (table.round_name,) and table.can_record
    if action == "undo":
        return table.recorded and not table.readonly
    if action == "end":
        return table.can_end
    if action == "scores":
        return parameters == (("totals",) if table.each_round else ("each",))
    if action == "redo":
        return table.undone and table.can_record
    if action == "aside":
        return table.set_aside and parameters == (not offered_now(table, "redo", ()),)
    if action == "big_board":
        on_footer = not (table.set_aside or offered_now(table, "redo", ()))
        return parameters == (on_footer,)
    if action == "again":
        return not table.readonly
    if action == "edit":
        return table.has_entry and table.editable and not table.readonly
    return True


def offered_ever(table: TableState, action: str, parameters: tuple[object, ...]) -> bool:
    """Whether this table has the key at all, now or later (for the help): its game's
    record and end keys, the one view of the scores ``t`` goes to, the versions set aside
    only while there are some, and none that change the session when it is read-only."""
    if action in ("scores", "big_board", "aside"):
        return offered_now(table, action, parameters)
    changes = not table.readonly and table.has_entry
    if action == "record":
        return changes and parameters == (table.round_name,)
    if action == "end":
        return changes and table.ending is not None
    if action in ("undo", "redo", "edit", "again"):
        return changes
    return True
