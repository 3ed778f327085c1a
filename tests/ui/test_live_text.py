"""Live text is repainted in place while it keeps its lines, and laid out again (never cut
off) the moment it needs more or fewer of them."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Static

from screens.widgets.live_text import show
from tests.ui.play import drawn


class Notes(App[None]):
    CSS = """
    #fixed { width: 12; }
    #auto { width: auto; }
    #hidden { display: none; }
    """

    def compose(self) -> ComposeResult:
        yield Static("= 5", id="fixed")
        yield Static("pick", id="auto")
        yield Static("", id="hidden")
        yield Static("below", id="below")


async def test_a_note_that_wraps_pushes_what_is_below_down_and_back_up() -> None:
    app = Notes()
    async with app.run_test(size=(40, 10)) as pilot:
        fixed = app.query_one("#fixed", Static)
        show(fixed, "= 15")
        await pilot.pause()
        assert drawn(pilot)[:3] == ["= 15", "pick", "below"]

        show(fixed, "went out after the second hand")
        await pilot.pause()
        assert drawn(pilot)[:5] == ["went out", "after the", "second hand", "pick", "below"]

        show(fixed, "= 7")
        await pilot.pause()
        assert drawn(pilot)[:3] == ["= 7", "pick", "below"]


async def test_a_note_as_wide_as_its_text_grows_with_it_and_a_hidden_one_takes_no_room() -> None:
    app = Notes()
    async with app.run_test(size=(40, 10)) as pilot:
        auto = app.query_one("#auto", Static)
        await pilot.pause()
        show(auto, "c: card text · p: numbers")
        show(app.query_one("#hidden", Static), "not shown")
        await pilot.pause()
        assert auto.size.width == len("c: card text · p: numbers")
        assert drawn(pilot)[:3] == ["= 5", "c: card text · p: numbers", "below"]
