"""The ``scorekeeper`` console script: the app when no command is given, ``board`` for the
live board, else the domain's CLI.

Textual is imported only when the app or the board itself starts, so ``scorekeeper list``,
``export``, ``stats``, ``settle`` and ``--version`` run headless and start quickly.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from scorekeeper import collector


def run_app(path: Path | None) -> int:
    """Start the app on the store at ``path``; imported only now, as it loads Textual.
    The garbage collector is off until the app's first frame is out (``collector``)."""
    collector.off_to_start()
    try:
        from screens.app import run  # here, not at the top: only the app needs Textual
    except ImportError as error:
        print(
            f"scorekeeper: the app cannot start ({error}). "
            "`scorekeeper list` and `scorekeeper export` still work.",
            file=sys.stderr,
        )
        return 1
    return int(run(path) or 0)


def start_app() -> int:
    """``scorekeeper`` alone: the collector is off before the store and the domain are
    read, not only Textual, and neither the commands nor the board's are imported."""
    collector.off_to_start()
    from scorekeeper import cli  # here: once the collector is off

    return cli.main([], app=run_app)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        return start_app()
    from scorekeeper import cli  # here: the app (above) reads no board
    from screens.board.command import BOARD_HELP, board_main, is_board

    if is_board(args):
        return board_main(args)
    status = cli.main(args, app=run_app)
    if args in (["-h"], ["--help"]):
        print(f"\nand the board command:\n  board  {BOARD_HELP} (scorekeeper board --help)")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
