"""The app: opens the store, starts on Home, owns the keys that work everywhere, and
opens the app's places for the screens (``screens.navigation``).

Kept thin on purpose: each screen is its own module and does its own work. The screens
behind Home are imported when first opened, so the app starts with Home's alone.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.actions import parse as parse_action
from textual.app import App
from textual.binding import Binding
from textual.command import Provider
from textual.screen import Screen

from scorekeeper import collector
from scorekeeper.money import use_currency
from scorekeeper.settings import currency
from scorekeeper.store import Store, StoreDamaged, StoreError, StoreLocked
from scorekeeper.wording import visible
from screens.home import HomeScreen
from screens.keys import settled

if TYPE_CHECKING:
    from scorekeeper.game import Game
    from screens.navigation import Again, DraftKey
    from screens.rounds.drafts import Draft


def keys_of(screen: Screen[object], *, told: bool = False) -> list[tuple[str, str]]:
    """The described keys of ``screen`` as a person reads them (``r``, ``Ctrl+N``): the
    footer's and the named ones kept off it; ``told``: each with what it does, for the
    help ("Again: a new session with these players...")."""
    seen: dict[str, tuple[str, str]] = {}
    for active in screen.active_bindings.values():
        binding = active.binding
        if active.node is screen.app:
            continue  # the app's own keys are in GENERAL_KEYS
        # Named keys kept off the footer (so it fits 80 columns) are listed too.
        if binding.description and (binding.show or binding.id) and active.enabled:
            key = binding.key_display or screen.app.get_key_display(binding)
            what = binding.description
            if told and binding.tooltip:
                what = f"{what}: {binding.tooltip[:1].lower()}{binding.tooltip[1:]}"
            seen.setdefault(binding.description, (key, what))
    return list(seen.values())


def keys_not_now(screen: Screen[object]) -> list[tuple[str, str]]:
    """The screen's own described keys that do not apply at the moment (y before an
    undo), each with when it does: the help lists every key the screen has. A screen
    with keys that are not its own in every case (the table's record key per round name)
    says which are with ``offers(action, parameters)``."""
    now = {
        active.binding.description for active in screen.active_bindings.values() if active.enabled
    }
    offers = getattr(screen, "offers", None)
    later: dict[str, tuple[str, str]] = {}
    for binding in screen.BINDINGS:
        if not isinstance(binding, Binding) or not binding.description:
            continue
        if binding.description in now or not (binding.show or binding.id):
            continue
        _, action, parameters = parse_action(binding.action)
        if offers is not None and not offers(action, parameters):
            continue
        key = binding.key_display or screen.app.get_key_display(binding)
        when = f"not now: {binding.tooltip[:1].lower()}{binding.tooltip[1:]}"
        later.setdefault(binding.description, (key, f"{binding.description} ({when})"))
    return list(later.values())


def screen_commands() -> type[Provider]:
    """The palette's provider, imported when the palette first opens (as Textual's own)."""
    from screens.palette import ScreenCommands

    return ScreenCommands


class ScorekeeperApp(App[None]):
    """Built with its store so tests hand it a store in a temporary folder."""

    TITLE = "Scorekeeper"
    CSS_PATH = ["app.tcss", "home/home.tcss"]
    """Home's rules are read with the app's, before the first frame: a screen that brings
    rules of its own makes Textual parse every rule of the app again when it opens."""
    COMMANDS = App.COMMANDS | {screen_commands}
    BINDINGS = [
        Binding("f1,question_mark", "help", "Help", id="help", tooltip="Rules and keys"),
        Binding("ctrl+t", "toggle_theme", "Theme", id="theme", tooltip="Light or dark", show=False),
        Binding(
            "f2",
            "currency",
            "Currency",
            id="currency",
            show=False,
            tooltip="How money is written: $, €, £, kr or none, a decimal point or comma",
        ),
    ]

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.store = store
        use_currency(currency(store))
        self.drafts: dict[DraftKey, Draft] = {}
        """Round entries closed with typing in them, by table, round and rounds recorded:
        opening the same entry again brings the typing back."""
        self.draft_names: dict[DraftKey, str] = {}
        self.quit_question: Screen[Any] | None = None
        """The quit question while it is open: Ctrl+Q again leaves it to be answered."""

    def on_ready(self) -> None:
        """The first frame is out: the store keeps each session's export rows from now
        on. Not before: the rows' module (the games, the CSV writer) is read only once
        Home is on screen, and no session is saved before it is."""
        from scorekeeper.reports.rows import KEEPER  # here: Home's first frame needs none

        self.store.keep_beside(KEEPER)
        collector.on_after_start()

    async def on_event(self, event: events.Event) -> None:
        """Each key once the keys before it have been handled (``keys.settled``), so a
        burst of keys (a paste, tmux send-keys) lands as the same keys one at a time. A
        paste is drawn as text before any field takes it: a clipboard holding a terminal
        escape must not be echoed to the terminal by the field showing it. A tab is kept,
        as a newline is: it escapes nothing, and a name holding one (a cell copied from a
        sheet) is refused by the name's rule, not taken with a ␉ in it."""
        if isinstance(event, events.Key):
            await settled(self.screen)
        elif isinstance(event, events.Paste) and not event.is_forwarded:
            text = event.text.replace("\r\n", "\n").replace("\r", "\n")
            event.text = "\t".join(visible(cell, lines=True) for cell in text.split("\t"))
        await super().on_event(event)

    def get_default_screen(self) -> Screen[Any]:
        """Home is the app's first screen, not one pushed over a blank one: that costs a
        second screen's layout and a frame of its own before Home's."""
        return HomeScreen(self.store)

    def open_table(self, session_id: str, started: datetime | None) -> None:
        from screens.table import TableScreen  # each screen is imported when first opened

        self.push_screen(TableScreen(self.store, session_id, started))

    def start_table(self, session_id: str) -> None:
        """The new table takes New session's place, and the place of the table it was
        opened from with ``n`` (same players again): Esc goes back to the sessions, as
        the table's footer says, not to the game before, and finds the new game
        highlighted there."""
        from screens import table  # as above

        below = self.screen_stack[-2] if len(self.screen_stack) > 2 else None
        if isinstance(below, table.TableScreen):
            self.pop_screen()
        home = self.screen_stack[0]
        if isinstance(home, HomeScreen):
            home.listing.coming_back_to = session_id
        self.switch_screen(table.TableScreen(self.store, session_id, table.now()))

    def open_new_session(self, again: Again | None = None) -> None:
        from screens.new_session import NewSessionScreen  # as above

        self.push_screen(NewSessionScreen(self.store, again))

    def open_stats(self) -> None:
        from screens.stats import StatsScreen  # as above

        self.push_screen(StatsScreen(self.store))

    def open_nights(self) -> None:
        from screens.nights import NightsScreen  # as above

        self.push_screen(NightsScreen(self.store))

    async def action_quit(self) -> None:
        """Ctrl+Q with a round or a new session half typed, or a round kept as typed
        (Esc), asks first: a draft does not outlive the app. Once: pressed again while
        the question is open, it stays the one question (a second on top of it would
        take a second n to get back)."""
        if self.quit_question in self.screen_stack:
            return
        from screens.kept import entry_words  # here: the entries load widgets Home lacks
        from screens.new_session.screen import LOST, NewSessionScreen
        from screens.rounds.base import RoundEntry

        # The form under the help (F1) or a question is still open with its typing.
        forms = (
            s for s in reversed(self.screen_stack) if isinstance(s, RoundEntry | NewSessionScreen)
        )
        form = next(forms, None)
        kept = [self.draft_names.get(key, "a round") for key in self.drafts]
        if isinstance(form, RoundEntry) and form.changed_since_opened():
            question = f"Quit without recording {entry_words(form)}?"
            lost = "What you typed in it is lost. n goes back to it."
        elif isinstance(form, NewSessionScreen) and form.typed_here():
            question = "Quit without starting the new session?"
            lost = f"{LOST} n goes back to it."
            if kept:
                lost += f" Lost too, kept with Esc: {'; '.join(kept)}."
        elif kept:
            question = "Quit with what you kept with Esc?"
            lost = f"What you typed is lost: {'; '.join(kept)}. n goes back."
        else:
            self.exit()
            return
        from screens.confirm import ConfirmScreen  # here: the app starts without it

        def answered(yes: bool | None) -> None:
            self.quit_question = None
            if yes:
                self.exit()

        self.quit_question = ConfirmScreen(question, lost)
        self.push_screen(self.quit_question, answered)

    def action_currency(self) -> None:
        from screens.currency import CurrencyScreen, keep_currency  # here: rarely opened

        if self.store.readonly or isinstance(self.screen, CurrencyScreen):
            return

        def picked(choice: tuple[str, bool] | None) -> None:
            if choice is None:
                return
            self.notify(keep_currency(self.store, choice), markup=False)
            redraw = getattr(self.screen, "show", None)
            if callable(redraw):
                redraw()  # the table's figures, written again in the new currency

        self.push_screen(CurrencyScreen(), picked)

    def action_toggle_theme(self) -> None:
        self.theme = "textual-light" if self.theme == "textual-dark" else "textual-dark"

    def action_help(self) -> None:
        from screens.help import HelpScreen  # here: the app starts without it

        if isinstance(self.screen, HelpScreen):
            return
        game: Game | None = getattr(self.screen, "game", None)
        story: str = getattr(self.screen, "highlighted_story", "")
        keys = [*keys_of(self.screen, told=True), *keys_not_now(self.screen)]
        self.push_screen(HelpScreen(game, keys, story))


def run(path: Path | None) -> int:
    """Open the store at ``path`` (default: $SCOREKEEPER_DB or the user data folder) and
    run the app; a store that cannot be opened gets a screen saying why. Exit status."""
    try:
        store = Store(path)
    except StoreLocked as error:
        from screens.problem import LockedApp  # here: only a store that cannot be opened

        if not LockedApp(error.message).run():
            return 1
        try:
            store = Store(path, readonly=True)
        except StoreError as again:
            return cannot_open("The scores cannot be opened", again.message)
    except StoreDamaged as error:
        return cannot_open("A score file is damaged", error.message)
    except StoreError as error:
        return cannot_open("The scores cannot be opened", error.message)
    with store:
        app = ScorekeeperApp(store)
        app.run()
    return app.return_code or 0


def cannot_open(title: str, message: str) -> int:
    """Say why the store cannot be opened, on a screen of its own; the exit status."""
    from screens.problem import ProblemApp  # here: the app starts without it

    ProblemApp(title, message).run()
    return 1
