"""``scorekeeper board --serve``: the live board for any browser on the network.

Each page gets a board process of its own (Textual's web driver, spoken as textual-serve
speaks it) which opens the store read-only, so watching changes nothing. The server
guards the laptop: a secret path made at each start (no page, no socket without it), the
page's own origin only, a cap on viewers, sizes a page may ask for capped, a board ended
when its page is gone or stops reading, and boards that die with the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import ipaddress
import json
import os
import secrets
import signal
import socket
import sys
from dataclasses import dataclass
from importlib.metadata import version
from importlib.resources import files
from pathlib import Path
from typing import Any

import segno
from aiohttp import WSMsgType, web

from screens.board.page import board_page, refused_page

MAX_COLUMNS = 320
MAX_ROWS = 120
"""The largest terminal a page may ask for: a 4K screen at the smallest font, with room."""
WRITE_TIMEOUT = 10.0
"""Seconds a page may take to read what its board drew before the board is ended."""
QUIT_GRACE = 2.0
"""Seconds a board has to quit when asked before it is killed."""
MAX_MESSAGE = 64 * 1024
"""Bytes in one message from a page: keys and sizes are a few dozen."""
HEARTBEAT = 10.0
"""Seconds between pings: a page that went away without a word is noticed within two."""

STATIC = {
    "textual.js": ("js/textual.js", "text/javascript"),
    "xterm.css": ("css/xterm.css", "text/css"),
    "RobotoMono.ttf": ("fonts/RobotoMono-VariableFont_wght.ttf", "font/ttf"),
}
"""The files the page loads, all from textual-serve's package: nothing from the internet."""


def refusal() -> web.Response:
    return web.Response(status=403, text="Forbidden: open the address the board printed.\n")


async def forbidden(_: web.Request) -> web.Response:
    """Anything but the secret path: no page, no hint."""
    return refusal()


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


