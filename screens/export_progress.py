"""The export at work: a progress bar while a worker thread writes the CSV files, so the
screen keeps answering; Esc stops it with every file already in the folder as it was.

Dismissed with what happened (``Exported``), or None when stopped.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, WorkerState, get_current_worker

from scorekeeper.store import Store, StoreError
from screens.format import plain

REDRAW_EVERY = 0.05
"""Seconds between progress updates sent to the screen: each one waits for the event loop."""


@dataclass(frozen=True)
class Exported:
    """The files written, or why nothing was."""

    paths: list[Path]
    problem: str | None = None


class _Stopped(Exception):
    """Raised from the progress callback once Esc was pressed: the export writes nothing."""


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

    def compose(self) -> ComposeResult:
        with Vertical(id="exporting"):
            yield Static(plain(f"Exporting to {self.folder}"), id="exporting-title")
            yield ProgressBar(show_eta=False, id="progress")
            yield Static("Esc to stop: the files already there stay as they were.")

    def on_mount(self) -> None:
        self.bar = self.query_one("#progress", ProgressBar)
        self.write()

    @work(thread=True, exclusive=True, exit_on_error=False, group="export")
    def write(self) -> None:
        from scorekeeper.reports.export import export  # only when asked: keeps start-up quick

        worker, bar = get_current_worker(), self.bar
        shown = 0.0

        def progress(done: int, total: int) -> None:
            nonlocal shown
            if worker.is_cancelled:
                raise _Stopped
            now = time.monotonic()
            if now - shown >= REDRAW_EVERY or done == total:
                shown = now
                self.app.call_from_thread(bar.update, total=total, progress=done)

        try:
            paths = export(
                self.store, self.folder, self.session_ids, prefix=self.prefix, progress=progress
            )
        except _Stopped:
            return
        except (OSError, StoreError) as error:
            outcome = Exported([], str(error))
        else:
            outcome = Exported(paths)
        if not worker.is_cancelled:
            self.app.call_from_thread(self.dismiss, outcome)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A failure the export did not foresee is reported like any other."""
        if event.state == WorkerState.ERROR and self.is_current:
            self.dismiss(Exported([], f"the export stopped ({event.worker.error!r})"))

    def action_stop(self) -> None:
        self.workers.cancel_group(self, "export")
        self.dismiss(None)
