"""A chart of the session so far: who climbed, who fell, round by round.

Each player's figure round by round as the session's view gives it (``Session.figures``:
running totals in a points game, else balances), with the game's target (``Game.target``)
as a line where it has one.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static
from textual_plotext import PlotextPlot

from scorekeeper.money import currency
from scorekeeper.session import Session
from scorekeeper.view import Figures
from scorekeeper.wording import visible
from screens.format import amount, plain


def unit_word(unit: str) -> str:
    """What the chart's figures count: "points", "chips", or the table's currency."""
    return (currency().symbol or "money") if unit == "money" else unit


LINE_COLOURS = [
    (0, 130, 200),
    (60, 180, 75),
    (230, 25, 75),
    (255, 225, 25),
    (245, 130, 48),
    (145, 30, 180),
    (70, 240, 240),
    (240, 50, 230),
    (180, 225, 40),
    (250, 190, 212),
]
"""One colour per player's line, told apart on a light or a dark theme (textual-plotext's
own sequence); the legend under the chart names each player in the colour of their line."""
MARK = "⣿"


@dataclass(frozen=True)
class Chart:
    """What the chart shows: one line of figures per player, from round 0 (the start)."""

    title: str
    figures: Figures
    rounds: list[int]
    lines: dict[str, list[int]]
    target: int | None

    def ticks(self, most: int = 6) -> list[int]:
        """Round figures for the side axis, 1, 2 or 5 times a power of ten apart, between
        the lowest figure and the highest (or the target), at most ``most`` of them."""
        figures = [figure for line in self.lines.values() for figure in line]
        if self.target is not None:
            figures.append(self.target)
        low, high = min(figures, default=0), max(figures, default=0)
        step = 1
        while high - low > step * (most - 1):
            step = step * 5 // 2 if str(step)[0] == "2" else step * 2
        return list(range(-(-low // step) * step, high // step * step + 1, step))

    @property
    def unit(self) -> str:
        return self.figures.unit

    def plotted(self, figures: list[int]) -> list[float]:
        """Money in dollars on the axis (cents would read as hundreds); else as counted."""
        return [figure / 100 for figure in figures] if self.unit == "money" else list(figures)


def target_of(session: Session) -> int | None:
    """The score that ends the game, where reaching one does; the game knows which."""
    return session.game.target(session.setup, session.state)


def chart_of(session: Session) -> Chart:
    game, figures = session.game, session.figures()
    lines = {name: figures.history(name) for name in session.players}
    title = f"{game.title(session.setup)} — {figures.title} by {game.round_name.lower()}"
    rounds = list(range(len(session.rounds) + 1))
    return Chart(
        title + f" ({unit_word(figures.unit)})", figures, rounds, lines, target_of(session)
    )


class ChartScreen(ModalScreen[None]):
    """Opened from the table with ``c``; Esc closes."""

    CSS_PATH = "chart.tcss"
    BINDINGS = [
        # Priority: the keys typed after it in one burst reach the table.
        Binding("escape,c,q,enter", "close", "Close", tooltip="Back to the table", priority=True)
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.chart = chart_of(session)

    def compose(self) -> ComposeResult:
        chart = self.chart
        with Vertical(id="chart"):
            yield Static(plain(chart.title), id="chart-title")
            if self.session.rounds:
                yield PlotextPlot(id="plot")
            else:
                yield Static("No round recorded yet: the chart starts with the first.", id="none")
            yield Static(self.legend(), id="chart-legend")
            yield Static(plain(self.standings()), id="chart-now")
            yield Static("Esc to close", id="chart-keys")

    def standings(self) -> str:
        """Where everyone stands after the last round, and the target if there is one."""
        chart = self.chart
        now = " · ".join(
            f"{visible(name)} {chart.figures.text(figures[-1])}"
            for name, figures in chart.lines.items()
        )
        if chart.target is not None:
            now += f" · target {chart.target}"
        return f"After {self.session.game.round_name.lower()} {chart.rounds[-1]}: {now}"

    def colours(self) -> dict[str, tuple[int, int, int]]:
        names = self.chart.lines
        return {name: LINE_COLOURS[at % len(LINE_COLOURS)] for at, name in enumerate(names)}

    def legend(self) -> Content:
        """Who each line is, under the chart: plotext's own legend is drawn in a corner of
        the plot, over the lines that pass there."""
        return Content("  ").join(
            Content.assemble((MARK, f"rgb{colour}"), " ", visible(name))
            for name, colour in self.colours().items()
        )

    def on_mount(self) -> None:
        if not self.session.rounds:
            return
        chart = self.chart
        plt = self.query_one("#plot", PlotextPlot).plt
        plt.clear_figure()
        colours = self.colours()
        for name, figures in chart.lines.items():
            plt.plot(chart.rounds, chart.plotted(figures), color=colours[name], marker="braille")
        if chart.target is not None:
            plt.horizontal_line(chart.target)
        ticks = chart.ticks()
        plt.yticks(chart.plotted(ticks), [amount(tick, chart.unit) for tick in ticks])
        step = max(1, len(chart.rounds) // 10)
        plt.xticks([*chart.rounds[::step]])  # a list[float] to plotext's types
        plt.xlabel(self.session.game.round_name.lower())

    def action_close(self) -> None:
        self.dismiss(None)
