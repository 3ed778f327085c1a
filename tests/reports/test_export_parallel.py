"""Many sessions are written by worker processes: the files are byte for byte those one
process writes, in the same order, damaged files skipped alike."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scorekeeper import Session
from scorekeeper.reports import export as exporting
from scorekeeper.reports.export import export
from scorekeeper.store import Store, StoreDamaged
from tests.reports.log_files import log_of

SEATS = ["Ann", "Bob", "Cy", "Di", "Ed"]


def _played(game: str, rounds: int) -> Session:
    session = Session.new(game, SEATS)
    for number in range(rounds):
        out = SEATS[number % len(SEATS)]
        others = [name for name in SEATS if name != out]
        round_: dict[str, Any] = {
            "racehorse": {"pitcher": out, "bid": 2 + number % 3, "made": number % 2 == 0},
            "hot-rum": {"out": out, "rummy": False, "deadwood": {n: 4 for n in others}},
            "seven-hand": {"out": out, "points": {n: 5 for n in others}},
        }[game]
        session.record(round_)
    return session


def test_worker_processes_write_the_files_one_process_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Three sessions a batch, so the workers' batches come back out of order.
    monkeypatch.setattr(exporting, "BATCH", 3)
    games = ["racehorse"] * 3 + ["hot-rum", "hot-rum", "racehorse"] + ["seven-hand"] * 4
    with Store(tmp_path / "db") as store:
        ids = [store.add(_played(game, 1 + n % 4)) for n, game in enumerate(games)]
        damaged = store.add(_played("racehorse", 2))
    log_of(tmp_path / "db", damaged).write_bytes(b"")
    heard: list[tuple[int, int]] = []
    with Store(tmp_path / "db", readonly=True) as store:
        for chosen in (ids, None):
            alone = export(store, tmp_path / "alone", chosen, processes=1)
            shared = export(
                store,
                tmp_path / "shared",
                chosen,
                processes=2,
                progress=lambda done, total: heard.append((done, total)),
            )
            assert [path.read_bytes() for path in shared] == [path.read_bytes() for path in alone]
        with pytest.raises(StoreDamaged):
            export(store, tmp_path / "named", [*ids, damaged], processes=2)
    assert heard[0] == (3, len(ids)) and heard[-1] == (len(ids), len(ids))
    assert not (tmp_path / "named").exists()
