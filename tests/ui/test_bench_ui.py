"""The UI benchmark still runs (figures are printed, not asserted: see tests/bench/)."""

import pytest

from tests.bench import bench_ui

pytestmark = pytest.mark.frames  # it times frames painted


def test_the_ui_benchmark_still_runs(capsys: pytest.CaptureFixture[str]) -> None:
    figures = bench_ui.main(["--quick"])
    assert set(figures) >= {"start_empty_ms", "start_full_ms", "record_ms"}
    assert "ratio" in capsys.readouterr().out
