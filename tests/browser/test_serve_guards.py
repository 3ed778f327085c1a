"""The served board on a network: nothing without the secret address, nothing for another
site, a cap on viewers, sizes capped, and no board left when the server dies.

Plain HTTP and WebSocket clients on 127.0.0.1; no browser needed.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import time
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.board.process import MAX_COLUMNS, MAX_ROWS, Limits, board_command
from screens.board.serve import BoardServer
from tests.browser.served import Served, descendants, free_port, resident_mb, served_board

RESIZE_BOUND_MB = 200
"""A board asked for a 40000 × 40000 screen stays under this (it draws at most 320 × 120)."""


@pytest.fixture
def store(tmp_path: Path) -> Store:
    with Store(tmp_path / "db") as store:
        store.add(Session.new("seven-hand", ["Grandma", "Max", "Zoe"]))
        return store


async def first_drawing(socket: aiohttp.ClientWebSocketResponse, within: float = 20) -> bytes:
    """The first bytes the board draws for this socket."""
    async with asyncio.timeout(within):
        async for message in socket:
            if message.type == aiohttp.WSMsgType.BINARY:
                return bytes(message.data)
    raise AssertionError("the socket closed before the board drew anything")


async def until_quiet(socket: aiohttp.ClientWebSocketResponse, within: float = 15) -> None:
    """Read what the board draws until it has been quiet for a second."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            await socket.receive(timeout=1)
        except TimeoutError:
            return


async def watch(http: aiohttp.ClientSession, served: Served) -> aiohttp.ClientWebSocketResponse:
    """A viewer, as the board's own page opens its socket."""
    return await http.ws_connect(served.websocket, origin=served.origin)


async def let_in(
    http: aiohttp.ClientSession, served: Served, within: float = 10
) -> aiohttp.ClientWebSocketResponse:
    """A viewer that gets a board, asking again while turned away: the server frees a
    viewer's place once its board has quit, a moment after the process is gone."""
    deadline = time.monotonic() + within
    while True:
        socket = await watch(http, served)
        try:
            await first_drawing(socket)
            return socket
        except AssertionError:
            if time.monotonic() > deadline:
                raise
        await asyncio.sleep(0.05)


async def test_without_the_secret_there_is_no_page_no_file_and_no_socket(store: Store) -> None:
    with served_board(store.path, free_port()) as served:
        base = served.origin
        token = served.url.split("/")[3]
        async with aiohttp.ClientSession() as http:
            for path in ("/", "/ws", "/static/textual.js", f"/{token}x/", f"/{token[:-1]}/ws"):
                async with http.get(base + path) as response:
                    assert response.status == 403, path
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(f"{base}/{token[:-1]}/ws", origin=base)
            assert refused.value.status == 403
            async with http.get(served.url) as response:
                assert response.status == 200
                page = await response.text()
            assert '<meta name="viewport" content="width=device-width' in page
            links = re.findall(r'(?:src|href)="([^"]*)"', page)
            assert links and not [link for link in links if ":" in link and link != "data:,"]


async def test_a_socket_from_another_site_is_refused(store: Store) -> None:
    with served_board(store.path, free_port()) as served:
        async with aiohttp.ClientSession() as http:
            for origin in ("http://evil.example", "http://127.0.0.1:1", "null"):
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await http.ws_connect(served.websocket, origin=origin)
                assert refused.value.status == 403, origin
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await http.ws_connect(served.websocket)  # no Origin at all
            assert not descendants(served.process.pid), "no board was started"


async def test_the_viewer_past_the_cap_is_told_and_gets_no_board(store: Store) -> None:
    with served_board(store.path, free_port(), "--viewers", "2") as served:
        async with aiohttp.ClientSession() as http:
            first = await watch(http, served)
            second = await watch(http, served)
            await first_drawing(first)
            await first_drawing(second)
            boards = descendants(served.process.pid)
            assert len(boards) == 2

            async with http.get(served.url) as response:
                assert response.status == 503
                assert "already has 2 viewers" in await response.text()
            third = await watch(http, served)
            closing = await third.receive(timeout=10)
            assert closing.type == aiohttp.WSMsgType.CLOSE
            assert "This board already has 2 viewers" in closing.extra
            assert descendants(served.process.pid) == boards

            await first.close()
            deadline = time.monotonic() + 10  # its board quits, and its place is free
            while len(descendants(served.process.pid)) > 1 and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            again = await let_in(http, served)  # a place freed is a place taken
            await asyncio.gather(second.close(), again.close())


async def test_a_resize_bomb_leaves_the_board_small(store: Store) -> None:
    with served_board(store.path, free_port()) as served:
        async with aiohttp.ClientSession() as http:
            socket = await watch(http, served)
            await first_drawing(socket)
            await socket.send_json(["resize", {"width": 40000, "height": 40000}])
            await until_quiet(socket)
            boards = descendants(served.process.pid)
            assert boards
            biggest = max(resident_mb(pid) for pid in boards)
            assert biggest < RESIZE_BOUND_MB, f"a board grew to {biggest:.0f} MB"
            await socket.send_json(["resize", {"width": "a", "height": -5}])  # nonsense too
            await socket.send_json(["ping", "still here"])
            pong = await socket.receive_json(timeout=10)
            while pong[0] != "pong":
                pong = await socket.receive_json(timeout=10)
            await socket.close()


async def test_killing_the_server_ends_every_board_within_five_seconds(store: Store) -> None:
    with served_board(store.path, free_port()) as served:
        async with aiohttp.ClientSession() as http:
            sockets = [await watch(http, served) for _ in range(2)]
            for socket in sockets:
                await first_drawing(socket)
            boards = descendants(served.process.pid)
            assert len(boards) == 2
            os.kill(served.process.pid, signal.SIGKILL)
            served.process.wait()
            deadline = time.monotonic() + 5
            while any(alive(pid) for pid in boards) and time.monotonic() < deadline:
                await asyncio.sleep(0.1)
            assert not [pid for pid in boards if alive(pid)], "a board outlived its server"


def alive(pid: int) -> bool:
    """Running, not a zombie (an orphan is reaped by init, so it may linger as one)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


async def test_a_viewer_that_stops_reading_has_its_board_ended(store: Store) -> None:
    """The server in this test's own loop, with a one-second write timeout."""
    port = free_port()
    server = BoardServer(
        board_command(store.path, None),
        "127.0.0.1",
        port,
        limits=Limits(viewers=1, write_timeout=1),
    )
    origin = f"http://127.0.0.1:{port}"
    async with (
        TestServer(server.application(), host="127.0.0.1", port=port),
        aiohttp.ClientSession() as http,
    ):
        before = descendants(os.getpid())  # what earlier tests in this worker left running
        socket = await http.ws_connect(f"{origin}/{server.token}/ws", origin=origin)
        await first_drawing(socket)
        (board,) = descendants(os.getpid()) - before
        # Whole new screens to draw, none of them read: the server's writes back up.
        deadline = time.monotonic() + 30
        width = MAX_COLUMNS
        while (alive(board) or server.viewers) and time.monotonic() < deadline:
            width = MAX_COLUMNS - 1 if width == MAX_COLUMNS else MAX_COLUMNS
            with contextlib.suppress(ConnectionError):
                await socket.send_json(["resize", {"width": width, "height": MAX_ROWS}])
            await asyncio.sleep(0.05)
        assert not alive(board), "the board of a page that stopped reading still runs"
        assert not server.viewers
