"""The command line: the app, a table of sessions, CSV export; problems as sentences."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
import tempfile
import types
from pathlib import Path

import pytest

from scorekeeper import Session, __version__
from scorekeeper.cli import commands
from scorekeeper.settings import remember_currency
from scorekeeper.store import Store
from screens.console import main
from tests.factories import saved_before_the_name_rule
from tests.reports.log_files import log_of

TABLE = ("Zoë", "中文", "=1+1", "two\nlines", "Bob")
MADE_3 = {"pitcher": "Bob", "bid": 3, "made": True}


@pytest.fixture(autouse=True)
def no_real_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep every command off the user's own scores."""
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "default-store"))


def fill(path: Path) -> tuple[str, str]:
    with Store(path) as store:
        racehorse = store.add(saved_before_the_name_rule("racehorse", TABLE))
        store.record(racehorse, MADE_3)
        seven_hand = store.add(Session.new("seven-hand", ("Ann", "Bob")))
    return racehorse, seven_hand


def test_list_prints_a_table_newest_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    racehorse, seven_hand = fill(tmp_path / "db")
    assert main(["list", "--db", str(tmp_path / "db")]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0].split() == ["ID", "GAME", "STARTED", "ROUNDS", "STATUS", "PLAYERS"]
    assert lines[1].startswith(f"{seven_hand}  Seven Hand Rummy")
    assert lines[1].endswith("0  Ann deals  Ann, Bob")
    assert lines[2].startswith(f"{racehorse}  Racehorse ")
    assert lines[2].endswith("1  Bob deals  Zoë, 中文, =1+1, two␤lines, Bob")
    assert lines[3] == f"2 sessions in {tmp_path / 'db'}"
    assert err == ""


def test_scorekeeper_db_chooses_the_store_and_db_overrides_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fill(tmp_path / "env")
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "env"))
    assert main(["list"]) == 0
    assert "2 sessions in" in capsys.readouterr().out
    assert main(["--db", str(tmp_path / "other"), "list"]) == 0
    assert capsys.readouterr().out == (
        f"No sessions yet in {tmp_path / 'other'}. Run `scorekeeper` to start one.\n"
    )
    assert not (tmp_path / "other").exists()


def test_list_and_export_work_while_the_app_is_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    racehorse, _ = fill(tmp_path / "db")
    monkeypatch.chdir(tmp_path)
    with Store(tmp_path / "db") as app:
        app.record(racehorse, MADE_3)
        assert main(["list", "--db", str(tmp_path / "db")]) == 0
        assert main(["export", "--db", str(tmp_path / "db")]) == 0
    out = capsys.readouterr().out
    assert " 2  Bob deals" in out
    exports = tmp_path / "exports"
    assert out.endswith(f"wrote {exports / 'sessions.csv'}\nwrote {exports / 'rounds.csv'}\n")
    assert (tmp_path / "exports" / "rounds.csv").exists()


def test_export_takes_sessions_and_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    racehorse, seven_hand = fill(tmp_path / "db")
    out = tmp_path / "csv"
    argv = ["export", "--db", str(tmp_path / "db"), "--out", str(out), "--session", seven_hand]
    assert main([*argv, racehorse]) == 0
    with open(out / "sessions.csv", encoding="utf-8-sig", newline="") as handle:
        sessions = list(csv.reader(handle))
    assert [row[0] for row in sessions[1:]] == [seven_hand, racehorse]
    assert main([*argv, "--session", racehorse]) == 0
    assert capsys.readouterr().err == ""


def euro_table(path: Path) -> None:
    """A score pad at 5 cents a point, at a table that writes euros with a decimal comma."""
    with Store(path) as store:
        remember_currency(store, "€", True)
        store.add(Session.new("score-pad", ("Ann", "Bob"), options={"stake": 5}))


def exported_sessions(out: Path) -> list[dict[str, str]]:
    with open(out / "sessions.csv", encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.parametrize("chosen", ["--db", "SCOREKEEPER_DB"])
def test_export_names_the_tables_currency_with_the_app_open_or_closed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chosen: str
) -> None:
    """The command line's CSV says € and "stake €0,05/point", as the app's own export."""
    euro_table(tmp_path / "db")
    if chosen == "--db":
        argv = ["export", "--db", str(tmp_path / "db")]
    else:
        monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "db"))
        argv = ["export"]
    assert main([*argv, "--out", str(tmp_path / "closed")]) == 0
    with Store(tmp_path / "db"):
        assert main([*argv, "--out", str(tmp_path / "open")]) == 0
    for out in ("closed", "open"):
        (row,) = exported_sessions(tmp_path / out)
        assert (row["currency"], row["balance 1"]) == ("€", "0.00")
        assert "stake €0,05/point" in row["options"], row["options"]


