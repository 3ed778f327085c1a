"""Small truths: a closed pipe ends a command quietly, and a change that cannot be written
down is refused whole, so memory and disk never disagree."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import Session
from scorekeeper.checks import JSONObject
from scorekeeper.game import Setup
from scorekeeper.games import GAMES
from scorekeeper.store import Store, StoreError, log
from scorekeeper.store.events import Event
from tests.factories import MADE_3, UPPED_2, file_of, racehorse

ROOT = Path(__file__).parents[2]
COMMAND_LINE = "import sys; from scorekeeper.cli import main; sys.exit(main())"


@pytest.mark.skipif(not Path("/bin/sh").exists(), reason="needs a shell pipe")
def test_list_into_head_exits_quietly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as quick:
        quick.setattr(os, "fsync", lambda descriptor: None)
        with Store(tmp_path) as store:
            for _ in range(1500):  # far more than a pipe holds, so the write meets the close
                store.add(Session.new("racehorse", ("Ann", "Bob", "Cy", "Di", "Ed")))
    command = f'"{sys.executable}" -c "{COMMAND_LINE}" --db "{tmp_path}" list | head -1'
    done = subprocess.run(
        ["/bin/sh", "-c", command],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.stdout.split() == ["ID", "GAME", "STARTED", "ROUNDS", "STATUS", "PLAYERS"]
    assert done.stderr == "", "no traceback, no complaint about the pipe"


def test_a_session_too_big_to_write_down_is_refused_and_nothing_is_stored(
    tmp_path: Path,
) -> None:
    """A stake of 10**5000 (were the rules to let it through) cannot be written as JSON."""
    game = GAMES["seven-hand"]
    huge = Session(game, Setup(("Ann", "Bob"), {"stake": 10**5000, "eighth_hand": False}, "Ann"))
    with Store(tmp_path) as store:
        with pytest.raises(StoreError, match="not saved"):
            store.add(huge)
        assert store.summaries() == []
        assert not (tmp_path / "logs").exists() or list((tmp_path / "logs").iterdir()) == []
        kept = store.add(racehorse(MADE_3))
        assert store.load(kept).rounds == [MADE_3]


def test_a_round_that_cannot_be_written_down_leaves_memory_as_the_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Were a round holding 10**5000 to pass the rules, its save fails before anything
    moves, and the store goes on from what is on disk."""
    real = log.OwnLog.extend

    def with_a_huge_number(
        own: log.OwnLog, moved: list[JSONObject], made: list[log.Made]
    ) -> list[Event]:
        huge = [
            (kind, {"round": {**body["round"], "bid": 10**5000}}, *rest)
            for kind, body, *rest in made
        ]
        return real(own, moved, huge)  # type: ignore[arg-type]

    with Store(tmp_path) as store:
        session_id = store.add(racehorse(MADE_3))
        before = file_of(tmp_path, session_id).read_bytes()
        with monkeypatch.context() as patched:
            patched.setattr(log.OwnLog, "extend", with_a_huge_number)
            with pytest.raises(StoreError, match="not saved"):
                store.record(session_id, UPPED_2)
        assert file_of(tmp_path, session_id).read_bytes() == before
        assert store.load(session_id).rounds == [MADE_3]
        store.record(session_id, UPPED_2)
    with Store(tmp_path, readonly=True) as reader:
        assert reader.load(session_id).rounds == [MADE_3, UPPED_2]
