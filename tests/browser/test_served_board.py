"""The served board in a real browser: every player on every screen from a small phone
to a 4K TV, a round on twenty pages at once, the corrections said, and a page that lost
the network back by itself.

Needs Debian's ``chromium`` (``tests/needs.py``). One browser for the module, a context
(what pages on one device share) for each kind of device, a page for each screen. The
screenshots, at CSS pixels, are kept in the run's temporary folder,
``board-screenshots/`` under pytest's base temp.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.board.server import Timing
from tests.browser.served import QUICK, Here, board_in_thread, chromium, launch
from tests.needs import needs

BROWSER = chromium()
pytestmark = needs("chromium", BROWSER is not None)

TEN = ["Grandma", "Max", "Zoe", "Christopher", "Elizabeth", "Jo", "Al", "Bo", "Cy", "<b>Di</b>"]
MAX_OUT = {"out": "Max", "cards": {name: "K" for name in TEN if name != "Max"}}
DEVICES: dict[str, dict[str, Any]] = {
    "phone": {"device_scale_factor": 3, "is_mobile": True, "has_touch": True},
    "tablet": {"device_scale_factor": 2, "has_touch": True},
    "computer": {},
}
"""What a browser context is made with for each kind of device."""
SCREENS: dict[str, tuple[str, int, int]] = {
    "phone-390x844": ("phone", 390, 844),
    "phone-landscape-844x390": ("phone", 844, 390),
    "small-phone-360x640": ("phone", 360, 640),
    "tablet-820x1180": ("tablet", 820, 1180),
    "laptop-1366x768": ("computer", 1366, 768),
    "tv-1920x1080": ("computer", 1920, 1080),
    "tv-4k-3840x2160": ("computer", 3840, 2160),
}
"""Each screen: its kind of device and its size in CSS pixels."""
PAGES_A_CONTEXT = 4
"""Pages open at once in one browser context (cheaper for Chromium than a context each):
it opens at most six connections to one address a context, and a page holds one for its
events and wants another now and then for its heartbeats."""
MEASURE = """() => {
  const page = document.documentElement;
  const cards = [...document.querySelectorAll("#players li")];
  return {
    names: [...document.querySelectorAll("#players .name")].map((name) => name.textContent),
    figures: [...document.querySelectorAll("#players .figure")].map((f) => f.textContent),
    sideways: page.scrollWidth > page.clientWidth,
    outside: cards.filter((card) => {
      const box = card.getBoundingClientRect();
      return box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5 || box.left < 0;
    }).length,
    cut: [...document.querySelectorAll("#players .name")]
      .filter((name) => name.scrollWidth > name.clientWidth + 1).map((name) => name.textContent),
    markup: document.querySelectorAll("#players b").length,
    nameSize: parseFloat(getComputedStyle(document.querySelector(".name")).fontSize),
    figureSize: parseFloat(getComputedStyle(document.querySelector(".figure")).fontSize),
  };
}"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        assert BROWSER is not None  # the mark skips every test here without it
        launched = launch(playwright, BROWSER)
        yield launched
        launched.close()


@pytest.fixture
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.getbasetemp() / "board-screenshots"
    folder.mkdir(exist_ok=True)
    return folder


def open_board(context: Any, here: Here, screen: str = "", scheme: str = "light") -> Any:
    """A page on the board, on ``screen`` if named (else at the context's own size)."""
    page = context.new_page()
    if screen:
        _, width, height = SCREENS[screen]
        page.set_viewport_size({"width": width, "height": height})
        page.emulate_media(color_scheme=scheme)
    page.goto(here.url, wait_until="commit")  # the board says when it is there
    return page


def refused_elsewhere(context: Any, here: Here) -> list[str]:
    """Every request the context's pages make that would leave the laptop (refused)."""
    elsewhere: list[str] = []

    def route(request: Any) -> None:
        if request.request.url.startswith(here.origin):
            request.continue_()
        else:
            elsewhere.append(request.request.url)
            request.abort()

    context.route("**/*", route)
    return elsewhere


def shows(page: Any, text: str, selector: str = "body", within: float = 15) -> None:
    """Wait for ``text`` in ``selector`` (a locator: the page's policy forbids the string
    evaluation a waiting function would need)."""
    page.locator(selector, has_text=text).first.wait_for(timeout=within * 1000)


