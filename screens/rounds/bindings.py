"""The round entry's keys: its bindings, the keys line that names them, and where ``?``
is text to type rather than the key for the entry's help (``TextInput`` lets the key
through to the entry where it is not).

Every one is a priority binding, so each is handled in turn with the keys around it: a
burst of keys (a paste, tmux send-keys) is queued at the focused field before it runs,
and the action first lets that field take the keys sent before it (``settled``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from textual.binding import Binding, BindingType
from textual.widget import Widget
from textual.widgets import Input

from screens.keys import MOVES

KEYS = "Enter record · Esc close (kept) · ↑↓ move\n^U clear · ^L clear all · F1/? help"
"""The entry's keys on two lines broken between keys: beside the buttons at 80 columns
the line wraps, and Textual's wrap breaks at a no-break space too (``^L`` apart from
``clear all``)."""
LAST_FIELD = "Last field · Enter record · Esc close (kept)\n⇧Tab back · F1/? help"
FIRST_FIELD = "First field · Enter record · Esc close (kept)\nTab on · F1/? help"

ENTRY_BINDINGS: list[BindingType] = [
    Binding(
        "enter",
        "record",
        "Record",
        priority=True,
        key_display="Enter",
        tooltip="Record the round; if something is missing, go to it and say what",
    ),
    Binding(
        "escape",
        "cancel",
        "Close",
        priority=True,
        key_display="Esc",
        tooltip="Close; what was typed is kept for the next time this entry opens",
    ),
    Binding(
        "ctrl+u",
        "clear_field",
        "Clear field",
        priority=True,
        key_display="Ctrl+U",
        tooltip="Empty this field",
    ),
    Binding(
        "ctrl+l",
        "clear_entry",
        "Clear all",
        priority=True,
        key_display="Ctrl+L",
        tooltip="Empty every field",
    ),
    Binding(
        "f1,question_mark",
        "entry_help",
        "Help",
        priority=True,
        key_display="F1 or ?",
        tooltip="This entry's fields, an example and its keys",
    ),
    *MOVES,
]


def takes_question_mark(control: Widget | None, players: Iterable[str]) -> bool:
    """Whether ``?`` typed at ``control`` is text. An entry's text is numbers, cards and
    the players' names, and of those only a name may hold a ``?``: so only a text field
    that lets a ``?`` in, at a table where a player's name holds one."""
    if not isinstance(control, Input) or not any("?" in name for name in players):
        return False
    return control.restrict is None or re.fullmatch(control.restrict, "?") is not None
