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
import json
import secrets
import sys
from importlib.resources import files
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from screens.board.address import address_to_open, banner, cannot_listen, is_loopback
from screens.board.page import board_page, refused_page
from screens.board.process import Board, Limits, board_command, clamp_size

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
