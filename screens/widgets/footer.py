"""The key footer, rebuilt once for a burst of binding changes.

Textual's footer rebuilds every key after each change of the screen's bindings. Opening
Home changes them several times in a row (the screen mounts, the filter takes the focus,
the list fills and its cursor moves), and each rebuild restyles every key, right after
the first frame, when the first key press arrives. One rebuild, after the last change,
shows the same keys.

Each key Textual's footer makes watches the footer's ``compact`` setting, and Textual lets
go of a closed key's watch only when that setting changes, which it never does here: every
rebuild kept its keys alive, a few dozen widgets a round, so the collector's passes grew
through an evening. After each rebuild the watches of the keys it removed are let go.

Most rebuilds asked for would show the keys already shown: the focus moving between fields
that offer the same keys, a round recorded that enables nothing new. Each would remove
and mount every key and lay the whole screen out twice; the keys shown are kept instead.

A box or screen opened over the screen (a round entry, settle-up, New session) says its
own keys; the footer behind it, whose keys do nothing meanwhile, is hidden until its
screen is in front again, and only then rebuilt for what changed meanwhile.

Where the keys run past the screen's width (60 columns), F1 comes first, and the keys
that do not fit whole are left out (the help lists them), never the help itself and
never one cut off mid-word.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer as TextualFooter

HELP = "help"
"""The action of the key that opens the help (F1, the app's)."""
PALETTE_CELLS = 12
"""What the command palette's key takes at the right ("▏^p palette")."""


class Footer(TextualFooter):
    """Textual's footer, with rebuilds asked for before the next frame done once."""

    _rebuild_asked = False
    _shown: tuple[tuple[Binding, bool, str], ...] | None = None
    """The bindings the keys shown were built from (each with whether it is enabled and
    its tooltip), or None before the first rebuild."""
    _ready = False
    """Told its screen's bindings at least once: Textual's footer draws no key until then."""
    _stale = False
    """Its screen's bindings changed while another screen was in front: rebuilt when its
    own is in front again, not while hidden (the focus leaving the screen behind an entry
    would otherwise rebuild every key as the entry opens)."""
    _help_first = False
    """The keys were built with F1 first, as they did not fit the width."""

    def help_first(self) -> bool:
        """Whether the keys shown run past the screen's width, so F1 should come first."""
        shown: dict[str, Binding] = {}
        for _, binding, _, _ in self.screen.active_bindings.values():
            if binding.show:
                shown.setdefault(binding.action, binding)
        needed = sum(
            self.cells(self.app.get_key_display(binding), binding.description)
            for binding in shown.values()
        )
        return HELP in shown and needed > self.room()

    def cells(self, key: str, description: str) -> int:
        """What one key takes in the footer, its padding included."""
        return cell_len(key) + cell_len(description) + (2 if self.compact else 3)

    def room(self) -> int:
        """The width the keys have, beside the command palette's key."""
        return self.app.size.width - (PALETTE_CELLS if self.show_command_palette else 0)

    def whole(self, keys: list[Widget]) -> list[Widget]:
        """``keys`` up to the first that does not fit whole (the palette's key always)."""
        room, kept = self.room(), []
        for key in keys:
            description = getattr(key, "description", None)
            if isinstance(description, str) and not key.has_class("-command-palette"):
                room -= self.cells(getattr(key, "key_display", ""), description)
                if room < 0:
                    continue
            kept.append(key)
        return kept

    def compose(self) -> ComposeResult:
        keys = list(super().compose())
        for key in keys:
            setting = getattr(type(key), "compact", None)
            if isinstance(setting, Reactive):
                # Set before it mounts, with its class, and quietly: Textual's key is told
                # once mounted, and a key restyled then may keep the width it was first
                # laid out with, its label cut by a cell. Told aloud, each key had its
                # style worked out again for each change of class, mounted or not.
                compact = self.compact or key.has_class("-command-palette")  # that stays so
                key.set_reactive(setting, compact)
                key.set_class(compact, "-compact", update=False)
        self._help_first = bool(keys) and self.help_first()  # no keys before it is ready
        if self._help_first:
            keys.sort(key=lambda key: getattr(key, "action", None) != HELP)
            keys = self.whole(keys)
        yield from keys

    async def on_resize(self, event: events.Resize) -> None:
        """A narrower or wider screen may put F1 first, or back in its place."""
        if self._ready and self.help_first() != self._help_first:
            self._shown = None
            await self.recompose()

    def bindings_changed(self, screen: Screen[object]) -> None:
        if self.styles.visibility == "hidden":
            self._stale = True
            return
        if self._rebuild_asked:
            return  # the rebuild asked for will show these bindings too
        self._ready = True
        super().bindings_changed(screen)
        # Textual asked for a rebuild after the next refresh, unless it had no reason to.
        self._rebuild_asked = screen.app.app_focus and self.is_attached and screen is self.screen

    def on_mount(self) -> None:
        self.app.screen_change_signal.subscribe(self, self.screen_changed)

    def screen_changed(self, screen: Screen[object]) -> None:
        in_front = screen is self.screen
        self.styles.visibility = "visible" if in_front else "hidden"
        if in_front and self._stale:
            self._stale = False
            self.bindings_changed(screen)

    async def recompose(self) -> None:
        self._rebuild_asked = False
        if self.styles.visibility == "hidden":
            self._stale = True  # asked for before its screen went behind
            return
        shown = tuple(
            (b, enabled, tip) for _, b, enabled, tip in self.screen.active_bindings.values()
        )
        if shown == self._shown:
            return
        self._shown = shown if self._ready else None  # none drawn until ready
        await super().recompose()
        self.mutate_reactive(TextualFooter.compact)  # its watchers pruned of closed keys
