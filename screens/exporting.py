"""Export to CSV from any screen: a small dialog asks which folder (the last one used, as a
full path), a progress bar shows the files being written in a worker (Esc stops it), then a
notification names the files written, or says why not.

The messages name folders and files, which may hold ``[`` or an escape: plain text with
its control characters drawn, never markup."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input, Static

from scorekeeper.settings import export_folder, remember_export_folder
from scorekeeper.store import Store, StoreError
from scorekeeper.store.sidecar import key_problem
from scorekeeper.wording import visible
from screens.export_progress import Exported, ExportProgress
from screens.format import plain
from screens.widgets.text_input import TextInput


class ExportScreen(ModalScreen[Path | None]):
    """The folder to write to, editable; Enter writes there, Esc cancels."""

    CSS_PATH = "exporting.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, what: str, folder: Path) -> None:
        super().__init__()
        self.what = what
        self.folder = folder

    def compose(self) -> ComposeResult:
        with Vertical(id="export"):
            yield Static(plain(f"Export {self.what} to CSV"), id="export-title")
            yield Static("Folder (created if missing):")
            # The one field of the box, shown selected: a folder typed replaces it whole.
            yield TextInput(str(self.folder), id="folder", select_on_focus=True)
            yield Static("", id="export-error")
            yield Static("Enter to write · Esc to cancel", id="export-keys")

    @on(Input.Submitted, "#folder")
    def submitted(self, event: Input.Submitted) -> None:
        typed = event.value.strip()
        if not typed:
            self.query_one("#export-error", Static).update("Give a folder to write the files to.")
            return
        self.dismiss(Path(typed).expanduser().absolute())

    @on(Input.Changed, "#folder")
    def changed(self) -> None:
        self.query_one("#export-error", Static).update("")

    def action_cancel(self) -> None:
        self.dismiss(None)


def _write(
    screen: Widget,
    store: Store,
    session_ids: list[str] | None,
    folder: Path,
    done: Callable[[], None] | None,
) -> None:
    from scorekeeper.reports.export import file_prefix  # only when asked: quick start

    def finished(outcome: Exported | None) -> None:
        if outcome is None:
            screen.notify("Export stopped: every file there is as it was.", title="Not exported")
        elif outcome.problem is not None:
            reason = outcome.problem.rstrip(".")  # the domain's message may end a sentence
            screen.notify(
                visible(
                    f"Export failed: {reason}. Nothing was changed; check the folder {folder}."
                ),
                title="Not exported",
                severity="error",
                timeout=10,
                markup=False,
            )
        else:
            written = outcome.paths
            message = f"Wrote {written[0]} and {written[1]}"
            try:
                remember_export_folder(store, folder)
            except StoreError as error:
                message += f". {error}"
            if (unused := key_problem()) is not None:
                message += f". {unused}"
            screen.notify(visible(message), title="Exported", timeout=10, markup=False)
        if done is not None:
            done()

    try:
        prefix = file_prefix(store, session_ids, folder)
    except (OSError, StoreError) as error:
        finished(Exported([], str(error)))
        return
    screen.app.push_screen(ExportProgress(store, folder, session_ids, prefix), finished)


def export_sessions(
    screen: Widget,
    store: Store,
    session_ids: list[str] | None,
    done: Callable[[], None] | None = None,
) -> None:
    """Ask for the folder, then write the sessions (all when ``None``) there under names no
    other export takes; failures change nothing."""
    what = (
        "every session"
        if session_ids is None
        else "this session"
        if len(set(session_ids)) == 1
        else f"these {len(set(session_ids))} sessions"
    )

    def chosen(folder: Path | None) -> None:
        if folder is not None:
            _write(screen, store, session_ids, folder, done)
        elif done is not None:
            done()

    screen.app.push_screen(ExportScreen(what, export_folder(store)), chosen)