def test_every_player_and_total_fits_every_screen_as_text(
    store: Store, browser: Any, screenshots: Path
) -> None:
    session_id = store.add(Session.new("seven-hand", TEN))
    store.record(session_id, MAX_OUT)
    contexts = {kind: browser.new_context(**options) for kind, options in DEVICES.items()}
    with board_in_thread(store.path) as here:
        elsewhere = [refused_elsewhere(context, here) for context in contexts.values()]
        for number, (name, (kind, _, _)) in enumerate(SCREENS.items()):
            scheme = "dark" if number % 2 else "light"
            page = open_board(contexts[kind], here, name, scheme)
            shows(page, "Hand 2", "#status")
            measured = page.evaluate(MEASURE)
            page.screenshot(path=screenshots / f"{name}-{scheme}.png", scale="css")
            page.close()
            assert sorted(measured["names"]) == sorted(TEN), name
            assert measured["figures"].count("10") == 9 and "0" in measured["figures"], name
            assert not measured["sideways"], f"{name}: the page scrolls sideways"
            assert measured["outside"] == 0, f"{name}: a player is off the screen"
            assert measured["cut"] == [], f"{name}: names cut"
            assert measured["markup"] == 0, "a name is text, never markup"
            assert measured["nameSize"] >= 13, name
            assert measured["figureSize"] >= 1.9 * measured["nameSize"], "big totals"
            assert elsewhere == [[]] * len(contexts), "the page asks nothing of the internet"
    for context in contexts.values():
        context.close()


def test_a_round_reaches_twenty_pages_and_every_correction_is_said(
    store: Store, browser: Any
) -> None:
    session_id = store.add(Session.new("seven-hand", ["Grandma", "Max", "Zoe"]))
    three_out = {"out": "Max", "cards": {"Grandma": "K K 4 JK", "Zoe": "A 9"}}
    store.record(session_id, three_out)
    small = {"width": 360, "height": 640}
    phones = [
        browser.new_context(**DEVICES["phone"], viewport=small)
        for _ in range(20 // PAGES_A_CONTEXT)
    ]
    with board_in_thread(store.path, timing=Timing()) as here:
        pages = [open_board(phones[n % len(phones)], here) for n in range(20)]
        for page in pages:
            shows(page, "Hand 2", "#status")
        assert len(here.server.viewers) == 20
        store.record(session_id, {"out": "Zoe", "cards": {"Grandma": "K", "Max": "A 9"}})
        for page in pages:  # how fast: tests/bench/bench_board.py
            shows(page, "Hand 3", "#status", within=15)

        store.edit(session_id, 0, {"out": "Max", "cards": {"Grandma": "K", "Zoe": "A 9"}})
        store.undo(session_id)
        for page in (pages[0], pages[-1]):
            shows(page, "Hand 2 was undone (Grandma +10, Max +25)", "#notes")
            shows(page, "Hand 1: Grandma +45 → +10", "#notes")
        for page in pages:
            page.close()
        late = open_board(phones[0], here)
        shows(late, "Hand 1: Grandma +45 → +10", "#notes")
        shows(late, "Hand 2 was undone", "#notes")
        store.record(session_id, {"out": "Zoe", "cards": {"Grandma": "K", "Max": "A 9"}})
        shows(late, "Hand 3", "#status")
        assert late.locator("#notes li").count() == 0, "a new round clears the corrections"
    for context in phones:
        context.close()


def test_a_page_offline_says_so_and_catches_up_by_itself(store: Store, browser: Any) -> None:
    session_id = store.add(Session.new("seven-hand", ["Grandma", "Max", "Zoe"]))
    phone = browser.new_context(**DEVICES["phone"])
    with board_in_thread(store.path, viewers=1) as here:
        page = open_board(phone, here, "phone-390x844")
        shows(page, "Hand 1", "#status")
        page.reload()  # its old connection still counts, and it is not refused
        shows(page, "Hand 1", "#status")
        page.evaluate("() => { window.stayed = true; }")

        phone.set_offline(True)
        page.wait_for_selector("body.-away", timeout=10_000)
        assert page.locator("#connection").text_content() == "Reconnecting…"
        store.record(session_id, {"out": "Max", "cards": {"Grandma": "K", "Zoe": "A 9"}})
        dropped_by = time.monotonic() + QUICK.silent + 2 * QUICK.beat + 5
        while here.server.viewers:  # until the server has dropped the silent page
            assert time.monotonic() < dropped_by, "a page gone silent keeps its place"
            page.wait_for_timeout(50)
        phone.set_offline(False)

        shows(page, "Hand 2", "#status", within=10)
        assert page.evaluate("() => window.stayed === true"), "caught up without a reload"
        page.wait_for_selector("body.-here")
        assert len(here.server.viewers) == 1
    phone.close()
