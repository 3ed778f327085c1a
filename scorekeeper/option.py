"""A house option a game offers (``Option``).

Apart from the game contract (``game``) so that a game's options are read in one place:
their kinds, their limits (which may depend on the players), their words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from scorekeeper.checks import as_int
from scorekeeper.errors import RuleError
from scorekeeper.names import check_name

OptionValue = int | bool | str
"""An option's value at a table: a number (money in minor units), yes or no, or a word."""
Limit = int | Callable[[int], int] | None
"""A bound on a number option: fixed, or worked out from the player count (a hand of cards
no bigger than the deck shared out allows)."""


class Option(NamedTuple):
    """One house option: its default (or a rule that picks it from the player count). A
    ``NamedTuple``: a dataclass is compiled from source as its module is imported."""

    default: int | bool | str | Callable[[int], int]
    help: str
    minimum: Limit = None
    maximum: Limit = None
    cents: bool = False
    """A money amount in minor units: screens show it as dollars beside what is typed."""
    choices: tuple[str, ...] = ()
    """The words the option may be ("highest", "lowest"), where it is one of a few."""
    label: bool = False
    """A name the table gives (shown, never a rule): "" for none, else fit to be a name."""

    @property
    def kind(self) -> type:
        if isinstance(self.default, str):
            return str
        return bool if isinstance(self.default, bool) else int

    def default_for(self, player_count: int) -> OptionValue:
        return self.default(player_count) if callable(self.default) else self.default

    def bounds_for(self, player_count: int) -> tuple[int | None, int | None]:
        """The least and the most a number option may be with this many players."""
        least, most = (
            limit(player_count) if callable(limit) else limit
            for limit in (self.minimum, self.maximum)
        )
        return least, most

    def check(self, name: str, value: object, player_count: int) -> OptionValue:
        if self.choices:
            if value not in self.choices:
                said = " or ".join(repr(choice) for choice in self.choices)
                raise RuleError(f"options.{name}", f"must be {said}, not {value!r}")
            return str(value)
        if self.label:
            return "" if value == "" else check_name(value, f"options.{name}", name)
        if self.kind is bool:
            if not isinstance(value, bool):
                raise RuleError(f"options.{name}", f"must be yes or no (true/false), not {value!r}")
            return value
        return as_int(value, f"options.{name}", *self.bounds_for(player_count))
