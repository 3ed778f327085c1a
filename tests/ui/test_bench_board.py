"""The board benchmark still runs (figures are printed, not asserted: see tests/bench/)."""

import pytest

from tests.bench import bench_board


def test_the_board_benchmark_still_runs(capsys: pytest.CaptureFixture[str]) -> None:
    figures = bench_board.main(["--quick"])
    assert set(figures) == {"terminal_ms", "look_ms", "bare_aiohttp"}
    assert "look_ms" in capsys.readouterr().out
