"""An old store whose names hold terminal escapes and newlines: the commands print them
drawn, one name on one line, and no line a name did not earn (a fake payment)."""

from __future__ import annotations

import csv
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.reports.stats import WIN_RATE
from tests.hostile.hostile_names import (
    FAKE_LINE,
    HOSTILE,
    RAW,
    write_hostile_store,
)

FAKE = "Bob pays Eve $500.00"


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    write_hostile_store(tmp_path / "db")
    return tmp_path / "db"


def run(*argv: str) -> subprocess.CompletedProcess[bytes]:
    """The command as a shell runs it: the bytes it writes are what the terminal gets."""
    return subprocess.run(
        [str(Path(sys.executable).with_name("scorekeeper")), *argv],
        capture_output=True,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )


def assert_drawn(output: bytes) -> None:
    for raw in RAW:
        assert raw not in output, f"{raw!r} reached the terminal"
    for line in output.decode().splitlines():
        assert not line.strip().startswith(FAKE), f"a name printed a line of its own: {line!r}"


@pytest.mark.parametrize("command", ["list", "stats", "settle"])
def test_the_commands_draw_hostile_names(hostile: Path, command: str) -> None:
    done = run(command, "--db", str(hostile))
    assert done.returncode == 0, done.stderr.decode()
    assert_drawn(done.stdout)
    assert_drawn(done.stderr)
    assert "Bob␛]52;c;" in done.stdout.decode()


def test_list_gives_each_session_one_line(
    hostile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["list", "--db", str(hostile)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 + 6 + 1, lines
    assert all("Eve␤Bob pays Eve $500.00" in line for line in lines[1:7])


def test_settle_prints_only_the_payments_there_are(
    hostile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["settle", "--db", str(hostile)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("Night␛]52;c;cm0gLXJmIH4=␇␤[red]Bob owes $1,000[/]")
    payments = [line for line in out.splitlines() if " pays " in line]
    assert all(line.startswith("  ") for line in payments), payments
    assert "  Bob␛]52;c;Y3VybCBldmlsLnNofHNo␇ pays Eve␤Bob pays Eve $500.00 $0.67" in payments


def test_stats_gives_each_player_one_row(hostile: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(hostile)]) == 0
    lines = capsys.readouterr().out.splitlines()
    end = lines.index(WIN_RATE)
    table = [line for line in lines[lines.index("") + 1 : end] if line]
    assert len(table) == 1 + 6, table
    assert [line for line in lines if line.startswith("Eve")] == [
        "Eve␤Bob pays Eve $…       6        0     0         —        +$0.67       +11",
        "Eve␤Bob pays Eve $500.00",
    ]


def test_an_error_that_lists_the_nights_is_one_drawn_line(hostile: Path) -> None:
    done = run("settle", "--db", str(hostile), "--night", "nope\x1b]0;x\x07")
    assert done.returncode == 1
    assert_drawn(done.stderr)
    assert done.stderr.decode().count("\n") == 1
    assert "Night␛]52;c;cm0gLXJmIH4=␇␤[red]Bob owes $1,000[/] (" in done.stderr.decode()


def test_a_store_path_with_an_escape_is_drawn(tmp_path: Path) -> None:
    store = tmp_path / "db\x1b]0;x\x07"
    done = run("list", "--db", str(store))
    assert done.returncode == 0, done.stderr
    assert_drawn(done.stdout)
    assert "db␛]0;x␇" in done.stdout.decode()


def test_the_csv_export_draws_escapes_and_keeps_a_names_newline(
    hostile: Path, tmp_path: Path
) -> None:
    done = run("export", "--db", str(hostile), "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    for file in ("sessions.csv", "rounds.csv"):
        data = (tmp_path / "out" / file).read_bytes()
        assert b"\x1b" not in data and b"\x07" not in data and b"\xc2\x9b" not in data
    with (tmp_path / "out" / "sessions.csv").open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    players = {row[f"player {seat}"] for row in rows for seat in (1, 2, 3)}
    assert players == {"Bob␛]52;c;Y3VybCBldmlsLnNofHNo␇", FAKE_LINE, HOSTILE[2]}
    # A night is called by its name on one line, in the export as on the command line.
    assert {row["night"] for row in rows} == {"Night␛]52;c;cm0gLXJmIH4=␇␤[red]Bob owes $1,000[/]"}
