"""The export as the app runs it, in a process of its own: one JSON line at a time on
stdout, how far it got, then the files written or the sentence saying why not."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from scorekeeper import Session
from scorekeeper.store import Store


def _run(*arguments: str) -> tuple[int, list[dict[str, Any]]]:
    """The process's status and lines, its stdin kept open (closing it asks it to stop)."""
    with subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.reports.export_process", *arguments],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as running:
        assert running.stdout is not None and running.stderr is not None
        said = [json.loads(line) for line in running.stdout]
        assert running.stderr.read() == ""
    return running.returncode, said


def test_it_says_how_far_it_got_then_which_files_it_wrote(tmp_path: Path) -> None:
    with Store(tmp_path / "db") as store:
        for name in ("Ann", "Bob", "Cy"):
            store.add(Session.new("hot-rum", [name, "Max"]))
    status, said = _run("--db", str(tmp_path / "db"), "--out", str(tmp_path / "out"))
    assert status == 0
    assert said[0] == {"done": 1, "total": 3}
    assert said[-2] == {"done": 3, "total": 3}
    written = [tmp_path / "out" / "sessions.csv", tmp_path / "out" / "rounds.csv"]
    assert said[-1] == {"written": [str(path) for path in written]}
    assert all(path.exists() for path in written)


def test_a_problem_is_the_sentence_a_person_reads(tmp_path: Path) -> None:
    with Store(tmp_path / "db") as store:
        store.add(Session.new("hot-rum", ["Ann", "Max"]))
    (tmp_path / "out").write_text("a file where the folder should be")
    status, said = _run(
        "--db", str(tmp_path / "db"), "--out", str(tmp_path / "out"), "--session", "nosuch"
    )
    assert status == 1
    (problem,) = said
    assert "There is no session 'nosuch'" in problem["problem"]
    assert (tmp_path / "out").read_text() == "a file where the folder should be"


def test_the_currency_is_written_with_the_decimal_mark_the_table_chose(tmp_path: Path) -> None:
    """Euros with a decimal point, as the app had them in force: the options' words say
    "€0.05", not the euro's usual "€0,05"."""
    with Store(tmp_path / "db") as store:
        store.add(Session.new("score-pad", ("Ann", "Bob"), options={"stake": 5}))
    out = tmp_path / "out"
    status, _ = _run(f"--db={tmp_path / 'db'}", f"--out={out}", "--currency=€", "--no-comma")
    assert status == 0
    (written,) = out.glob("*sessions.csv")
    assert "stake €0.05/point" in written.read_text(encoding="utf-8-sig")
