"""The mutation script's bugs still land in the code: a line rewritten by a refactor would
leave its mutant "not applied", and the script's count would stop covering it unseen."""

from __future__ import annotations

from tests.bench.mutate import MUTANTS, ROOT


def test_every_mutant_finds_its_line_once_and_names_tests_that_exist() -> None:
    lost = [
        mutant.name
        for mutant in MUTANTS
        if (ROOT / mutant.path).read_text().count(mutant.before) != 1
        or not all((ROOT / test).exists() for test in mutant.tests)
    ]
    assert not lost, f"rewrite these mutants for the code as it is now: {lost}"
