"""Two Syncthing daemons on this machine, each syncing one store folder with the other.

Everything that could reach past 127.0.0.1 is off before a daemon starts: global and
local discovery, relays, NAT, STUN, usage and crash reports and upgrades, and the servers
they would call are pointed at a dead loopback port (an empty list would be refilled with
the defaults). The peer's address is static. Each daemon is driven through its REST API
with a key made here, with any proxy bypassed, and stopped through it (SIGTERM if it does
not answer: the process started is a monitor whose child is the daemon).

Waiting is on the daemon's event stream (a long poll), never a sleep: a condition is
checked again each time the daemon reports something, or at least once a second.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import time
import urllib.request
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from scorekeeper.store.machine import STIGNORE

DEAD = "127.0.0.1:9"
FOLDER = "scorekeeper-store"
_NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))
_OFF = {
    "globalAnnounceEnabled": "false",
    "localAnnounceEnabled": "false",
    "relaysEnabled": "false",
    "natEnabled": "false",
    "urAccepted": "-1",
    "urSeen": "3",
    "urURL": f"http://{DEAD}/",
    "crashReportingEnabled": "false",
    "crashReportingURL": f"http://{DEAD}/",
    "autoUpgradeIntervalH": "0",
    "releasesURL": f"http://{DEAD}/",
    "globalAnnounceServer": DEAD,
    "stunServer": DEAD,
    "stunKeepaliveStartS": "0",
    "stunKeepaliveMinS": "0",
    "startBrowser": "false",
    "announceLANAddresses": "false",
    "restartOnWakeup": "false",
    "reconnectionIntervalS": "1",
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Daemon:
    """One Syncthing with its home, its store folder and its ports."""

    home: Path
    folder: Path
    device: str = ""
    api_key: str = field(default_factory=lambda: secrets.token_hex(16))
    gui_port: int = field(default_factory=free_port)
    listen_port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    last_event: int = 0

    def generate(self) -> None:
        done = subprocess.run(
            [
                "syncthing",
                "generate",
                "--home",
                str(self.home),
                "--no-default-folder",
                "--skip-port-probing",
            ],
            env=_environment(),
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        )
        config = ET.parse(self.home / "config.xml").getroot()
        self.device = config.findall("device")[0].attrib["id"]
        assert self.device in done.stdout + done.stderr

    def configure(self, peer: Daemon) -> None:
        """Loopback only, the folder shared with ``peer`` at its static address."""
        tree = ET.parse(self.home / "config.xml")
        config = tree.getroot()
        options = config.find("options")
        assert options is not None
        for name, value in _OFF.items():
            element = options.find(name)
            if element is None:
                element = ET.SubElement(options, name)
            element.text = value
        for listen in options.findall("listenAddress"):
            options.remove(listen)
        ET.SubElement(options, "listenAddress").text = f"tcp://127.0.0.1:{self.listen_port}"
        gui = config.find("gui")
        assert gui is not None
        _set(gui, "address", f"127.0.0.1:{self.gui_port}")
        _set(gui, "apikey", self.api_key)
        for device in config.findall("device"):
            config.remove(device)
        for who, address in ((self, "dynamic"), (peer, f"tcp://127.0.0.1:{peer.listen_port}")):
            device = ET.SubElement(
                config, "device", id=who.device, name=who.home.name, compression="metadata"
            )
            ET.SubElement(device, "address").text = address
        shared = ET.SubElement(
            config,
            "folder",
            id=FOLDER,
            label=FOLDER,
            path=str(self.folder),
            type="sendreceive",
            rescanIntervalS="3600",
            fsWatcherEnabled="true",
            fsWatcherDelayS="1",
        )
        for who in (self, peer):
            ET.SubElement(shared, "device", id=who.device)
        ET.SubElement(shared, "maxConflicts").text = "10"  # left out, it would be 0: none kept
        tree.write(self.home / "config.xml")
        (self.folder / ".stfolder").mkdir(parents=True, exist_ok=True)
        (self.folder / ".stignore").write_text("\n".join(STIGNORE) + "\n", encoding="utf-8")

    def start(self, log: Path) -> None:
        with open(log, "wb") as output:
            self.process = subprocess.Popen(
                [
                    "syncthing",
                    "serve",
                    "--home",
                    str(self.home),
                    "--no-browser",
                    "--no-restart",
                    "--no-upgrade",
                ],
                env=_environment(),
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def rest(self, method: str, path: str, *, timeout: float = 10, body: object = None) -> object:
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.gui_port}{path}",
            method=method,
            headers={"X-API-Key": self.api_key, "Content-Type": "application/json"},
            data=None if body is None else json.dumps(body).encode(),
        )
        with _NO_PROXY.open(request, timeout=timeout) as answer:
            said = answer.read()
        return json.loads(said) if said else None

    def share(self, shared: bool) -> None:
        """The store folder synced, or paused: nothing of it sent or taken, as with the
        other laptop away (Syncthing scans the folder again before it meets the other)."""
        self.rest("PATCH", f"/rest/config/folders/{FOLDER}", body={"paused": not shared})

    def events(self) -> None:
        """Wait up to a second for the daemon to report anything (a long poll)."""
        found = self.rest("GET", f"/rest/events?since={self.last_event}&timeout=1", timeout=5)
        if isinstance(found, list) and found:
            self.last_event = max(event["id"] for event in found)

    def up(self) -> bool:
        try:
            self.rest("GET", "/rest/system/ping", timeout=2)
        except OSError:
            return False
        return True

    def ask_to_stop(self) -> bool:
        """Whether the daemon took the request to shut down (it then ends by itself)."""
        if self.process is None or self.process.poll() is not None:
            return False
        try:
            self.rest("POST", "/rest/system/shutdown")
        except OSError:
            return False
        return True

    def stop(self, *, asked: bool) -> None:
        """The daemon ended: waited for if ``asked`` to stop, else (or if it does not end)
        sent SIGTERM."""
        if self.process is None or self.process.poll() is not None:
            return
        try:
            self.process.wait(timeout=20 if asked else 0)
        except subprocess.TimeoutExpired:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=20)


def _set(parent: ET.Element, name: str, value: str) -> None:
    element = parent.find(name)
    if element is None:
        element = ET.SubElement(parent, name)
    element.text = value


def _environment() -> dict[str, str]:
    environment = dict(os.environ, STNOUPGRADE="1", STNODEFAULTFOLDER="1", STNORESTART="1")
    for proxy in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy"):
        environment.pop(proxy, None)
    return environment


def wait_for(
    daemons: tuple[Daemon, ...], holds: Callable[[], bool], *, within: float, what: str
) -> float:
    """Seconds until ``holds()``; each check follows news from a daemon (or a second)."""
    start = time.monotonic()
    turn = 0
    while not holds():
        waited = time.monotonic() - start
        if waited > within:
            raise AssertionError(f"not within {within} s: {what}")
        daemons[turn % len(daemons)].events()
        turn += 1
    return time.monotonic() - start


@contextmanager
def pair(base: Path) -> Iterator[tuple[Daemon, Daemon]]:
    """Two daemons started, connected and syncing ``base/a/store`` with ``base/b/store``;
    both stopped on the way out, whatever happened."""
    if shutil.which("syncthing") is None:
        raise RuntimeError("syncthing is not installed")
    daemons = tuple(Daemon(base / side / "home", base / side / "store") for side in "ab")
    first, second = daemons
    for daemon in daemons:
        daemon.generate()
    first.configure(second)
    second.configure(first)
    try:
        for daemon in daemons:
            daemon.start(daemon.home / "log.txt")
        _wait_up(daemons)
        for daemon in daemons:
            daemon.last_event = 0
        wait_for(daemons, lambda: connected(first, second), within=60, what="the daemons connect")
        yield first, second
    finally:
        asked = [daemon.ask_to_stop() for daemon in daemons]  # both at once
        for daemon, told in zip(daemons, asked, strict=True):
            daemon.stop(asked=told)


def _wait_up(daemons: tuple[Daemon, ...]) -> None:
    """The REST API answers: until it does there is no event stream to wait on, so this
    one waits on the process itself, which ends if the daemon cannot start."""
    deadline = time.monotonic() + 60
    for daemon in daemons:
        while not daemon.up():
            assert daemon.process is not None
            if daemon.process.poll() is not None or time.monotonic() > deadline:
                log = (daemon.home / "log.txt").read_text(errors="replace")[-2000:]
                raise AssertionError(f"syncthing did not start:\n{log}")
            with contextlib.suppress(subprocess.TimeoutExpired):
                daemon.process.wait(timeout=0.2)  # its end, if it fails to start


def connected(first: Daemon, second: Daemon) -> bool:
    found = first.rest("GET", "/rest/system/connections")
    assert isinstance(found, dict)
    return bool(found["connections"].get(second.device, {}).get("connected"))
