"""The console script's ``main`` run in the test's own process, with what it prints
caught: the exit status and output a person would see, without starting Python and
importing the project again for every command. Where the process itself is the subject
(its exit, a kill, what reaches the terminal), a test starts the real one."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

from screens.console import main


@dataclass(frozen=True)
class Ran:
    """What a command gave back, named as ``subprocess.run`` names it."""

    returncode: int
    stdout: str
    stderr: str


def scorekeeper(folder: Path, *arguments: str) -> Ran:
    """``scorekeeper --db folder arguments…``, as typed at a shell."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(["--db", str(folder), *arguments])
    return Ran(status, out.getvalue(), err.getvalue())
