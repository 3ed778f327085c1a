"""The exporting process, held before its second session until the test lets it go:
``python held_export.py GATE ARGS...`` runs the real export with ARGS, and before reading
the second session waits for GATE (a named pipe) to be opened for writing and closed."""

from __future__ import annotations

import sys
from typing import Any

from scorekeeper.reports import export_process
from scorekeeper.store import Store

gate, arguments = sys.argv[1], sys.argv[2:]
read = Store.sealed_rows
done: list[str] = []


def held_read(self: Store, session_id: str) -> Any:
    if done:
        with open(gate, "rb") as waiting:
            waiting.read()
    done.append(session_id)
    return read(self, session_id)


Store.sealed_rows = held_read  # type: ignore[method-assign]
raise SystemExit(export_process.main(arguments))
