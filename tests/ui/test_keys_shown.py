"""Every key the table has can be found: the footer names the ones that apply now (e, n,
and y after an undo among them), the help names all of them, read from the same
bindings, and Esc after a new game with the same players goes where the footer says."""

from __future__ import annotations

from pathlib import Path

from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import Static

from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.confirm import ConfirmScreen
from screens.help import HelpScreen
from screens.home import HomeScreen
from screens.new_session import NewSessionScreen
from screens.table import TableScreen
from screens.table_keys import TABLE_KEYS
from tests.ui.evenings import EVENINGS, every_game
from tests.ui.hosts import at_table, burst
from tests.ui.play import settled, start_session
from tests.ui.test_large_tables import screen_lines
from tests.ui.test_synced_store import follow, gone_on_differently


async def open_table(pilot: Pilot[None]) -> TableScreen:
    await pilot.press("enter")
    await pilot.pause()
    table = pilot.app.screen
    assert isinstance(table, TableScreen)
    return table


def footer_of(pilot: Pilot[None]) -> str:
    return screen_lines(pilot.app)[-1]


def shown_now(table: TableScreen) -> list[str]:
    """What the footer must say: each binding on it that applies now, as "key Words"
    (a binding of two keys, "f1,?", by its first)."""
    said: dict[str, str] = {}
    for active in table.active_bindings.values():
        binding = active.binding
        if binding.show and active.enabled:
            key = table.app.get_key_display(binding)
            said.setdefault(binding.description, f"{key} {binding.description}")
    return list(said.values())


async def test_the_footer_names_every_key_that_applies_now_and_the_help_all_of_them(
    store: Store,
) -> None:
    """At every game's table in turn, in one app (each table takes the last one's
    place): the footer before and after an undo, and the help between."""
    tables = {game: store.add(evening()) for game, evening in every_game().items()}
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        for game, session_id in tables.items():
            table = await at_table(pilot, store, session_id)
            footer = footer_of(pilot)
            for words in ("e Edit", "u Undo", "esc Sessions", "f1 Help"):
                assert words in footer, (game, footer)
            assert "Redo" not in footer
            for words in shown_now(table):
                assert words in footer, (game, words, footer)

            await help_lists_every_key(pilot, table)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is table, game

            await pilot.press("u")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen), game
            await pilot.press("y")
            await pilot.pause()
            assert app.screen is table, game
            footer = footer_of(pilot)
            assert "^y Redo" in footer, (game, footer)
            for words in shown_now(table):
                assert words in footer, (game, words, footer)


async def help_lists_every_key(pilot: Pilot[None], table: TableScreen) -> None:
    """F1 at ``table``: the help names every key the table offers, read from its
    bindings, and none it does not."""
    app = pilot.app
    offered = [
        binding
        for binding in TABLE_KEYS
        if isinstance(binding, Binding)
        and binding.description
        and (binding.show or binding.id)
        and table.offers(*parse(binding.action))
    ]
    await pilot.press("f1")
    await pilot.pause()
    assert isinstance(app.screen, HelpScreen)
    keys = str(app.screen.query_one("#keys", Static).content)
    lines = keys.splitlines()
    for binding in offered:
        key = app.get_key_display(binding)
        assert any(line.strip().startswith(f"{key}  {binding.description}") for line in lines), (
            key,
            binding.description,
            keys,
        )
    assert "Redo (not now" in keys
    descriptions = {binding.description for binding in offered}
    for binding in TABLE_KEYS:
        assert isinstance(binding, Binding)
        if binding.description not in descriptions:
            assert not any(line.strip().endswith(f"  {binding.description}") for line in lines), (
                binding.description
            )


def parse(action: str) -> tuple[str, tuple[object, ...]]:
    from textual.actions import parse as parse_action

    _, name, parameters = parse_action(action)
    return name, parameters


async def test_home_help_offers_enter_while_a_session_is_highlighted(store: Store) -> None:
    """The filter box has the focus and Enter opens the highlighted session from it: the
    help says so, not "Resume (not now...)"."""
    store.add(EVENINGS["seven-hand"]())
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        assert "^l Nights  f1 Help" in footer_of(pilot), "Enter is said above the list"
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        keys = str(app.screen.query_one("#keys", Static).content)
        assert "Resume: open the highlighted session" in keys
        assert "Resume (not now" not in keys
        await pilot.press("escape")
        await open_table(pilot)


async def test_esc_after_the_same_players_again_goes_to_the_sessions(store: Store) -> None:
    store.add(EVENINGS["calcutta"]())
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        await start_session(pilot, "racehorse", [], again=True, options={"stake": "0.25"})
        footer = footer_of(pilot)
        assert "esc Sessions" in footer
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_keys_sent_after_the_one_closing_a_box_reach_the_table(store: Store) -> None:
    """ "s Esc n" in one burst: the settle-up opens and closes, and n (same players
    again) is the table's, not lost on the box as it closes."""
    store.add(EVENINGS["calcutta"]())
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(pilot)
        burst(app, ["s", "escape", "n"])
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, NewSessionScreen)


async def test_keys_past_80_columns_are_left_out_whole_never_cut_mid_word(tmp_path: Path) -> None:
    """Home with a game waiting for a decision offers one key more (^k) than 80 columns
    hold: F1 comes first and a key that does not fit is left out, not shown as "^l Ni"."""
    here, _ = gone_on_differently(tmp_path, "Grandma's laptop")
    with Store(here) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await follow(pilot)
            await settled(pilot)
            assert isinstance(app.screen, HomeScreen)
            footer = footer_of(pilot)
            home = app.screen
            assert footer.startswith(" f1 Help"), footer
            assert "^k Conflict" in footer, footer
            for active in home.active_bindings.values():
                binding = active.binding
                if binding.show:
                    key = app.get_key_display(binding)
                    shown = f"{key} {binding.description}" in footer
                    assert shown or f"{key} " not in footer, (key, footer)
