"""The served board in a real browser: every player on every screen from a small phone
to a 4K TV, a TV's whole screen used, browser zoom making the cards bigger, a round on
twenty pages at once (sixteen of them tabs of one browser), the corrections said, and a
page that lost the network back by itself.

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
from tests.ui.largest import rounds_of

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
TWELVE = [*TEN[:7], "Rose", "Bo", "Cy", "Di", "Ed"]
MAX_OUT_THREE = {"out": "Max", "cards": {"Grandma": "K", "Zoe": "A 9"}}
PHONES = [name for name, (kind, _, _) in SCREENS.items() if kind == "phone"]
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
    statusSize: parseFloat(getComputedStyle(document.querySelector("#status")).fontSize),
    footer: document.querySelector("footer").getBoundingClientRect().height / innerHeight,
    rulesOpen: document.querySelector("#rules").open,
  };
}"""
GRID = """() => {
  const cards = [...document.querySelectorAll("#players li")].map((card) => {
    const box = card.getBoundingClientRect();
    const figure = card.querySelector(".figure").getBoundingClientRect();
    const text = document.createRange();
    text.selectNodeContents(card.querySelector(".figure"));
    return {
      left: Math.round(box.left), top: Math.round(box.top), right: box.right,
      area: box.width * box.height, figureRight: text.getBoundingClientRect().right,
      figureBox: figure.right,
    };
  });
  return {
    cards,
    columns: new Set(cards.map((card) => card.left)).size,
    rows: new Set(cards.map((card) => card.top)).size,
    covered: cards.reduce((sum, card) => sum + card.area, 0) / (innerWidth * innerHeight),
    figures: [...document.querySelectorAll("#players .figure")].map((f) => f.textContent),
  };
}"""
SIGNS_APART = """() => {
  // Every sign ("+", "−") followed by an amount, whose next character is on another line.
  const apart = [];
  for (const where of document.querySelectorAll("#last, #notes, #lines")) {
    const walker = document.createTreeWalker(where, NodeFilter.SHOW_TEXT);
    const texts = [];
    while (walker.nextNode()) texts.push(walker.currentNode);
    const chars = texts.flatMap((node) => [...node.data].map((_, at) => [node, at]));
    chars.forEach(([node, at], n) => {
      if (!"+\u2212".includes(node.data[at]) || n + 1 >= chars.length) return;
      const [next, nextAt] = chars[n + 1];
      if (/\\s/.test(next.data[nextAt])) return;
      const top = (textNode, offset) => {
        const range = document.createRange();
        range.setStart(textNode, offset);
        range.setEnd(textNode, offset + 1);
        return range.getBoundingClientRect().top;
      };
      if (Math.abs(top(node, at) - top(next, nextAt)) > 2) apart.push(where.id);
    });
  }
  return apart;
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
            assert measured["statusSize"] >= measured["nameSize"], f"{name}: whose deal, small"
            if name in PHONES:
                assert not measured["rulesOpen"], f"{name}: the rules take the players' room"
                assert measured["footer"] < 0.12, f"{name}: the footer takes {measured['footer']}"
            else:
                assert measured["rulesOpen"], f"{name}: the rules are there to read"
            assert elsewhere == [[]] * len(contexts), "the page asks nothing of the internet"
    for context in contexts.values():
        context.close()


def test_a_round_reaches_twenty_pages_and_every_correction_is_said(
    store: Store, browser: Any
) -> None:
    session_id = store.add(Session.new("seven-hand", ["Grandma", "Max", "Zoe"]))
    three_out = {"out": "Max", "cards": {"Grandma": "K K 4 JK", "Zoe": "A 9"}}
    store.record(session_id, three_out)
    """Sixteen are tabs of one browser, which opens only a few HTTP/1.1 connections to a
    host (six, by the standard; a page that held one each left the fourteenth tab blank
    here); four are phones."""
    tabs = browser.new_context()
    phone = browser.new_context(**DEVICES["phone"], viewport={"width": 360, "height": 640})
    with board_in_thread(store.path, timing=Timing()) as here:
        pages = [open_board(tabs, here) for _ in range(16)]
        pages += [open_board(phone, here) for _ in range(4)]
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
        late = open_board(phone, here)
        shows(late, "Hand 1: Grandma +45 → +10", "#notes")
        shows(late, "Hand 2 was undone", "#notes")
        store.record(session_id, {"out": "Zoe", "cards": {"Grandma": "K", "Max": "A 9"}})
        shows(late, "Hand 3", "#status")
        assert late.locator("#notes li").count() == 0, "a new round clears the corrections"
    tabs.close()
    phone.close()


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
        said, status = (page.locator(n).bounding_box() for n in ("#connection", "#status"))
        assert said is not None and status is not None
        beside = (
            said["x"] >= status["x"] + status["width"]
            or said["y"] >= status["y"] + status["height"]
        )
        assert beside, "Reconnecting… covers whose deal it is"
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


def horse_race(store: Store, players: list[str]) -> str:
    """A Horse Race with two races run: money won and lost, signs both ways."""
    session_id = store.add(Session.new("horse-race", players))
    for race in rounds_of("horse-race")(players):
        store.record(session_id, race)
    return session_id


@pytest.mark.parametrize(("count", "columns", "rows"), [(8, 4, 2), (12, 4, 3)])
def test_a_tv_fills_its_screen_with_every_total_at_the_right_lined_up(
    store: Store, browser: Any, screenshots: Path, count: int, columns: int, rows: int
) -> None:
    """Eight players on a 16:9 TV in four columns of two, twelve in four of three: no
    empty cell, the cards covering the screen, each total at its card's right, those
    of a column lined up, with the real minus sign."""
    horse_race(store, TWELVE[:count])
    context = browser.new_context()
    with board_in_thread(store.path) as here:
        for screen in ("tv-1920x1080", "tv-4k-3840x2160"):
            page = open_board(context, here, screen)
            shows(page, "Race 3", "#status")
            grid = page.evaluate(GRID)
            measured = page.evaluate(MEASURE)
            page.screenshot(path=screenshots / f"{screen}-{count}-players.png", scale="css")
            page.close()
            assert (grid["columns"], grid["rows"]) == (columns, rows), screen
            assert grid["covered"] > 0.6, f"{screen}: the cards cover {grid['covered']:.0%}"
            for card in grid["cards"]:
                assert card["right"] - card["figureRight"] < measured["nameSize"], "at the right"
            for left in {card["left"] for card in grid["cards"]}:
                ends = {round(c["figureRight"]) for c in grid["cards"] if c["left"] == left}
                assert max(ends) - min(ends) <= 1, f"{screen}: totals not lined up"
            assert any(figure.startswith("−") for figure in grid["figures"])
            assert not [figure for figure in grid["figures"] if "-" in figure]
            assert measured["statusSize"] >= measured["nameSize"] >= 40, screen
            assert measured["cut"] == [] and measured["outside"] == 0, screen
    context.close()


def test_browser_zoom_makes_the_cards_bigger(store: Store, browser: Any, screenshots: Path) -> None:
    """A 1080p TV at 100, 150 and 200 %: the window narrows in CSS pixels as the zoom
    grows (so a device pixel ratio of 1.5 and 2), and the names grow on the screen."""
    horse_race(store, TWELVE[:8])
    on_screen = []
    with board_in_thread(store.path) as here:
        for zoom in (1, 1.5, 2):
            context = browser.new_context(
                viewport={"width": round(1920 / zoom), "height": round(1080 / zoom)},
                screen={"width": 1920, "height": 1080},
                device_scale_factor=zoom,
            )
            page = open_board(context, here)
            shows(page, "Race 3", "#status")
            measured = page.evaluate(MEASURE)
            page.screenshot(path=screenshots / f"tv-1920x1080-zoom-{round(zoom * 100)}.png")
            context.close()
            on_screen.append(measured["nameSize"] * zoom)
            assert not measured["sideways"] and measured["cut"] == [], zoom
    assert on_screen[1] >= 1.2 * on_screen[0] and on_screen[2] >= 1.2 * on_screen[0], on_screen


def test_a_sign_stays_with_its_amount_at_every_width(store: Store, browser: Any) -> None:
    """ "Rose −" at the end of a line and "$2.00" on the next: never, at any width."""
    session_id = store.add(Session.new("racehorse", TWELVE[:8]))
    store.record(session_id, {"pitcher": "Max", "bid": 3, "made": False})
    store.record(session_id, {"pitcher": "Rose", "bid": 2, "made": True})
    phone = browser.new_context(**DEVICES["phone"])
    with board_in_thread(store.path) as here:
        page = open_board(phone, here, "small-phone-360x640")
        shows(page, "Deal 3", "#status")
        assert "Grandma −$2.00" in (page.locator("#last").text_content() or "")
        for width in range(280, 1000, 7):
            page.set_viewport_size({"width": width, "height": 640})
            assert page.evaluate(SIGNS_APART) == [], f"a sign apart from its amount at {width}"
    phone.close()


def test_a_page_opened_after_a_restart_reads_the_corrections(store: Store, browser: Any) -> None:
    session_id = store.add(Session.new("seven-hand", ["Grandma", "Max", "Zoe"]))
    store.record(session_id, {"out": "Max", "cards": {"Grandma": "K K 4 JK", "Zoe": "A 9"}})
    store.record(session_id, {"out": "Zoe", "cards": {"Grandma": "K", "Max": "A 9"}})
    phone = browser.new_context(**DEVICES["phone"])
    with board_in_thread(store.path) as here:
        page = open_board(phone, here, "phone-390x844")
        shows(page, "Hand 3", "#status")
        store.edit(session_id, 0, MAX_OUT_THREE)
        store.undo(session_id)
        shows(page, "Hand 2 was undone", "#notes")
        page.close()
    with board_in_thread(store.path) as here:  # the server started again
        page = open_board(phone, here, "phone-390x844")
        shows(page, "Hand 1: Grandma +45 → +10", "#notes")
        shows(page, "Hand 2 was undone (Grandma +10, Max +25)", "#notes")
    phone.close()
