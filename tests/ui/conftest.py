"""Every UI test gets its own store folder and working folder, never the person's own data.

The table's full collection after an entry closes waits an hour here, so it never comes
within a test (``test_long_evening`` times it with its own wait): in a test worker it
walks every earlier test's objects too, several times the app's, and took about 150 ms a
time against a few in the app; about a tenth of the CPU of the tests that record rounds.

Every app a test starts parses the same CSS again (Textual keeps what it parsed with the
app); here the rules parsed from the same text with the same theme variables are shared
by the apps of a worker, as one app shares them between its screens. They are only read
once parsed. That is about 3% of a UI test's CPU, more for one that opens several screens.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

from scorekeeper import collector
from scorekeeper.store import Store

COLLECT_AFTER_IN_TESTS = 3600.0

parse_rules = Stylesheet._parse_rules
parsed: dict[tuple[Any, ...], list[RuleSet]] = {}


def parse_rules_once(
    stylesheet: Stylesheet,
    css: str,
    read_from: Any,
    is_default_rules: bool = False,
    tie_breaker: int = 0,
    scope: str = "",
) -> list[RuleSet]:
    variables = tuple(sorted(stylesheet._variables.items()))
    key = (css, read_from, is_default_rules, tie_breaker, scope, variables)
    if key not in parsed:
        parsed[key] = parse_rules(stylesheet, css, read_from, is_default_rules, tie_breaker, scope)
    return parsed[key]


Stylesheet._parse_rules = parse_rules_once  # type: ignore[method-assign]


@pytest.fixture(autouse=True)
def away_from_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "db"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(collector, "FULL_PASS_AFTER", COLLECT_AFTER_IN_TESTS)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "db") as opened:
        yield opened
