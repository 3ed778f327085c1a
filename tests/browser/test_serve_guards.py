"""The served board on a network: nothing without the secret address (and never a
traceback for a hostile one), nothing for another site, caps on viewers and on
connections, a few seconds for a request's headers, a page that stops reading dropped,
what a page sends capped, errors said once a minute.

Plain HTTP clients and raw sockets on 127.0.0.1; no browser needed. The server runs in
the test's own event loop with short timings (``QUICK``), or as the command a user runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import re
import signal
import time
from pathlib import Path

import aiohttp
import pytest

from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.board.guards import OncePerMinute
from tests.browser.served import QUICK, Here, board_here, free_port, served_board

HOSTILE_PATHS = (
    "/",
    "/events",
    "/board.js",
    "/%C3%A9/",
    "/%C3%A9/events",
    "/%ED%A0%80/",
    "/%00/",
    "/..%2f..%2fetc%2fpasswd",
    "/" + "é" * 300 + "/",
)


@pytest.fixture
def store(tmp_path: Path) -> Store:
    with Store(tmp_path / "db") as store:
        store.add(Session.new("seven-hand", ["Grandma", "Max", "Zoe"]))
        return store


async def events_of(stream: aiohttp.ClientResponse, wanted: int, within: float = 5) -> list[str]:
    """The first ``wanted`` events of a stream, each as "kind: data"."""
    found: list[str] = []
    kind = ""
    async with asyncio.timeout(within):
        async for raw in stream.content:
            line = raw.decode().rstrip("\n")
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: "):
                found.append(f"{kind}: {line[6:]}")
                if len(found) == wanted:
                    return found
    return found


async def watch(http: aiohttp.ClientSession, here: Here, viewer: str) -> aiohttp.ClientResponse:
    return await http.get(f"{here.url}events", params={"viewer": viewer})


async def test_without_the_secret_there_is_nothing_and_never_a_traceback(store: Store) -> None:
    with served_board(store.path, free_port()) as served:
        secret = served.url.split("/")[3]
        base = served.origin
        async with aiohttp.ClientSession() as http:
            for path in (*HOSTILE_PATHS, f"/{secret}x/", f"/{secret[:-1]}/events"):
                async with http.get(base + path) as response:
                    assert response.status == 403, path
            async with http.post(served.url, data=b"x") as response:
                assert response.status == 403
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
            async with http.get(f"{served.url}events") as stream:
                assert (await events_of(stream, 2))[1].startswith("board: ")
                served.process.send_signal(signal.SIGINT)  # Ctrl+C, a page still watching
                served.process.wait(5)
    assert served.process.returncode == 0
    assert served.process.stderr is not None
    said = served.process.stderr.read()
    assert "Traceback" not in said, said
    assert len(said.splitlines()) <= 2, "one line per kind of error per minute"


async def test_events_and_heartbeats_only_for_the_boards_own_page(store: Store) -> None:
    async with board_here(store.path) as here, aiohttp.ClientSession() as http:
        events = f"{here.url}events"
        for headers in (
            {"Origin": "http://evil.example"},
            {"Origin": "null"},
            {"Origin": "http://127.0.0.1:1"},
            {"Sec-Fetch-Site": "cross-site"},
        ):
            async with http.get(events, headers=headers) as response:
                assert response.status == 403, headers
        seen = f"{here.url}seen?viewer=abcdefgh&beat=1"
        async with http.post(seen) as response:
            assert response.status == 403, "a heartbeat must name its origin"
        async with http.post(seen, headers={"Origin": "http://evil.example"}) as response:
            assert response.status == 403
        async with http.get(events, headers={"Origin": here.origin}) as response:
            assert (await events_of(response, 2))[1].startswith("board: ")
        await freed(here)


async def freed(here: Here) -> None:
    """Wait for every viewer's place to be freed: a page gone is noticed at the next
    heartbeat written to it."""
    deadline = time.monotonic() + QUICK.silent + 2 * QUICK.beat + 1
    while here.server.viewers and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert not here.server.viewers, "a place still held"


async def test_the_viewer_past_the_cap_is_told_and_a_page_opened_again_keeps_its_place(
    store: Store,
) -> None:
    # These pages send no heartbeat: with QUICK's 1.5 s a loaded machine dropped the first
    # as silent before it was opened again, and its stream ended without "replaced".
    patient = dataclasses.replace(QUICK, silent=60.0)
    async with (
        board_here(store.path, viewers=2, timing=patient) as here,
        aiohttp.ClientSession() as http,
    ):
        first = await watch(http, here, "first-page")
        second = await watch(http, here, "second-page")
        for stream in (first, second):
            assert (await events_of(stream, 2))[1].startswith("board: ")
        async with await watch(http, here, "third-page") as third:
            (said,) = await events_of(third, 1)
            assert said.startswith("full: This board already has 2 viewers")
        again = await watch(http, here, "first-page")  # a reload: its own old place
        assert (await events_of(again, 2))[1].startswith("board: ")
        assert sorted(here.server.viewers) == ["first-page", "second-page"]
        rest = (await first.content.read()).decode()  # ended, with a word for a copy of it
        last = rest.strip().rsplit("\n\n", 1)[-1]  # a board sent meanwhile may come first
        assert last == "event: replaced\ndata: {}", "the old connection ended"
        for stream in (first, second, again):
            stream.close()


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


async def test_a_page_that_stops_reading_is_dropped_and_its_place_freed(store: Store) -> None:
    async with board_here(store.path, viewers=1) as here, aiohttp.ClientSession() as http:
        # A client that asks for the board and never reads a byte of it.
        _, writer = await asyncio.open_connection("127.0.0.1", here.port)
        writer.write(
            f"GET /{here.server.secret}/events?viewer=never-reads HTTP/1.1\r\n"
            "Host: 127.0.0.1\r\n\r\n".encode()
        )
        while "never-reads" not in here.server.viewers:
            await asyncio.sleep(0.02)
        await freed(here)
        async with await watch(http, here, "a-new-page") as stream:
            assert (await events_of(stream, 2))[1].startswith("board: ")
        writer.close()


async def test_a_page_answering_its_heartbeats_stays(store: Store) -> None:
    async with board_here(store.path, viewers=1) as here, aiohttp.ClientSession() as http:
        stream = await watch(http, here, "a-real-page")
        headers = {"Origin": here.origin}
        kept_until = time.monotonic() + QUICK.silent * 2
        async with asyncio.timeout(QUICK.silent * 3):
            async for raw in stream.content:
                if raw.startswith(b"data: ") and b"{" not in raw:
                    beat = raw[6:].strip().decode()
                    seen = f"{here.url}seen?viewer=a-real-page&beat={beat}"
                    async with http.post(seen, headers=headers) as answered:
                        assert answered.status == 204
                if time.monotonic() > kept_until:
                    break
        assert "a-real-page" in here.server.viewers
        stream.close()


async def test_what_a_page_sends_is_capped(store: Store) -> None:
    async with board_here(store.path) as here, aiohttp.ClientSession() as http:
        async with http.get(here.url, headers={"X-Long": "a" * 10_000}) as response:
            assert response.status == 400
        reader, writer = await asyncio.open_connection("127.0.0.1", here.port)
        writer.write(
            f"POST /{here.server.secret}/seen?viewer=abcdefgh&beat=1 HTTP/1.1\r\n"
            f"Host: 127.0.0.1:{here.port}\r\nOrigin: {here.origin}\r\n"
            "Content-Length: 100000000\r\n\r\n".encode()
            + b"x" * 65536
        )
        status = await asyncio.wait_for(reader.readline(), 5)
        assert status.split()[1] in (b"403", b"410", b"413"), status
        writer.close()
        async with await watch(http, here, "x" * 1000) as stream:
            hello = (await events_of(stream, 1))[0]
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
