"""Money is never read from what a log cannot vouch for: an event another laptop's log
holds under an id it could not have made, or of a kind this scorekeeper does not know,
is left out of every figure, and ``doctor`` names the log with what it refused, one
reason each, leaving the file as it is (docs/rules.md, History across laptops)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper import Session
from scorekeeper.cli import main
from scorekeeper.store import Store
from scorekeeper.store.events import moved_id
from tests.factories import MADE_3, TABLE, UPPED_2, file_of

OTHER = "bbbbbbbbbb"
"""Another laptop's id."""
BOAST = {"round": {"pitcher": "Ann", "bid": 5, "made": True}}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def plant(file: Path, events: list[dict[str, object]]) -> None:
    """What a hostile peer's sync brings: a log of its own, written as TinyDB writes one."""
    file.write_text(json.dumps({"events": {str(n): e for n, e in enumerate(events, 1)}}))


def test_a_forged_event_is_never_shown_as_money_and_doctor_names_each_kind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Store(tmp_path) as store:
        first = store.add(Session.new("racehorse", TABLE))
        store.record(first, MADE_3)
        second = store.add(Session.new("racehorse", TABLE))
        store.record(second, UPPED_2)
        head = store.gathered(first).merged.shown.head
    db = ("--db", str(tmp_path))
    honest = {command: run(capsys, command, *db) for command in ("settle", "stats", "list")}
    mine = head.partition(":")[0]
    forged = tmp_path / "logs" / f"{first}.{OTHER}.json"
    plant(
        forged,
        [
            {"id": f"{mine}:9", "after": [head], "at": 1, "kind": "round", "body": BOAST},
            {
                "id": moved_id((head,), 2, "round", {}),
                "after": [head],
                "at": 2,
                "kind": "round",
                "body": BOAST,
            },
            {"id": f"{OTHER}:1", "after": [head], "at": 3, "kind": "bonus", "body": BOAST},
        ],
    )
    planted = forged.read_bytes()

    for command, (status, out, _) in honest.items():
        assert run(capsys, command, *db)[:2] == (status, out), command
    with Store(tmp_path, readonly=True) as store:
        assert store.load(first).rounds == [MADE_3]
    out = run(capsys, "doctor", *db)[1]
    (line,) = [line for line in out.splitlines() if str(forged) in line]
    assert "holds 1 event forged (its id names another laptop than the log's)" in line
    assert "1 event forged (moved over, but not what its id says)" in line
    assert "1 event of a kind this scorekeeper does not know" in line
    assert f"another laptop's log of session {first}" in line
    run(capsys, "doctor", "--fix", *db)
    assert forged.read_bytes() == planted
    assert file_of(tmp_path, first).exists()


def test_an_event_the_laptop_made_itself_is_shown_from_its_own_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What the test above refuses is refused for what it is: the same round, made by the
    laptop whose log holds it, is a round of the game on every command."""
    with Store(tmp_path) as store:
        first = store.add(Session.new("racehorse", TABLE))
        store.record(first, MADE_3)
        head = store.gathered(first).merged.shown.head
    event = {"id": f"{OTHER}:1", "after": [head], "at": 1, "kind": "round", "body": BOAST}
    plant(tmp_path / "logs" / f"{first}.{OTHER}.json", [event])
    with Store(tmp_path, readonly=True) as store:
        assert store.load(first).rounds == [MADE_3, BOAST["round"]]
    out = run(capsys, "doctor", "--db", str(tmp_path))[1]
    assert OTHER not in out
