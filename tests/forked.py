"""Processes the kill tests start and kill, forked from one that has imported what they
run (multiprocessing's fork server): each is a process of its own, with its own files,
locks and terminal, killed with SIGKILL as the real ones are, without paying Python's
start-up and the imports at every one of the dozens of kills.

One fork server serves a test worker, so every kill test names the same modules, and
what a child runs lives here or in them, never in a test module (whose imports, pytest
first, the child would pay for)."""

from __future__ import annotations

import multiprocessing
import os
import sys

from screens import console

CHILDREN = multiprocessing.get_context("forkserver")
CHILDREN.set_forkserver_preload(["tests.forked", "tests.crash_writer", "screens.app"])


def scorekeeper_on(terminal: str, store: str) -> None:
    """``scorekeeper --db store`` as a shell starts it: a session of its own, the terminal
    its controlling one and its standard input, output and error."""
    os.setsid()
    tty = os.open(terminal, os.O_RDWR)
    for std in range(3):
        os.dup2(tty, std)
    os.close(tty)
    sys.stdin = sys.__stdin__ = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.stdout = sys.__stdout__ = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.stderr = sys.__stderr__ = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    os.environ["TERM"] = "xterm-256color"
    os._exit(console.main(["--db", store]))
