"""The engine benchmark still runs (figures are printed, not asserted: see tests/bench/)."""

from tests.bench import bench_engine


def test_engine_bench_replays_every_long_game() -> None:
    figures = bench_engine.main(["--quick"])
    assert set(figures) == set(bench_engine.LONG_GAMES)
    assert all(ms > 0 for ms in figures.values())
