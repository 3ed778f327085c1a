"""A served board for the tests and the bench: ``scorekeeper board --serve`` in a
subprocess (what a user runs), or the same server in this process with short timings
(in a test's own event loop, or in a thread beside Playwright's), and Debian's Chromium.

Debian's ``chromium`` package is driven through Playwright's ``executable_path``; no
browser is ever downloaded.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from screens.board.server import BoardServer, Limits, Timing

PLAYWRIGHT_OFF = (
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
)
"""The features Playwright's own ``--disable-features`` turns off. Chromium heeds only the
last ``--disable-features`` it is given, so ours names them again (``launch`` checks that
it still names all of them)."""
OMNIBOX_OFF = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
"""Each window's address bar loads its suggestions as pages of their own: Chromium busy in
every window for an address bar nobody types in."""
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-features=" + ",".join(PLAYWRIGHT_OFF + OMNIBOX_OFF),
]
QUICK = Timing(poll=0.05, beat=0.25, silent=1.5, headers=0.5, retry=0.25)
"""Timings a test can wait out: a heartbeat a quarter second, a silent page dropped
after 1.5 s, half a second for a request's headers."""
SECRET = "the-secret-of-this-test-board"


def chromium() -> str | None:
    """Debian's Chromium, if installed."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None


def launch(playwright: Any, executable: str) -> Any:
    """Chromium from ``executable`` with ``CHROMIUM_FLAGS``, once it is sure that none of
    the features Playwright turns off was turned on again by ours (the browser's command
    line, read from Linux's /proc)."""
    browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
    processes = browser.new_browser_cdp_session().send("SystemInfo.getProcessInfo")
    main = next(each["id"] for each in processes["processInfo"] if each["type"] == "browser")
    command = Path(f"/proc/{main}/cmdline").read_text(encoding="utf-8").replace("\0", " ")
    turned_off = [
        flag.split("=", 1)[1].split(",")
        for flag in command.split()
        if flag.startswith("--disable-features=")
    ]
    lost = {name for names in turned_off[:-1] for name in names} - set(turned_off[-1])
    if lost:
        browser.close()
        raise RuntimeError(f"Playwright now turns off {sorted(lost)}: add them to PLAYWRIGHT_OFF")
    return browser


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Served:
    """A running ``scorekeeper board --serve`` and the address it printed."""

    process: subprocess.Popen[str]
    url: str

    @property
    def origin(self) -> str:
        return self.url.split("/", 3)[0] + "//" + self.url.split("/", 3)[2]


@contextmanager
def served_board(store: Path, port: int, *options: str) -> Iterator[Served]:
    """``scorekeeper board --serve`` on 127.0.0.1:``port`` until the block ends; its
    stderr is a pipe of its own, read by whoever needs it once it has stopped."""
    command = ["board", "--serve", "--port", str(port), *options]
    server = subprocess.Popen(
        [sys.executable, "-m", "screens.console", "--db", str(store), *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in first, first
        yield Served(server, first.split()[3])
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def resident_mb(pid: int) -> float:
    """A process's resident memory in MB (Linux /proc)."""
    with open(f"/proc/{pid}/status", encoding="utf-8") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


@dataclass
class Here:
    """The board's server running in this process, and its address."""

    server: BoardServer
    port: int

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def url(self) -> str:
        return f"{self.origin}/{self.server.secret}/"


def board_server(store: Path, viewers: int, timing: Timing) -> Here:
    return Here(
        BoardServer(store, None, limits=Limits(viewers), secret=SECRET, timing=timing),
        free_port(),
    )


@asynccontextmanager
async def board_here(
    store: Path, *, viewers: int = 30, timing: Timing = QUICK
) -> AsyncIterator[Here]:
    """The server in the running event loop until the block ends."""
    here = board_server(store, viewers, timing)
    ready, stop = asyncio.Event(), asyncio.Event()
    running = asyncio.create_task(here.server.run("127.0.0.1", here.port, ready.set, stop))
    await asyncio.wait_for(ready.wait(), 10)
    try:
        yield here
    finally:
        stop.set()
        await running


@contextmanager
def board_in_thread(store: Path, *, viewers: int = 30, timing: Timing = QUICK) -> Iterator[Here]:
    """The server in a thread of its own until the block ends, beside a browser driven
    from this thread."""
    here = board_server(store, viewers, timing)
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    stop: list[asyncio.Event] = []

    async def run() -> None:
        stop.append(asyncio.Event())
        await here.server.run("127.0.0.1", here.port, ready.set, stop[0])

    thread = threading.Thread(target=loop.run_until_complete, args=(run(),), daemon=True)
    thread.start()
    assert ready.wait(10), "the board's server did not start"
    try:
        yield here
    finally:
        loop.call_soon_threadsafe(stop[0].set)
        thread.join(10)
        loop.close()
