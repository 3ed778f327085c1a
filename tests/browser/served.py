"""A served board in a real headless Chromium, for the browser test and the bench.

Debian's ``chromium`` package is driven through Playwright's ``executable_path``; no
browser is ever downloaded. The terminal is drawn on a canvas, so what reached the page
is read from its WebSocket frames.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium() -> str | None:
    """Debian's Chromium, if installed."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (Linux /proc), to see what a browser left running."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z":
            children.setdefault(int(fields[1]), []).append(int(entry))
    found: set[int] = set()
    waiting = [pid]
    while waiting:
        for child in children.get(waiting.pop(), []):
            found.add(child)
            waiting.append(child)
    return found


@dataclass
class Served:
    """A running ``scorekeeper board --serve`` and the address it printed."""

    process: subprocess.Popen[str]
    url: str

    @property
    def websocket(self) -> str:
        return "ws" + self.url.removeprefix("http") + "ws"

    @property
    def origin(self) -> str:
        return self.url.split("/", 3)[0] + "//" + self.url.split("/", 3)[2]


@contextmanager
def served_board(store: Path, port: int, *options: str) -> Iterator[Served]:
    """``scorekeeper board --serve`` on 127.0.0.1:``port`` until the block ends."""
    command = ["board", "--serve", "--port", str(port), *options]
    server = subprocess.Popen(
        [sys.executable, "-m", "screens.console", "--db", str(store), *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
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


class Frames:
    """Terminal output that reached the page, as text."""

    def __init__(self) -> None:
        self.chunks: list[bytes] = []

    def add(self, payload: str | bytes) -> None:
        self.chunks.append(payload if isinstance(payload, bytes) else payload.encode())

    def text(self) -> str:
        return b"".join(self.chunks).decode("utf-8", "replace")

    def wait_for(self, wanted: str, timeout: float, pump: Callable[[int], None]) -> float:
        """Seconds until ``wanted`` arrived (pumping the page's events), or raise."""
        start = time.perf_counter()
        while wanted not in self.text():
            if time.perf_counter() - start > timeout:
                raise TimeoutError(f"{wanted!r} did not reach the page in {timeout} s")
            pump(5)
        return time.perf_counter() - start
