"""The private parts of Textual the suite patches (``tests/textual_internals.py``) are
those of the Textual they were read against, and every patch is undone after its test."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from functools import partial
from importlib.metadata import version
from typing import Any

import pytest
import textual._callback
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
        "stylesheet, display, message dispatch, callbacks). Read each against the new "
        "Textual, then set TESTED_WITH."
    )


@pytest.mark.parametrize("owner, name", textual_internals.PATCHED)
def test_every_patched_part_is_still_there(owner: object, name: str) -> None:
    assert name in vars(owner), f"{owner!r} no longer has {name}"


def test_the_patches_are_in_force_in_a_test_and_undone_after_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    patched = [key for key, original in ORIGINALS.items() if vars(key[0])[key[1]] is not original]
    assert [name for _, name in patched] == [
        "wait_for_idle",
        "wait_for_idle",
        "pause",
        "run_in_executor",
        "_compositor_refresh",
        "_get_dispatch_methods",
        "count_parameters",
    ]
    monkeypatch.undo()  # as pytest does when the test ends: the autouse fixtures share it
    assert all(vars(owner)[name] is ORIGINALS[owner, name] for owner, name in ORIGINALS)


class AfterRefresh(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("before", id="said")

    def on_mount(self) -> None:
        said = self.query_one("#said", Static)
        self.call_after_refresh(said.update, "after")


async def test_what_waits_for_a_refresh_is_done_when_a_pause_ends() -> None:
    """A footer's keys, a cursor moved into view: what a screen does once it is refreshed
    is there to read after one pause."""
    app = AfterRefresh()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert str(app.query_one("#said", Static).content) == "after"


class InAThread(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("before", id="said")

    def on_mount(self) -> None:
        self.run_worker(self.look())

    async def look(self) -> None:
        """As the Markdown widget parses a document: in a thread that waits (a core busy
        elsewhere), using no CPU meanwhile, with nothing ready to run in the app."""
        await asyncio.get_running_loop().run_in_executor(None, time.sleep, 0.05)
        self.query_one("#said", Static).update("after")


async def test_what_a_thread_does_is_done_when_a_pause_ends() -> None:
    """A document the Markdown widget parses in a thread is there to read after one
    pause."""
    app = InAThread()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert str(app.query_one("#said", Static).content) == "after"


def test_the_event_loop_keeps_what_the_idle_wait_reads() -> None:
    loop = asyncio.new_event_loop()
    try:
        assert "_ready" in vars(loop), "read wait_for_idle again"
    finally:
        loop.close()


def plain(a: int, b: int, *, c: int = 0) -> None: ...


def anything(*args: int) -> None: ...


class Owner:
    def method(self, a: int, b: int) -> None: ...

    def spread(*args: Any) -> None: ...


OWNER = Owner()
CALLBACKS: dict[str, Callable[..., Any]] = {
    "partial": partial(plain),
    "partial, one argument": partial(plain, 1),
    "partial, an argument and a keyword": partial(plain, 1, c=2),
    "partial of *args": partial(anything, 1),
    "partial of a method": partial(OWNER.method),
    "partial of a method, one argument": partial(OWNER.method, 1),
    "partial of a method of *args": partial(OWNER.spread),
    "partial of a partial": partial(partial(plain, 1), 2),
    "partial of a class": partial(Owner),
    "partial of a widget class": partial(Static, "x"),
    "function": plain,
    "method": OWNER.method,
    "lambda": lambda a: None,
}


@pytest.mark.parametrize("kind", CALLBACKS)
def test_a_callback_s_parameters_are_counted_as_textual_counts_them(kind: str) -> None:
    """Twice each (the second from what was kept), against Textual's own count of a
    partial made afresh: a bound method's count has no ``self``, and one that takes
    ``*args`` keeps its own (Textual counts a partial's method by its signature)."""
    callback = CALLBACKS[kind]
    original = ORIGINALS[textual._callback, "count_parameters"]
    fresh = (
        partial(callback.func, *callback.args, **callback.keywords)
        if isinstance(callback, partial)
        else callback
    )
    expected = original(fresh)
    assert textual._callback.count_parameters(callback) == expected
    assert textual._callback.count_parameters(callback) == expected


def test_a_function_counted_bound_and_plain_keeps_both_counts() -> None:
    count = textual._callback.count_parameters
    assert [count(partial(Owner.method)), count(partial(OWNER.method))] == [3, 2]
    assert [count(partial(OWNER.method)), count(partial(Owner.method))] == [2, 3]


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
