"""The export's detail columns: the facts of the games it holds, each game's in its own
order where the others allow, and rows written so that every fact lands under its own
heading."""

from __future__ import annotations

from scorekeeper.reports import rows
from tests.factories import PlainGame


class Sooner(PlainGame):
    id, name, menu_order = "sooner", "Sooner", 1
    fact_names = ("hand", "out", "held")


class Later(PlainGame):
    id, name, menu_order = "later", "Later", 2
    fact_names = ("out", "hand", "bonus")


def written(*cells: str) -> bytes:
    """One row of a game's rounds as the store keeps it: the leading cells, then each of
    the game's facts after its mark."""
    marks = "".join(mark + cell for mark, cell in zip(rows.MARKS, cells, strict=False))
    return f"lead{marks}{rows.END}".encode()


def places(columns: list[str]) -> dict[str, int]:
    return {name: at for at, name in enumerate(columns)}


def test_two_games_may_order_the_facts_they_share_differently() -> None:
    assert rows.detail_columns([Later(), Sooner()]) == ["hand", "out", "held", "bonus"]


def test_a_game_the_columns_overrule_has_each_fact_moved_under_its_heading() -> None:
    columns = rows.detail_columns([Sooner(), Later()])
    row = rows.laid_out(written("Bob", "3", "200"), Later(), places(columns))
    assert row == b"lead,3,Bob,,200\r\n"


def test_a_game_alone_lays_its_facts_out_in_its_own_order() -> None:
    columns = rows.detail_columns([Later()])
    assert columns == ["out", "hand", "bonus"]
    row = rows.laid_out(written("Bob", "3", "") * 2, Later(), places(columns))
    assert row == b"lead,Bob,3,\r\n" * 2


def test_facts_apart_in_the_columns_are_commas_apart() -> None:
    columns = rows.detail_columns([Sooner(), Later()])
    row = rows.laid_out(written("3", "Bob", "7"), Sooner(), places(columns))
    assert row == b"lead,3,Bob,7,\r\n"
