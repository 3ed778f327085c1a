"""The round entry's own help (F1): each field and what it takes, an example round, and
the keys, ahead of the game's rules.

Worked out from the entry as it stands: each row's label and what its control shows it
takes (an input's placeholder and hint, a pick's options, a tick's label), the entry's
``example`` and its own key bindings. Nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from textual.binding import Binding, BindingType
from textual.widgets import Checkbox, Input

from scorekeeper.game import Game
from scorekeeper.wording import Items, visible
from screens.help import HelpScreen, Pairs
from screens.widgets.choice import Choice
from screens.widgets.field_row import FieldRow
from screens.widgets.text_input import TextInput

CONTROL_KEYS = (
    ("a letter", "in a pick: the option starting with it (again: the next one)"),
    ("a number", "in a pick of players: the seat number drawn before a name"),
    ("←/→", "in a pick: the option before or after; Backspace takes the pick away"),
    ("Space", "on a tick: tick it or take the tick away"),
    ("↑/↓", "the field above or below (they stop at the last and the first)"),
    ("Tab/⇧Tab", "the next or previous field (stops at the last and the first)"),
)


def takes(row: FieldRow) -> str:
    """What the row's field takes, as its control shows it; a pick's options as
    ``Items``, so a line breaks between two ("5 Christopher," never "5" / "Christopher")."""
    control = row.control
    if isinstance(control, Choice):
        options = [*(f"{label}," for label in control.labels[:-1]), *control.labels[-1:]]
        if row.hint:
            options[-1] += f" — {row.hint}"
        return Items(options, mark="", lead="pick one of:")
    if isinstance(control, Checkbox):
        said = f"a tick: {visible(str(control.label))}"
    elif isinstance(control, TextInput):
        said = control.placeholder or control.refusal or "text"
    elif isinstance(control, Input):
        said = control.placeholder or "text"
    else:
        doc = (type(control).__doc__ or "").strip().splitlines()
        said = doc[0] if doc else ""
    return " — ".join(part for part in (said, row.hint) if part)


def field_lines(rows: list[FieldRow]) -> Pairs:
    """Each field's label and what it takes."""
    return [(row.label.strip(), takes(row)) for row in rows]


def entry_keys(
    bindings: Iterable[BindingType], key_display: Callable[[Binding], str]
) -> list[tuple[str, str]]:
    """The entry's own keys (as named on its bindings), then those of its fields."""
    keys: dict[str, tuple[str, str]] = {}
    for binding in bindings:
        if isinstance(binding, Binding) and binding.show and binding.description:
            key = binding.key_display or key_display(binding)
            keys.setdefault(binding.description, (key, binding.tooltip or binding.description))
    return [*keys.values(), *CONTROL_KEYS]


def entry_help(
    game: Game, round_name: str, rows: list[FieldRow], example: str, keys: list[tuple[str, str]]
) -> HelpScreen:
    """The help box for an entry of ``game``: its fields first, then its keys and the
    game's rules."""
    sections: list[tuple[str, str | Pairs]] = [
        (f"The fields of a {round_name.lower()}", field_lines(rows))
    ]
    if example:
        sections.append(("An example", example))
    title = f"{game.name} — entering a {round_name.lower()}"
    return HelpScreen(game, keys, title=title, first=sections)
