"""Two laptops' histories brought together: the JSON export, and importing it or a store.

Same id and same rounds: skipped. Same id, other rounds: both kept, the newcomer under a new
id, and said so. Anything refused changes nothing here, byte for byte.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import Session
from scorekeeper.cli import main
from scorekeeper.reports import nights
from scorekeeper.reports.import_source import ImportRefused
from scorekeeper.reports.json_export import FORMAT, export_json
from scorekeeper.reports.transfer import import_sessions
from scorekeeper.store import SCHEMA, Store, StoreError, durable, log, machine
from scorekeeper.wording import iso
from tests.factories import MADE_3, MADE_4, TABLE, UPPED_2, older_document, racehorse

HOT_RUM = {"out": "Cy", "cards": {"Ann": "K 9 A", "Bob": "4 4", "Di": "Q"}}


def snapshot(folder: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def contents(path: Path) -> Counter[tuple[str, str]]:
    """What a store holds, whatever the ids: each session's rounds and when it started."""
    with Store(path, readonly=True) as store:
        return Counter(
            (json.dumps(store.saved(summary.id), sort_keys=True), iso(summary.started))
            for summary in store.summaries()
        )


@pytest.fixture
def laptops(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path, str]:
    """Two laptops that shared one evening, then each went on alone: the cottage laptop
    played one more deal of the shared Racehorse game, the party laptop (its clock a
    minute behind, so the cottage's deal is the later on any laptop) started Hot Rum.
    Returns both store folders and the id of the session that now differs."""
    cottage, party = tmp_path / "cottage", tmp_path / "party"
    with Store(cottage) as store:
        shared = store.add(Session.new("racehorse", TABLE))
        store.record(shared, MADE_3)
        store.add(Session.new("seven-hand", ("Ann", "Bob", "Cy")))
        export_json(store, tmp_path / "handover")
    behind = time.time_ns() - 60 * 10**9
    with monkeypatch.context() as clock, Store(party) as store:
        clock.setattr(time, "time_ns", lambda: behind)
        report = import_sessions(store, tmp_path / "handover" / "sessions.json")
        assert len(report.added) == 2 and not report.both_kept
        hot_rum = store.add(Session.new("hot-rum", ("Ann", "Bob", "Cy", "Di")))
        store.record(hot_rum, HOT_RUM)
        store.record(shared, UPPED_2)
    with Store(cottage) as store:
        store.record(shared, MADE_4)
    return cottage, party, shared


def test_merged_both_ways_the_stores_hold_the_same_sessions(
    laptops: tuple[Path, Path, str], tmp_path: Path
) -> None:
    cottage, party, shared = laptops
    shutil.copytree(cottage, tmp_path / "cottage-first")
    shutil.copytree(party, tmp_path / "party-first")

    with Store(tmp_path / "cottage-first") as store:
        into_cottage = import_sessions(store, party)
    with Store(tmp_path / "party-first") as store:
        into_party = import_sessions(store, cottage)

    assert contents(tmp_path / "cottage-first") == contents(tmp_path / "party-first")
    assert sum(contents(tmp_path / "cottage-first").values()) == 3  # the game counted once
    for report in (into_cottage, into_party):
        assert report.waiting == [shared] and not report.both_kept
        assert any("one game" in line for line in report.lines())
    assert len(into_cottage.added) == 1  # the party's Hot Rum
    assert into_party.added == []
    # Both keep both versions of the shared game under the shared id, waiting.
    for folder in ("cottage-first", "party-first"):
        with Store(tmp_path / folder, readonly=True) as store:
            assert store.waiting(shared)
            versions = store.gathered(shared).merged.versions
            found = sorted((list(v.rounds) for v in versions), key=str)
            assert found == sorted([[MADE_3, MADE_4], [MADE_3, UPPED_2]], key=str)


def test_importing_twice_adds_nothing_the_second_time(laptops: tuple[Path, Path, str]) -> None:
    cottage, party, _ = laptops
    with Store(cottage) as store:
        first = import_sessions(store, party)
        second = import_sessions(store, party)
    assert len(first.added) == 1 and len(first.waiting) == 1
    assert second.added == [] and len(second.skipped) == 3


