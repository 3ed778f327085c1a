"""Field-to-field keys that keep their place among the keys typed around them.

Textual hands each key to the widget focused when the key arrives and lets that widget
handle it later, in its own turn. When keys come in one burst (a paste, a fast typist,
tmux send-keys), "Ann", Down, "30" would all be queued at the first field before the Down
moves the focus, so "30" landed in the wrong field. These moves are priority bindings: the
app runs them as they arrive, and each first waits until the focused field (and each
container up to the screen, for the messages it bubbles, such as Enter's "submitted") has
handled the keys sent before it.
"""

from __future__ import annotations

import asyncio
from typing import Any

from textual.actions import SkipAction
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget

MOVES = [
    Binding("down", "move(1, True)", "Next field", show=False, priority=True),
    Binding("up", "move(-1, True)", "Previous field", show=False, priority=True),
    Binding("tab", "move(1, False)", "Next field", show=False, priority=True),
    Binding("shift+tab", "move(-1, False)", "Previous field", show=False, priority=True),
]
"""A screen with these defines ``action_move(step, arrow)`` calling ``move``."""


async def settled(screen: Screen[Any]) -> None:
    """Wait until the focused widget, then each of its containers, has handled what was
    already sent to it."""
    focused = screen.focused
    if focused is None:
        return
    for node in (focused, *focused.ancestors):
        if not isinstance(node, Widget):
            break
        done = asyncio.Event()
        if node.call_later(done.set):
            await done.wait()
        if node is screen:
            break


async def move(
    screen: Screen[Any], step: int, arrow: bool, own_arrows: tuple[type[Widget], ...] = ()
) -> None:
    """Focus the next (``step`` 1) or previous field once the keys before have landed;
    an arrow is left to a focused widget of the ``own_arrows`` kinds (a list)."""
    if screen.app.screen is not screen:
        raise SkipAction()
    await settled(screen)
    if arrow and isinstance(screen.focused, own_arrows):
        raise SkipAction()
    if step > 0:
        screen.focus_next()
    else:
        screen.focus_previous()
