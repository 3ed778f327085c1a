"""Both CSV files tell the whole story: rectangular, and the rounds rebuild each session.

A store holding every game, in every variation the strategies draw (Michigan, money cards,
partners, the cube, the poker pot, play to win, must go out, Seven Hand with and without a
stake, 6- and 7-card courses, Calcutta's unsold horses), is exported and read back with
``csv.DictReader`` as a spreadsheet user would.
"""

from __future__ import annotations

import csv
import importlib
import os
import tempfile
from collections import defaultdict
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import Session
from scorekeeper.reports.export import export
from scorekeeper.reports.rows import ENDED
from scorekeeper.store import Store
from tests.domain.test_properties import PLAN_MODULES
from tests.strategies import played

EVENINGS = settings(
    max_examples=settings.default.max_examples // 4,  # each example: six sessions, exported
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _every_game() -> st.SearchStrategy[tuple[dict[str, Any], ...]]:
    return st.tuples(
        *(importlib.import_module(f"tests.strategies.{name}").plans() for name in PLAN_MODULES)
    )


def read_dicts(path: Path) -> tuple[list[str], list[dict[str, str]], list[list[str]]]:
    with open(path, encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle))
    with open(path, encoding="utf-8-sig", newline="") as handle:
        dicts = list(csv.DictReader(handle))
    return rows[0], dicts, rows[1:]


def units(cell: str, unit: str) -> int:
    """A cell back in minor units (money) or whole chips, pips, points."""
    return int(Decimal(cell) * 100) if unit == "money" else int(cell)


def check_rectangular(path: Path) -> list[dict[str, str]]:
    header, dicts, rows = read_dicts(path)
    assert len(set(header)) == len(header)
    assert all(len(row) == len(header) for row in rows)
    for row in dicts:
        assert None not in row, f"a row longer than the header: {row[None]!r}"  # type: ignore[index]
        assert None not in row.values(), "a row shorter than the header"
        for cell in row.values():
            if cell[:1] in ("=", "+", "@", "\t", "\r"):
                raise AssertionError(f"{cell!r} would run as a formula")
            if cell.startswith("-"):
                Decimal(cell)  # a negative number; text starting with - gets an apostrophe
    return dicts


def check_export(store: Store, out: Path) -> None:
    sessions_csv, rounds_csv = export(store, out)
    sessions = {row["session"]: row for row in check_rectangular(sessions_csv)}
    rounds = check_rectangular(rounds_csv)
    assert set(sessions) == {summary.id for summary in store.summaries()}

    by_round: dict[tuple[str, str], list[dict[str, str]]] = defaultdict(list)
    for row in rounds:
        by_round[row["session"], row["round"]].append(row)
    for (session_id, number), rows in by_round.items():
        unit = rows[0]["unit"]
        money = sum(units(row["money"], unit) for row in rows)
        carry_in = int(rows[0].get("detail:carry in") or 0)
        carry_out = int(rows[0].get("detail:carry out") or 0)
        assert money + carry_out - carry_in == 0, (session_id, number)
        assert all(row["what"] for row in rows)
        assert len({row["what"] for row in rows}) == 1

    for session_id, row in sessions.items():
        unit, score_unit = row["unit"], row["score unit"]
        mine = [line for line in rounds if line["session"] == session_id]
        seats = len(row["players"].split(", "))
        ended = [line for line in mine if line["round"] == ENDED]
        # Rounds played leave out the table's end, and 5000's false claims (no deal).
        assert len(mine) - len(ended) >= int(row["rounds"]) * seats
        assert len(ended) in (0, seats) and (not ended or row["finished"] == "yes")
        seat = 1
        while row.get(f"player {seat}"):
            name = row[f"player {seat}"]
            own = [line for line in mine if line["player"] == name]
            assert all(line["seat"] == str(seat) for line in own)
            score = sum(units(line["score"], score_unit) for line in own)
            money = sum(units(line["money"], unit) for line in own)
            assert score == units(row[f"total {seat}"], score_unit), (session_id, name)
            assert money == units(row[f"balance {seat}"], unit), (session_id, name)
            if own:
                assert own[-1]["total"] == row[f"total {seat}"]
                assert own[-1]["balance"] == row[f"balance {seat}"]
            seat += 1
        last = mine[-1:]
        carried = int(last[0].get("detail:carry out") or 0) if last else 0
        assert units(row["carried"], unit) == carried


