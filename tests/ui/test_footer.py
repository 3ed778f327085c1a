"""The key footer rebuilds once for a burst of binding changes and still follows them."""

from __future__ import annotations

import pytest

from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from screens.widgets.footer import Footer


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
