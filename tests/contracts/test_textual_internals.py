"""The private parts of Textual the suite patches (``tests/textual_internals.py``) are
those of the Textual they were read against, and every patch is undone after its test."""

from __future__ import annotations

from importlib.metadata import version

import pytest
from textual.app import App, ComposeResult
from textual.reactive import reactive
from textual.widgets import Static

from tests import textual_internals

ORIGINALS = {(owner, name): owner.__dict__[name] for owner, name in textual_internals.PATCHED}


def test_textual_is_the_version_the_patches_were_read_against() -> None:
    installed = version("textual")
    assert installed == textual_internals.TESTED_WITH, (
        f"Textual {installed} is installed; tests/textual_internals.py reaches into the "
        f"private parts of Textual {textual_internals.TESTED_WITH} (idle step, compositor, "
        "stylesheet, display, message dispatch). Read each against the new Textual, then set "
        "TESTED_WITH."
    )


@pytest.mark.parametrize("owner, name", textual_internals.PATCHED)
def test_every_patched_part_is_still_there(owner: object, name: str) -> None:
    assert name in vars(owner), f"{owner!r} no longer has {name}"


def test_the_patches_are_in_force_in_a_test_and_undone_after_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    patched = [key for key, original in ORIGINALS.items() if vars(key[0])[key[1]] is not original]
    assert [name for _, name in patched] == [
        "SLEEP_GRANULARITY",
        "SLEEP_IDLE",
        "_compositor_refresh",
        "_get_dispatch_methods",
    ]
    monkeypatch.undo()  # as pytest does when the test ends: the autouse fixtures share it
    assert all(vars(owner)[name] is ORIGINALS[owner, name] for owner, name in ORIGINALS)


class Fragile(Static):
    """Drawn whole until it is broken, then raises as it draws (of a fixed size: a widget
    sized by its content is measured by drawing it, which would raise anyway)."""

    DEFAULT_CSS = "Fragile { width: 10; height: 1; }"
    broken: reactive[bool] = reactive(False)

    def render(self) -> str:
        if self.broken:
            raise RuntimeError("this widget cannot be drawn")
        return "whole"


class FragileApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("beside it, unchanged")
        yield Fragile()


async def test_a_widget_that_cannot_be_drawn_fails_its_test_under_pilot() -> None:
    """A headless app sends no frames, but a widget that changed still draws itself, and
    one that cannot stops the app and fails the test (only unchanged lines are passed
    over)."""
    app = FragileApp()
    with pytest.raises(RuntimeError, match="cannot be drawn"):
        async with app.run_test(size=(40, 6)) as pilot:
            app.query_one(Fragile).broken = True
            await pilot.pause()