def test_an_imported_session_keeps_its_times_and_so_its_night(
    laptops: tuple[Path, Path, str],
) -> None:
    cottage, party, _ = laptops
    with Store(party, readonly=True) as store:
        times = {s.id: (s.started, s.updated) for s in store.summaries()}
    with Store(cottage) as store:
        report = import_sessions(store, party)
        hot_rum = next(sid for sid in report.added if sid in times)
        summary = next(s for s in store.summaries() if s.id == hot_rum)
        assert (summary.started, summary.updated) == times[hot_rum]
        assert summary.game == "hot-rum" and summary.balances["Cy"] == 48


def test_a_session_moved_to_its_own_night_there_is_moved_here_too(
    laptops: tuple[Path, Path, str],
) -> None:
    cottage, party, _ = laptops
    with Store(party) as store:
        hot_rum = next(s.id for s in store.summaries() if s.game == "hot-rum")
        moved = nights.move(store, hot_rum, "new")
    with Store(cottage) as store:
        report = import_sessions(store, party)
        assert hot_rum in report.added
        night = next(n for n in nights.nights_of(store) if n.key == moved.key)
        assert [s.id for s in night.sessions] == [hot_rum]


def test_a_damaged_entry_is_reported_and_the_rest_imported(
    laptops: tuple[Path, Path, str], tmp_path: Path
) -> None:
    cottage, party, _ = laptops
    with Store(party, readonly=True) as store:
        file = export_json(store, tmp_path / "party-export")
    data = json.loads(file.read_text(encoding="utf-8"))
    hot_rum = next(entry for entry in data["sessions"] if entry["session"]["game"] == "hot-rum")
    hot_rum["session"]["rounds"][0]["out"] = "Zed"
    data["sessions"].append("not a session")
    file.write_text(json.dumps(data), encoding="utf-8")

    with Store(cottage) as store:
        report = import_sessions(store, file)
    assert len(report.waiting) == 1  # the other version of the shared game
    assert len(report.damaged) == 2
    assert f"({hot_rum['id']})" in report.damaged[0] and "does not replay" in report.damaged[0]
    assert "is not a session" in report.damaged[1]


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda data: b"{not json", "is not valid JSON"),
        (lambda data: data[: len(data) // 2], "is not valid JSON|is cut short"),
        (
            lambda data: json.dumps({**json.loads(data), "schema": SCHEMA + 1}).encode(),
            "was written by a newer scorekeeper",
        ),
        (lambda data: json.dumps({"format": "other"}).encode(), "is not a scorekeeper export"),
        (
            lambda data: json.dumps({"format": FORMAT, "schema": SCHEMA}).encode(),
            "has no schema or no list of sessions",
        ),
    ],
)
def test_a_damaged_or_newer_file_is_refused_and_changes_nothing(
    laptops: tuple[Path, Path, str],
    tmp_path: Path,
    damage: object,
    message: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    cottage, party, _ = laptops
    with Store(party, readonly=True) as store:
        file = export_json(store, tmp_path / "party-export")
    file.write_bytes(damage(file.read_bytes()))  # type: ignore[operator]
    before = snapshot(cottage)

    with Store(cottage) as store, pytest.raises(ImportRefused, match=message):
        import_sessions(store, file)
    assert main(["import", str(file), "--db", str(cottage)]) == 1
    assert re.search(message, capsys.readouterr().err)

    assert snapshot(cottage) == before


def test_a_store_written_by_a_newer_scorekeeper_is_refused(
    laptops: tuple[Path, Path, str],
) -> None:
    cottage, party, shared = laptops
    (file,) = (party / "logs").glob(f"{shared}.*.json")
    laptop = file.name.split(".")[1]
    raw = json.loads(file.read_text(encoding="utf-8"))
    made = raw["events"]
    last = made[str(max(map(int, made)))]
    made[str(len(made) + 1)] = {  # an event of a kind only a newer scorekeeper makes
        "id": f"{laptop}:{len(made) + 1}",
        "after": [last["id"]],
        "at": last["at"] + 1,
        "kind": "tip",
        "body": {"to": "Ann"},
    }
    file.write_text(json.dumps(raw), encoding="utf-8")
    before = snapshot(cottage)
    with Store(cottage) as store, pytest.raises(ImportRefused, match="newer scorekeeper"):
        import_sessions(store, party)
    assert snapshot(cottage) == before


def test_a_store_of_the_older_layout_is_imported_and_left_as_it_was(tmp_path: Path) -> None:
    """A store as the releases before wrote it (``sessions/<id>.json``), given to import:
    its sessions come in, and the folder given is only read, never moved over."""
    older = tmp_path / "older"
    session = racehorse(MADE_3, UPPED_2)
    document = older_document(session, 1, "2026-12-01T20:00:00+01:00")
    (older / "sessions").mkdir(parents=True)
    (older / "sessions" / "5f02a1da.json").write_text(json.dumps({"session": {"1": document}}))
    before = snapshot(older)
    stores = machine.state_folder() / "stores"
    with Store(tmp_path / "here") as store:
        machines = set(stores.iterdir()) if stores.exists() else set()
        assert import_sessions(store, older).added == ["5f02a1da"]
        assert store.load("5f02a1da") == session
        left = (set(stores.iterdir()) if stores.exists() else set()) - machines
        kept = {machine.machine_folder(older), machine.machine_folder(store.path)}
        assert left <= kept, "nothing kept for a copy read"
    assert snapshot(older) == before
    assert sorted(path.name for path in older.iterdir()) == ["sessions"]


def test_a_store_open_for_writing_elsewhere_is_refused_and_unchanged(
    laptops: tuple[Path, Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    cottage, party, _ = laptops
    with Store(cottage):
        before = snapshot(cottage)
        assert main(["import", str(party), "--db", str(cottage)]) == 1
        assert "already open for writing" in capsys.readouterr().err
        assert snapshot(cottage) == before


def test_a_failure_while_writing_leaves_the_store_byte_for_byte(
    laptops: tuple[Path, Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    cottage, party, _ = laptops
    with Store(cottage) as store:
        store.summaries()  # the session-list cache brought up to date, as any listing does
    before = snapshot(cottage)
    real_write = durable.write_atomically
    calls = []

    def disk_full_on_the_second(file: Path, data: bytes, **how: Any) -> None:
        calls.append(file)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real_write(file, data, **how)

    monkeypatch.setattr(log, "write_atomically", disk_full_on_the_second)
    with Store(cottage) as store, pytest.raises(StoreError, match="Nothing was added"):
        import_sessions(store, party)
    assert len(calls) == 2
    assert snapshot(cottage) == before


def test_the_command_line_exports_json_and_imports_it(
    laptops: tuple[Path, Path, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cottage, party, shared = laptops
    out = tmp_path / "json-out"
    assert main(["export", "--json", "--db", str(party), "--out", str(out)]) == 0
    assert capsys.readouterr().out == f"wrote {out / 'sessions.json'}\n"
    data = json.loads((out / "sessions.json").read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["schema"] == SCHEMA
    assert sorted(entry["session"]["game"] for entry in data["sessions"]) == [
        "hot-rum",
        "racehorse",
        "seven-hand",
    ]

    assert main(["import", str(out / "sessions.json"), "--db", str(cottage)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith(
        f"Imported 1 session from {out / 'sessions.json'} (1 already here, skipped). "
        f"Into {cottage}.\n"
    )
    assert (
        f"Session {shared} went on differently here and there: one game, its other "
        "version kept beside it, waiting for a decision" in printed
    )


def test_a_folder_that_is_no_store_is_refused(tmp_path: Path) -> None:
    (tmp_path / "photos").mkdir()
    with (
        Store(tmp_path / "store") as store,
        pytest.raises(ImportRefused, match="not a scorekeeper store"),
    ):
        import_sessions(store, tmp_path / "photos")


def test_names_of_every_kind_come_back_exactly(tmp_path: Path) -> None:
    names = ("Smith, Jo", 'Say "cheese"', "=SUM(A1)", "Zoë Müller 中", "O'Brien")
    with Store(tmp_path / "here") as store:
        session = Session.new("racehorse", names)
        session.record({"pitcher": "=SUM(A1)", "bid": 2, "made": True})
        store.add(session)
        file = export_json(store, tmp_path / "out")
    with Store(tmp_path / "there") as store:
        (added,) = import_sessions(store, file).added
        assert store.load(added) == session
        assert store.load(added).players == names


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_given_to_import_is_refused_not_read(tmp_path: Path) -> None:
    fifo = tmp_path / "sessions.json"
    os.mkfifo(fifo)
    with (
        Store(tmp_path / "db") as store,
        pytest.raises(ImportRefused, match="is a named pipe \\(FIFO\\), not a file"),
    ):
        import_sessions(store, fifo)
