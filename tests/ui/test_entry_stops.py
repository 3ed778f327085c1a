"""An entry cannot change unseen: every field a stop in the order the screen shows it,
no wrap past the last, no digit moving a pick that shows no numbers, a filled field
added to where the cursor shows, rows that do not apply no stops."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input, Static

from scorekeeper.games import GAMES
from scorekeeper.session import Session
from screens.rounds.base import RoundEntry
from screens.widgets.choice import Choice
from screens.widgets.field_row import FieldRow
from tests.ui.evenings import EVENINGS, PARKS_RACE_1
from tests.ui.hosts import EntryHost, burst, entry_of

SIX = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")


def seated(game_id: str) -> Callable[[], Session]:
    """A new game of ``game_id`` with as many seats as it takes up to six: its entry
    taller than the screen, the fields found where they are drawn, scrolled."""
    seats = min(len(SIX), GAMES[game_id].max_players or len(SIX))
    return partial(Session.new, game_id, list(SIX[:seats]))


TABLES: dict[str, Callable[[], Session]] = {
    # Evenings a few rounds in, at six seats already, or whose rounds change the fields.
    **{game: EVENINGS[game] for game in ("racehorse", "calcutta", "seven-hand")},
    **{f"{game}, a full table": seated(game) for game in GAMES},
    "rummy-5000 with every variation": lambda: Session.new(
        "rummy-5000",
        ["Ann", "Bob"],
        options={"doubling": True, "money_cards": True, "michigan": True},
    ),
    "rummy-5000 with the pot": lambda: Session.new(
        "rummy-5000", ["Ann", "Bob"], options={"limit_poker": True}
    ),
    "score-pad, one winner a round, for stakes": lambda: Session.new(
        "score-pad", ["Ann", "Bob", "Cy"], options={"stake": 10, "pay": "winner"}
    ),
}


def stops_shown(entry: RoundEntry) -> list[FieldRow]:
    """The rows a person sees as fields, top to bottom: shown and not dimmed."""
    return [row for row in entry.rows() if row.display and not row.control.disabled]


async def tab_through(pilot: Pilot[None], entry: RoundEntry) -> list[Widget]:
    """The fields the focus goes to, the first one's too, with a Tab for each field and
    two more sent at once: the keys line says the last field was reached."""
    visited: list[Widget] = []
    entry.watch(entry, "focused", lambda field: field and visited.append(field))
    burst(pilot.app, ["tab"] * (len(entry.focus_chain) + 2))
    await pilot.pause()
    await pilot.pause()
    assert str(entry.query_one("#keys", Static).content).startswith("Last field")
    return visited


async def test_tab_stops_at_every_field_in_the_order_drawn_and_digits_move_no_pick() -> None:
    """At each table's entry in turn, in one app: Tab goes through the fields shown, in
    the order Textual draws them (by their place on screen), and neither it nor ↓ past the
    last, nor ↑ before the first; a burst of digits at a pick that shows no numbers changes
    nothing, and the row says what the pick takes."""
    games = list(TABLES)
    host = EntryHost(TABLES[games[0]]())
    async with host.run_test(size=(80, 24)) as pilot:
        for at, game in enumerate(games):
            if at:
                host.open(TABLES[game]())
            await pilot.pause()
            entry = entry_of(host)
            typed_before = entry.typed()
            drawn = entry.focus_chain
            entry.set_focus(drawn[0])  # the score pad opens below its One winner, at the top
            await pilot.pause()
            visited = await tab_through(pilot, entry)
            assert visited == drawn, game
            assert entry.focused is drawn[-1], f"{game}: Tab at the last field moved the focus"
            burst(host, ["down"])
            await pilot.pause()
            assert entry.focused is drawn[-1], f"{game}: ↓ at the last field went round"
            entry.set_focus(drawn[0])
            burst(host, ["up"])
            await pilot.pause()
            assert entry.focused is drawn[0], f"{game}: ↑ at the first field went round"
            rows = [entry.row_of(field) for field in visited]
            shown = [row for at, row in enumerate(rows) if row not in rows[:at]]
            assert shown == stops_shown(entry), game
            assert entry.typed() == typed_before, game

            for row in stops_shown(entry):
                if not isinstance(row.control, Choice) or row.control.labels[0][:1].isdigit():
                    continue  # a player's seat number, a bid of 2, 3 or 4: digits shown
                entry.set_focus(row.control)
                await pilot.pause()
                burst(host, list("1234567890"))
                await pilot.pause()
                assert entry.typed() == typed_before, (game, row.path)
                said = row.error_text or ""
                assert said.startswith("a digit picks nothing here"), (game, row.path)
            await pilot.press("escape")
            await pilot.pause()


async def test_an_unsold_horses_price_is_a_stop_refusing_a_price_one_typed_before_gone() -> None:
    """The keys of a race are the same whoever buys: ↓ from the buyer lands on the price,
    sold or not; a price for an unsold horse is refused there, saying why."""
    host = EntryHost(EVENINGS["calcutta"]())
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"2221", "tab")
        await pilot.pause()
        entry = entry_of(host)
        first_price, second_sale = (row.path for row in stops_shown(entry)[2:4])
        await pilot.press("c", "tab", *"12", "shift+tab", "u", "tab")
        await pilot.pause()
        assert entry.row_of(entry.focused) is entry.row(first_price)  # type: ignore[arg-type]
        assert entry.text(first_price) == ""
        await pilot.press("5")
        await pilot.pause()
        assert entry.text(first_price) == ""
        assert entry.row(first_price).error_text == (
            "unsold: no price (pick its buyer above to sell it)"
        )
        await pilot.press("tab")
        await pilot.pause()
        assert entry.row_of(entry.focused) is entry.row(second_sale)  # type: ignore[arg-type]


async def test_with_nobody_out_5000_has_no_bonus_row_to_stop_at() -> None:
    host = EntryHost(EVENINGS["rummy-5000"]())
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.press("tab", "n")
        await pilot.pause()
        entry = entry_of(host)
        assert not entry.row("bonus").display
        await pilot.press("tab")
        await pilot.pause()
        assert entry.row_of(entry.focused) is entry.row("melded.Ann")  # type: ignore[arg-type]
        assert "bonus" not in [row.path for row in stops_shown(entry)]


async def test_a_recorded_field_is_shown_selected_and_typed_over_then_added_to() -> None:
    session = EVENINGS["calcutta"]()
    host = EntryHost(session, prefill=session.rounds[0], index=0)
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        entry = entry_of(host)
        course = entry.control("course", Input)
        recorded = "".join(str(PARKS_RACE_1["course"][suit]) for suit in "SHDC")
        assert course.selected_text == recorded
        await pilot.press("2", "2")
        await pilot.pause()
        assert course.value == "22"


class Numbered(App[None]):
    def compose(self) -> ComposeResult:
        yield Choice([(f"P{seat}", seat) for seat in range(1, 11)], numbered=True)


async def test_where_a_pick_shows_seat_numbers_10_picks_the_tenth() -> None:
    app = Numbered()
    async with app.run_test() as pilot:
        choice = app.query_one(Choice)
        choice.focus()
        assert choice.labels[9] == "10 P10"
        await pilot.press("1", "0")
        assert choice.value == 10
        await pilot.press("3")
        assert choice.value == 3


async def test_a_burst_that_clears_a_field_then_types_keeps_what_was_typed() -> None:
    """Ctrl+U and Backspace run in turn with the letters sent after them in one burst,
    as typed one at a time: "Ctrl+U 14" leaves 14, not nothing."""
    session = EVENINGS["calcutta"]()
    host = EntryHost(session, prefill=session.rounds[0], index=0)
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        entry = entry_of(host)
        burst(host, ["ctrl+u", *"1312", "tab", "tab", "backspace", "backspace", *"14"])
        await pilot.pause()
        await pilot.pause()
        assert entry.text("course") == "1312"
        first_price = stops_shown(entry)[2].path
        assert entry.text(first_price) == "14"
