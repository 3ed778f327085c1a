"""Records a spreadsheet reads as they are: ids that stay text, numbers that are numbers,
and the table ending the evening counted as no round (docs/rules.md, History across
laptops; README, the CSV export)."""

from __future__ import annotations

import csv
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import Session
from scorekeeper.cli import main
from scorekeeper.game import END_ROUND
from scorekeeper.ids import branch_id, new_id, reads_as_text
from scorekeeper.store import Store
from tests.domain.test_rummy_5000_stakes import folded, poker
from tests.factories import MADE_3, TABLE, UPPED_2
from tests.reports.log_files import log_of


def read_csv(file: Path) -> list[dict[str, str]]:
    with file.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("number", ["00330403", "12345678", "972e2151", "1e999999", "0E12"])
def test_an_id_a_spreadsheet_reads_as_a_number_is_never_made(
    number: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert not reads_as_text(number)
    drawn: Iterator[bytes] = iter([bytes.fromhex(number.lower()), b"\xab" * 4])
    real = os.urandom
    monkeypatch.setattr(os, "urandom", lambda size: next(drawn, None) or real(size))
    assert new_id() == "abababab"


@given(st.binary(min_size=4, max_size=4), st.text(max_size=20))
def test_new_and_branch_ids_read_as_text(raw: bytes, base: str) -> None:
    assert reads_as_text(raw.hex()) == (not raw.hex().isdigit() and not _digits_e_digits(raw.hex()))
    for made in (new_id(), branch_id(base or "x", [raw.hex()])):
        assert len(made) == 8 and reads_as_text(made)
        assert not made.isdigit() and not _digits_e_digits(made)


def _digits_e_digits(text: str) -> bool:
    head, e, tail = text.partition("e")
    return bool(e) and head.isdigit() and tail.isdigit()


def test_an_id_made_before_the_rule_still_opens_and_exports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Store(tmp_path / "db") as store:
        made = store.add(Session.new("racehorse", TABLE))
        store.record(made, MADE_3)
    old = "00330403"
    log = log_of(tmp_path / "db", made)
    shutil.move(log, log.with_name(log.name.replace(made, old, 1)))
    db = ("--db", str(tmp_path / "db"))

    assert old in run(capsys, "list", *db)
    run(capsys, "export", *db, "--out", str(tmp_path / "out"))
    (row,) = read_csv(tmp_path / "out" / "sessions.csv")
    assert row["session"] == old
    run(capsys, "export", "--json", *db, "--out", str(tmp_path / "json"))
    run(capsys, "import", str(tmp_path / "json" / "sessions.json"), "--db", str(tmp_path / "b"))
    assert old in run(capsys, "list", "--db", str(tmp_path / "b")), "it keeps its id"


def test_negative_game_points_are_numbers_in_the_csv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """5000 Rummy, limit poker: Bob folds, Ann takes the antes; game points -1 for Bob."""
    session = poker(stake=25)
    session.record(folded("Bob", pot={"Ann": 1, "Bob": 1}))
    with Store(tmp_path / "db") as store:
        store.add(session)
    run(capsys, "export", "--db", str(tmp_path / "db"), "--out", str(tmp_path / "out"))
    rows = read_csv(tmp_path / "out" / "rounds.csv")
    assert [row["detail:game points"] for row in rows] == ["1", "-1"]
    assert not any(cell.startswith("'-") for row in rows for cell in row.values())


def test_the_end_of_the_evening_is_no_round_in_the_list_the_csv_or_the_night(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two Racehorse deals, then the table ends the evening: "2 rounds" everywhere."""
    db = ("--db", str(tmp_path / "db"))
    with Store(tmp_path / "db") as store:
        session_id = store.add(Session.new("racehorse", TABLE))
        for round_ in (MADE_3, UPPED_2, END_ROUND):
            store.record(session_id, round_)

    (line,) = [line for line in run(capsys, "list", *db).splitlines() if session_id in line]
    assert line.split()[4] == "2", line
    assert "· 2 rounds" in run(capsys, "settle", *db)
    run(capsys, "export", *db, "--out", str(tmp_path / "out"))
    (row,) = read_csv(tmp_path / "out" / "sessions.csv")
    assert row["rounds"] == "2"
    numbers = [row["round"] for row in read_csv(tmp_path / "out" / "rounds.csv")]
    assert numbers == ["1"] * 5 + ["2"] * 5 + ["end"] * 5
