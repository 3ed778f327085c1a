"""The settle-up box at 80x24: every line's figures in columns that a minus sign never
shifts, no money column where none changes hands, twelve players in view at once; and the
Calcutta course row's hint gives an example and its dim placeholder reads as no course."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Input, Static

from scorekeeper import Session
from scorekeeper.money import Currency, use_currency
from screens.rounds.base import RoundEntry
from screens.settle import SettleScreen
from tests.ui.hosts import EntryHost
from tests.ui.play import drawn

TWELVE = ["Annabel", "Bobby", "Cyril", "Diane", "Edward", "Flora"]
TWELVE += ["Gustav", "Harold", "Ida", "Jolene", "Kai", "Lucille"]


class SettleHost(App[None]):
    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def on_mount(self) -> None:
        self.push_screen(SettleScreen(self.session))


def lines_of(app: App[None], selector: str) -> list[str]:
    return str(app.screen.query_one(selector, Static).content).splitlines()


async def test_a_negative_total_does_not_shift_its_line() -> None:
    session = Session.new("score-pad", ["Ann", "Bob", "Cy", "Di"], options={"stake": 100})
    session.record({"scores": {"Ann": -20, "Bob": 50, "Cy": 30, "Di": 4}})
    app = SettleHost(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = lines_of(app, "#balances")
    assert lines[0].endswith("−20  −$144.00")
    assert lines[1].endswith(" 50  +$136.00")
    assert len({len(line) for line in lines}) == 1


async def test_points_only_shows_the_points_and_no_money() -> None:
    session = Session.new("seven-hand", ["Grandma", "Max", "Zoe"])
    session.record({"out": "Max", "points": {"Grandma": 45, "Zoe": 25}})
    app = SettleHost(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = lines_of(app, "#balances")
    assert [line.split() for line in lines] == [["Grandma", "45"], ["Max", "0"], ["Zoe", "25"]]
    assert not any("$" in line for line in lines)


async def test_twelve_players_with_a_stake_are_all_in_view_at_80x24() -> None:
    session = Session.new("score-pad", TWELVE, options={"stake": 5})
    session.record({"scores": {name: seat * 7 % 40 for seat, name in enumerate(TWELVE)}})
    app = SettleHost(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        body = app.screen.query_one("#settle-body")
        assert body.max_scroll_y == 0, "nothing scrolled out of view"
        assert len(lines_of(app, "#balances")) == 12


async def test_twelve_long_names_keep_their_balance_on_their_line_at_80x24() -> None:
    """Points in the thousands and balances of €100 or more beside names of up to eleven
    letters: one line a player, all twelve in view beside the payments."""
    names = [f"{name}ston"[:11] for name in TWELVE]
    session = Session.new("score-pad", names, options={"stake": 10})
    session.record({"scores": {name: 1300 - seat * 97 for seat, name in enumerate(names)}})
    use_currency(Currency("€", comma=True))
    app = SettleHost(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        balances = app.screen.query_one("#balances", Static)
        assert lines_of(app, "#balances")[0].split() == ["Annabelston", "1300", "+€640,20"]
        assert balances.size.height == 12, "each balance on its name's line"
        assert app.screen.query_one("#settle-body").max_scroll_y == 0


async def test_a_payment_too_long_for_its_column_goes_on_under_its_own_words() -> None:
    """A wide-lettered name paying long ones at 80 columns: what wraps is drawn further
    in than the payment starts, not read as a payment of its own, and breaks between the
    payer and who is paid: "Wolfgang" never ends a line with "Amadeus $3.50" below it,
    where it reads as a payment to Amadeus."""
    names = ["Elizabeth-Anne Worthington", "山田花子ちゃん", "Wolfgang Amadeus"]
    session = Session.new("score-pad", names, options={"stake": 5})
    session.record({"scores": dict(zip(names, [900, 30, 500], strict=True))})
    app = SettleHost(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = drawn(pilot, "#payments")
    assert lines == [
        "山田花子ちゃん pays",
        "  Elizabeth-Anne Worthington",
        "    $63.50",
        "山田花子ちゃん pays",
        "  Wolfgang Amadeus $3.50",
    ]


async def test_calcuttas_course_hint_has_the_example_and_the_placeholder_no_digit() -> None:
    host = EntryHost(Session.new("calcutta", ["Ann", "Bob", "Cy"]))
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        entry = host.screen
        assert isinstance(entry, RoundEntry)
        placeholder = entry.control("course", Input).placeholder
        assert not any(char.isdigit() for char in placeholder), "dim 2221 read as typed"
        assert "2221" in entry.row("course").note_text
