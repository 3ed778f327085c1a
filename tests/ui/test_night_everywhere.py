"""The nights screen shows the payments ``scorekeeper settle`` and ``night move`` print
for the same night, a carried Calcutta pool shared out alike (docs/rules.md, Settling up)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.store import Store
from tests.ui.test_nights_screen import NightsHost, friday_at_the_parks, text


def printed(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    """The payment lines a command prints, as the screen words them."""
    assert main(list(argv)) == 0
    return [line.strip() for line in capsys.readouterr().out.splitlines() if " pays " in line]


async def test_the_screen_and_the_commands_show_one_settle_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    date = friday_at_the_parks(tmp_path)
    with Store(tmp_path, readonly=True) as store:
        app = NightsHost(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            shown = [
                line
                for part in ("#money-payments", "#chips-payments")
                for line in text(app, part).splitlines()
            ]
        first = store.summaries()[-1].id
    assert len(shown) == 10 and not any("pool" in line for line in shown)
    assert printed(capsys, "settle", "--db", str(tmp_path)) == shown
    moved = printed(capsys, "night", "move", first, date, "--db", str(tmp_path))
    assert moved == shown
