"""One page watching the served board (``server.py``): its place, its heartbeats and
its answers to them.

A heartbeat's words are its number and a part no client can guess: only a page that
read the heartbeat can answer it, so a client that sends answers but never reads what
it is sent (its unread messages piling up) goes silent, and is dropped.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import deque
from dataclasses import dataclass, field


@dataclass(eq=False)
class Viewer:
    """One page watching: its WebSocket's place and when it last answered."""

    id: str
    heard: float
    beat: int = 0
    asked: deque[str] = field(default_factory=lambda: deque(maxlen=2))
    """The last two heartbeats' words: an answer to the one before the last is still on
    its way when the last is sent."""
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    """Set when the board changed or the page is to go: it is written to at once."""
    gone: bool = False
    replaced: bool = False
    """Its place was taken by a page with the same name: this page's reload, or a copy of
    the page (a tab duplicated) which is then told to take a name of its own."""

    def drop(self, *, replaced: bool = False) -> None:
        self.replaced = self.replaced or replaced
        self.gone = True
        self.wake.set()

    def next_beat(self) -> str:
        """The next heartbeat's words: its number and a part no client can guess, so only
        a page that read it can answer it."""
        self.beat += 1
        self.asked.append(f"{self.beat}.{secrets.token_urlsafe(9)}")
        return self.asked[-1]

    def answered(self, words: str) -> bool:
        """A page's answer: whether it names a heartbeat it was sent (it is still there,
        and still reading)."""
        if words not in self.asked:
            return False
        self.heard = time.monotonic()
        return True
