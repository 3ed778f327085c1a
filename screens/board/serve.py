"""``scorekeeper board --serve``: the live board for any browser, through textual-serve.

textual-serve starts one board process per browser connection and stops it when the
browser goes; each process opens the store read-only, so watching changes nothing.
"""

from __future__ import annotations

import asyncio
import ipaddress
import shlex
import socket
import sys
from pathlib import Path

from aiohttp import web
from textual_serve.server import Server


class BoardServer(Server):
    """textual-serve, saying only where to look instead of its banner."""

    def __init__(self, command: str, host: str, port: int, public_url: str) -> None:
        super().__init__(command, host, port, title="Scorekeeper board", public_url=public_url)
        self.viewers: set[asyncio.Task[object]] = set()

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One browser's board; remembered so that stopping the server stops it too."""
        viewer = asyncio.current_task()
        if viewer is not None:
            self.viewers.add(viewer)
        try:
            return await super().handle_websocket(request)
        finally:
            self.viewers.discard(viewer)

    async def on_shutdown(self, app: web.Application) -> None:
        """Ctrl+C with browsers still watching: end their boards now (textual-serve then
        tells each board process to quit) rather than after aiohttp's minute of grace."""
        for viewer in list(self.viewers):
            viewer.cancel()

    def initialize_logging(self) -> None:
        """No request log: the terminal keeps showing the address to open."""

    async def on_startup(self, app: web.Application) -> None:
        print(f"Live board at {self.public_url}  (Ctrl+C stops it)", flush=True)
        print(f"On a TV, bigger: {self.public_url}/?fontsize=28", flush=True)


def board_command(path: Path, session_id: str | None, *, light: bool = False) -> str:
    """The command each browser's board process runs: this Python, this store."""
    words = [sys.executable, "-m", "screens.board", "--db", str(path)]
    if light:
        words.append("--light")
    if session_id:
        words.append(session_id)
    return shlex.join(words)


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


def serve(path: Path, session_id: str | None, host: str, port: int, *, light: bool = False) -> int:
    """Serve the board until Ctrl+C; exit status (1 when it cannot listen)."""
    problem = cannot_listen(host, port)
    if problem:
        print(f"scorekeeper: {problem}", file=sys.stderr)
        return 1
    if not is_loopback(host):
        print(
            f"Warning: anyone on the network that reaches {host} can watch this board (read-only).",
            flush=True,
        )
    url = address_to_open(host, port)
    try:
        BoardServer(board_command(path, session_id, light=light), host, port, url).serve()
    except OSError as error:  # taken between the check and the start
        print(f"scorekeeper: cannot serve on {host}:{port}: {error.strerror}.", file=sys.stderr)
        return 1
    return 0
