"""Home's word on a session whose log cannot be read: the way back that ``doctor --fix``
takes, judged on the log's own backup."""

from __future__ import annotations

from scorekeeper.store import Store
from screens.app import ScorekeeperApp
from tests.factories import MADE_3, UPPED_2, racehorse
from tests.reports.log_files import log_of
from tests.ui.play import settled


async def test_a_damaged_log_with_a_good_backup_is_said_to_be_put_back(store: Store) -> None:
    session_id = store.add(racehorse(MADE_3))
    store.record(session_id, UPPED_2)  # the log's backup holds the deal before
    damaged = log_of(store.path, session_id)
    damaged.write_bytes(b"\x00" * 16)
    store.close()
    with Store(store.path) as reopened:
        app = ScorekeeperApp(reopened)
        async with app.run_test(size=(80, 24)) as pilot:
            await settled(pilot)  # named by a worker, once Home is painted
            said = str(app.screen.query_one("#damaged").content)
    assert f"it puts back {damaged.name}.bak, the version before the last save" in said
    assert "no good backup" not in said
    assert damaged.read_bytes() == b"\x00" * 16