class BoardServer:
    """The board's web server: the secret path, the origin check, the viewer cap."""

    def __init__(
        self,
        argv: list[str],
        host: str,
        port: int,
        *,
        limits: Limits,
        token: str | None = None,
    ) -> None:
        self.argv = argv
        self.host, self.port = host, port
        self.token = token or secrets.token_urlsafe(16)
        """Made afresh at each start: an address seen at an earlier game opens nothing."""
        self.url = f"{address_to_open(host, port)}/{self.token}/"
        self.title = "Scorekeeper board"
        self.limits = limits
        self.viewers: set[asyncio.Task[Any]] = set()
        self.static = files("textual_serve") / "static"

    def application(self) -> web.Application:
        app = web.Application(client_max_size=MAX_MESSAGE)
        app.add_routes(
            [
                web.get("/{token}", self.to_page),
                web.get("/{token}/", self.page),
                web.get("/{token}/ws", self.watch),
                web.get("/{token}/static/{name}", self.file),
                web.route("*", "/{tail:.*}", forbidden),
            ]
        )
        app.on_shutdown.append(self.end_every_board)
        return app

    def admitted(self, request: web.Request) -> bool:
        return secrets.compare_digest(request.match_info["token"], self.token)

    def full(self) -> str | None:
        """What a viewer turned away is told, or None while there is room."""
        if len(self.viewers) < self.limits.viewers:
            return None
        return (
            f"This board already has {self.limits.viewers} viewers, as many as it allows. "
            "Close it on another screen, or start it with a larger --viewers."
        )

    async def to_page(self, request: web.Request) -> web.StreamResponse:
        if not self.admitted(request):
            return refusal()
        raise web.HTTPFound(f"/{self.token}/")

    async def page(self, request: web.Request) -> web.Response:
        if not self.admitted(request):
            return refusal()
        headers = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
        turned_away = self.full()
        if turned_away:
            return web.Response(
                status=503, text=refused_page(turned_away), content_type="text/html"
            )
        return web.Response(text=board_page(self.title), content_type="text/html", headers=headers)

    async def file(self, request: web.Request) -> web.Response:
        wanted = STATIC.get(request.match_info["name"])
        if not self.admitted(request) or wanted is None:
            return refusal()
        path, kind = wanted
        body = self.static.joinpath(path).read_bytes()
        return web.Response(body=body, content_type=kind)

    def same_origin(self, request: web.Request) -> bool:
        """Only the board's own page may open its socket: another site open in a browser
        on the laptop could otherwise read the standings."""
        origin = request.headers.get("Origin", "")
        return origin in (f"http://{request.host}", f"https://{request.host}")

    async def watch(self, request: web.Request) -> web.WebSocketResponse:
        """One page's board, from its socket opening to its closing."""
        if not self.admitted(request) or not self.same_origin(request):
            raise web.HTTPForbidden(text="Forbidden\n")
        websocket = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MAX_MESSAGE)
        await websocket.prepare(request)
        turned_away = self.full()
        if turned_away:
            await websocket.close(code=1013, message=turned_away.encode()[:120])
            return websocket
        viewer = asyncio.current_task()
        assert viewer is not None
        self.viewers.add(viewer)
        board = Board(self.argv, websocket, self.limits)
        try:
            await board.start(*clamp_size(request.query.get("width"), request.query.get("height")))
            await run_until_first_ends(board.relay(), self.listen(websocket, board))
        except (asyncio.CancelledError, TimeoutError, ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            await board.stop()
            self.viewers.discard(viewer)
            with contextlib.suppress(TimeoutError, ConnectionError):  # a page that never reads
                await asyncio.wait_for(
                    websocket.close(message=b"The board has ended."), self.limits.write_timeout
                )
        return websocket

    async def listen(self, websocket: web.WebSocketResponse, board: Board) -> None:
        """What the page sends: keys, its size (capped), focus, pings."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
                kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            except (ValueError, TypeError, IndexError, KeyError):
                continue
            if kind == "stdin" and isinstance(data, str):
                await board.tell(b"D", data.encode())
            elif kind == "resize" and isinstance(data, dict):
                width, height = clamp_size(data.get("width"), data.get("height"))
                await board.meta(type="resize", width=width, height=height)
            elif kind == "ping" and isinstance(data, str):
                await websocket.send_json(["pong", data[:64]])
            elif kind in ("blur", "focus"):
                await board.meta(type=kind)

    def announcement(self) -> str:
        """The address to open, its QR code, and who can watch."""
        said = banner(self.url, self.limits.viewers)
        if not is_loopback(self.host):
            said += "\nAnyone on the network who has this address can watch the board (read-only)."
        return said

    def serve(self) -> None:
        """Until Ctrl+C or SIGTERM, which end every board first. The address is printed
        once the server listens, so whoever reads it can open it at once."""
        said = self.announcement()
        web.run_app(
            self.application(),
            host=self.host,
            port=self.port,
            print=lambda _: print(said, flush=True),
            access_log=None,
        )

    async def end_every_board(self, _: web.Application) -> None:
        """Stopping the server ends every board still watched, at once."""
        for viewer in list(self.viewers):
            viewer.cancel()
        await asyncio.gather(*self.viewers, return_exceptions=True)


async def run_until_first_ends(*jobs: Any) -> None:
    """Run ``jobs`` until one ends (or fails); cancel the rest, waiting for them a moment
    only: a write to a page that never reads may not end until its socket is closed,
    and the board must be stopped meanwhile."""
    tasks = [asyncio.ensure_future(job) for job in jobs]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in done:
            task.result()
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.wait(tasks, timeout=1)


def board_command(path: Path, session_id: str | None, *, light: bool = False) -> list[str]:
    """What each page's board process runs: this Python, this store, ending with us."""
    words = [sys.executable, "-m", "screens.board", "--db", str(path)]
    words += ["--served-by", str(os.getpid())]
    if light:
        words.append("--light")
    if session_id:
        words.append(session_id)
    return words


def is_loopback(host: str) -> bool:
    """Whether only this computer can reach ``host`` (a name counts by what it resolves to)."""
    try:
        found = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except OSError:
        return False
    return all(ipaddress.ip_address(str(info[4][0]).split("%")[0]).is_loopback for info in found)


def cannot_listen(host: str, port: int) -> str | None:
    """Why the server could not listen on ``host``:``port``, found before it starts."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as error:
        return f"cannot serve on {host!r}: {error.strerror or error}."
    family, kind, protocol, _, address = found[0]
    with socket.socket(family, kind, protocol) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            if error.errno in (98, 48, 10048):  # EADDRINUSE on Linux, macOS, Windows
                return f"port {port} on {host} is in use; choose another with --port."
            return f"cannot serve on {host}:{port}: {error.strerror or error}."
    return None


def own_address() -> str:
    """This computer's address on its network: the one a UDP socket would send from
    (connecting one sends nothing), else its host name."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # a documentation address: never reached
            return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()


def address_to_open(host: str, port: int) -> str:
    """The address a browser opens; for "every interface" hosts, this computer's own."""
    shown = host
    try:
        if ipaddress.ip_address(host).is_unspecified:
            shown = own_address()
    except ValueError:
        pass
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


def banner(url: str, viewers: int) -> str:
    """The address to open and its QR code, for a phone's camera."""
    code = segno.make(url, error="l")
    lines = [
        f"Live board at {url}  (Ctrl+C stops it)",
        "Point a phone's camera at this code to open it:",
        "",
    ]
    drawn = io.StringIO()
    code.terminal(out=drawn, compact=True, border=2)
    lines.append(drawn.getvalue().rstrip("\n"))
    lines += [
        "",
        f"The address holds a secret made for this start; at most {viewers} screens "
        "watch at once (--viewers).",
    ]
    return "\n".join(lines)


def serve(
    path: Path,
    session_id: str | None,
    host: str,
    port: int,
    *,
    light: bool = False,
    viewers: int,
) -> int:
    """Serve the board until Ctrl+C; exit status (1 when it cannot listen)."""
    problem = cannot_listen(host, port)
    if problem:
        print(f"scorekeeper: {problem}", file=sys.stderr)
        return 1
    server = BoardServer(
        board_command(path, session_id, light=light), host, port, limits=Limits(viewers=viewers)
    )
    try:
        server.serve()
    except OSError as error:  # taken between the check and the start
        print(f"scorekeeper: cannot serve on {host}:{port}: {error.strerror}.", file=sys.stderr)
        return 1
    return 0
