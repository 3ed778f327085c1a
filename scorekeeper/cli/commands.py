"""The commands that need no screen, one function each: ``list``, ``export`` (CSV or
``--json``), ``import``, ``night move``, ``stats``, ``settle``, ``doctor`` and
``conflicts``, with the way they print. ``command_line`` reads the command line and runs
the one asked for.

Each prints what came from outside drawn, not obeyed (``say``), and returns the exit
status. Each imports the reports it needs when it runs, so the app, which starts from
the same command, does not wait for them.
"""

from __future__ import annotations

import functools
import re
import sys
import time
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper.errors import RuleError
from scorekeeper.store import Damage, Store, StoreError, Summary, how_to_recover
from scorekeeper.wording import (
    cells,
    day_and_clock,
    pad,
    pad_left,
    plural,
    spoken_day,
    visible,
)

if TYPE_CHECKING:
    from scorekeeper.reports.nights import Night
    from scorekeeper.store.conflicts import Conflict

HEADINGS = ("ID", "GAME", "STARTED", "ROUNDS", "STATUS", "PLAYERS")


def _status(summary: Summary) -> str:
    mark = "⚠ " if summary.waiting else ""
    if summary.finished:
        return mark + "won by " + ", ".join(summary.winners)
    return f"{mark}{summary.dealer} deals"


def _say_waiting(store: Store, summaries: Sequence[Summary]) -> None:
    """A line for each game among ``summaries`` that waits for a decision (its figures
    are the version shown meanwhile), and for each decided twice at once."""
    from scorekeeper.store.resolve import replaced_words

    waiting = [summary for summary in summaries if summary.waiting]
    for summary in waiting:
        say(
            f"⚠ {summary.id} ({', '.join(summary.players)}) is waiting for a decision: the "
            "game went on differently on two laptops; its figures here are the version "
            "shown. See both and decide with `scorekeeper conflicts`."
        )
    for summary in summaries:
        if summary.overruled:
            try:
                merged = store.gathered(summary.id).merged
            except StoreError:
                continue
            for line in replaced_words(merged):
                say(f"{summary.id}: {line}.")


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
    """Each kind of trouble with the session files on one line: a lone file with the
    store's own words on what is wrong and what to do, many alike counted, with the first
    named (a folder of a hundred thousand files that are no sessions is one line, with
    one path made)."""
    kinds: dict[str, tuple[Damage, int]] = {}
    for damage in store.damage():
        kind = _kind_of(damage.reason)
        first, count = kinds.get(kind, (damage, 0))
        kinds[kind] = first, count + 1
    for reason, (first, count) in kinds.items():
        if count == 1:
            try:
                store.load(first.name.partition(".")[0])
            except StoreError as error:
                say(f"{error} That session is {left_out}.", problem=True)
            else:
                advice = how_to_recover(first.path)
                said = f"{first.path} {first.reason}"
                say(f"{said}; the session is made of its other logs. {advice}", problem=True)
            continue
        say(
            f"{count:,} session files cannot be used, each {reason} (the first: "
            f"{first.path}), so they are {left_out}; each was left untouched. "
            "`scorekeeper doctor` names them all; with scorekeeper closed, "
            "`scorekeeper doctor --fix` puts back the good backup of each of this laptop's "
            "logs or sets it aside (another laptop's log is mended on that laptop).",
            problem=True,
        )


@functools.lru_cache(maxsize=256)
def _kind_of(reason: str) -> str:
    """What is wrong with a file, without what is its own (where in it): the words after
    its name, alike for a hundred thousand junk files, so worked out once."""
    reason = re.split(r"\. |, so ", reason, maxsplit=1)[0].rstrip(".")
    return re.sub(r"\s*\([^)]*\)", "", reason)


def _warn_names(store: Store) -> None:
    """Damaged night names cost only the names: say so, and carry on. A night or a house
    game changed on two laptops apart: say which change the later one replaced."""
    from scorekeeper.reports import night_names
    from scorekeeper.store import house_games

    problem = night_names.read_names(store.path)[1]
    if problem is not None:
        say(problem, problem=True)
    for line in night_names.replaced(store.path) + house_games.replaced(store.path):
        say(line, problem=True)


def _opened(path: Path | None, *, readonly: bool = False) -> Store:
    """The store as every command opens it: keeping the export rows beside each session
    file, as the app and the board do (``rows.open_store``)."""
    from scorekeeper.reports.rows import open_store  # here: `scorekeeper` alone starts the app

    return open_store(path, readonly=readonly)


def _warn_key() -> None:
    """A key that cannot be used costs an export only time: say so, and carry on."""
    from scorekeeper.store import sidecar

    problem = sidecar.key_problem()
    if problem is not None:
        say(problem, problem=True)


def list_sessions(path: Path | None) -> int:
    with _opened(path, readonly=True) as store:
        summaries = store.summaries()
        if summaries:
            say("\n".join(_table(summaries)))
            say(f"{plural(len(summaries), 'session')} in {visible(str(store.path))}")
            _say_waiting(store, summaries)
        else:
            say(f"No sessions yet in {visible(str(store.path))}. Run `scorekeeper` to start one.")
        _warn_damaged(store, "not listed")
        for back in store.came_back():
            say(back.words(), problem=True)
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

    with _opened(path, readonly=True) as store:
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

    with _opened(path, readonly=True) as store:
        say(f"wrote {visible(str(json_export.export_json(store, out)))}")
        _warn_damaged(store, "not exported")
    return 0


