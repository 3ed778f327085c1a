"""The CSV export in a process of its own, for the app: a long export then never holds up
the screen (its garbage collection and its turns at the interpreter are this process's),
and the screen only reads how far it got.

Run as ``python -m scorekeeper.reports.export_process --db STORE --out DIR --prefix P
[--currency NAME [--comma | --no-comma]] [--session ID ...]``: NAME is the currency in force
in the app (one of ``money.SYMBOLS``), which the CSV names, with its decimal mark (else
the currency's usual one), in which the options' words write money.

Each line on stdout is one JSON object: ``{"done": n, "total": m}`` as it goes (at most
twenty a second, and the last one always), then exactly one of ``{"written": [sessions.csv,
rounds.csv]}``, ``{"problem": "..."}`` (the sentence a person reads, as the export words it)
or ``{"stopped": true}``.

Closing this process's stdin asks it to stop: the export then ends with every file in the
folder as it was, unless it had already replaced them (it then says ``written``). A
parent that goes away closes it too, so an export never outlives the app unasked.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from scorekeeper.money import DOLLARS, SYMBOLS, Currency, name_of, use_currency
from scorekeeper.reports.export import export
from scorekeeper.reports.rows import open_store
from scorekeeper.store import StoreError

REPORT_EVERY = 0.05
"""Seconds between progress lines: the reader redraws a bar, no need to say more."""


class _Stopped(Exception):
    """Raised from the progress callback once stdin closed: the export replaces nothing."""


def _say(message: dict[str, object]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def _stop_when_stdin_closes(stop: threading.Event) -> None:
    """Reads the descriptor itself: a thread blocked in ``sys.stdin`` would hold its lock,
    which the interpreter takes at exit."""
    while os.read(sys.stdin.fileno(), 4096):
        pass
    stop.set()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scorekeeper.reports.export_process")
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--prefix", default="")
    parser.add_argument("--currency", choices=SYMBOLS, default=name_of(DOLLARS))
    parser.add_argument("--comma", action=argparse.BooleanOptionalAction, default=None)
    parser.add_argument("--session", action="extend", nargs="+", metavar="ID")
    args = parser.parse_args(argv)
    known = SYMBOLS[args.currency]
    comma = known.comma if args.comma is None else args.comma
    use_currency(Currency(known.symbol, known.after, comma))
    stop = threading.Event()
    threading.Thread(target=_stop_when_stdin_closes, args=(stop,), daemon=True).start()
    said = 0.0

    def progress(done: int, total: int) -> None:
        nonlocal said
        if stop.is_set():
            raise _Stopped
        now = time.monotonic()
        if now - said >= REPORT_EVERY or done == total:
            said = now
            _say({"done": done, "total": total})

    try:
        with open_store(args.db, readonly=True) as store:
            paths = export(store, args.out, args.session, prefix=args.prefix, progress=progress)
    except _Stopped:
        _say({"stopped": True})
        return 0
    except BrokenPipeError:
        return 1  # the app went away mid-export: nobody to tell
    except (OSError, StoreError) as error:
        _say({"problem": str(error)})
        return 1
    except Exception as error:
        _say({"problem": f"the export stopped ({error!r})"})
        return 1
    _say({"written": [str(path) for path in paths]})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
