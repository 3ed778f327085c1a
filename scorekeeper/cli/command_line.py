"""The ``scorekeeper`` command line: reads it, runs the command asked for (``list``,
``export`` (CSV or ``--json``), ``import``, ``stats``, ``settle --night``, ``night move``,
``doctor``, ``conflicts``, ``--version``; their code is in ``commands``) and turns what
goes wrong into one line. With no command the launcher's app starts instead
(``screens.console`` hands it in), so this module never loads the UI.

Every command but the app, ``import``, ``night move``, ``doctor --fix`` and ``conflicts
--keep`` opens the store
read-only, so they work while the app is open; those change the store and wait for the
app to close. Output cut off by a closed pipe (``scorekeeper list | head -1``) ends the
command quietly.
Problems go to stderr as one sentence saying what to do, with a non-zero exit status; a
bug, too, is one line, naming the file in the temp folder that holds its traceback.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper import __version__
from scorekeeper.reports import EXPORTS
from scorekeeper.store import StoreError

if TYPE_CHECKING:
    import argparse

App = Callable[[Path | None], int]
"""Starts the app on the store at the path (None: the default store); returns the status."""


def _parser() -> argparse.ArgumentParser:
    import argparse  # only for a command: the app alone starts without building a parser

    db_help = "the store folder (default: $SCOREKEEPER_DB, else the user data folder)"
    parser = argparse.ArgumentParser(
        prog="scorekeeper",
        description="Keeps score, deal and money for card games. With no command, starts the app.",
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
        "settle",
        help="who pays whom over every game of one night (default: the last, unless its "
        "date had two tables)",
    )
    settling.add_argument(
        "--night",
        metavar="DATE",
        help="the night's date (YYYY-MM-DD, or YYYY-MM-DD-2 for its second table) or the name "
        "given to it",
    )
    settling.add_argument(
        "--text",
        action="store_true",
        help="the payments as one line to paste in a group chat",
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
        help="list the games that went on differently on two laptops; with --keep, decide",
    )
    conflicts.add_argument(
        "--keep",
        choices=("shown", "other", "both", "back"),
        help="shown: the version shown; other: the other one; both: one after the other; "
        "back: bring back the version set aside numbered --version (see --aside)",
    )
    conflicts.add_argument(
        "--version",
        type=int,
        default=0,
        dest="number",
        help="which version (with --keep other, where more than two wait; with --keep back)",
    )
    conflicts.add_argument(
        "--aside",
        action="store_true",
        help="list the versions decisions set aside, each with the command that brings it back",
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


def _use_the_stores_currency(path: Path | None) -> None:
    """Money printed as the table writes it (the store's currency setting)."""
    from scorekeeper.money import DOLLARS, use_currency
    from scorekeeper.settings import currency_at
    from scorekeeper.store import default_path

    use_currency(currency_at(path or default_path()) or DOLLARS)


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
        _say_problem(str(error))
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        _say_problem(f"{where}{error.strerror or error}")
    except KeyboardInterrupt:
        return 130
    except Exception as error:
        _say_problem(_bug_report(error, argv))
    return 1


def _say_problem(text: str) -> None:
    from scorekeeper.cli.commands import say  # here: the app alone reads no command

    say(text, problem=True)


def _run(args: argparse.Namespace, parser: argparse.ArgumentParser, app: App | None) -> int:
    if args.command in ("list", "export", "stats", "settle", "night"):
        _use_the_stores_currency(args.db)
    from scorekeeper.cli import commands  # here: the app alone reads no command

    if args.command == "list":
        return commands.list_sessions(args.db)
    if args.command == "export" and args.json:
        return commands.export_json(args.db, args.out)
    if args.command == "export":
        return commands.export_csv(args.db, args.session, args.out)
    if args.command == "import":
        return commands.import_from(args.db, args.source)
    if args.command == "night":
        return commands.move_session(args.db, args.session, args.night)
    if args.command == "stats":
        return commands.show_stats(args.db)
    if args.command == "settle":
        return commands.settle_night(args.db, args.night, args.text)
    if args.command == "doctor":
        return commands.run_doctor(args.db, args.fix)
    if args.command == "conflicts" and args.aside:
        return commands.list_aside(args.db, args.session)
    if args.command == "conflicts":
        return commands.settle_conflicts(args.db, args.keep, args.session, args.number)
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
