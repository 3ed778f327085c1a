"""The ``scorekeeper`` commands that need no screen: ``list``, ``export`` (CSV or
``--json``), ``import``, ``stats``, ``settle --night``, ``night move``, ``doctor`` and
``--version``. With no command the launcher's app starts instead (``screens.console``
hands it in), so this module never loads the UI.

Every command but the app, ``import``, ``night move`` and ``doctor --fix`` opens the store
read-only, so they work while the app is open; those change the store and wait for the
app to close. Output cut off by a closed pipe (``scorekeeper list | head -1``) ends the
command quietly.
Problems go to stderr as one sentence saying what to do, with a non-zero exit status; a
bug, too, is one line, naming the file in the temp folder that holds its traceback.

Each command imports what it needs when it runs: the app starts from here too, and the
reports, the doctor and the games are not what its first frame waits for.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper import __version__
from scorekeeper.errors import RuleError
from scorekeeper.reports import EXPORTS
from scorekeeper.store import Store, StoreError, Summary
from scorekeeper.wording import cells, day_and_clock, pad, pad_left, plural, visible

if TYPE_CHECKING:
    import argparse

HEADINGS = ("ID", "GAME", "STARTED", "ROUNDS", "STATUS", "PLAYERS")

App = Callable[[Path | None], int]
"""Starts the app on the store at the path (None: the default store); returns the status."""


def _parser() -> argparse.ArgumentParser:
    import argparse  # only for a command: the app alone starts without building a parser

    db_help = "the store folder (default: $SCOREKEEPER_DB, else the user data folder)"
    parser = argparse.ArgumentParser(
        prog="scorekeeper",
        description="Keeps score, deal and money for six card games. "
        "With no command, starts the app.",
    )
    parser.add_argument("--version", action="version", version=f"scorekeeper {__version__}")
    parser.add_argument("--db", type=Path, metavar="PATH", help=db_help)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    listing = commands.add_parser("list", help="print the stored sessions as a table")
    exporting = commands.add_parser(
        "export", help="write sessions.csv and rounds.csv (or with --json, sessions.json)"
    )
    exporting.add_argument(
        "--session",
        action="extend",
        nargs="+",
        metavar="ID",
        help="only these sessions (default: all, oldest first)",
    )
    exporting.add_argument(
        "--out", type=Path, default=EXPORTS, metavar="DIR", help="folder to write (./exports)"
    )
    exporting.add_argument(
        "--json",
        action="store_true",
        help="write every session with its rounds into one file, sessions.json, "
        "that `scorekeeper import` reads on another laptop",
    )
    importing = commands.add_parser(
        "import", help="add the sessions another laptop recorded (same id, same rounds: skipped)"
    )
    importing.add_argument(
        "source", type=Path, metavar="FILE_OR_STORE", help="a sessions.json or a store folder"
    )
    night = commands.add_parser("night", help="move a session to another night")
    night_commands = night.add_subparsers(dest="night_command", metavar="ACTION", required=True)
    moving = night_commands.add_parser(
        "move", help="move SESSION to NIGHT (a date, a night's name, or `new`)"
    )
    moving.add_argument("session", metavar="SESSION", help="the session's id (scorekeeper list)")
    moving.add_argument(
        "night",
        metavar="NIGHT",
        help="the night's date (YYYY-MM-DD, or YYYY-MM-DD-2 for its second table), its name, "
        "or `new` for a new night of the session's own date",
    )
    statistics = commands.add_parser("stats", help="print every player's statistics")
    settling = commands.add_parser(
        "settle", help="who pays whom over every game of one night (default: the last)"
    )
    settling.add_argument(
        "--night", metavar="DATE", help="the night's date (YYYY-MM-DD) or the name given to it"
    )
    doctor = commands.add_parser(
        "doctor", help="check every file of the store; --fix repairs what can be repaired"
    )
    doctor.add_argument(
        "--fix",
        action="store_true",
        help="put good backups back, move what cannot be repaired to damaged/, rebuild the index",
    )
    conflicts = commands.add_parser(
        "conflicts",
        help="list the sessions changed on two laptops at once; with --keep, decide",
    )
    conflicts.add_argument(
        "--keep",
        choices=("both", "original", "copy"),
        help="both: the other version becomes a session of its own; original: it is "
        "removed; copy: it takes the session's place",
    )
    conflicts.add_argument(
        "session", nargs="*", metavar="SESSION", help="only these sessions (default: every one)"
    )
    for command in (
        listing,
        exporting,
        importing,
        moving,
        statistics,
        settling,
        doctor,
        conflicts,
    ):
        command.add_argument(
            "--db", type=Path, metavar="PATH", default=argparse.SUPPRESS, help=db_help
        )
    return parser


def _status(summary: Summary) -> str:
    if summary.finished:
        return "won by " + ", ".join(summary.winners)
    return f"{summary.dealer} deals"


def _table(summaries: Sequence[Summary]) -> list[str]:
    from scorekeeper.games import GAMES

    rows = [HEADINGS] + [
        (
            summary.id,
            GAMES[summary.game].name if summary.game in GAMES else visible(summary.game),
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


def _say(text: str = "", *, problem: bool = False) -> None:
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
            _say(f"{error} That session is {left_out}.", problem=True)


def _warn_names(store: Store) -> None:
    """Damaged night names cost only the names: say so, and carry on."""
    from scorekeeper.reports.night_names import read_names

    problem = read_names(store.path)[1]
    if problem is not None:
        _say(problem, problem=True)


def _warn_key() -> None:
    """A key that cannot be used costs an export only time: say so, and carry on."""
    from scorekeeper.store import seal

    problem = seal.key_problem()
    if problem is not None:
        _say(problem, problem=True)


def _list(path: Path | None) -> int:
    with Store(path, readonly=True) as store:
        summaries = store.summaries()
        if summaries:
            _say("\n".join(_table(summaries)))
            _say(f"{plural(len(summaries), 'session')} in {visible(str(store.path))}")
        else:
            _say(f"No sessions yet in {visible(str(store.path))}. Run `scorekeeper` to start one.")
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


def _export(path: Path | None, session_ids: list[str] | None, out: Path) -> int:
    from scorekeeper.reports.export import export

    with Store(path, readonly=True) as store:
        line = _ProgressLine() if sys.stderr.isatty() else None
        try:
            written = export(store, out, session_ids, progress=line)
        finally:
            if line is not None:
                line.end()
        for file in written:
            _say(f"wrote {visible(str(file))}")
        _warn_key()
        _warn_names(store)
        if session_ids is None:
            _warn_damaged(store, "not exported")
    return 0


def _export_json(path: Path | None, out: Path) -> int:
    from scorekeeper.reports import transfer

    with Store(path, readonly=True) as store:
        _say(f"wrote {visible(str(transfer.export_json(store, out)))}")
        _warn_damaged(store, "not exported")
    return 0


def _import(path: Path | None, source: Path) -> int:
    from scorekeeper.reports import transfer

    transfer.read_source(source)  # a source that cannot be read is refused before the lock
    with Store(path) as store:
        report = transfer.import_sessions(store, source)
        lines = [visible(line) for line in report.lines()]
        lines[0] += f" Into {visible(str(store.path.absolute()))}."
    _say("\n".join(lines))
    return 0


def _move(path: Path | None, session_id: str, wanted: str) -> int:
    from scorekeeper.reports import night_report, nights

    with Store(path) as store:
        try:
            night = nights.move(store, session_id, wanted)
        except RuleError as error:
            _say(error.message, problem=True)
            return 1
        _say(f"Moved {visible(session_id)} to {night.title} ({night.key}):")
        _say(night_report.report(night))
    return 0


def _stats(path: Path | None) -> int:
    from scorekeeper.reports import stats

    with Store(path, readonly=True) as store:
        _say(stats.report(stats.gather(store)))
        _warn_damaged(store, "not counted")
    return 0


def _settle(path: Path | None, wanted: str | None) -> int:
    from scorekeeper.reports import night_report, nights

    with Store(path, readonly=True) as store:
        everything = nights.nights_of(store)
        if not everything:
            _say(f"No sessions yet in {visible(str(store.path))}, so no night to settle.")
            return 0
        try:
            night = everything[0] if wanted is None else nights.find(everything, wanted)
        except LookupError as error:
            _say(str(error), problem=True)
            return 1
        _say(night_report.report(night))
        _warn_names(store)
        _warn_damaged(store, "not settled")
    return 0


def _doctor(path: Path | None, fix: bool) -> int:
    """Each problem on its own line with what ``--fix`` does; status 1 while any is left."""
    from scorekeeper import doctor

    root = Store(path, readonly=True).path
    if not root.is_dir():
        _say(f"There is no store at {visible(str(root))} yet: nothing to check.")
        return 0
    findings = doctor.examine(root)
    if not findings:
        _say(f"All files in {visible(str(root))} are fine.")
        return 0
    for finding in findings:
        what = "" if finding.leave else f" Fix: {finding.fix}."
        _say(visible(f"{finding.file} {finding.problem}.{what}"))
    if not fix:
        print("Run `scorekeeper doctor --fix` (with scorekeeper closed) to do the fixes above.")
        return 1 if any(not finding.leave for finding in findings) else 0
    with Store(root) as store:
        for line in doctor.repair(store, findings):
            _say(visible(line))
    left = [finding for finding in doctor.examine(root) if not finding.leave]
    for finding in left:
        _say(f"still wrong: {finding.file} {finding.problem}.", problem=True)
    return 1 if left else 0


def _conflicts(path: Path | None, keep: str | None, only: Sequence[str]) -> int:
    """Each conflict on its own line; with ``keep``, each decided. Status 1 while any is
    left undecided."""
    from scorekeeper.store import resolve

    with Store(path, readonly=keep is None) as store:
        found = [c for c in store.conflicts() if not only or c.session_id in only]
        if not found:
            _say("No session waits for a decision: nothing was changed on two laptops at once.")
            return 0
        for conflict in found:
            if keep is None:
                _say(visible(f"{conflict.words()}."))
            else:
                _say(visible(resolve.resolve(store, conflict, keep) + "."))
    if keep is None:
        print(
            "Decide with `scorekeeper conflicts --keep both` (the other version becomes a "
            "session of its own), `--keep original` or `--keep copy`."
        )
        return 1
    return 0


def main(argv: Sequence[str] | None = None, app: App | None = None) -> int:
    """Run the command in ``argv`` and return the exit status. With no command, ``app``
    (handed in by the launcher, as the domain never loads the UI) is started."""
    if app is not None and not list(sys.argv[1:] if argv is None else argv):
        return _guarded(lambda: app(None), argv)  # the app alone: no parser to build first
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else 1
    return _guarded(lambda: _run(args, parser, app), argv)


def _guarded(run: Callable[[], int], argv: Sequence[str] | None) -> int:
    """``run()``'s status, with what goes wrong said in one line (see the module's help)."""
    try:
        status = run()
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        # The reader went away (`scorekeeper list | head -1`): nothing left to say. Point
        # stdout at nowhere so the interpreter's own flush at exit does not complain.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return 0
    except StoreError as error:
        _say(str(error), problem=True)
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        _say(f"{where}{error.strerror or error}", problem=True)
    except KeyboardInterrupt:
        return 130
    except Exception as error:
        _say(_bug_report(error, argv), problem=True)
    return 1


def _run(args: argparse.Namespace, parser: argparse.ArgumentParser, app: App | None) -> int:
    if args.command == "list":
        return _list(args.db)
    if args.command == "export" and args.json:
        return _export_json(args.db, args.out)
    if args.command == "export":
        return _export(args.db, args.session, args.out)
    if args.command == "import":
        return _import(args.db, args.source)
    if args.command == "night":
        return _move(args.db, args.session, args.night)
    if args.command == "stats":
        return _stats(args.db)
    if args.command == "settle":
        return _settle(args.db, args.night)
    if args.command == "doctor":
        return _doctor(args.db, args.fix)
    if args.command == "conflicts":
        return _conflicts(args.db, args.keep, args.session)
    if app is None:
        parser.print_usage(sys.stderr)
        print("scorekeeper: give a command (the app starts from `scorekeeper`)", file=sys.stderr)
        return 2
    return app(args.db)


def _bug_report(error: Exception, argv: Sequence[str] | None) -> str:
    """A bug: the traceback goes to a file in the temp folder, the terminal gets one line
    saying where, so a person at the table is not handed a wall of code."""
    import tempfile
    import traceback

    what = type(error).__name__
    arguments = sys.argv[1:] if argv is None else list(argv)
    report = (
        f"scorekeeper {__version__}, Python {sys.version.split()[0]}, arguments {arguments!r}\n\n"
        + "".join(traceback.format_exception(error))
    )
    try:
        with tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", prefix="scorekeeper-crash-", suffix=".txt", delete=False
        ) as file:
            file.write(report)
    except OSError as cause:
        return (
            f"something went wrong ({what}), and the full report could not be written to "
            f"{tempfile.gettempdir()}: {cause.strerror or cause}."
        )
    return (
        f"something went wrong ({what}). The full report is in {file.name}: please pass it "
        "on to whoever looks after scorekeeper."
    )
