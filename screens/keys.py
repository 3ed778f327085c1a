"""Field-to-field keys that keep their place among the keys typed around them.

Textual hands each key to the widget focused when the key arrives and lets that widget
handle it later, in its own turn. When keys come in one burst (a paste, a fast typist,
tmux send-keys), "Ann", Down, "30" would all be queued at the first field before the Down
moves the focus, so "30" landed in the wrong field. These moves are priority bindings: the
app runs them as they arrive, and each first waits until the focused field (and each
container up to the screen, for the messages it bubbles, such as Enter's "submitted") has
handled the keys sent before it.

The next field is the next one in the screen's own order (its widget tree), not where
the last frame drew it: an entry that reorders its rows as a key is typed (Calcutta's
auction order follows the course) has not been laid out again when the Down right after
that key arrives.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TypeVar

from textual.actions import SkipAction
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList

PATIENCE = 1.0
"""Seconds a key waits at most for the keys before it."""
Result = TypeVar("Result")
"""What a screen hands back when dismissed: none of these functions reads it."""

MOVES = [
    Binding("down", "move(1, True)", "Next field", show=False, priority=True),
    Binding("up", "move(-1, True)", "Previous field", show=False, priority=True),
    Binding("tab", "move(1, False)", "Next field", show=False, priority=True),
    Binding("shift+tab", "move(-1, False)", "Previous field", show=False, priority=True),
]
"""A screen with these defines ``action_move(step, arrow)`` calling ``move``."""


async def settled(screen: Screen[Result], *, inside: bool = False) -> None:
    """Wait until the focused widget, then each of its containers, has handled what was
    already sent to it. ``inside``: called from the screen's own handler (a button on it
    pressed), so the screen's own queue cannot run meanwhile: wait for the widgets only."""
    if not screen.is_active or not screen.is_running:
        return
    focused = screen.focused or screen
    chain: list[Widget] = []
    for node in (focused, *focused.ancestors):
        if not isinstance(node, Widget) or (inside and node is screen):
            break
        chain.append(node)
        if node is screen:
            break
    # Twice along the chain: a key handled in the first pass may post a message (Enter's
    # "submitted") that bubbles up in the second.
    for node in chain + chain:
        done = asyncio.Event()
        if node.call_later(done.set):
            # Bounded: a widget that is itself waiting for the app must not hang the keys.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(done.wait(), PATIENCE)


async def move(screen: Screen[Result], step: int, arrow: bool, *, wrap: bool = True) -> bool:
    """Focus the next (``step`` 1) or previous field once the keys before have landed;
    an arrow on a list moves its highlight instead, here and now, for the same reason.
    Without ``wrap`` the focus stays on the last field (or the first): False then."""
    if screen.app.screen is not screen:
        raise SkipAction()
    await settled(screen)
    focused = screen.focused
    if arrow and isinstance(focused, OptionList):
        if step > 0:
            focused.action_cursor_down()
        else:
            focused.action_cursor_up()
        return True
    return step_focus(screen, step, wrap=wrap)


def step_focus(screen: Screen[Result], step: int, *, wrap: bool = True) -> bool:
    """Focus the field ``step`` places on from the focused one, in tree order, wrapping
    (or, without ``wrap``, staying at the end: False then)."""
    chain = screen.focus_chain
    if not chain:
        return False
    place = {widget: index for index, widget in enumerate(screen.walk_children(Widget))}
    chain.sort(key=place.__getitem__)
    focused = screen.focused
    here = chain.index(focused) if focused in chain else (-1 if step > 0 else 0)
    if not wrap and not 0 <= here + step < len(chain):
        return False
    screen.set_focus(chain[(here + step) % len(chain)])
    return True
