"""The command palette offers every key of the screen in front, by its description.

Built from the screen's active bindings, so a new key binding is in the palette as soon
as it exists, and a key that does not apply now (``check_action``) is not offered.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

Command = tuple[str, str, Callable[[], object]]
"""A command's name, its help line, and what running it does."""


class ScreenCommands(Provider):
    """One command per key the footer shows, plus named bindings kept off it (Theme)."""

    def _commands(self) -> list[Command]:
        commands: dict[str, Command] = {}
        for key, active in self.screen.active_bindings.items():
            binding = active.binding
            if not binding.description or not active.enabled or binding.system:
                continue
            if not (binding.show or binding.id):
                continue  # widget internals (cursor moves, copy); named bindings stay
            key_name = binding.key_display or self.app.get_key_display(binding)
            action = partial(self.app.run_action, binding.action, active.node)
            help_text = binding.tooltip or f"key: {key_name or key}"
            commands.setdefault(binding.description, (binding.description, help_text, action))
        return sorted(commands.values(), key=lambda command: command[0])

    async def discover(self) -> Hits:
        for name, help_text, action in self._commands():
            yield DiscoveryHit(name, action, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, action in self._commands():
            # The help line too: "stop" finds End game, whose help says "stop here".
            score = max(matcher.match(name), matcher.match(help_text) / 2)
            if score > 0:
                yield Hit(score, matcher.highlight(name), action, help=help_text)
