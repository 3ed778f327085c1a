"""``scorekeeper board``: its arguments, read without loading Textual.

The launcher asks ``is_board`` first, so every other command (``list``, ``export``...)
runs as before, and only the board itself pays for importing Textual or aiohttp.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper.store import default_path

if TYPE_CHECKING:
    import argparse

LOOPBACK = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_VIEWERS = 30
"""Screens watching a served board at once: a phone for everyone in a busy room."""
MAX_VIEWERS = 200
"""Each screen is a connection of the one server, a few dozen kB."""
DB_HELP = "the store folder (default: $SCOREKEEPER_DB, else the user data folder)"


def is_board(args: Sequence[str]) -> bool:
    """Whether the command in ``args`` is ``board`` (options such as ``--db PATH`` may
    come first)."""
    waiting_for_value = False
    for word in args:
        if waiting_for_value:
            waiting_for_value = False
        elif word == "--db":
            waiting_for_value = True
        elif not word.startswith("-"):
            return word == "board"
    return False


BOARD_HELP = "the live board for the table: big standings that follow the game"


def port_number(text: str) -> int:
    import argparse  # as for the parser: only the board command pays for it

    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port number (1-65535)")
    return port


def viewer_count(text: str) -> int:
    import argparse

    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of viewers") from None
    if not 1 <= count <= MAX_VIEWERS:
        raise argparse.ArgumentTypeError(f"{count} viewers: choose 1 to {MAX_VIEWERS}")
    return count


def parser() -> argparse.ArgumentParser:
    import argparse  # here, not at the top: ``scorekeeper`` alone needs no parser

    top = argparse.ArgumentParser(prog="scorekeeper")
    top.add_argument("--db", type=Path, metavar="PATH", help=DB_HELP)
    commands = top.add_subparsers(dest="command", metavar="COMMAND", required=True)
    board = commands.add_parser(
        "board",
        help=BOARD_HELP,
        description="A read-only board that follows the game being played (the session "
        "updated last, or SESSION_ID) while scorekeeper records it elsewhere.",
    )
    board.add_argument("session", nargs="?", metavar="SESSION_ID", help="follow this session only")
    board.add_argument("--db", type=Path, metavar="PATH", default=argparse.SUPPRESS, help=DB_HELP)
    board.add_argument(
        "--serve",
        action="store_true",
        help="serve the board to web browsers: prints the address (with a secret kept for "
        "this store on this computer) and its QR code for phones to scan",
    )
    board.add_argument(
        "--new-address",
        action="store_true",
        help="make a new secret for the served board's address: the old address opens "
        "nothing from the server's next start",
    )
    board.add_argument(
        "--host",
        default=LOOPBACK,
        help=f"with --serve: the address to listen on (default {LOOPBACK}: this computer only)",
    )
    board.add_argument(
        "--port",
        type=port_number,
        default=DEFAULT_PORT,
        help=f"with --serve (default {DEFAULT_PORT})",
    )
    board.add_argument(
        "--viewers",
        type=viewer_count,
        default=DEFAULT_VIEWERS,
        help=f"with --serve: how many screens may watch at once (default {DEFAULT_VIEWERS})",
    )
    board.add_argument(
        "--light", action="store_true", help="the light theme (a web page follows its device)"
    )
    return top


def board_main(args: Sequence[str]) -> int:
    """Run ``scorekeeper board ...``; exit status."""
    try:
        parsed = parser().parse_args(args)
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else 1
    path = (default_path() if parsed.db is None else parsed.db).expanduser().resolve()
    if parsed.new_address:
        from screens.board.secret import new_secret

        _, unkept = new_secret(path)
        if unkept:
            print(f"scorekeeper: no new address: {unkept}.", file=sys.stderr)
            return 1
        if not parsed.serve:
            print(
                "The served board has a new address; the old one opens nothing once the "
                "board is served again (scorekeeper board --serve)."
            )
            return 0
    if parsed.serve:
        from scorekeeper.money import DOLLARS, use_currency
        from scorekeeper.settings import currency_at
        from screens.board.server import serve  # only now: aiohttp is not light

        use_currency(currency_at(path) or DOLLARS)  # the page's amounts as the table's

        return serve(path, parsed.session, parsed.host, parsed.port, viewers=parsed.viewers)
    from screens.board.board_app import run  # only now: Textual is not light

    return run(path, parsed.session, light=parsed.light)
