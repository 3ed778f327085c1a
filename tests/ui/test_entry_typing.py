"""Typing in a round entry as on a paper sheet: what the app filled in is written over,
what was typed here is added to; a key clears a field, one the whole entry; F1 (or ``?``
where it is no text to type) says what each field takes."""

from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.widgets import Input, Static

from scorekeeper import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.help import HelpScreen
from screens.rounds.base import RoundEntry
from screens.rounds.bindings import KEYS, LAST_FIELD
from screens.widgets.choice import Choice
from tests.ui.hosts import EntryHost, entry_of, sent
from tests.ui.play import drawn, sit_down

SEATS = ["Ann", "Bob", "Cy", "Di"]


def hearts() -> Session:
    session = Session.new("score-pad", SEATS, options={"wins": "lowest"})
    session.record({"scores": {"Ann": 160, "Bob": 20, "Cy": 30, "Di": 4}})
    return session


async def test_a_recorded_score_is_typed_over_and_then_typing_adds() -> None:
    session = hearts()
    host = EntryHost(session, prefill=session.rounds[0], index=0)
    async with host.run_test(size=(80, 24)) as pilot:
        # Ann's 160 was typed wrong: 200 replaces it, not "160200".
        await pilot.press(*"200")
        await pilot.pause()
        entry = entry_of(host)
        assert entry.text("scores.Ann") == "200"
        # Back to Ann's field after typing in it: the next digit adds to what is there.
        await pilot.press("down", "up", "0")
        await pilot.pause()
        assert entry.text("scores.Ann") == "2000"
        await pilot.press("backspace", "enter")
        await pilot.pause()
    assert session.rounds[0]["scores"] == {"Ann": 200, "Bob": 20, "Cy": 30, "Di": 4}


TYPED_OVER_OR_ADDED_TO = [
    # Keys at Ann's recorded 160, then ↓ ↑ and 5: the field as the app filled it is typed
    # over; once a key edited or moved in its text, it is the typist's, and 5 is added.
    ((), "5"),
    (("down", "up"), "5"),
    (("tab", "shift+tab"), "5"),
    (("end",), "1605"),
    (("end", "backspace"), "165"),
    (("home",), "1605"),
    (("home", "delete"), "605"),
    (("left",), "1605"),
    (("right",), "1605"),
    (("2",), "25"),
    (("ctrl+u",), "5"),
    (("ctrl+u", "1", "2"), "125"),
    (("ctrl+l",), "5"),
]


async def test_every_kind_of_key_decides_whether_the_next_digit_types_over_or_adds() -> None:
    session = hearts()
    host = EntryHost(session, prefill=session.rounds[0], index=0)
    async with host.run_test(size=(80, 24)) as pilot:
        entry = entry_of(host)
        for keys, expected in TYPED_OVER_OR_ADDED_TO:
            # Each case from the entry as it opened: the recorded round put back, Ann focused.
            entry.restore(entry.opened)
            entry.set_focus(entry.control("scores.Ann", Input))
            await pilot.pause()
            await sent(pilot, *keys, "down", "up", "5")
            assert entry.text("scores.Ann") == expected, keys
        await sent(pilot, "escape")
    assert session.rounds[0]["scores"]["Ann"] == 160


async def test_ctrl_u_empties_the_field_and_ctrl_l_the_whole_entry() -> None:
    session = hearts()
    host = EntryHost(session, prefill=session.rounds[0], index=0)
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "ctrl+u")
        await pilot.pause()
        entry = entry_of(host)
        assert entry.text("scores.Bob") == ""
        assert entry.text("scores.Ann") == "160"
        await pilot.press("up", "up", "b", "ctrl+u")  # a pick cleared the same way
        await pilot.pause()
        assert not entry.control("winner", Choice).is_picked
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert [entry.text(f"scores.{name}") for name in SEATS] == ["", "", "", ""]
        assert entry.focused is entry.control("scores.Ann", Input)
        await pilot.press(*"10", "enter", *"20", "enter", *"30", "enter", *"40", "enter")
        await pilot.pause()
    assert session.rounds[0]["scores"] == {"Ann": 10, "Bob": 20, "Cy": 30, "Di": 40}


async def test_ctrl_l_at_the_last_field_takes_back_its_last_field_word() -> None:
    """A ↓ too many at Di says "Last field"; Ctrl+L takes the focus back to Ann, and
    the keys line says the keys again, not "Last field" beside the first field."""
    host = EntryHost(hearts())
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.press("3", "down", "1", "3", "down", "6", "down", "4", "down")
        await pilot.pause()
        entry = entry_of(host)
        assert " ".join(keys_lines(entry)).startswith("Last field")
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert entry.focused is entry.control("scores.Ann", Input)
        assert not " ".join(keys_lines(entry)).startswith("Last field")
        assert entry.query_one("#keys", Static).content == KEYS


async def test_a_kept_entry_comes_back_to_be_typed_over(store: Store) -> None:
    store.add(Session.new("score-pad", SEATS))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await sit_down(pilot)
        await pilot.press("r", *"160", "escape")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        entry = app.screen
        assert isinstance(entry, RoundEntry)
        assert entry.text("scores.Ann") == "160"
        await pilot.press(*"20", "enter", *"50", "enter", *"30", "enter", "4", "enter")
        await pilot.pause()
        assert store.load(table.session_id).rounds[0]["scores"]["Ann"] == 20


