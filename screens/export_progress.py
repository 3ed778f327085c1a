"""The export at work: a progress bar while a process of its own writes the CSV files
(``scorekeeper.reports.export_process``), so the screen keeps answering however long the
export and whatever it allocates; Esc stops it with every file already in the folder as
it was.

Dismissed with what happened (``Exported``), or None when stopped.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, WorkerState

from scorekeeper.checks import JSONObject
from scorekeeper.money import currency, name_of
from scorekeeper.store import Store
from screens.format import plain

EXPORTER = [sys.executable, "-m", "scorekeeper.reports.export_process"]
"""The command that exports (its arguments follow): this Python, so this scorekeeper."""
NICER = 10
"""How much lower the exporting process's priority is than the app's: on a busy machine
the screen is served first (its Python start-up included), the export takes what is left."""
STOP_WAIT = 10.0
"""Seconds an export asked to stop as the screen goes is waited for before it is killed:
it stops at its next session, so only a process that hangs is ever killed."""


@dataclass(frozen=True)
class Exported:
    """The files written, or why nothing was."""

    paths: list[Path]
    problem: str | None = None


class ExportProgress(ModalScreen[Exported | None]):
    CSS_PATH = "export_progress.tcss"
    BINDINGS = [Binding("escape", "stop", "Stop", tooltip="Stop; the folder stays as it was")]

    def __init__(
        self, store: Store, folder: Path, session_ids: Sequence[str] | None, prefix: str = ""
    ) -> None:
        super().__init__()
        self.store = store
        self.folder = folder
        self.session_ids = session_ids
        self.prefix = prefix
        self.exporter: asyncio.subprocess.Process | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="exporting"):
            yield Static(plain(f"Exporting to {self.folder}"), id="exporting-title")
            yield ProgressBar(show_eta=False, id="progress")
            yield Static("Esc to stop: the files already there stay as they were.", id="hint")

    def on_mount(self) -> None:
        self.write()

    def _arguments(self) -> list[str]:
        # Joined by "=": a folder named "-x" stays a value, not an option.
        arguments = [f"--db={self.store.path}", f"--out={self.folder}", f"--prefix={self.prefix}"]
        money = currency()
        arguments += [f"--currency={name_of(money)}", "--comma" if money.comma else "--no-comma"]
        if self.session_ids is not None:
            arguments += ["--session", *self.session_ids]
        return arguments

    @work(exclusive=True, exit_on_error=False, group="export")
    async def write(self) -> None:
        """Starts the exporting process and follows its lines until its outcome."""
        bar = self.query_one("#progress", ProgressBar)
        exporter = await asyncio.create_subprocess_exec(
            *EXPORTER,
            *self._arguments(),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        self.exporter = exporter
        with contextlib.suppress(AttributeError, OSError):  # no priorities on Windows
            os.setpriority(os.PRIO_PROCESS, exporter.pid, NICER)
        assert exporter.stdout is not None and exporter.stderr is not None
        complaint = asyncio.ensure_future(exporter.stderr.read())
        said: JSONObject = {}
        try:
            async for line in exporter.stdout:
                said = json.loads(line)
                if "done" in said:
                    bar.update(total=said["total"], progress=said["done"])
        finally:
            self._ask_to_stop()
            status = await exporter.wait()
        if "stopped" in said:
            self.dismiss(None)
        elif "written" in said:
            self.dismiss(Exported([Path(path) for path in said["written"]]))
        elif "problem" in said:
            self.dismiss(Exported([], said["problem"]))
        else:
            last = (await complaint).decode(errors="replace").strip().splitlines()[-1:]
            why = last[0] if last else f"exit status {status}"
            self.dismiss(Exported([], f"the export stopped ({why})"))

    def _ask_to_stop(self) -> None:
        """Closing its stdin is how the exporting process is asked to stop."""
        if self.exporter is not None and self.exporter.stdin is not None:
            self.exporter.stdin.close()

    async def on_unmount(self) -> None:
        """Dismissed or the app closing: the exporting process is asked to stop and waited
        for, so none outlives the screen and none is left for the garbage collector; one
        that does not stop within ``STOP_WAIT`` is killed (a file it was writing is never
        half there: each is written whole, then moved into place)."""
        self._ask_to_stop()
        if self.exporter is not None:
            try:
                await asyncio.wait_for(self.exporter.wait(), STOP_WAIT)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    self.exporter.kill()
                await self.exporter.wait()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A failure the export did not foresee is reported like any other."""
        if event.state == WorkerState.ERROR and self.is_current:
            self.dismiss(Exported([], f"the export stopped ({event.worker.error!r})"))

    def action_stop(self) -> None:
        """The process ends at its next session and says so; the screen waits for that,
        so it never reports a stop after the files were in fact replaced."""
        self._ask_to_stop()
        self.query_one("#hint", Static).update("Stopping…")
