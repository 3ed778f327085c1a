"""How numbers and names read on screen: amounts as the domain writes them
(``scorekeeper.money``, so a game's panel and the screens agree), names never as markup
and never as terminal commands (``scorekeeper.wording.visible``), and columns of names
aligned by the terminal cells they take."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING

from rich.cells import cell_len, set_cell_size
from textual.content import Content

from scorekeeper.money import amount as amount
from scorekeeper.money import format_amount as format_amount
from scorekeeper.wording import visible

if TYPE_CHECKING:
    from scorekeeper.game import Game, Setup, State

END_KEY = "f"
"""The key that ends a game by the table's choice: the same on the table and in its
settle-up."""
END_NAME = "End game"
"""Its one name in every game, on the footer, the button and in the palette; the game's
own words ("End the evening here?", "Stop the game here?") are in the question it asks."""
END_TOOLTIP = "End the game early: stop here, or end the evening (u takes it back)"

sum_of = format_amount
"""The name the settle, nights and stats screens know ``format_amount`` by."""


def plain(text: str, *, lines: bool = False) -> Content:
    """A player's name (or anything typed, stored or reported) as content that is never
    read as markup, with its control characters drawn: one line, or with ``lines`` the
    lines of a block whose names were made ``visible`` before they were joined."""
    return Content(visible(text, lines=lines))


def widest(texts: Iterable[str]) -> int:
    """The cells the widest of ``texts`` takes on screen, as shown (0 for none)."""
    return max((cell_len(visible(text)) for text in texts), default=0)


def padded(text: str, width: int) -> str:
    """``text`` as shown, then spaces up to ``width`` cells. Not ``str.ljust``: 中 and
    most emoji take two cells, so a column padded by characters comes out ragged."""
    shown = visible(text)
    return shown + " " * (width - cell_len(shown))


def flush_right(text: str, width: int) -> str:
    """Spaces then ``text`` up to ``width`` cells, for figures lined up on the right."""
    return " " * (width - cell_len(text)) + text


def names(players: Iterable[str]) -> str:
    """ "Ann, Bob, Cy", each name on this one line whatever it holds."""
    return ", ".join(visible(player) for player in players)


def who_goes_first(game: Game, setup: Setup, state: State) -> str:
    """ "Bob plays first", "Di bids first" in the game's own verb; "" where nobody goes
    first (the horse races)."""
    first = game.first_player(setup, state)
    return "" if first is None else f"{visible(first)} {game.first_to_act} first"


def exact(value: Fraction) -> Decimal:
    """An exact chance or odds as a Decimal, which formats like a float ("{:.1%}") without
    ever being one."""
    return Decimal(value.numerator) / Decimal(value.denominator)


def cut(name: str, width: int) -> str:
    """``name`` as shown, in ``width`` cells: whole if it fits, else its start and "…"."""
    shown = visible(name)
    if cell_len(shown) <= width:
        return shown
    return set_cell_size(shown, max(width - 1, 0)).rstrip() + "…"


def cut_apart(names: Sequence[str], widths: Sequence[int]) -> list[str]:
    """Each name cut to its width so that no two read the same: where the plain cut
    makes two alike ("Eliza…" for Elizabeth and Elizabeth-Anne), the name keeps its
    end instead ("Eli…ne"), as far to the front as keeps it apart."""
    shown = [cut(name, width) for name, width in zip(names, widths, strict=True)]
    for at, (name, width) in enumerate(zip(names, widths, strict=True)):
        if shown.count(shown[at]) == 1:
            continue
        whole = visible(name)
        for end in range(1, len(whole)):
            start = whole[: len(whole) - end]
            tried = set_cell_size(start, max(width - 1 - cell_len(whole[-end:]), 0))
            candidate = tried.rstrip() + "…" + whole[-end:]
            if cell_len(candidate) <= width and candidate not in shown and tried:
                shown[at] = candidate
                break
    return shown