async def test_f1_in_the_entry_says_what_each_field_takes_with_an_example() -> None:
    session = Session.new("seven-hand", ["Grandma", "Max", "Zoe"])
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.press("m", "down", *"4")
        await pilot.press("f1")
        await pilot.pause()
        help_box = host.screen
        assert isinstance(help_box, HelpScreen)
        shown = " ".join(str(part.render()) for part in help_box.query(".section"))
        assert "Went out" in shown and "1 Grandma, 2 Max, 3 Zoe" in shown
        assert "K 9 A, or 30 points" in shown
        assert "m ↓ K K 4 JK ↓ 25 Enter" in shown
        assert "Ctrl+U" in shown and "Ctrl+L" in shown
        await pilot.press("escape")
        await pilot.pause()
        # Back in the entry, what was typed is still there.
        assert entry_of(host).text("cards.Grandma") == "4"


def entry_help_shown(screen: object) -> str:
    assert isinstance(screen, HelpScreen), screen
    return " ".join(str(part.render()) for part in screen.query(".section"))


async def test_question_mark_opens_the_entry_s_help_from_a_field_and_from_a_pick(
    store: Store,
) -> None:
    store.add(Session.new("seven-hand", ["Grandma", "Max", "Zoe"]))
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_down(pilot)
        await pilot.press("r", "m", "down", "4", "?")
        await pilot.pause()
        assert "m ↓ K K 4 JK ↓ 25 Enter" in entry_help_shown(app.screen)
        await pilot.press("?")  # the same key closes it
        await pilot.pause()
        entry = app.screen
        assert isinstance(entry, RoundEntry)
        assert entry.text("cards.Grandma") == "4", "no ? typed into the cards"
        await pilot.press("up", "?")  # on the "Went out" pick: this entry's help, not the app's
        await pilot.pause()
        assert "Went out" in entry_help_shown(app.screen)


async def test_question_mark_is_typed_where_a_name_holds_one_and_f1_still_helps() -> None:
    session = Session.new("seven-hand", ["Al?", "Max", "Zoe"])
    host = EntryHost(session)
    async with host.run_test(size=(80, 24)) as pilot:
        entry = entry_of(host)
        entry.set_focus(entry.rows()[-1].control)  # who was caught, typed by name
        await pilot.press("?")
        await pilot.pause()
        assert not isinstance(host.screen, HelpScreen)
        assert entry.text(entry.rows()[-1].path) == "?"
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(host.screen, HelpScreen)


async def test_question_mark_in_a_score_field_opens_the_help_though_a_name_holds_one() -> None:
    host = EntryHost(Session.new("score-pad", ["Al?", "Bob", "Cy"]))
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.press("?")
        await pilot.pause()
        assert isinstance(host.screen, HelpScreen), "a score takes only digits and a minus"


def keys_lines(entry: RoundEntry) -> list[str]:
    """The keys line as the screen shows it, one string per line."""
    keys = entry.query_one("#keys", Static)
    width, height = keys.size
    return [strip.text.rstrip() for strip in keys.render_lines(Region(0, 0, width, height))]


async def test_the_keys_line_at_80_columns_keeps_each_key_with_its_word() -> None:
    """The keys line names the clear keys and help, each key with its word as the entry
    opens and as said at the last field (a Tab too many); F1 says Up goes to the field
    above and the arrows stop at the ends, as the keys do."""
    host = EntryHost(hearts())
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        entry = entry_of(host)
        keys = str(entry.query_one("#keys").render()).replace("\xa0", " ")
        assert "^U clear" in keys
        assert "^L clear all" in keys
        assert "F1/? help" in keys
        lines = [line.replace("\xa0", " ") for line in keys_lines(entry)]
        for key in KEYS.replace("\xa0", " ").replace("\n", " · ").split(" · "):
            assert any(key in line for line in lines), (key, lines)

        await pilot.press("down", "down", "up")
        await pilot.pause()
        assert entry.focused is entry.control("scores.Bob", Input)
        await pilot.press("f1")
        await pilot.pause()
        help_box = host.screen
        assert isinstance(help_box, HelpScreen)
        shown = "\n".join(str(part.render()) for part in help_box.query(".section"))
        arrows = next(line for line in shown.splitlines() if "↑/↓" in line)
        assert "the field above or below (they stop at the last and the first)" in arrows
        await pilot.press("escape")
        await pilot.pause()
        assert host.screen is entry

        await pilot.press(*["tab"] * 5)
        await pilot.pause()
        lines = [line.replace("\xa0", " ") for line in keys_lines(entry)]
        for key in LAST_FIELD.replace("\xa0", " ").replace("\n", " · ").split(" · "):
            assert any(key in line for line in lines), (key, lines)


async def test_the_entry_help_at_80_columns_keeps_each_option_and_example_line_whole() -> None:
    """Twelve at Calcutta: "5" ending a line and "Christopher," starting the next read as
    two options; a price row said only "text"; the example's lines ran past the box and
    broke mid-sentence ("D to Bob for" / "7, C to")."""
    names = ["Elizabeth-Anne", "山田花子ちゃん", "Wolfgang Amadeus", "Bob", "Christopher", "Di"]
    players = [*names, "Ed", "Maximilian", "Ivy", "Jo", "Kim", "Lou"]
    host = EntryHost(Session.new("calcutta", players))
    async with host.run_test(size=(80, 24)) as pilot:
        example = entry_of(host).example
        await pilot.press("f1")
        await pilot.pause()
        body = host.screen.query_one("#help-body", VerticalScroll)
        lines: list[str] = []
        for top in range(0, body.max_scroll_y + body.size.height, body.size.height):
            body.scroll_to(y=top, animate=False, immediate=True)
            await pilot.pause()
            lines += [line.strip(" ▁▂▃▄▅▆▇█") for line in drawn(pilot, "#help-body")]
    for seat, name in enumerate([*players, "unsold"], 1):
        assert any(f"{seat} {name}" in line for line in lines), (seat, name, lines)
    assert any(line.startswith("price") and "a price: whole chips" in line for line in lines)
    for line in example.splitlines():
        assert line in lines, (line, lines)
