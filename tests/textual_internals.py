"""Every private part of Textual the suite reaches into, in one module: for speed (Pilot's
idle step, frames nobody sees, CSS parsed, message handlers found and callbacks'
parameters counted once per worker), to tell an idle app (asyncio's ready callbacks and
what it awaits from threads too) and to read the screen as a terminal would show it.
Each patch is made for one test through ``monkeypatch`` and undone after it. They were
read against Textual ``TESTED_WITH``; ``test_textual_internals`` fails on any other
version, so an upgrade means reading them again, not a silent drift.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from functools import partial
from time import monotonic, process_time
from types import FunctionType, MethodType
from typing import Any
from weakref import WeakKeyDictionary

import pytest
import textual._callback
import textual.app
import textual.pilot
from textual._compositor import LayoutUpdate
from textual._on import OnNoWidget
from textual.app import App
from textual.css.match import match
from textual.css.model import RuleSet, SelectorSet
from textual.css.stylesheet import Stylesheet
from textual.css.tokenize import tokenize_values
from textual.css.tokenizer import Token
from textual.geometry import Region
from textual.message import Message
from textual.message_pump import MessagePump
from textual.pilot import Pilot
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

TESTED_WITH = "8.2.8"

IDLE_STEP = 0.005
"""Pilot waits after each key until a step passes with the app idle; Textual's step is
20 ms, a floor of two steps of sleep a key however quick the app. Here the step is
shorter and the question stricter (``wait_for_idle``)."""
PAUSES_AFTER = 10
"""How many more pauses ``pause`` takes, at most, for what a refresh handed on."""


def _ready(loop: asyncio.AbstractEventLoop) -> bool:
    """Whether ``loop`` has a callback ready to run (a message posted, a task woken)."""
    return bool(vars(loop)["_ready"])


_in_threads: set[asyncio.Future[Any]] = set()
"""What the app awaits from a thread and has not had back: the Markdown widget parsing a
document."""
_run_in_executor = asyncio.BaseEventLoop.run_in_executor


def run_in_executor(
    loop: asyncio.BaseEventLoop, executor: Any, func: Callable[..., Any], *args: Any
) -> asyncio.Future[Any]:
    """asyncio's ``run_in_executor``, its future kept in ``_in_threads`` until done. A
    thread worker's is not: a test waits for workers when it means to (``settled``), and
    one may be held on purpose, or look at the store every second."""
    future = _run_in_executor(loop, executor, func, *args)
    if getattr(func, "__module__", None) != "textual.worker":
        _in_threads.add(future)
        future.add_done_callback(_in_threads.discard)
    return future


def _in_a_thread(loop: asyncio.AbstractEventLoop) -> bool:
    """Whether ``loop`` waits for work it handed to a thread."""
    return any(future.get_loop() is loop and not future.done() for future in _in_threads)


async def wait_for_idle(min_sleep: float = IDLE_STEP, max_sleep: float = 1.0) -> None:
    """Textual's wait until the app is idle, a step of ``IDLE_STEP`` at a time: a step
    counts when it used next to no CPU (under 5%, Textual's ratio), leaves nothing ready
    to run and nothing awaited from a thread. Little CPU alone is no proof: a process, or
    a thread, kept off a loaded machine's cores uses none while its work waits."""
    loop = asyncio.get_running_loop()
    start = monotonic()
    while True:
        used = process_time()
        await asyncio.sleep(IDLE_STEP)
        elapsed = monotonic() - start
        if elapsed >= max_sleep:
            return
        quiet = process_time() - used < IDLE_STEP / 20
        if elapsed > min_sleep and quiet and not _ready(loop) and not _in_a_thread(loop):
            return


_pause = Pilot.pause


async def pause(pilot: Pilot[Any], delay: float | None = None) -> None:
    """Pilot's pause, then more while work is ready to run. A pause ends by refreshing
    the screen, and what waits for a refresh (a footer's keys, a cursor moved into view)
    would run only after the test has read the screen: with a step shorter than a frame,
    that refresh is often the pause's own rather than the screen's."""
    await _pause(pilot, delay)
    loop = asyncio.get_running_loop()
    for _ in range(PAUSES_AFTER):
        if not _ready(loop):
            return
        await _pause(pilot)


def quick_idle(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pilot's wait for an idle app (and the app's own, as Pilot presses keys) made
    ``wait_for_idle``, its pause ``pause``, and what is handed to threads kept count of."""
    monkeypatch.setattr(textual.pilot, "wait_for_idle", wait_for_idle)
    monkeypatch.setattr(textual.app, "wait_for_idle", wait_for_idle)
    monkeypatch.setattr(Pilot, "pause", pause)
    monkeypatch.setattr(asyncio.BaseEventLoop, "run_in_executor", run_in_executor)


def draw_unsent(screen: Screen[object]) -> None:
    """The top screen of a headless app: every widget in the changed part of the screen
    draws the lines it has not drawn since it last changed (its ``render`` runs, and
    raises if it would in a terminal), and the update a terminal would be sent, which a
    headless app drops, is not worked out. A widget whose lines there are all drawn and
    unchanged is passed over: Textual would hand back the same lines it keeps."""
    app = screen.app
    if not (app.is_headless and not app.is_inline and screen is app.screen):
        _compositor_refresh(screen)
        return
    compositor = screen._compositor
    if compositor._dirty_regions:
        crop = Region.from_union(list(compositor._dirty_regions))
        crop = crop.intersection(compositor.size.region)
        for widget, (region, clip) in compositor.visible_widgets.items():
            if not crop.overlaps(clip):
                continue
            x, y, width, height = region.intersection(clip)
            if width and height:
                lines = Region(x - region.x, y - region.y, width, height)
                if not _drawn(widget, lines):
                    widget.render_lines(lines)
        compositor._dirty_regions.clear()
    screen._dirty_widgets.clear()


def _drawn(widget: Widget, lines: Region) -> bool:
    """Whether Textual keeps every one of ``lines`` of ``widget`` as last drawn, unchanged
    since (a widget drawing its lines its own way is never taken to have)."""
    if type(widget).render_lines is not Widget.render_lines:
        return False
    kept = widget._styles_cache
    if kept._width != widget.region.width:
        return False
    return all(y in kept._cache and y not in kept._dirty_lines for y in lines.line_range)


_compositor_refresh = Screen._compositor_refresh


def frames_unsent(monkeypatch: pytest.MonkeyPatch) -> None:
    """A headless app's frames drawn by every widget but not composed into a terminal
    update: a fifth of a UI test's CPU was working out updates nobody receives."""
    monkeypatch.setattr(Screen, "_compositor_refresh", draw_unsent)


Handlers = list[tuple[Callable[..., Any], dict[str, tuple[SelectorSet, ...]]]]
Step = tuple[type, Handlers, Callable[..., Any] | None]
_steps: dict[tuple[type, str, type], list[Step]] = {}


def _handlers_of(owner: type, method_name: str, kind: type) -> list[Step]:
    """The classes of ``owner``'s MRO that handle a ``kind`` message, each with its
    decorated handlers (``@on``) for it and its method named for it, as Textual finds
    them: read once per worker for each kind of widget and message."""
    key = (owner, method_name, kind)
    if key not in _steps:
        message_mro = [each for each in kind.__mro__ if issubclass(each, Message)]
        steps: list[Step] = []
        for cls in owner.__mro__:
            decorated = cls.__dict__.get("_decorated_handlers") or {}
            handlers = [found for each in message_mro for found in decorated.get(each, [])]
            method = cls.__dict__.get(f"_{method_name}") or cls.__dict__.get(method_name)
            if method is not None and getattr(method, "_textual_on", None):
                method = None
            if handlers or method is not None:
                steps.append((cls, handlers, method))
        _steps[key] = steps
    return _steps[key]


def _dispatch_methods_once(
    self: MessagePump, method_name: str, message: Message
) -> Iterator[tuple[type, Callable[..., Any]]]:
    """Textual's ``_get_dispatch_methods``, the same handlers in the same order, with the
    message's own checks made as it goes (its default prevented, its sender's selectors),
    but the class dictionaries along the MRO read once, not at every message: 4% of a
    UI test's CPU walked them."""
    dispatched: set[Callable[..., Any]] = set()
    for cls, handlers, method in _handlers_of(type(self), method_name, type(message)):
        if message._no_default_action:
            break
        for handler, selectors in handlers:
            if handler in dispatched:
                continue
            if selectors:
                if not message._sender:
                    continue
                matched = True
                for attribute, selector in selectors.items():
                    node = getattr(message, attribute)
                    if node is None:
                        matched = False
                        break
                    if not isinstance(node, Widget):
                        raise OnNoWidget(
                            f"on decorator can't match against {attribute!r} as it is not a widget."
                        )
                    if not match(selector, node):
                        matched = False
                        break
                if not matched:
                    continue
            yield cls, handler.__get__(self, cls)
            dispatched.add(handler)
        if method is not None:
            yield cls, method.__get__(self, cls)


def dispatch_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Message handlers found from a table kept per worker (``_dispatch_methods_once``)."""
    monkeypatch.setattr(MessagePump, "_get_dispatch_methods", _dispatch_methods_once)


_count_parameters = textual._callback.count_parameters
_counted: tuple[WeakKeyDictionary[FunctionType, int], WeakKeyDictionary[FunctionType, int]] = (
    WeakKeyDictionary(),
    WeakKeyDictionary(),
)
"""The parameters a partial's function takes, of a plain function and of a bound
method's function (without ``self``), kept while the function lives."""


def _count_parameters_kept(func: Callable[..., Any]) -> int:
    """Textual's ``count_parameters``, the same count, with a partial's function's count
    kept: Textual keeps a function's on the function, but works out a partial's with
    ``inspect.signature`` at every call, and a callback (``call_later``, ``call_next``,
    Pilot's wait on each widget after each key) is a new partial each time."""
    if isinstance(func, partial):
        inner = func.func
        bound, function = (
            (True, inner.__func__) if isinstance(inner, MethodType) else (False, inner)
        )
        if isinstance(function, FunctionType):
            kept = _counted[bound]
            count = kept.get(function)
            if count is None:
                count = kept[function] = textual._callback._count_parameters(inner)
            return count - (len(func.args) + len(func.keywords))
    return _count_parameters(func)


def callbacks_counted_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A callback's parameters counted once per function (``_count_parameters_kept``):
    counting them again for every partial took about 2% of a UI test's instructions."""
    monkeypatch.setattr(textual._callback, "count_parameters", _count_parameters_kept)


_parse_rules = Stylesheet._parse_rules
_parsed: dict[tuple[Any, ...], list[RuleSet]] = {}
_variable_sets: dict[tuple[tuple[str, str], ...], int] = {}
"""Each set of theme variables the worker's apps have had, numbered."""
_OWN_SET = "_variable_set_for_tests"
"""Where a stylesheet keeps the number of its variables' set, beside the variables."""


def _variable_set(stylesheet: Stylesheet) -> int:
    """The number of the stylesheet's set of variables: looked up again only once Textual
    gives it others (it replaces the dict, never changes it), not at every rule parsed,
    a hundred times an app."""
    variables = stylesheet._variables
    kept: tuple[dict[str, str], int] | None = getattr(stylesheet, _OWN_SET, None)
    if kept is None or kept[0] is not variables:
        number = _variable_sets.setdefault(tuple(sorted(variables.items())), len(_variable_sets))
        kept = (variables, number)
        setattr(stylesheet, _OWN_SET, kept)
    return kept[1]


def _parse_rules_once(
    stylesheet: Stylesheet,
    css: str,
    read_from: Any,
    is_default_rules: bool = False,
    tie_breaker: int = 0,
    scope: str = "",
) -> list[RuleSet]:
    key = (css, read_from, is_default_rules, tie_breaker, scope, _variable_set(stylesheet))
    if key not in _parsed:
        parsed = _parse_rules(stylesheet, css, read_from, is_default_rules, tie_breaker, scope)
        _parsed[key] = parsed
    return _parsed[key]


_tokenized: dict[int, dict[str, list[Token]]] = {}
_OWN_TOKENS = "_Stylesheet__variable_tokens"
"""Where a stylesheet keeps its variables' tokens (cleared when its variables change)."""


def _variable_tokens_once(stylesheet: Stylesheet) -> dict[str, list[Token]]:
    """The theme's variables as tokens, kept by the stylesheet as Textual keeps them, but
    tokenized once per worker for the same variables; each stylesheet gets lists of its
    own (Textual's parser may add to a variable's list)."""
    own: dict[str, list[Token]] | None = getattr(stylesheet, _OWN_TOKENS)
    if own is None:
        key = _variable_set(stylesheet)
        if key not in _tokenized:
            _tokenized[key] = tokenize_values(stylesheet._variables)
        own = {name: list(tokens) for name, tokens in _tokenized[key].items()}
        setattr(stylesheet, _OWN_TOKENS, own)
    return own


def css_parsed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules parsed from the same text with the same theme variables shared by the apps
    of a worker, as one app shares them between its screens (they are only read once
    parsed): otherwise every app a test starts parses the same CSS again. The theme's
    variables are tokenized once too, rather than by each app as it draws its first
    styled text."""
    monkeypatch.setattr(Stylesheet, "_parse_rules", _parse_rules_once)
    monkeypatch.setattr(Stylesheet, "_variable_tokens", property(_variable_tokens_once))


def screen_strips(app: App[Any]) -> list[Strip]:
    """The lines of the screen in front as the terminal shows them, a dialog drawn over
    what is behind it, composed as ``export_screenshot`` composes them."""
    update = app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens, simplify=True
    )
    assert isinstance(update, LayoutUpdate)
    return [Strip.join(line) for line in update.strips]


def toast_seconds(app: App[Any]) -> dict[str, float]:
    """How long each message shown in the corner stays, by its text."""
    return {toast.message: toast.timeout for toast in app._notifications}


def on_each_frame(
    monkeypatch: pytest.MonkeyPatch, app_class: type[App[Any]], seen: Callable[[App[Any]], None]
) -> None:
    """``seen`` called with the app as each frame is handed to the terminal (a test marked
    ``frames``: others hand none)."""
    display = app_class._display

    def displayed(self: App[Any], *args: Any) -> None:
        seen(self)
        display(self, *args)

    monkeypatch.setattr(app_class, "_display", displayed)


PATCHED = (
    (textual.pilot, "wait_for_idle"),
    (textual.app, "wait_for_idle"),
    (Pilot, "pause"),
    (asyncio.BaseEventLoop, "run_in_executor"),
    (Screen, "_compositor_refresh"),
    (Stylesheet, "_parse_rules"),
    (Stylesheet, "_variable_tokens"),
    (App, "_display"),
    (MessagePump, "_get_dispatch_methods"),
    (textual._callback, "count_parameters"),
)
"""What the patches above replace; read by ``test_textual_internals``."""
