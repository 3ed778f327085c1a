"""The commands that need no screen, one function each: ``list``, ``export`` (CSV or
``--json``), ``import``, ``night move``, ``stats``, ``settle``, ``doctor`` and
``conflicts``, with the way they print. ``cli`` parses the command line and runs the one asked for.

Each prints what came from outside drawn, not obeyed (``say``), and returns the exit
status. Each imports the reports it needs when it runs, so the app, which starts from
the same command, does not wait for them.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from pathlib import Path

from scorekeeper.errors import RuleError
from scorekeeper.store import Store, StoreError, Summary
from scorekeeper.wording import cells, day_and_clock, pad, pad_left, plural, visible

HEADINGS = ("ID", "GAME", "STARTED", "ROUNDS", "STATUS", "PLAYERS")


def _status(summary: Summary) -> str:
    if summary.finished:
        return "won by " + ", ".join(summary.winners)
    return f"{summary.dealer} deals"


def _table(summaries: Sequence[Summary]) -> list[str]:
    from scorekeeper.game import label_in
    from scorekeeper.games import GAMES

    rows = [HEADINGS] + [
        (
            summary.id,
            visible(label_in(summary.option_words))
            or (GAMES[summary.game].name if summary.game in GAMES else visible(summary.game)),
            day_and_clock(summary.started),
            str(summary.rounds),
            visible(_status(summary)),
            visible(", ".join(summary.players)),
        )
        for summary in summaries
    ]
    widths = [max(cells(row[column]) for row in rows) for column in range(len(HEADINGS))]
    lines = []
    for row in rows:
        laid_out = [
            pad_left(cell, widths[column]) if column == 3 else pad(cell, widths[column])
            for column, cell in enumerate(row)
        ]
        lines.append("  ".join(laid_out).rstrip())
    return lines


def say(text: str = "", *, problem: bool = False) -> None:
    """Print a line (or a report's lines) with what came from outside drawn, not obeyed:
    a name holding a terminal escape must not retitle the window or fill the clipboard.
    A problem is one line on stderr."""
    if problem:
        print(f"scorekeeper: {visible(text)}", file=sys.stderr)
    else:
        print(visible(text, lines=True))


def _warn_damaged(store: Store, left_out: str) -> None:
    """Each unreadable file with the store's own words on what is wrong and what to do."""
    for file in store.damaged():
        try:
            store.load(file.stem)
        except StoreError as error:
            say(f"{error} That session is {left_out}.", problem=True)


def _warn_names(store: Store) -> None:
    """Damaged night names cost only the names: say so, and carry on."""
    from scorekeeper.reports.night_names import read_names

    problem = read_names(store.path)[1]
    if problem is not None:
        say(problem, problem=True)


def _warn_key() -> None:
    """A key that cannot be used costs an export only time: say so, and carry on."""
    from scorekeeper.store import seal

    problem = seal.key_problem()
    if problem is not None:
        say(problem, problem=True)


def list_sessions(path: Path | None) -> int:
    with Store(path, readonly=True) as store:
        summaries = store.summaries()
        if summaries:
            say("\n".join(_table(summaries)))
            say(f"{plural(len(summaries), 'session')} in {visible(str(store.path))}")
        else:
            say(f"No sessions yet in {visible(str(store.path))}. Run `scorekeeper` to start one.")
        _warn_damaged(store, "not listed")
    return 0


class _ProgressLine:
    """A progress line on stderr, redrawn in place at most ten times a second; only when
    stderr is a terminal, so scripts and logs see no control characters."""

    def __init__(self) -> None:
        self.shown = 0.0
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.shown < 0.1 and done < total:
            return
        self.shown, self.drawn = now, True
        width = 30
        filled = width * done // total if total else width
        bar = "#" * filled + "-" * (width - filled)
        sys.stderr.write(f"\rexporting [{bar}] {done:,} of {plural(total, 'session')}")
        sys.stderr.flush()

    def end(self) -> None:
        if self.drawn:
            sys.stderr.write("\n")
            sys.stderr.flush()


def export_csv(path: Path | None, session_ids: list[str] | None, out: Path) -> int:
    from scorekeeper.reports.export import export

    with Store(path, readonly=True) as store:
        line = _ProgressLine() if sys.stderr.isatty() else None
        try:
            written = export(store, out, session_ids, progress=line)
        finally:
            if line is not None:
                line.end()
        for file in written:
            say(f"wrote {visible(str(file))}")
        _warn_key()
        _warn_names(store)
        if session_ids is None:
            _warn_damaged(store, "not exported")
    return 0


def export_json(path: Path | None, out: Path) -> int:
    from scorekeeper.reports import json_export

    with Store(path, readonly=True) as store:
        say(f"wrote {visible(str(json_export.export_json(store, out)))}")
        _warn_damaged(store, "not exported")
    return 0


def import_from(path: Path | None, source: Path) -> int:
    from scorekeeper.reports import import_source, transfer

    import_source.read_source(source)  # a source that cannot be read is refused before the lock
    with Store(path) as store:
        report = transfer.import_sessions(store, source)
        lines = [visible(line) for line in report.lines()]
        lines[0] += f" Into {visible(str(store.path.absolute()))}."
    say("\n".join(lines))
    return 0


def move_session(path: Path | None, session_id: str, wanted: str) -> int:
    from scorekeeper.reports import night_report, nights

    with Store(path) as store:
        try:
            night = nights.move(store, session_id, wanted)
        except RuleError as error:
            say(error.message, problem=True)
            return 1
        say(f"Moved {visible(session_id)} to {night.title} ({night.key}):")
        say(night_report.report(night))
    return 0


def show_stats(path: Path | None) -> int:
    from scorekeeper.reports import stats

    with Store(path, readonly=True) as store:
        say(stats.report(stats.gather(store)))
        _warn_damaged(store, "not counted")
    return 0


def settle_night(path: Path | None, wanted: str | None, text: bool = False) -> int:
    from scorekeeper.reports import night_report, nights

    with Store(path, readonly=True) as store:
        everything = nights.nights_of(store)
        if not everything:
            say(f"No sessions yet in {visible(str(store.path))}, so no night to settle.")
            return 0
        try:
            night = everything[0] if wanted is None else nights.find(everything, wanted)
        except LookupError as error:
            say(str(error), problem=True)
            return 1
        say(night_report.share(night) if text else night_report.report(night))
        _warn_names(store)
        _warn_damaged(store, "not settled")
    return 0


def run_doctor(path: Path | None, fix: bool) -> int:
    """Each problem on its own line with what ``--fix`` does; status 1 while any is left."""
    from scorekeeper import doctor

    root = Store(path, readonly=True).path
    if not root.is_dir():
        say(f"There is no store at {visible(str(root))} yet: nothing to check.")
        return 0
    findings = doctor.examine(root)
    if not findings:
        say(f"All files in {visible(str(root))} are fine.")
        return 0
    for finding in findings:
        what = "" if finding.leave else f" Fix: {finding.fix}."
        say(visible(f"{finding.file} {finding.problem}.{what}"))
    if not fix:
        print("Run `scorekeeper doctor --fix` (with scorekeeper closed) to do the fixes above.")
        return 1 if any(not finding.leave for finding in findings) else 0
    with Store(root) as store:
        for line in doctor.repair(store, findings):
            say(visible(line))
    left = [finding for finding in doctor.examine(root) if not finding.leave]
    for finding in left:
        say(f"still wrong: {finding.file} {finding.problem}.", problem=True)
    return 1 if left else 0


def settle_conflicts(path: Path | None, keep: str | None, only: Sequence[str]) -> int:
    """Each session changed on two laptops at once on its own line; with ``keep``, each
    decided. Status 1 while any is left undecided."""
    from scorekeeper.store import resolve

    with Store(path, readonly=keep is None) as store:
        found = [c for c in store.conflicts() if not only or c.session_id in only]
        if not found:
            say("No session waits for a decision: nothing was changed on two laptops at once.")
            return 0
        for conflict in found:
            if keep is None:
                say(visible(f"{conflict.words()}."))
            else:
                say(visible(resolve.resolve(store, conflict, keep) + "."))
    if keep is None:
        print(
            "Decide with `scorekeeper conflicts --keep both` (the other version becomes a "
            "session of its own), `--keep original` or `--keep copy`."
        )
        return 1
    return 0
