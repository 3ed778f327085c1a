"""The served board on a network: nothing without the secret address (and never a
traceback for a hostile one), nothing for another site (the page's own origin exactly),
caps on viewers, on connections and on those from one address, a few seconds for a
request's headers, a page that stops reading dropped when its silence or a stalled write
says so (a client that answers heartbeats it never read too), a change at every page
well inside a heartbeat, what a page sends capped, errors said once a minute.

Plain HTTP and WebSocket clients and raw sockets on 127.0.0.1; no browser needed. The
server runs in the test's own event loop with short timings (``QUICK``), or as the
command a user runs.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import dataclasses
import logging
import os
import re
import signal
import socket
import time
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.board.guards import OncePerMinute
from screens.board.server import BoardServer, Timing
from tests.browser.served import QUICK, Here, board_here, free_port, served_board

HOSTILE_PATHS = (
    "/",
    "/live",
    "/board.js",
    "/%C3%A9/",
    "/%C3%A9/live",
    "/%ED%A0%80/",
    "/%00/",
    "/..%2f..%2fetc%2fpasswd",
    "/" + "é" * 300 + "/",
)
MAX_OUT = {"out": "Max", "cards": {"Grandma": "K", "Zoe": "A 9"}}


@pytest.fixture
def store(tmp_path: Path) -> Store:
    with Store(tmp_path / "db") as store:
        store.add(Session.new("seven-hand", ["Grandma", "Max", "Zoe"]))
        return store


Socket = aiohttp.ClientWebSocketResponse


async def said(socket: Socket, wanted: int, within: float = 5) -> list[str]:
    """The next ``wanted`` messages of a page's WebSocket, each as "kind data"."""
    found: list[str] = []
    async with asyncio.timeout(within):
        while len(found) < wanted:
            got = await socket.receive()
            if got.type != aiohttp.WSMsgType.TEXT:
                break
            found.append(got.data)
    return found


async def watch(http: aiohttp.ClientSession, here: Here, viewer: str) -> Socket:
    """A page's WebSocket, as the page opens it."""
    return await http.ws_connect(
        f"{here.url}live", params={"viewer": viewer}, origin=here.origin, autoping=True
    )


async def refused(
    http: aiohttp.ClientSession,
    url: str,
    origin: str | None = None,
    headers: dict[str, str] | None = None,
) -> int:
    """The status a WebSocket's opening was answered with when it was refused (0: opened)."""
    try:
        socket = await http.ws_connect(url, origin=origin, headers=headers)
    except aiohttp.WSServerHandshakeError as error:
        return error.status
    await socket.close()
    return 0


