"""The releases before, run on a store this one wrote (a laptop not yet upgraded, or one
that went back): their ``doctor --fix``, their list and their writing leave every file
this version wrote exactly as it is.

Each release is taken from the repository's own history (``git archive``) and run with
this virtualenv, its package first on the path."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from scorekeeper import Session
from scorekeeper.reports.night_names import rename
from scorekeeper.store import Store
from scorekeeper.store.house_games import save_house_game
from scorekeeper.store.machine import SHARED_FILE
from scorekeeper.wording import day
from tests.sync.copying import mirror

RELEASES = ("2cb93f1", "0e58108")
"""The release before this one, and the one before that."""
ROOT = Path(__file__).resolve().parents[2]


def release(commit: str, into: Path) -> Path | None:
    """The ``scorekeeper`` package of ``commit``, unpacked in ``into``; None without git
    or without that commit (a copy of the code with no history)."""
    git = shutil.which("git")
    if git is None:
        return None
    archive = into / f"{commit}.tar"
    made = subprocess.run(
        [git, "-C", str(ROOT), "archive", "-o", str(archive), commit, "scorekeeper"],
        capture_output=True,
        check=False,
    )
    if made.returncode != 0:
        return None
    with tarfile.open(archive) as tar:
        tar.extractall(into / commit, filter="data")
    return into / commit


def run_release(code: Path, *args: str) -> subprocess.CompletedProcess[str]:
    program = (
        "import sys; from scorekeeper.cli.command_line import main; sys.exit(main(sys.argv[1:]))"
    )
    env = {**os.environ, "PYTHONPATH": str(code)}
    return subprocess.run(
        [sys.executable, "-c", program, *args], capture_output=True, text=True, env=env, check=False
    )


def everything(folder: Path) -> dict[str, bytes]:
    return {
        str(file.relative_to(folder)): file.read_bytes()
        for file in sorted(folder.rglob("*"))
        if file.is_file() and file.name != "lock"
    }


@pytest.mark.parametrize("shared", [False, True], ids=["one laptop", "shared"])
@pytest.mark.parametrize("commit", RELEASES)
def test_an_older_release_leaves_what_this_one_wrote_as_it_is(
    tmp_path: Path, commit: str, shared: bool
) -> None:
    code = release(commit, tmp_path)
    if code is None:
        pytest.skip(f"release {commit} is not in this copy's history")
    store = tmp_path / "db"
    store.mkdir()
    if shared:  # a round from another laptop's log too, as after the upgrade
        (store / SHARED_FILE).touch()
        there = tmp_path / "there"
        there.mkdir()
        (there / SHARED_FILE).touch()
    with Store(store) as writer:
        session_id = writer.add(Session.new("score-pad", ["Ann", "Bob"]))
        writer.record(session_id, {"scores": {"Ann": 10, "Bob": 0}})
        save_house_game(writer, "Hearts", "score-pad", {"stake": 5})
        rename(writer, day(writer.summaries()[0].started), "Poker")
    if shared:
        mirror(store, there)
        with Store(there) as other:
            other.record(session_id, {"scores": {"Ann": 0, "Bob": 20}})
        mirror(there, store)
    ours = {
        name: data
        for name, data in everything(store).items()
        if name.startswith(("entries", "logs"))
    }
    logs = [name for name in ours if name.startswith("logs") and name.endswith(".json")]
    assert len(logs) == 1 + shared, "this version wrote its logs"
    for args in (("doctor", "--fix"), ("list",), ("doctor",)):
        ran = run_release(code, "--db", str(store), *args)
        assert "Traceback" not in ran.stderr, ran.stderr
    after = everything(store)
    assert {name: after.get(name) for name in ours} == ours, "nothing moved, nothing changed"
    assert not (store / "damaged").exists() or not any((store / "damaged").iterdir())
    with Store(store, readonly=True) as reader:
        assert [summary.rounds for summary in reader.summaries()] == [1 + shared]
        assert reader.damaged() == []