def test_export_says_targets_plain_at_a_decimal_comma_table(tmp_path: Path) -> None:
    """A € table writing 1.245,00 for money: a score pad to 5000 reads "to 5000" in the
    options, as its panel says "Target 5000", and a 5000 game "target 5000"."""
    with Store(tmp_path / "db") as store:
        remember_currency(store, "€", True)
        pad = store.add(Session.new("score-pad", ("Ann", "Bob"), options={"target": 5000}))
        store.record(pad, {"scores": {"Ann": 1245, "Bob": 0}})
        store.add(Session.new("rummy-5000", ("Ann", "Bob")))
    assert main(["export", "--db", str(tmp_path / "db"), "--out", str(tmp_path / "out")]) == 0
    options = sorted(row["options"] for row in exported_sessions(tmp_path / "out"))
    assert options == ["highest wins; to 5000; no stake", "target 5000; stake €0,01/point"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["export", "--session", "nope"], "scorekeeper: There is no session 'nope' in "),
        (["export", "--out", "{blocked}"], "scorekeeper: Cannot write the export to "),
        (["--db", "{blocked}", "list"], "is a file, but a store is a folder"),
    ],
)
def test_errors_are_one_clear_line_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    fill(tmp_path / "default-store")
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    assert main([arg.replace("{blocked}", str(blocked)) for arg in argv]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert message in err
    assert err.count("\n") == 1


def test_a_damaged_log_is_named_and_doctor_puts_its_backup_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    racehorse, seven_hand = fill(tmp_path / "db")
    damaged = log_of(tmp_path / "db", racehorse)
    damaged.write_bytes(b"\x00" * 64)
    db = ["--db", str(tmp_path / "db")]
    assert main(["export", *db, "--out", str(tmp_path / "out"), "--session", racehorse]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"scorekeeper: {damaged} contains NUL bytes")
    assert main(["list", *db]) == 0
    out, err = capsys.readouterr()
    assert seven_hand in out and racehorse not in out
    assert err.startswith(f"scorekeeper: {damaged} contains NUL bytes")
    assert "left it untouched. To recover, close scorekeeper and run `scorekeeper doctor" in err
    assert err.endswith("That session is not listed.\n")
    assert damaged.read_bytes() == b"\x00" * 64
    assert main(["doctor", *db]) == 1
    assert f"Fix: put back {damaged.name}.bak, the version before the last save" in (
        capsys.readouterr().out
    )
    assert main(["doctor", "--fix", *db]) == 0
    capsys.readouterr()
    assert main(["list", *db]) == 0
    out, err = capsys.readouterr()
    assert racehorse in out and seven_hand in out and err == ""


def test_a_log_a_newer_scorekeeper_wrote_is_named_and_left_as_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    racehorse, _ = fill(tmp_path / "db")
    file = log_of(tmp_path / "db", racehorse)
    raw = json.loads(file.read_text(encoding="utf-8"))
    made = raw["events"]
    last = made[str(len(made))]
    made[str(len(made) + 1)] = {  # an event of a kind only a newer scorekeeper makes
        "id": f"{last['id'].split(':')[0]}:{len(made) + 1}",
        "after": [last["id"]],
        "at": last["at"] + 1,
        "kind": "tip",
        "body": {"to": "Ann"},
    }
    file.write_text(json.dumps(raw), encoding="utf-8")
    written = file.read_bytes()
    db = ["--db", str(tmp_path / "db")]
    for argv in (["doctor", *db], ["doctor", "--fix", *db]):
        main(argv)
        assert (
            f"{file} holds 1 event of a kind this scorekeeper does not know (a newer one "
            "wrote it?): upgrade scorekeeper to read it." in capsys.readouterr().out
        )
    assert file.read_bytes() == written
    assert not (tmp_path / "db" / "damaged").exists()
    assert main(["list", *db]) == 0
    assert racehorse in capsys.readouterr().out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"scorekeeper {__version__}\n"


def test_no_command_starts_the_app_on_the_chosen_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[Path | None] = []
    app = types.ModuleType("screens.app")
    app.run = lambda path: opened.append(path) or 3  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "screens.app", app)
    assert main(["--db", str(tmp_path)]) == 3
    assert main([]) == 3
    assert opened == [tmp_path, None]


def test_a_locked_store_stops_the_app_with_a_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    app = types.ModuleType("screens.app")
    app.run = lambda path: Store(path).close()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "screens.app", app)
    with Store(tmp_path):
        assert main(["--db", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"scorekeeper: The store {tmp_path} is already open for writing")


def test_a_bug_is_one_line_naming_the_report_that_holds_its_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(path: Path | None) -> int:
        raise ZeroDivisionError("a bug in the listing")

    monkeypatch.setattr(commands, "list_sessions", broken)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    assert main(["list"]) == 1
    out, err = capsys.readouterr()
    (report,) = tmp_path.glob("scorekeeper-crash-*.txt")
    assert out == ""
    assert err == (
        f"scorekeeper: something went wrong (ZeroDivisionError). The full report is in "
        f"{report}: please pass it on to whoever looks after scorekeeper.\n"
    )
    written = report.read_text(encoding="utf-8")
    assert written.startswith(f"scorekeeper {__version__}, Python ")
    assert "arguments ['list']" in written
    assert "Traceback" in written and "ZeroDivisionError: a bug in the listing" in written


def test_a_bug_whose_report_cannot_be_written_still_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(path: Path | None) -> int:
        raise KeyError("stats")

    monkeypatch.setattr(commands, "show_stats", broken)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "no such folder"))
    assert main(["stats"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("scorekeeper: something went wrong (KeyError), and the full report")
    assert err.count("\n") == 1 and "Traceback" not in err


def test_the_installed_command_fails_without_a_traceback(tmp_path: Path) -> None:
    command = Path(sys.executable).with_name("scorekeeper")
    if not command.exists():
        pytest.skip("the scorekeeper console script is not installed")
    result = subprocess.run(
        [str(command), "export", "--db", str(tmp_path), "--session", "nope"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == (
        f"scorekeeper: There is no session 'nope' in {tmp_path}. "
        "`scorekeeper list` shows the sessions there.\n"
    )
