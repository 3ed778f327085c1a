"""The chart of a session at 80×24: who climbed and who fell, round by round."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.color import Color
from textual.widgets import Static
from textual_plotext import PlotextPlot

from scorekeeper import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.chart import ChartScreen, chart_of, target_of
from screens.table import TableScreen
from tests.ui.play import settled


class ChartHost(App[None]):
    """The chart over an empty screen, as the table would open it."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def on_mount(self) -> None:
        self.push_screen(ChartScreen(self.session))


def shown(app: App[None], selector: str) -> str:
    return str(app.screen.query_one(selector, Static).content)


def sunday_with_grandma() -> Session:
    """Max out (Grandma 45, Zoe 25), then Zoe out (Grandma 15, Max 25)."""
    session = Session.new("seven-hand", ["Grandma", "Max", "Zoe"])
    session.record({"out": "Max", "cards": {"Grandma": "K K 4 JK", "Zoe": "A 9"}})
    session.record({"out": "Zoe", "cards": {"Grandma": "5 5 5", "Max": "Q A"}})
    return session


async def test_seven_hand_charts_each_running_total_and_esc_closes() -> None:
    app = ChartHost(sunday_with_grandma())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ChartScreen)
        assert shown(app, "#chart-title") == "Seven Hand Rummy — Running totals by hand (points)"
        assert shown(app, "#chart-now") == "After hand 2: Grandma 60 · Max 25 · Zoe 25"
        assert screen.chart.lines == {"Grandma": [0, 45, 60], "Max": [0, 0, 25], "Zoe": [0, 25, 25]}
        plot = screen.query_one("#plot", PlotextPlot)
        assert plot.size.width >= 70 and plot.size.height >= 14, "readable at 80×24"
        drawn = plot.render()
        assert not [name for name in ("Grandma", "Max", "Zoe") if name in drawn.plain], (
            "no legend drawn over the lines"
        )
        legend = app.screen.query_one("#chart-legend", Static).render()
        assert legend.plain == "⣿ Grandma  ⣿ Max  ⣿ Zoe"
        marks = [Color.parse(str(span.style)).hex.lower() for span in legend.spans]
        line_colours = {str(span.style).split()[0] for span in drawn.spans}
        assert len(set(marks)) == 3, "each player's mark its own colour"
        assert set(marks) <= line_colours, "each mark the colour of a line drawn"
        assert "hand" in drawn, "the axis is labelled as the game names a round"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ChartScreen)


async def test_5000_rummy_shows_the_target_line() -> None:
    session = Session.new("rummy-5000", ["Ann", "Bob", "Cy"])
    nothing = {"Ann": 0, "Bob": 0, "Cy": 0}
    melded = [{"Ann": 1300, "Bob": 900, "Cy": 600}, {"Ann": 800, "Bob": 1900, "Cy": 50}]
    for out, points in zip(("Ann", "Bob"), melded, strict=True):
        session.record({"wild": "5", "out": out, "melded": points, "in_hand": nothing})
    app = ChartHost(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert (
            shown(app, "#chart-now") == "After hand 2: Ann 2300 · Bob 3000 · Cy 650 · target 3000"
        )
        assert isinstance(app.screen, ChartScreen) and app.screen.chart.target == 3000
        assert "3000" in app.screen.query_one("#plot", PlotextPlot).render().plain


async def test_racehorse_charts_balances_in_dollars() -> None:
    """docs/rules.md, Racehorse, example: Bob pitches 3 and makes it (+$12.00); Di pitches 4
    and is upped (−$16.00)."""
    session = Session.new("racehorse", ["Ann", "Bob", "Cy", "Di", "Ed"])
    session.record({"pitcher": "Bob", "bid": 3, "made": True})
    session.record({"pitcher": "Di", "bid": 4, "made": False})
    app = ChartHost(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert shown(app, "#chart-title") == "Racehorse — Balances by deal ($)"
        assert shown(app, "#chart-now") == (
            "After deal 2: Ann +$1.00 · Bob +$16.00 · Cy +$1.00 · Di −$19.00 · Ed +$1.00"
        )
        screen = app.screen
        assert isinstance(screen, ChartScreen)
        chart = screen.chart
        assert chart.lines["Bob"] == [0, 1200, 1600]
        assert chart.plotted(chart.lines["Bob"]) == [0.0, 12.0, 16.0]
        assert "$10.00" in screen.query_one("#plot", PlotextPlot).render().plain


async def test_a_session_with_no_round_says_so() -> None:
    app = ChartHost(Session.new("calcutta", ["Ann", "Bob", "Cy"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "No round recorded yet" in shown(app, "#none")
        assert not app.screen.query(PlotextPlot)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ChartScreen)


def test_calcutta_charts_chips_and_the_two_hand_rummy_games_have_no_target() -> None:
    calcutta = Session.new("calcutta", ["Ann", "Bob", "Cy"])
    assert chart_of(calcutta).title == "Calcutta Horse Race — Balances by race (chips)"
    doubling = Session.new("rummy-5000", ["Ann", "Bob"], options={"doubling": True})
    assert target_of(doubling) is None
    assert target_of(Session.new("rummy-5000", ["Ann", "Bob"])) == 5000
    assert target_of(Session.new("hot-rum", ["Ann", "Bob"])) is None


async def test_c_on_the_table_opens_the_chart_and_esc_goes_back(tmp_path: Path) -> None:
    with Store(tmp_path / "db") as store:
        store.add(sunday_with_grandma())
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            await pilot.press("c")
            await pilot.pause()
            assert isinstance(app.screen, ChartScreen)
            assert shown(app, "#chart-now") == "After hand 2: Grandma 60 · Max 25 · Zoe 25"
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)


async def test_the_command_palette_offers_the_chart(tmp_path: Path) -> None:
    with Store(tmp_path / "db") as store:
        store.add(sunday_with_grandma())
        app = ScorekeeperApp(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("ctrl+p", *"chart")
            await settled(pilot)  # the palette's search runs in a worker
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, ChartScreen)
