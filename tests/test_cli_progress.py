"""`scorekeeper export` draws a progress line on stderr when it is a terminal, never else."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

from scorekeeper import Session
from scorekeeper.store import Store

EXPORT = "import sys; from screens.console import main; raise SystemExit(main(sys.argv[1:]))"


def _store(path: Path) -> None:
    with Store(path) as store:
        for name in ("Ann", "Bob", "Cy"):
            store.add(Session.new("hot-rum", [name, "Max"]))


def _export(tmp_path: Path, stderr: int) -> subprocess.CompletedProcess[bytes]:
    argv = ["export", "--db", str(tmp_path / "db"), "--out", str(tmp_path / "out")]
    return subprocess.run(
        [sys.executable, "-c", EXPORT, *argv],
        stdout=subprocess.PIPE,
        stderr=stderr,
        check=True,
        timeout=60,
    )


def test_a_terminal_sees_the_export_progress(tmp_path: Path) -> None:
    _store(tmp_path / "db")
    leader, follower = pty.openpty()
    try:
        _export(tmp_path, follower)
        os.close(follower)
        drawn = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:
                break
            if not chunk:
                break
            drawn += chunk
    finally:
        os.close(leader)
    assert b"exporting [" in drawn and b"3 of 3 sessions" in drawn


def test_a_pipe_gets_no_progress_line(tmp_path: Path) -> None:
    _store(tmp_path / "db")
    result = _export(tmp_path, subprocess.PIPE)
    assert result.stderr == b""
    assert b"wrote " in result.stdout
