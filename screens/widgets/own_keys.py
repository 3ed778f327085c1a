"""A field's own keys run as the key reaches the field, in turn with the keys around it.

Textual runs a widget's binding only once the key has gone up to the app and back, behind
any key sent after it: in a burst (a paste of keys, tmux send-keys, a quick hand) Space on
a tick and then Enter recorded the round before the tick was set, and Backspace on a pick
cleared it only after Enter had recorded it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from textual import events
from textual.binding import Binding, BindingType
from textual.widget import Widget


def keys_of(bindings: Iterable[BindingType]) -> dict[str, str]:
    """Each key ``bindings`` name, and its action."""
    return {
        key.strip(): binding.action
        for binding in bindings
        if isinstance(binding, Binding)
        for key in binding.key.split(",")
    }


async def run_own_key(widget: Widget, event: events.Key, keys: Mapping[str, str]) -> bool:
    """Run the action ``keys`` give the key here and now; False if it has none."""
    action = keys.get(event.key)
    if action is None:
        return False
    event.stop()
    event.prevent_default()
    await widget.run_action(action)
    return True
