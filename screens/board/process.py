"""One page's board: the process it runs in (Textual's web driver, spoken as textual-serve
speaks it, with the store opened read-only), the pipe to and from it, the sizes it may be
asked for, and ending it, killed if it will not quit, so no board outlives its page.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

from aiohttp import web

MAX_COLUMNS = 320
MAX_ROWS = 120
"""The largest terminal a page may ask for: a 4K screen at the smallest font, with room."""
WRITE_TIMEOUT = 10.0
"""Seconds a page may take to read what its board drew before the board is ended."""
QUIT_GRACE = 2.0
"""Seconds a board has to quit when asked before it is killed."""


@dataclass(frozen=True)
class Limits:
    viewers: int
    """Pages watching at once (the ``board`` command's --viewers)."""
    write_timeout: float = WRITE_TIMEOUT
    quit_grace: float = QUIT_GRACE


def clamp_size(width: object, height: object) -> tuple[int, int]:
    """A terminal size a page asked for, within what the board will draw."""

    def number(value: object, default: int) -> int:
        try:
            return int(value)  # type: ignore[call-overload, no-any-return]
        except (TypeError, ValueError, OverflowError):
            return default

    return (
        min(max(number(width, 80), 10), MAX_COLUMNS),
        min(max(number(height, 24), 5), MAX_ROWS),
    )


def packet(kind: bytes, payload: bytes) -> bytes:
    """A message to a board process, as Textual's web driver reads its stdin."""
    return kind + len(payload).to_bytes(4, "big") + payload


class Board:
    """One page's board process, and the pipe between them."""

    def __init__(self, argv: list[str], websocket: web.WebSocketResponse, limits: Limits) -> None:
        self.argv = argv
        self.websocket = websocket
        self.limits = limits
        self.process: asyncio.subprocess.Process | None = None

    async def start(self, width: int, height: int) -> None:
        environment = dict(
            os.environ,
            TEXTUAL_DRIVER="textual.drivers.web_driver:WebDriver",
            TEXTUAL_FPS="60",
            TEXTUAL_COLOR_SYSTEM="truecolor",
            TERM_PROGRAM="textual",
            TERM_PROGRAM_VERSION=version("textual-serve"),
            COLUMNS=str(width),
            ROWS=str(height),
        )
        # A session of its own: Ctrl+C in the server's terminal is the server's to handle,
        # and ending the board ends anything it started.
        self.process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
            env=environment,
            start_new_session=True,
        )

    async def tell(self, kind: bytes, payload: bytes) -> None:
        """Write to the board; a board that stops reading is ended like a stuck page."""
        assert self.process is not None and self.process.stdin is not None
        self.process.stdin.write(packet(kind, payload))
        await asyncio.wait_for(self.process.stdin.drain(), self.limits.write_timeout)

    async def meta(self, **message: object) -> None:
        await self.tell(b"M", json.dumps(message).encode())

    async def relay(self) -> None:
        """The board's drawing to the page, until either ends; a page that does not take
        it within the write timeout is closed."""
        assert self.process is not None and self.process.stdout is not None
        stdout = self.process.stdout
        for _ in range(10):  # the web driver's prelude, then packets
            if await stdout.readline() == b"__GANGLION__\n":
                break
        else:
            return
        while True:
            kind = await stdout.readexactly(1)
            size = int.from_bytes(await stdout.readexactly(4), "big")
            payload = await stdout.readexactly(size)
            if kind == b"D":
                await asyncio.wait_for(
                    self.websocket.send_bytes(payload), self.limits.write_timeout
                )
            elif kind == b"M" and json.loads(payload).get("type") == "exit":
                return

    async def stop(self) -> None:
        """Ask the board to quit; kill it if it has not within the grace."""
        process = self.process
        if process is None:
            return
        assert process.stdin is not None and process.stdout is not None
        # A process counts as ended only once its pipes are: read what nobody will.
        draining = asyncio.ensure_future(read_to_end(process.stdout))
        try:
            if process.returncode is None:
                with contextlib.suppress(OSError, RuntimeError, TimeoutError, ConnectionError):
                    await self.meta(type="quit")
            try:
                await asyncio.wait_for(process.wait(), self.limits.quit_grace)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.stdin.close()
                await process.wait()
        finally:
            process.stdin.close()
            draining.cancel()


async def read_to_end(stream: asyncio.StreamReader) -> None:
    while await stream.read(1 << 16):
        pass


def board_command(path: Path, session_id: str | None, *, light: bool = False) -> list[str]:
    """What each page's board process runs: this Python, this store, ending with us."""
    words = [sys.executable, "-m", "screens.board", "--db", str(path)]
    words += ["--served-by", str(os.getpid())]
    if light:
        words.append("--light")
    if session_id:
        words.append(session_id)
    return words