def import_from(path: Path | None, source: Path) -> int:
    from scorekeeper.reports import import_source, transfer

    import_source.read_source(source)  # a source that cannot be read is refused before the lock
    with _opened(path) as store:
        report = transfer.import_sessions(store, source)
        lines = [visible(line) for line in report.lines()]
        lines[0] += f" Into {visible(str(store.path.absolute()))}."
    say("\n".join(lines))
    return 0


def move_session(path: Path | None, session_id: str, wanted: str) -> int:
    from scorekeeper.reports import night_report, nights

    with _opened(path) as store:
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

    with _opened(path, readonly=True) as store:
        say(stats.report(stats.gather(store)))
        _say_waiting(store, store.summaries())
        _warn_damaged(store, "not counted")
    return 0


def settle_night(path: Path | None, wanted: str | None, text: bool = False) -> int:
    from scorekeeper.reports import night_report, nights

    with _opened(path, readonly=True) as store:
        everything = nights.nights_of(store)
        if not everything:
            say(f"No sessions yet in {visible(str(store.path))}, so no night to settle.")
            _warn_damaged(store, "not settled")
            return 0
        if wanted is None:
            evening = nights.latest_evening(everything)
            if len(evening) > 1:
                say(_which_table(evening), problem=True)
                return 2
            night = evening[0]
        else:
            try:
                night = nights.find(everything, wanted)
            except LookupError as error:
                say(str(error), problem=True)
                return 1
        if text:
            say(night_report.share(night))
        else:
            say(night_report.report(night))
            _say_waiting(store, night.sessions)
        _warn_names(store)
        _warn_damaged(store, "not settled")
    return 0


def _which_table(evening: Sequence[Night]) -> str:
    """Two tables played apart on the latest date: neither is the night to settle by
    default, so the command names them for ``--night`` (a name beside its date)."""
    named = (f"{night.key} ({night.title})" if night.name else night.key for night in evening)
    return (
        f"{spoken_day(date.fromisoformat(evening[0].date))} has {len(evening)} nights, "
        f"settled apart; say which with --night: {', '.join(named)}"
    )


def run_doctor(path: Path | None, fix: bool) -> int:
    """Each problem on its own line with what ``--fix`` does; status 1 while any is left."""
    from scorekeeper.cli import doctor

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
        if any(not finding.leave for finding in findings):
            print("Run `scorekeeper doctor --fix` (with scorekeeper closed) to do the fixes above.")
            return 1
        return 0
    with _opened(root) as store:
        for line in doctor.repair(store, findings):
            say(visible(line))
    left = [finding for finding in doctor.examine(root) if not finding.leave]
    for finding in left:
        say(f"still wrong: {finding.file} {finding.problem}.", problem=True)
    return 1 if left else 0


def settle_conflicts(
    path: Path | None, keep: str | None, only: Sequence[str], number: int = 0
) -> int:
    """Each session that went on differently, its versions side by side; with ``keep``,
    each decided. Status 1 while any is left undecided."""
    from scorekeeper.conflict_words import conflict_lines
    from scorekeeper.store import resolve

    if keep == resolve.BACK and not (only and number):
        say(
            "--keep back brings back a version set aside: give its --version and the "
            "session, as `scorekeeper conflicts --aside` lists them.",
            problem=True,
        )
        return 2
    with _opened(path, readonly=keep is None) as store:
        if keep == resolve.BACK:
            for session_id in only:
                say(visible(resolve.resolve(store, session_id, keep, number) + "."))
            return 0
        found = [c for c in store.conflicts() if not only or c.session_id in only]
        undecidable = [] if keep is None else _waiting_for_nothing(store, only, found)
        if undecidable:
            for problem in undecidable:
                say(problem, problem=True)
            return 1
        if not found:
            if keep is None:
                say("No session waits for a decision: no game went on differently on two laptops.")
            return 0
        for conflict in found:
            if keep is None:
                for line in conflict_lines(conflict):
                    say(line)
            else:
                say(visible(resolve.resolve(store, conflict.session_id, keep, number) + "."))
    if keep is None:
        print(
            "Decide with `scorekeeper conflicts --keep shown` (the version shown), "
            "`--keep other` or `--keep both` (one after the other), naming the session."
        )
        return 1
    return 0


def _waiting_for_nothing(store: Store, only: Sequence[str], found: Sequence[Conflict]) -> list[str]:
    """Why each session named for a decision cannot take one (unknown, or waiting for
    none): a typo must not pass for a decision made."""
    waiting = {conflict.session_id for conflict in found}
    problems = []
    for session_id in dict.fromkeys(only):
        if session_id in waiting:
            continue
        try:
            store.gathered(session_id)
        except StoreError as error:
            problems.append(error.message)
            continue
        problems.append(
            f"Session {session_id} waits for no decision: nothing was decided "
            "(`scorekeeper conflicts` lists the games that do)."
        )
    return problems


def list_aside(path: Path | None, only: Sequence[str]) -> int:
    """The versions decisions set aside, of the sessions named (default: every one), each
    with the command that brings it back."""
    from scorekeeper.conflict_words import aside_lines

    with _opened(path, readonly=True) as store:
        ids = list(only) or [summary.id for summary in store.summaries()]
        found = []
        for session_id in ids:
            try:
                found += aside_lines(session_id, store.gathered(session_id).merged)
            except StoreError as error:
                if only:
                    say(error.message, problem=True)
    for line in found or ["No version was set aside: every decision kept all there was."]:
        say(line)
    return 0
