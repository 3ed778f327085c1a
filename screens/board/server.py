"""``scorekeeper board --serve``: the live board as a web page, for every browser on the
network, from one process.

The server follows the store (read-only, as the terminal board does), works the board out
once per change (``state.py``) and pushes it to every page over a WebSocket (which a
browser does not count among its six connections to a host, so a seventh tab opens as
well); the page (``web/``) lays it out in HTML. A page sends nothing but, for each
heartbeat it reads, the heartbeat's own unguessable words back: one that stops reading
cannot answer, and is dropped ``Timing.silent`` after its last answer, as is one that
has not taken a write within ``Timing.write``. Everything else keeps the laptop safe: the
secret path (403 for any other, without a traceback), the page's own origin, caps on
viewers, on connections and on connections from one address, a few seconds for a
request's headers, capped sizes (``guards.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
import signal
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web

from screens.board.address import address_to_open, banner, cannot_listen, is_loopback
from screens.board.follow import Follower
from screens.board.guards import capped, from_the_page, log_once_a_minute, same_secret
from screens.board.secret import kept_secret
from screens.board.state import BoardState
from screens.board.viewer import Viewer

WEB = files("screens.board") / "web"
PAGES = {
    "": ("board.html", "text/html"),
    "board.css": ("board.css", "text/css"),
    "board.js": ("board.js", "text/javascript"),
}
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
"""The page runs only its own script and style, and talks only to this server."""
VIEWER_ID = re.compile(r"[A-Za-z0-9_-]{8,32}")
MAX_BODY = 1024
"""Bytes a page may send in one request or message: a "seen" is a few dozen."""
MAX_LINE = 4096
"""Bytes in the request line or any header: an address with its secret takes a hundred."""
GOODBYE = 1.0
"""Seconds a page has to answer the server's goodbye (a page there answers at once)."""


@dataclass(frozen=True)
class Timing:
    """Seconds, all but the first chosen for a phone on Wi-Fi; tests make them short."""

    poll: float = 0.05
    """Between two looks at the store (a few ``stat`` calls each; read only on a change)."""
    beat: float = 3.0
    """Between heartbeats to each page; a page that hears nothing for three reconnects."""
    silent: float = 10.0
    """A page that has answered no heartbeat for this long is dropped: its place is freed
    for another."""
    write: float = 5.0
    """A page that has not taken what was written to it within this long is dropped (a
    board is a few kilobytes: a phone on poor Wi-Fi takes it in well under a second)."""
    headers: float = 5.0
    """A connection has this long to send its request, and to send the next one."""
    retry: float = 1.0
    """A page that lost its connection tries again after this long."""


@dataclass(frozen=True)
class Limits:
    viewers: int
    """Pages watching at once (the ``board`` command's --viewers)."""

    @property
    def connections(self) -> int:
        """Open connections at once: each page's WebSocket, and room for pages being
        loaded."""
        return 2 * self.viewers + 32

    @property
    def per_address(self) -> int:
        """Open connections at once from one address: half of them, so one machine's
        flood leaves the other half to every other."""
        return self.connections // 2


def refusal() -> web.Response:
    return web.Response(status=403, text="Forbidden: open the address the board printed.\n")


async def forbidden(_: web.Request) -> web.Response:
    """Anything but the secret path: no page, no hint."""
    return refusal()


def message(kind: str, data: str) -> str:
    """One message to a page: its kind, a space, what it carries."""
    return f"{kind} {data}"


