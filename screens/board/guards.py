"""What keeps the served board safe on a network it does not control: the secret
compared as bytes (any path at all is a 403, never a traceback), the page's own origin
only, a cap on open connections and on those from one address, and errors said once a
minute, one line each.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import time
from collections import Counter
from collections.abc import Callable

from aiohttp import web

from scorekeeper.wording import visible

LOG_EVERY = 60.0
"""Seconds between two lines about the same kind of error: a flood of bad connections
is said once a minute, not once a connection."""
LONGEST = 200
"""Characters of one line: what a stranger sent is not copied to the terminal whole."""


def same_secret(given: str, secret: str) -> bool:
    """Whether ``given`` is the secret, in constant time; any text at all (non-ASCII, a
    lone surrogate from a hostile path) is compared as bytes, never raises."""
    return hmac.compare_digest(given.encode("utf-8", "replace"), secret.encode())


def from_the_page(request: web.Request, *, must_say: bool) -> bool:
    """Whether ``request`` comes from the board's own page, not another site open in the
    same browser. A browser names the requesting origin (``Origin``) on a WebSocket and
    on a request across sites; ``must_say``: the request must name it. The origin must be
    the board's own exactly: its scheme, host and port, as the page was asked for (not an
    address that merely starts like it, ``http://192.168.1.5.evil.example``)."""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None and site not in ("same-origin", "none"):
        return False
    origin = request.headers.get("Origin")
    if origin is None:
        return not must_say
    return origin == f"{request.scheme}://{request.host}"


class OncePerMinute(logging.Filter):
    """One line per kind of error per minute, with no traceback: the kind is where it
    was said, what was said and the exception's type."""

    def __init__(self, every: float = LOG_EVERY, clock: Callable[[], float] = time.monotonic):
        super().__init__()
        self.every = every
        self.clock = clock
        self.last: dict[tuple[str, object, str], float] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        kind = (record.name, record.msg, type(error).__name__)
        now = self.clock()
        if now - self.last.get(kind, -self.every) < self.every:
            return False
        if len(self.last) > 1000:  # kinds said long ago are forgotten
            self.last = {seen: at for seen, at in self.last.items() if now - at < self.every}
        self.last[kind] = now
        message = record.getMessage()
        if error is not None:
            message = f"{message}: {type(error).__name__}: {error}"
        record.msg, record.args = visible(" ".join(message.split())[:LONGEST]), None
        record.exc_info = record.exc_text = record.stack_info = None
        return True


def log_once_a_minute() -> None:
    """The server's own errors (aiohttp's and asyncio's) to stderr, one line per kind per
    minute: never the traceback of a stranger's bad request."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("scorekeeper board: %(message)s"))
    handler.addFilter(OncePerMinute())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.WARNING)


class Turned(asyncio.Protocol):
    """A connection past the cap: closed at once (a reset), so it holds no descriptor."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        if isinstance(transport, asyncio.Transport):
            transport.abort()
        else:
            transport.close()


class Screened(asyncio.Protocol):
    """A connection the server's handler serves once its address is known (when it is
    made): one from an address that already holds its share of the connections is
    closed at once instead."""

    def __init__(self, handler: asyncio.Protocol, held: Counter[str], share: int) -> None:
        self.handler = handler
        self.held = held
        self.share = share
        self.address: str | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        if self.held[address] >= self.share:
            Turned().connection_made(transport)
            return
        self.address = address
        self.held[address] += 1
        self.handler.connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.address is None:
            return
        self.held[self.address] -= 1
        if not self.held[self.address]:
            del self.held[self.address]
        self.handler.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        self.handler.data_received(data)

    def eof_received(self) -> bool | None:
        return self.handler.eof_received()

    def pause_writing(self) -> None:
        self.handler.pause_writing()

    def resume_writing(self) -> None:
        self.handler.resume_writing()


def capped(server: web.Server, most: int, share: int) -> Callable[[], asyncio.BaseProtocol]:
    """A protocol factory for ``server`` that turns connections away past ``most`` open,
    or past ``share`` open from one address: a flood from one machine leaves room for
    the pages of every other, and for its own once its flood is closed."""
    held: Counter[str] = Counter()

    def protocol() -> asyncio.BaseProtocol:
        if len(server.connections) >= most:
            return Turned()
        return Screened(server(), held, share)

    return protocol
