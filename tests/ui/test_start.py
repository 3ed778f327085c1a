"""Home at start: its first frame already lists the recent sessions, and the key footer
rebuilds once for a burst of binding changes and still follows them."""

from __future__ import annotations

import pytest

from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.home import HomeScreen
from screens.widgets.footer import Footer
from screens.widgets.grid import ScoreGrid


def keys(app: ScorekeeperApp) -> str:
    return " ".join(str(key.render()) for key in app.screen.query("FooterKey"))


async def test_home_opens_with_one_rebuild_of_its_keys_and_they_follow_the_list(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    session_id = store.add(Session.new("racehorse", ["Ann", "Bob", "Cy", "Di", "Ed"]))
    rebuilds = 0
    rebuild = Footer.recompose

    async def counted(footer: Footer) -> None:
        nonlocal rebuilds
        rebuilds += 1
        await rebuild(footer)

    monkeypatch.setattr(Footer, "recompose", counted)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert "Delete" in keys(app) and "New" in keys(app)
        assert rebuilds <= 2, "Textual's own footer rebuilt four or five times here"
        store.delete(session_id)
        await pilot.press("ctrl+n", "escape")  # back on Home: the list is read again
        await pilot.pause()
        await pilot.pause()
        assert "Delete" not in keys(app) and "New" in keys(app)


async def test_the_first_frame_already_lists_the_recent_sessions(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Home reads the small recent file before its first frame, not after it."""
    store.add(Session.new("racehorse", ["Ann", "Bob", "Cy", "Di", "Ed"]))
    store.close()  # the recent file is written as the store closes
    reopened = Store(store.path)
    frames: list[list[list[str]]] = []
    app = ScorekeeperApp(reopened)
    display = ScorekeeperApp._display

    def first_frames(self: ScorekeeperApp, *args: object) -> None:
        if not frames and isinstance(self.screen, HomeScreen):
            frames.append(list(self.screen.query_one("#sessions", ScoreGrid).rows))
        display(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(ScorekeeperApp, "_display", first_frames)
    with reopened:
        async with app.run_test(size=(100, 24)) as pilot:
            await pilot.pause()
    assert frames and frames[0] and "Ann, Bob" in frames[0][0][1]
