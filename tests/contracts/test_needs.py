"""A test that needs Chromium or Syncthing fails in CI when it is missing, is skipped
elsewhere, and is skipped anywhere the person running says so."""

from __future__ import annotations

import pytest

from tests import needs


class Item:
    """What ``needs.check`` reads of a test: its ``needs`` mark."""

    def __init__(self, program: str, found: bool) -> None:
        self.mark = needs.needs(program, found).mark

    def get_closest_marker(self, name: str) -> pytest.Mark | None:
        return self.mark if name == self.mark.name else None


@pytest.fixture(autouse=True)
def nothing_set(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("CI", *needs.SKIP.values()):
        monkeypatch.delenv(variable, raising=False)


@pytest.mark.parametrize("program", needs.SKIP)
def test_a_missing_program_fails_the_test_in_ci(
    monkeypatch: pytest.MonkeyPatch, program: str
) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match=f"{program} is not installed"):
        needs.check(Item(program, found=False))  # type: ignore[arg-type]
    needs.check(Item(program, found=True))  # type: ignore[arg-type]


@pytest.mark.parametrize("program", needs.SKIP)
def test_a_missing_program_skips_the_test_elsewhere_or_when_asked(
    monkeypatch: pytest.MonkeyPatch, program: str
) -> None:
    with pytest.raises(pytest.skip.Exception, match="CI fails here"):
        needs.check(Item(program, found=False))  # type: ignore[arg-type]
    monkeypatch.setenv("CI", "true")
    monkeypatch.setenv(needs.SKIP[program], "1")
    with pytest.raises(pytest.skip.Exception, match="on purpose"):
        needs.check(Item(program, found=False))  # type: ignore[arg-type]
