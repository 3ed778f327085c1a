"""Python's cyclic garbage collector, tuned in one place: when it is off, when it passes.

Left to itself the collector passes whenever enough containers have been made, at no
chosen moment, and a pass over what the app holds with a big store loaded takes tens of
milliseconds: a frame late, a key answered late. Three moments make objects by the
hundred thousand and little garbage, or garbage only a full pass frees, so they are
chosen instead:

- **Starting:** the collector is off until the first frame is out (``off_to_start``, then
  ``on_after_start``): starting makes objects by the hundred thousand and no garbage
  worth a pass, and a pass costs time the first frame waits for.
- **A long read** (ten thousand session summaries, some 200,000 containers, none cyclic):
  ``paused`` around it.
- **A round entry closed:** its widgets refer to one another, so only a full pass frees
  them; the table asks for one (``full_pass``) ``FULL_PASS_AFTER`` seconds after, once it
  is drawn with the round and people read it, rather than at a key being typed.

What was made while the collector was off goes straight to its oldest generation
(``freeze`` then ``unfreeze``), where lasting objects end up: the young passes would
otherwise walk all of it at once, just as the first keys come.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

FULL_PASS_AFTER = 0.1
"""Seconds after a round entry closes that the table asks for a full pass."""


def off_to_start() -> None:
    gc.disable()


def _on_again() -> None:
    gc.freeze()
    gc.unfreeze()
    gc.enable()


def on_after_start() -> None:
    """Back on once the first frame is out, if starting turned it off."""
    if not gc.isenabled():
        _on_again()


@contextlib.contextmanager
def paused() -> Iterator[None]:
    """Off for the ``with`` block, unless it was off already."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            _on_again()


def full_pass() -> None:
    gc.collect()
