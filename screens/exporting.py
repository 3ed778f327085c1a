"""Export to CSV from any screen: a notification says where the files went, or why not."""

from __future__ import annotations

from textual.widget import Widget

from scorekeeper.reports import EXPORTS
from scorekeeper.store import Store, StoreError


def export_sessions(screen: Widget, store: Store, session_ids: list[str] | None) -> None:
    """Write the sessions (all when ``None``) to ``exports/``; failures change nothing."""
    from scorekeeper.reports.export import export  # only when asked: keeps start-up quick

    try:
        written = export(store, EXPORTS, session_ids)
    except (OSError, StoreError) as error:
        reason = str(error).rstrip(".")  # the domain's message may end a sentence already
        screen.notify(
            f"Export failed: {reason}. Nothing was changed; check the folder {EXPORTS.resolve()}.",
            title="Not exported",
            severity="error",
            timeout=10,
        )
        return
    screen.notify(f"Wrote {', '.join(str(path) for path in written)}", title="Exported")