@EVENINGS
@given(_every_game())
def test_every_game_and_variation_reads_back_whole_and_adds_up(
    plans: tuple[dict[str, Any], ...],
) -> None:
    with (
        tempfile.TemporaryDirectory() as folder,
        pytest.MonkeyPatch.context() as quick,
        Store(Path(folder) / "store") as store,
    ):
        quick.setattr(os, "fsync", lambda descriptor: None)  # the files, not their durability
        for plan in plans:
            store.add(played(plan))
        check_export(store, Path(folder) / "out")


def test_the_worked_examples_in_their_own_units(tmp_path: Path) -> None:
    """docs/rules.md, Calcutta Horse Race; Hot Rum; Seven Hand Rummy."""
    with Store(tmp_path / "store") as store:
        calcutta = Session.new("calcutta", ("Ann", "Bob", "Cy", "Di"))
        calcutta.record(
            {
                "course": {"S": 3, "H": 2, "D": 1, "C": 1},
                "sales": {
                    "S": {"owner": "Bob", "price": 4},
                    "H": {"owner": "Cy", "price": 9},
                    "D": {"owner": "Ann", "price": 15},
                    "C": None,
                },
                "first": "C",
                "second": "D",
            }
        )
        calcutta_id = store.add(calcutta)
        hot_rum = Session.new("hot-rum", ("Ann", "Bob", "Cy", "Di"), options={"stake": 1})
        hot_rum.record({"out": "Cy", "cards": {"Ann": "K 9 A", "Bob": "4 4", "Di": "Q"}})
        hot_rum.record({"out": "Ann", "rummy": True, "deadwood": {"Bob": 5, "Cy": 0, "Di": 1}})
        store.add(hot_rum)
        seven = Session.new("seven-hand", ("Ann", "Bob", "Cy"))
        seven.record({"out": "Bob", "cards": {"Ann": "9 9 A", "Cy": "JK 3"}})
        store.add(seven)
        check_export(store, tmp_path / "out")
        sessions_csv, rounds_csv = export(store, tmp_path / "out")

    sessions = {row["game"]: row for row in read_dicts(sessions_csv)[1]}
    assert sessions["Seven Hand Rummy"]["unit"] == "points"
    assert sessions["Seven Hand Rummy"]["options"] == "7 hands; no stake"
    assert sessions["Hot Rum"]["score unit"] == "pips"
    assert sessions["Hot Rum"]["total 3"] == "48"  # Cy's pips, not dollars
    assert sessions["Calcutta Horse Race"]["carried"] == "19"
    assert sessions["Calcutta Horse Race"]["options"] == "150 chips each; dealer bids"

    rounds = read_dicts(rounds_csv)[1]
    race = [row for row in rounds if row["session"] == calcutta_id]
    assert {row["detail:pool"] for row in race} == {"28"}
    assert {row["detail:carry in"] for row in race} == {"0"}
    assert {row["detail:carry out"] for row in race} == {"19"}  # C unsold: its 19 stay
    assert [(row["player"], row["money"], row["detail:bought"]) for row in race] == [
        ("Ann", "-6", "D 15"),
        ("Bob", "-4", "S 4"),
        ("Cy", "-9", "H 9"),
        ("Di", "0", ""),
    ]
    pips = [row for row in rounds if row["game"] == "Hot Rum" and row["round"] == "1"]
    assert [(row["player"], row["score"], row["money"]) for row in pips] == [
        ("Ann", "-30", "-0.30"),
        ("Bob", "-8", "-0.08"),
        ("Cy", "48", "0.48"),
        ("Di", "-10", "-0.10"),
    ]
    hand = [row for row in rounds if row["game"] == "Seven Hand Rummy"]
    assert {row["detail:contract"] for row in hand} == {"two sets"}
    assert [row["detail:held"] for row in hand] == ["35", "0", "25"]