async def never_reads(here: Here, viewer: str, *, buffer: int = 0) -> socket.socket:
    """A client that opens the board's WebSocket as a page would and then reads nothing
    (``buffer``: the little it lets the system take in for it, in bytes)."""
    raw = socket.socket()
    if buffer:
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, buffer)
    raw.setblocking(False)
    await asyncio.get_running_loop().sock_connect(raw, ("127.0.0.1", here.port))
    key = base64.b64encode(os.urandom(16)).decode()
    raw.send(
        f"GET /{here.server.secret}/live?viewer={viewer} HTTP/1.1\r\n"
        f"Host: 127.0.0.1:{here.port}\r\nOrigin: {here.origin}\r\n"
        "Upgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    async with asyncio.timeout(5):
        while viewer not in here.server.viewers:
            await asyncio.sleep(0.01)
    return raw


def frame(text: str) -> bytes:
    """``text`` as one masked WebSocket frame, as a client sends it."""
    data = text.encode()
    mask = os.urandom(4)
    assert len(data) < 126
    masked = bytes(byte ^ mask[n % 4] for n, byte in enumerate(data))
    return bytes([0x81, 0x80 | len(data)]) + mask + masked


async def dropped(here: Here, viewer: str, within: float) -> float:
    """Seconds until ``viewer``'s place is freed (failing past ``within``)."""
    started = time.monotonic()
    while viewer in here.server.viewers:
        assert time.monotonic() - started < within, f"{viewer} still holds its place"
        await asyncio.sleep(0.01)
    return time.monotonic() - started


async def test_without_the_secret_there_is_nothing_and_never_a_traceback(store: Store) -> None:
    with served_board(store.path, free_port()) as served:
        secret = served.url.split("/")[3]
        base = served.origin
        async with aiohttp.ClientSession() as http:
            for path in (*HOSTILE_PATHS, f"/{secret}x/", f"/{secret[:-1]}/live"):
                async with http.get(base + path) as response:
                    assert response.status == 403, path
            async with http.post(served.url, data=b"x") as response:
                assert response.status == 403
            async with http.get(f"{served.url}live") as response:
                assert response.status == 403, "a WebSocket only"
            async with http.get(served.url) as response:
                assert response.status == 200
                assert "default-src 'none'" in response.headers["Content-Security-Policy"]
                page = await response.text()
            assert '<meta name="viewport" content="width=device-width' in page
            links = re.findall(r'(?:src|href)="([^"]*)"', page)
            assert links and not [link for link in links if ":" in link and link != "data:,"]
            for _ in range(50):  # a flood of requests the server cannot even parse
                async with http.get(base + "/", headers={"X-Long": "a" * 10_000}) as response:
                    assert response.status == 400
            live = await http.ws_connect(f"{served.url}live", origin=served.origin)
            assert (await said(live, 2))[1].startswith("board ")
            served.process.send_signal(signal.SIGINT)  # Ctrl+C, a page still watching
            served.process.wait(5)
            await live.close()
    assert served.process.returncode == 0
    assert served.process.stderr is not None
    stderr = served.process.stderr.read()
    assert "Traceback" not in stderr, stderr
    assert len(stderr.splitlines()) <= 2, "one line per kind of error per minute"


async def test_the_board_only_for_its_own_page_its_origin_exactly(store: Store) -> None:
    async with board_here(store.path) as here, aiohttp.ClientSession() as http:
        live = f"{here.url}live"
        for origin in (
            "http://evil.example",
            "null",
            "http://127.0.0.1:1",
            f"{here.origin}.evil.example",  # a board on 192.168.1.5: 192.168.1.5.evil.example
            f"{here.origin}0",  # a board on port 6553: port 65530
            f"{here.origin}@evil.example",
            f"{here.origin}/",
            f"https://127.0.0.1:{here.port}",
            f"http://localhost:{here.port}",
            "http://127.0.0.1",
        ):
            assert await refused(http, live, origin=origin) == 403, origin
        assert await refused(http, live) == 403, "a WebSocket names its origin"
        cross = {"Sec-Fetch-Site": "cross-site"}
        assert await refused(http, live, origin=here.origin, headers=cross) == 403
        assert await refused(http, live, origin=here.origin) == 0
        await freed(here)


async def freed(here: Here) -> None:
    """Wait for every viewer's place to be freed."""
    deadline = time.monotonic() + QUICK.silent + 2 * QUICK.beat + 1
    while here.server.viewers and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert not here.server.viewers, "a place still held"


async def test_the_viewer_past_the_cap_is_told_and_a_page_opened_again_keeps_its_place(
    store: Store,
) -> None:
    # These pages answer no heartbeat: with QUICK's 1.5 s a loaded machine dropped the first
    # as silent before it was opened again, and it ended without "replaced".
    patient = dataclasses.replace(QUICK, silent=60.0)
    async with (
        board_here(store.path, viewers=2, timing=patient) as here,
        aiohttp.ClientSession() as http,
    ):
        first = await watch(http, here, "first-page")
        second = await watch(http, here, "second-page")
        for live in (first, second):
            assert (await said(live, 2))[1].startswith("board ")
        third = await watch(http, here, "third-page")
        (told,) = await said(third, 1)
        assert told.startswith("full This board already has 2 viewers")
        assert (await third.receive()).type == aiohttp.WSMsgType.CLOSE
        again = await watch(http, here, "first-page")  # a reload: its own old place
        assert (await said(again, 2))[1].startswith("board ")
        assert sorted(here.server.viewers) == ["first-page", "second-page"]
        # to its end, with a word for a copy of it: a heartbeat every quarter second, and a
        # loaded machine took more than 2.5 s to come here (ten beats, and no end, were read)
        rest = await said(first, 1_000)
        assert rest[-1] == "replaced {}", "the old connection ended"
        for live in (first, second, again):
            await live.close()


async def test_a_page_replaced_while_the_board_is_written_to_it_is_told_so(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A copy of the page (a tab duplicated) takes this page's name just as the board is
    being written to it: the page is still told it was replaced, so it takes a name of
    its own rather than take its place back."""
    send = BoardServer.send

    async def replaced_meanwhile(
        server: BoardServer, page: web.WebSocketResponse, text: str
    ) -> None:
        viewer = server.viewers.get("first-page")
        if text.startswith("board ") and viewer is not None:
            viewer.drop(replaced=True)  # as the copy opening now does
        await send(server, page, text)

    monkeypatch.setattr(BoardServer, "send", replaced_meanwhile)
    async with board_here(store.path) as here, aiohttp.ClientSession() as http:
        first = await watch(http, here, "first-page")
        told = await said(first, 10)
        await first.close()
    assert told[-1] == "replaced {}", told


async def test_slow_and_half_open_connections_are_capped_and_time_out(store: Store) -> None:
    """More connections than the cap, each sending half a request and nothing more: those
    past the cap are closed at once, the rest once the time for headers is up, and the
    board opens again."""
    async with board_here(store.path, viewers=2) as here, aiohttp.ClientSession() as http:
        cap = here.server.limits.connections
        opened = [await asyncio.open_connection("127.0.0.1", here.port) for _ in range(cap + 20)]
        for _, writer in opened:
            writer.write(b"GET /" + here.server.secret.encode() + b"/ HTTP/1.1\r\nHost: x\r\n")
        started = time.monotonic()

        async def closed(reader: asyncio.StreamReader) -> float:
            with contextlib.suppress(ConnectionError):
                await reader.read()
            return time.monotonic() - started

        after = await asyncio.wait_for(
            asyncio.gather(*(closed(reader) for reader, _ in opened)), QUICK.headers + 5
        )
        assert sum(1 for seconds in after if seconds < QUICK.headers / 2) >= 20, "past the cap"
        assert max(after) < QUICK.headers + 2, "no request within the time for headers"
        for _, writer in opened:
            writer.close()
        async with http.get(here.url) as response:
            assert response.status == 200


async def test_one_address_flooding_the_board_leaves_room_for_every_other(store: Store) -> None:
    """Twice the cap of connections from one address (127.0.0.2), held open: a page from
    another address still opens, and so does one from that address once its flood is
    closed."""
    holding = dataclasses.replace(QUICK, headers=30.0)
    async with board_here(store.path, viewers=2, timing=holding) as here:
        flood = []
        for _ in range(2 * here.server.limits.connections):
            with contextlib.suppress(ConnectionError):
                flood.append(
                    await asyncio.open_connection(
                        "127.0.0.1", here.port, local_addr=("127.0.0.2", 0)
                    )
                )
        for _, writer in flood:
            with contextlib.suppress(ConnectionError):
                writer.write(b"GET /")
        await asyncio.sleep(0.2)  # the server has taken them in (or turned them away)
        assert len(here.server.viewers) == 0
        async with aiohttp.ClientSession() as http:
            async with http.get(here.url) as response:
                assert response.status == 200, "a page from another address"
            live = await watch(http, here, "another-address")
            assert (await said(live, 2))[1].startswith("board ")
            await live.close()
        for _, writer in flood:
            writer.close()
        connector = aiohttp.TCPConnector(local_addr=("127.0.0.2", 0))
        async with aiohttp.ClientSession(connector=connector) as http:
            async with asyncio.timeout(5):
                while True:  # the flood's connections close as the server notices
                    with contextlib.suppress(aiohttp.ClientError):
                        async with http.get(here.url) as response:
                            if response.status == 200:
                                break
                    await asyncio.sleep(0.05)


async def test_a_page_that_stops_reading_is_dropped_as_it_goes_silent(store: Store) -> None:
    """Not at the heartbeat after: ``silent`` after the page last answered, to the beat."""
    timing = dataclasses.replace(QUICK, beat=1.0, silent=2.2)  # the beat after: 3 s
    async with (
        board_here(store.path, viewers=1, timing=timing) as here,
        aiohttp.ClientSession() as http,
    ):
        raw = await never_reads(here, "never-reads")
        try:
            took = await dropped(here, "never-reads", timing.silent + 2)
        finally:
            raw.close()
        assert timing.silent - 0.1 < took < timing.silent + 0.5, took
        async with await watch(http, here, "a-new-page") as live:
            assert (await said(live, 2))[1].startswith("board ")


async def test_a_client_answering_heartbeats_it_never_read_is_dropped(store: Store) -> None:
    """It sends a "seen" for every heartbeat number there could be, and reads nothing:
    only the heartbeat's own words count, so its place is freed for a real page."""
    async with board_here(store.path, viewers=1) as here, aiohttp.ClientSession() as http:
        raw = await never_reads(here, "guesses-beats")
        loop = asyncio.get_running_loop()

        async def guess() -> None:
            every = b"".join(frame(f"seen {n}") + frame(f"seen {n}.x") for n in range(1, 40))
            while True:
                await loop.sock_sendall(raw, every)
                await asyncio.sleep(QUICK.beat / 4)

        guessing = asyncio.create_task(guess())
        try:
            await dropped(here, "guesses-beats", QUICK.silent + 2)
        finally:
            guessing.cancel()
            with contextlib.suppress(asyncio.CancelledError, ConnectionError):
                await guessing
            raw.close()
        async with await watch(http, here, "a-real-page") as live:
            assert (await said(live, 2))[1].startswith("board ")


async def test_a_write_a_page_does_not_take_is_bounded_in_time(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page whose heartbeat allowance is long (a minute) but which takes nothing of a
    large board: the write stalls, and the page is dropped once ``write`` is up."""
    timing = dataclasses.replace(QUICK, silent=60.0, write=0.5)
    async with board_here(store.path, viewers=1, timing=timing) as here:
        board = here.server.board
        async with asyncio.timeout(5):
            while not board.version:
                await asyncio.sleep(0.01)
        # The board stays as set below: a look at a store written this instant (its files
        # too recent to vouch for) would put the small board back before it is written.
        monkeypatch.setattr(board, "look", lambda: False)
        raw = await never_reads(here, "stalled-page", buffer=4096)
        try:
            board.encoded = '{"title":"' + "x" * 8_000_000 + '"}'
            board.version += 1
            here.server.viewers["stalled-page"].wake.set()
            await dropped(here, "stalled-page", timing.write + 10)  # unbounded: a minute
        finally:
            raw.close()


async def test_a_change_reaches_every_page_well_inside_a_heartbeat(store: Store) -> None:
    """Heartbeats three seconds apart, as served: a round recorded just after one is on
    every page within half of that (at once, but a loaded machine may be slow), not at
    the next."""
    timing = Timing(beat=3.0)
    async with (
        board_here(store.path, viewers=5, timing=timing) as here,
        aiohttp.ClientSession() as http,
    ):
        writer = Store(store.path)
        (session_id,) = [summary.id for summary in writer.summaries()]
        pages = [await watch(http, here, f"page-{number}") for number in range(5)]
        for live in pages:
            while "Hand 1 " not in (await said(live, 1))[0]:
                pass
        while not (await said(pages[0], 1, within=timing.beat + 2))[0].startswith("beat "):
            pass  # the board said again as it stood (a loaded machine's later look): no beat yet
        with writer:
            writer.record(session_id, MAX_OUT)
        recorded = time.monotonic()
        took = []
        for live in pages:
            while True:
                (got,) = await said(live, 1, within=timing.beat + 2)
                if got.startswith("board ") and "Hand 2 " in got:
                    took.append(time.monotonic() - recorded)
                    break
        assert max(took) < timing.beat / 2, took
        for live in pages:
            await live.close()


async def test_a_page_answering_its_heartbeats_stays(store: Store) -> None:
    async with board_here(store.path, viewers=1) as here, aiohttp.ClientSession() as http:
        live = await watch(http, here, "a-real-page")
        kept_until = time.monotonic() + QUICK.silent * 2
        async with asyncio.timeout(QUICK.silent * 3):
            while time.monotonic() < kept_until:
                (got,) = await said(live, 1)
                if got.startswith("beat "):
                    await live.send_str("seen " + got[5:])
        assert "a-real-page" in here.server.viewers
        await live.close()


async def test_what_a_page_sends_is_capped(store: Store) -> None:
    async with board_here(store.path) as here, aiohttp.ClientSession() as http:
        async with http.get(here.url, headers={"X-Long": "a" * 10_000}) as response:
            assert response.status == 400
        live = await watch(http, here, "sends-too-much")
        await said(live, 2)
        await live.send_str("seen " + "x" * 100_000)
        async with asyncio.timeout(5):
            while (await live.receive()).type == aiohttp.WSMsgType.TEXT:
                pass
        await dropped(here, "sends-too-much", 5)
        async with await watch(http, here, "x" * 1000) as named:
            hello = (await said(named, 1))[0]
            assert "x" * 40 not in hello, "a viewer's name is the server's, past its size"
        async with http.get(here.url) as response:
            assert response.status == 200


def test_errors_are_said_once_a_minute_in_one_line_without_traceback() -> None:
    now = [0.0]
    said = OncePerMinute(clock=lambda: now[0])
    records = []
    for second in range(0, 180, 3):
        now[0] = float(second)
        try:
            raise UnicodeEncodeError("ascii", "é", 0, 1, "ordinal not in range")
        except UnicodeEncodeError as error:
            record = logging.LogRecord(
                "aiohttp.server",
                logging.ERROR,
                "",
                0,
                "Error handling request",
                None,
                (type(error), error, error.__traceback__),
            )
        if said.filter(record):
            records.append(record)
    assert len(records) == 3, "one line a minute for three minutes"
    for record in records:
        assert record.exc_info is None
        line = logging.Formatter().format(record)
        assert "\n" not in line and "UnicodeEncodeError" in line
