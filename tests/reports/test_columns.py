"""The export's detail columns: every game's facts, each game's in its own order where the
others allow, and rows written so that every fact lands under its own heading."""

from __future__ import annotations

from scorekeeper.reports import rows
from tests.factories import PlainGame


class Sooner(PlainGame):
    fact_names = ("hand", "out", "held")


class Later(PlainGame):
    fact_names = ("out", "hand", "bonus")


def test_two_games_may_order_the_facts_they_share_differently() -> None:
    assert rows._merged([Sooner(), Later()]) == ["hand", "out", "held", "bonus"]


def test_a_game_the_columns_overrule_writes_its_facts_in_the_columns_order() -> None:
    columns = ("hand", "out", "held", "bonus")
    separators = rows._separators(Later(), columns)
    assert list(separators) == ["hand", "out", "bonus"]
    assert separators["out"] == "," and separators["bonus"] not in ","
