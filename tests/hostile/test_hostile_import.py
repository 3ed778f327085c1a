"""Another laptop's sessions that should not come in: names New session refuses, text no
file can hold, a file too big to read and a key that is not a file. Each is one line,
the store here byte for byte, and never a crash report."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import Session
from scorekeeper.reports.import_source import ImportRefused
from scorekeeper.reports.json_export import export_json
from scorekeeper.reports.transfer import import_sessions
from scorekeeper.store import Store
from tests.hostile.hostile_names import CLIPBOARD, write_hostile_store
from tests.reports.test_import import snapshot


def scorekeeper(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    command = str(Path(sys.executable).with_name("scorekeeper"))
    return subprocess.run(
        [command, *argv],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **(env or {})},
        check=False,
    )


def exported(tmp_path: Path, *players: tuple[str, ...]) -> Path:
    """An export file of one Seven Hand session per table of ``players``, each seated as
    given: names are put in by hand, as New session would refuse some of them."""
    with Store(tmp_path / "there") as store:
        for seated in players:
            store.add(Session.new("seven-hand", [f"P{seat}" for seat in range(len(seated))]))
        file = export_json(store, tmp_path / "out")
    data = json.loads(file.read_bytes())
    for entry, seated in zip(data["sessions"], players, strict=True):
        part = entry["session"]
        renamed = dict(zip(part["players"], seated, strict=True))
        part["players"], part["dealer"] = seated, renamed[part["dealer"]]
    file.write_text(json.dumps(data))
    return file


@pytest.fixture
def here(tmp_path: Path) -> Path:
    with Store(tmp_path / "here") as store:
        store.add(Session.new("hot-rum", ("Ann", "Bob", "Cy")))
    return tmp_path / "here"


def test_a_name_new_session_refuses_is_refused_in_one_line_naming_its_entry(
    tmp_path: Path, here: Path
) -> None:
    file = exported(tmp_path, ("Ann", "Bob"), (CLIPBOARD, "Eve"), ("Di\u202eevil", "Flo"))
    with Store(here) as store:
        report = import_sessions(store, file)
    assert len(report.added) == 1
    second, third = report.damaged
    assert second.startswith("entry 2 (") and "escape character (U+001B)" in second
    assert third.startswith("entry 3 (") and "bidi control (U+202E)" in third
    with Store(here, readonly=True) as store:
        players = {name for summary in store.summaries() for name in summary.players}
    assert players == {"Ann", "Bob", "Cy"}


def test_a_store_with_hostile_names_imports_none_of_them(tmp_path: Path, here: Path) -> None:
    write_hostile_store(tmp_path / "old")
    before = snapshot(here / "logs")
    printed = scorekeeper("import", str(tmp_path / "old"), "--db", str(here))
    assert printed.returncode == 0
    assert printed.stdout.startswith("Imported 0 sessions")
    skipped = [line for line in printed.stdout.splitlines() if line.startswith("Skipped: ")]
    assert len(skipped) == 6 and all("cannot come in" in line for line in skipped)
    assert "\x1b" not in printed.stdout
    assert snapshot(here / "logs") == before


def test_a_lone_surrogate_in_an_import_is_refused_with_a_line_not_a_crash(
    tmp_path: Path, here: Path
) -> None:
    file = exported(tmp_path, ("A\ud800nn", "Bob"), ("Ann", "Bob"))
    before = snapshot(here)
    printed = scorekeeper("import", str(file), "--db", str(here))  # JSON holds "\ud800"
    assert printed.returncode == 1
    assert printed.stderr == (
        f"scorekeeper: {file} holds U+D800, half of a character (a lone surrogate), which no "
        "file holds. Nothing was imported.\n"
    )
    assert snapshot(here) == before


def test_a_lone_surrogate_in_a_session_file_makes_it_damaged_not_a_crash(here: Path) -> None:
    (file,) = (here / "logs").glob("*.json")
    file.write_text(file.read_text().replace('"Ann"', '"A\\udfffnn"'))
    for index in here.glob("index*"):
        index.unlink()
    printed = scorekeeper("list", "--db", str(here))
    assert printed.returncode == 0
    assert printed.stdout.startswith("No sessions yet")
    assert f"{file} holds U+DFFF, half of a character (a lone surrogate)" in printed.stderr
    assert "something went wrong" not in printed.stderr


def test_an_import_file_over_16_mb_is_refused_before_it_is_read(tmp_path: Path, here: Path) -> None:
    huge = tmp_path / "sessions.json"
    with huge.open("wb") as file:
        file.truncate(16 * 2**20 + 1)  # sparse: nothing is written, nothing would be read
    before = snapshot(here)
    with Store(here) as store, pytest.raises(ImportRefused, match="more than the 16 MB"):
        import_sessions(store, huge)
    printed = scorekeeper("import", str(huge), "--db", str(here))
    assert printed.returncode == 1
    assert printed.stderr.count("\n") == 1 and "16,777,217 bytes" in printed.stderr
    assert snapshot(here) == before


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_key_that_is_a_fifo_is_said_and_the_export_goes_on(tmp_path: Path, here: Path) -> None:
    config = tmp_path / "config"
    config.mkdir()
    os.mkfifo(config / "export.key")
    printed = scorekeeper(
        "export",
        "--db",
        str(here),
        "--out",
        str(tmp_path / "csv"),
        env={"SCOREKEEPER_CONFIG": str(config)},
    )
    assert printed.returncode == 0
    assert printed.stdout.startswith("wrote ")
    assert printed.stderr == (
        f"scorekeeper: {config / 'export.key'} is a named pipe (FIFO), not a file: exports "
        "work every session out from its rounds (slower) until it is moved away\n"
    )
