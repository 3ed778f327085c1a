"""Start-up in instructions, the figure that does not drift: launch to the first frame that
holds the screen's text, counted by valgrind (cachegrind, no cache simulation) on a fresh
80x24 pty, the app against a bare Textual app (``bench_start``'s). On this kind of shared
machine one pair of wall clocks can differ 0.6x to 1.5x; a count repeats to 0.1%.

The process ends the moment Textual's driver is handed the frame holding the mark: a hook
loaded through ``sitecustomize`` (written into a temporary folder on PYTHONPATH, for both
apps alike) wraps ``LinuxDriver.write``, and valgrind writes its count as the process exits.
The stores are ``bench_start``'s: empty, and 10,000 sessions whose list's cache is current,
so the first frame lists them.

Needs valgrind (Debian's ``valgrind``); without it, says so and exits 1.

Run: .venv/bin/python -m tests.bench.bench_instructions [--compare CHECKOUT] [--quick]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import select
import shutil
import sys
import tempfile
import time
from pathlib import Path

from tests.bench.bench_start import (
    BARE_MARK,
    EMPTY_MARK,
    GOAL,
    LIST_MARK,
    PROJECT,
    bare_launch,
    build_with,
    compile_project,
    console_of,
    on_pty,
    scorekeeper_command,
)

HOOK = """
import importlib.abc, importlib.machinery, os, sys

MARK = os.environ["BENCH_MARK"]


class Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name != "textual.drivers.linux_driver":
            return None
        sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        run = spec.loader.exec_module

        def exec_module(module):
            run(module)
            write = module.LinuxDriver.write

            def ending(self, data):
                if MARK in data:
                    os._exit(0)
                write(self, data)

            module.LinuxDriver.write = ending

        spec.loader.exec_module = exec_module
        return spec


sys.meta_path.insert(0, Finder())
"""
"""The ``sitecustomize`` both apps start with: ends the process at the frame holding
``BENCH_MARK`` (a Python module of its own: the project's code is never changed)."""
TIMEOUT = 600.0


def instructions(command: list[str], env: dict[str, str], mark: bytes, log: Path) -> int:
    """Instructions from spawning ``command`` under valgrind until its frame with ``mark``."""
    valgrind = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        f"--log-file={log}",
    ]
    process, leader = on_pty([*valgrind, *command], dict(env, BENCH_MARK=mark.decode()))
    deadline = time.monotonic() + TIMEOUT
    try:
        while process.poll() is None:
            if time.monotonic() > deadline:
                process.kill()
                raise RuntimeError(f"{command[0]} never drew {mark!r}")
            ready, _, _ = select.select([leader], [], [], 0.5)
            if ready:
                with contextlib.suppress(OSError):  # drained, or the app blocks on its frames
                    os.read(leader, 65536)
    finally:
        os.close(leader)
    counted = re.search(r"I\s+refs:\s+([\d,]+)", log.read_text())
    if counted is None:
        raise RuntimeError(f"{command[0]}: valgrind counted nothing; its log: {log}")
    return int(counted.group(1).replace(",", ""))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="30 sessions: does it run")
    parser.add_argument(
        "--compare", type=Path, metavar="CHECKOUT", help="also count another checkout's app"
    )
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
    many = 30 if args.quick else 10_000
    root = Path(tempfile.mkdtemp(prefix="bench-instructions-"))
    try:
        site = root / "site"
        site.mkdir()
        (site / "sitecustomize.py").write_text(HOOK)
        bare, env = bare_launch(root)
        env["PYTHONPATH"] = str(site)
        apps = [("scorekeeper", scorekeeper_command(), env, PROJECT)]
        if args.compare is not None:
            checkout = args.compare.resolve()
            launch_env = dict(env, PYTHONPATH=f"{checkout}{os.pathsep}{site}")
            apps.append((checkout.name, console_of(checkout), launch_env, checkout))
        for _, _, _, checkout in apps:
            compile_project(checkout, source=False)
        log = root / "valgrind.log"
        floor = instructions(bare, env, BARE_MARK, log)
        print(f"bare Textual app: {floor / 1e6:,.1f} M instructions to its first frame")
        for number, (name, command, launch_env, checkout) in enumerate(apps):
            full = root / f"full-{number}"
            build_with(checkout, full, many)
            for store, mark, what in (
                (root / f"empty-{number}", EMPTY_MARK, "empty store, Home"),
                (full, LIST_MARK, f"{many:,} sessions, list"),
            ):
                counted = instructions(
                    command, dict(launch_env, SCOREKEEPER_DB=str(store)), mark, log
                )
                print(
                    f"{name}, {what}: {counted / 1e6:,.1f} M, {counted / floor:.3f}x the bare "
                    f"app (goal <= {GOAL:.2f}x)"
                )
    finally:
        shutil.rmtree(root)


if __name__ == "__main__":
    main()
