"""Two laptops decide a game that went on differently, each its own way, while apart:
the later decision stands on both, and Home says once which decision it replaced, as the
command line does."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.store import Store
from scorekeeper.store.resolve import OTHER, SHOWN, resolve
from screens.app import ScorekeeperApp
from tests.needs import needs
from tests.sync.test_laptop_copies import RSYNC, sync, went_apart
from tests.ui.test_nothing_lost import toasts
from tests.ui.test_synced_store import follow

pytestmark = needs("rsync", RSYNC is not None)


async def test_home_says_once_which_decision_a_later_one_replaced(tmp_path: Path) -> None:
    ann, bob, session_id = went_apart(tmp_path)
    with Store(ann) as store:
        resolve(store, session_id, OTHER)
    with Store(bob) as store:
        resolve(store, session_id, SHOWN)
    sync(ann, bob)
    for _ in range(2):
        with Store(ann) as store:
            app = ScorekeeperApp(store)
            async with app.run_test(size=(100, 30), notifications=True) as pilot:
                await follow(pilot)
                said = " ".join(toasts(app).split())
        if _ == 0:
            assert f"Session {session_id}" in said
            assert "replaced by the later one made on Bob's laptop" in said, said
        else:
            assert "replaced" not in said, "said once on this laptop"