class BoardServer:
    """The served board for one store: its state, its pages and who watches."""

    def __init__(
        self,
        path: Path,
        session_id: str | None,
        *,
        limits: Limits,
        secret: str,
        timing: Timing | None = None,
    ) -> None:
        self.board = BoardState(Follower(path, session_id), keeps_notes=True)
        self.limits = limits
        self.secret = secret
        self.timing = timing or Timing()
        self.viewers: dict[str, Viewer] = {}
        self.following: asyncio.Task[None] | None = None
        self.pages = {name: WEB.joinpath(file).read_bytes() for name, (file, _) in PAGES.items()}

    def application(self) -> web.Application:
        app = web.Application(client_max_size=MAX_BODY, middlewares=[self.no_surprises])
        app.add_routes(
            [
                web.get("/{token}", self.to_page),
                web.get("/{token}/live", self.live),
                web.get("/{token}/", self.page),
                web.get("/{token}/{name}", self.page),
                web.route("*", "/{tail:.*}", forbidden),
            ]
        )
        app.on_startup.append(self.start_following)
        app.on_shutdown.append(self.end_every_page)
        return app

    @web.middleware
    async def no_surprises(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """Every answer from a handler or a 403: a route the server lacks, a method it does
        not take, anything that failed, is a refusal without a traceback."""
        try:
            return await handler(request)
        except web.HTTPException as refused:
            if refused.status in (301, 302):
                raise
            return refusal()

    def admitted(self, request: web.Request) -> bool:
        return same_secret(request.match_info.get("token", ""), self.secret)

    async def to_page(self, request: web.Request) -> web.StreamResponse:
        if not self.admitted(request):
            return refusal()
        raise web.HTTPFound(f"/{self.secret}/")

    async def page(self, request: web.Request) -> web.Response:
        name = request.match_info.get("name", "")
        if not self.admitted(request) or name not in self.pages:
            return refusal()
        headers = {
            "Cache-Control": "no-store",
            "Referrer-Policy": "no-referrer",
            "Content-Security-Policy": POLICY,
            "X-Content-Type-Options": "nosniff",
        }
        kind = PAGES[name][1]
        response = web.Response(body=self.pages[name], content_type=kind, headers=headers)
        # A page loads its three files once and then lives on its WebSocket: a connection
        # kept open after them would only hold a place among those of its address.
        response.force_close()
        return response

    def full(self) -> str:
        return (
            f"This board already has {self.limits.viewers} viewers, as many as it allows. "
            "It opens here when one of them closes, or start it with a larger --viewers."
        )

    async def live(self, request: web.Request) -> web.StreamResponse:
        """One page's WebSocket, from its opening to its leaving: the board now, the board
        at each change, a heartbeat between, and the page's answers. A page opened again
        (a reload, a reconnect) takes its own old place, so it is never refused for it."""
        socket = web.WebSocketResponse(
            timeout=GOODBYE, max_msg_size=MAX_BODY, autoping=True, compress=False
        )
        if (
            not self.admitted(request)
            or not from_the_page(request, must_say=True)
            or not socket.can_prepare(request).ok
        ):
            return refusal()
        asked = request.query.get("viewer", "")
        viewer_id = asked if VIEWER_ID.fullmatch(asked) else secrets.token_urlsafe(12)
        old = self.viewers.get(viewer_id)
        if old is not None:
            old.drop(replaced=True)
        elif len(self.viewers) >= self.limits.viewers:
            # Said as a message, so the page shows it and asks again by itself a little later.
            with contextlib.suppress(ConnectionError, TimeoutError, RuntimeError):
                await asyncio.wait_for(socket.prepare(request), self.timing.write)
                await self.send(socket, message("full", self.full()))
            await self.close(socket, request)
            return socket
        viewer = Viewer(viewer_id, time.monotonic())
        self.viewers[viewer_id] = viewer
        answers: asyncio.Task[None] | None = None
        try:
            await asyncio.wait_for(socket.prepare(request), self.timing.write)
            answers = asyncio.create_task(self.hear(viewer, socket))
            await self.follow(viewer, socket)
        except (ConnectionError, TimeoutError, RuntimeError):
            pass  # gone, or not reading: its place is freed below
        finally:
            viewer.drop()
            if self.viewers.get(viewer_id) is viewer:
                del self.viewers[viewer_id]
            if answers is not None:
                answers.cancel()
            await self.close(socket, request)
        return socket

    async def hear(self, viewer: Viewer, socket: web.WebSocketResponse) -> None:
        """A page's answers to its heartbeats; anything else from it (or its leaving)
        ends its place."""
        async for said in socket:
            if said.type != WSMsgType.TEXT or not said.data.startswith("seen "):
                break
            viewer.answered(said.data[5:])
        viewer.drop()

    async def close(self, socket: web.WebSocketResponse, request: web.Request) -> None:
        """Say goodbye to a page; one that does not take it is cut off."""
        try:
            await asyncio.wait_for(socket.close(), self.timing.write)
        except (ConnectionError, TimeoutError, RuntimeError):
            if request.transport is not None:
                request.transport.abort()

    async def follow(self, viewer: Viewer, socket: web.WebSocketResponse) -> None:
        timing = self.timing
        hello = f'{{"viewer":"{viewer.id}","beat":{timing.beat},"retry":{timing.retry}}}'
        version = self.board.version
        await self.send(socket, message("hello", hello))
        await self.send(socket, message("board", self.board.encoded))
        next_beat = time.monotonic() + timing.beat
        # Gone is looked at after the wait, which a drop wakes: a page replaced while a
        # message was on its way to it is still told so.
        while True:
            if self.board.version == version:  # else the change is written at once
                until = min(next_beat, viewer.heard + timing.silent)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(viewer.wake.wait(), until - time.monotonic())
            viewer.wake.clear()
            now = time.monotonic()
            if viewer.replaced:
                await self.send(socket, message("replaced", "{}"))
            if viewer.gone or now - viewer.heard >= timing.silent:
                return
            if self.board.version != version:
                version = self.board.version
                await self.send(socket, message("board", self.board.encoded))
            if now >= next_beat:
                next_beat = now + timing.beat
                await self.send(socket, message("beat", viewer.next_beat()))

    async def send(self, socket: web.WebSocketResponse, text: str) -> None:
        """Write to a page; one that has not taken it within ``write`` is dropped."""
        await asyncio.wait_for(socket.send_str(text), self.timing.write)

    async def start_following(self, _: web.Application) -> None:
        self.following = asyncio.create_task(self.keep_following())

    async def keep_following(self) -> None:
        """Look at the store every ``poll``; wake every page when the board changed, then
        keep its corrections for a restart."""
        while True:
            changed = self.board.follower.may_have_changed()
            if changed and await asyncio.to_thread(self.board.look):
                for viewer in self.viewers.values():
                    viewer.wake.set()
                await asyncio.to_thread(self.board.keep)
            await asyncio.sleep(self.timing.poll)

    async def end_every_page(self, _: web.Application) -> None:
        """Stopping the server ends every page's WebSocket at once (each page then says it
        is reconnecting, and comes back by itself when the board does)."""
        if self.following is not None:
            self.following.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.following
        for viewer in list(self.viewers.values()):
            viewer.drop()

    async def run(
        self, host: str, port: int, ready: Callable[[], None], stop: asyncio.Event
    ) -> None:
        """Serve until ``stop`` is set; ``ready`` once listening."""
        runner = web.AppRunner(
            self.application(),
            handle_signals=False,
            access_log=None,
            keepalive_timeout=self.timing.headers,
            max_line_size=MAX_LINE,
            max_field_size=MAX_LINE,
            max_headers=64,
        )
        await runner.setup()
        assert runner.server is not None
        loop = asyncio.get_running_loop()
        listening = await loop.create_server(
            capped(runner.server, self.limits.connections, self.limits.per_address),
            host,
            port,
            reuse_address=True,
        )
        ready()
        try:
            await stop.wait()
        finally:
            listening.close()
            await runner.cleanup()


def serve(path: Path, session_id: str | None, host: str, port: int, *, viewers: int) -> int:
    """Serve the board until Ctrl+C; exit status (1 when it cannot listen)."""
    problem = cannot_listen(host, port)
    if problem:
        print(f"scorekeeper: {problem}", file=sys.stderr)
        return 1
    secret, unkept = kept_secret(path)
    url = f"{address_to_open(host, port)}/{secret}/"
    said = banner(url, viewers, reachable=not is_loopback(urlsplit(url).hostname or host))
    if not is_loopback(host):
        said += "\nAnyone on the network who has this address can watch the board (read-only)."
    if unkept:
        said += f"\nThis address lasts until the board stops: {unkept}."
    server = BoardServer(path, session_id, limits=Limits(viewers), secret=secret)
    log_once_a_minute()
    try:
        asyncio.run(until_stopped(server, host, port, lambda: print(said, flush=True)))
    except OSError as error:  # taken between the check and the start
        print(f"scorekeeper: cannot serve on {host}:{port}: {error.strerror}.", file=sys.stderr)
        return 1
    return 0


async def until_stopped(
    server: BoardServer, host: str, port: int, ready: Callable[[], None]
) -> None:
    """Serve until Ctrl+C or SIGTERM."""
    stop = asyncio.Event()
    for number in (signal.SIGINT, signal.SIGTERM):
        asyncio.get_running_loop().add_signal_handler(number, stop.set)
    await server.run(host, port, ready, stop)
