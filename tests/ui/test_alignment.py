"""Wide names (中, emoji) take two columns: the figures beside them still line up."""

from __future__ import annotations

from rich.cells import cell_len

from scorekeeper.reports.nights import Ledger
from screens.nights import balance_lines


def test_a_nights_balances_line_up_whatever_the_names() -> None:
    ledger = Ledger("money", {"中文": 500, "Bob": -300, "Zoë": -200}, [])
    lines = balance_lines(ledger).splitlines()
    assert len(lines) == 3
    assert len({cell_len(line) for line in lines}) == 1, lines
