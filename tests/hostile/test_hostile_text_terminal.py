"""The real app in a real terminal (a pty), on an old store whose names hold terminal
escapes: the bytes it writes never carry a name's escape, only its picture."""

from __future__ import annotations

import fcntl
import os
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

from tests.hostile.hostile_names import write_hostile_store

PAYLOADS = (
    b"\x1b]52;c;",
    b"NofHNo\x07",
    b"cm0gLXJmIH4=\x07",
    b"\x1b]0;pwned",
    b"pwned\x1b\\",
    b"\xc2\x9b2J",
    "\u202e".encode(),
)
"""A name's escapes as the terminal would obey them. (Textual's own OSC 22, which sets
the mouse pointer, ends in a BEL too: a bare BEL is no sign of a leak.)"""
TIMEOUT = 20.0


class Terminal:
    """``scorekeeper`` on a pseudo-terminal 80×24; everything it writes is kept."""

    def __init__(self, store: Path) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        command = Path(sys.executable).with_name("scorekeeper")
        env = {**os.environ, "TERM": "xterm-256color", "SCOREKEEPER_DB": str(store)}
        env.pop("TEXTUAL", None)
        self.process = subprocess.Popen(
            [str(command)], stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True
        )
        os.close(slave)
        self.output = b""

    def until(self, text: str, since: int = 0) -> None:
        """Read what the app writes until ``text`` is on the screen (written after
        ``since`` bytes of output)."""
        wanted = text.encode()
        deadline = time.monotonic() + TIMEOUT
        while wanted not in self.output[since:]:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self.master], [], [], max(left, 0))
            assert ready, f"{text!r} never came; the app wrote {self.output[-300:]!r}"
            self.output += os.read(self.master, 65536)

    def press(self, keys: str, then: str) -> None:
        since = len(self.output)
        os.write(self.master, keys.encode())
        self.until(then, since)

    def close(self, asked: str = "") -> int:
        """Ctrl+Q, and y where the app first asks ``asked``; the app's exit code."""
        if asked:
            self.press("\x11", asked)
            os.write(self.master, b"y")
        else:
            os.write(self.master, b"\x11")  # Ctrl+Q
        while True:
            ready, _, _ = select.select([self.master], [], [], TIMEOUT)
            if not ready:
                break
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # the app closed the terminal
                break
            if not chunk:
                break
            self.output += chunk
        try:
            code = self.process.wait(TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            code = self.process.wait()
        os.close(self.master)
        return code


def test_the_terminal_gets_no_escape_from_a_name(tmp_path: Path) -> None:
    write_hostile_store(tmp_path / "db")
    terminal = Terminal(tmp_path / "db")
    try:
        terminal.until("Bob␛]52;c;")
        terminal.press("\r", "Eve␤Bob pays Eve $500.00 deals")
        terminal.press("s", "Payments")
        terminal.press("\r\x1b", "6 sessions")
        terminal.press("\x0c", "Night␛]52;c;cm0gLXJmIH4=␇…")
    finally:
        code = terminal.close()
    assert code == 0
    for payload in PAYLOADS:
        assert payload not in terminal.output, f"{payload!r} reached the terminal"
