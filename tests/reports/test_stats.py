"""Statistics over a known set of evenings, checked figure by figure."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scorekeeper import Session, money
from scorekeeper.cli import main
from scorekeeper.games.calcutta import BIGGEST_POOL, biggest_pool
from scorekeeper.reports import nights, stats
from scorekeeper.reports.stats import Highlight, Stats, compute, gather, report, session_highlights
from scorekeeper.store import Store, Summary
from scorekeeper.store.summary import Row, pack, unpack
from tests.bench import bench_stats
from tests.reports.log_files import log_of

PARKS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


def summary(
    sid: str,
    game: str,
    balances: dict[str, int],
    *,
    rounds: int = 1,
    totals: dict[str, int] | None = None,
    winners: tuple[str, ...] = (),
    started: str = "2024-05-03T19:00:00+02:00",
    option_words: tuple[str, ...] | None = None,
) -> Summary:
    players, totals = list(balances), totals or balances
    held: Row = [
        *(game, players, started, started, rounds, bool(winners), list(winners), players[0]),
        totals,
        None if totals == balances else balances,
    ]
    if option_words is not None:
        held += [{}, list(option_words)]
    return pack(sid, (0, 0, 0, 0), held, False)


# Most recent first, as Store.summaries() gives them.
FIXTURE = [
    summary(
        "s1",
        "seven-hand",
        {"Grandma": -140, "Max": 230, "Zoe": -90},
        rounds=7,
        totals={"Grandma": 200, "Max": 60, "Zoe": 150},
        winners=("Max",),
    ),
    summary(
        "s2",
        "seven-hand",
        {"grandma": 50, "Max": -50},
        rounds=7,
        totals={"grandma": 40, "Max": 90},
        winners=("grandma",),
    ),
    summary(
        "s3",
        "seven-hand",
        {"Grandma": 0, "Zoe": 0},
        rounds=3,
        totals={"Grandma": 30, "Zoe": 10},
    ),
    summary(
        "s4",
        "racehorse",
        {"Grandma": 600, "Max": -300, "Zoe": -100, "Ann": -100, "Bob": -100},
        rounds=4,
    ),
    summary("s5", "calcutta", {"Max": 10, "Zoe": -9, "Ann": -20}, rounds=2),
    summary("s6", "horse-race", {"Grandma": -12, "Max": 20, "Zoe": -8}, rounds=12),
    summary("s7", "rummy-5000", {"Grandma": 0, "Max": 0}, rounds=0),
]


def pool_of(stats: Stats) -> Highlight | None:
    """The session with the biggest Calcutta pool, Calcutta's own highlight."""
    return stats.highlights.get(BIGGEST_POOL)


def figures(record: Any) -> tuple[Any, ...]:
    return (record.played, record.finished, record.won, record.win_rate, record.average)


def test_everyone_who_played_is_ranked_by_sessions_then_wins_then_name() -> None:
    stats = compute(FIXTURE, {"s5": {BIGGEST_POOL: 70}})
    assert [p.name for p in stats.players] == ["Grandma", "Max", "Zoe", "Ann", "Bob"]
    assert [p.played for p in stats.players] == [5, 5, 5, 2, 1]
    assert stats.sessions == 6, "the 5000 Rummy with no round played is left out"


def test_grandma_and_grandma_are_one_person_shown_as_most_recently_spelt() -> None:
    grandma = compute(FIXTURE).player("GRANDMA")
    assert grandma is not None and grandma.name == "Grandma"
    seven = grandma.games["seven-hand"]
    assert figures(seven) == (3, 2, 1, 0.5, 120.0)
    assert seven.best == 40, "Seven Hand: the lowest total is the best"
    assert seven.unit == "points"


def test_a_seven_hand_left_unfinished_counts_as_played_but_not_in_scores() -> None:
    zoe = compute(FIXTURE).player("Zoe")
    assert zoe is not None
    assert figures(zoe.games["seven-hand"]) == (2, 1, 0, 0.0, 150.0)


def test_games_without_an_end_have_no_win_rate_but_a_result_per_session() -> None:
    grandma = compute(FIXTURE).player("Grandma")
    assert grandma is not None
    racehorse = grandma.games["racehorse"]
    assert figures(racehorse) == (1, 0, 0, None, 600.0)
    assert (racehorse.best, racehorse.unit) == (600, "money")
    assert grandma.games["horse-race"].unit == "chips"
    assert list(grandma.games) == ["horse-race", "seven-hand", "racehorse"], "menu order"


def test_money_and_chips_are_summed_apart_over_all_time() -> None:
    stats = compute(FIXTURE)
    money = {p.name: p.money for p in stats.players}
    chips = {p.name: p.chips for p in stats.players}
    assert money == {"Grandma": 510, "Max": -120, "Zoe": -190, "Ann": -100, "Bob": -100}
    assert chips == {"Grandma": -12, "Max": 30, "Zoe": -17, "Ann": -20, "Bob": 0}


def test_overall_win_rate_is_over_games_that_ended() -> None:
    stats = compute(FIXTURE)
    rates = {p.name: p.win_rate for p in stats.players}
    assert rates == {"Grandma": 0.5, "Max": 0.5, "Zoe": 0.0, "Ann": None, "Bob": None}


def test_the_longest_game_and_the_biggest_pool() -> None:
    stats = compute(FIXTURE, {"s5": {BIGGEST_POOL: 70}})
    assert stats.longest is not None and pool_of(stats) is not None
    assert (stats.longest.session_id, stats.longest.game, stats.longest.value) == (
        "s6",
        "horse-race",
        12,
    )
    assert (pool_of(stats).session_id, pool_of(stats).value) == ("s5", 70)
    assert pool_of(compute(FIXTURE)) is None, "no Calcutta pool known, none claimed"


def test_an_empty_store_has_no_statistics() -> None:
    stats = compute([])
    assert (stats.players, stats.sessions, stats.longest, pool_of(stats)) == ([], 0, None, None)
    assert "No game has been played yet" in report(stats)


def test_the_report_reads_like_a_scoresheet() -> None:
    text = report(compute(FIXTURE, {"s5": {BIGGEST_POOL: 70}}))
    assert "Statistics over 6 sessions" in text
    assert "Grandma" in text and "+$5.10" in text and "−$1.20" in text
    assert "Biggest Calcutta pool: 70 chips" in text
    assert "Longest game: Basic Horse Race, 12 rounds" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def sold(owner: str, price: int) -> dict[str, Any]:
    return {"owner": owner, "price": price}


PARKS_RACES = [
    {
        "course": {"S": 2, "H": 2, "D": 2, "C": 1},
        "sales": {
            "S": sold("Cy", 12),
            "H": sold("Flo", 20),
            "D": sold("Bob", 7),
            "C": sold("Ann", 31),
        },
        "first": "H",
        "second": "C",
    },
    {
        "course": {"S": 1, "H": 3, "D": 1, "C": 2},
        "sales": {"S": sold("Bob", 14), "H": sold("Di", 5), "D": None, "C": sold("Ed", 9)},
        "first": "D",
        "second": "S",
    },
    {
        "course": {"S": 1, "H": 2, "D": 2, "C": 2},
        "sales": {
            "S": sold("Ann", 20),
            "H": sold("Bob", 20),
            "D": sold("Cy", 20),
            "C": sold("Di", 20),
        },
        "first": "S",
        "second": "H",
    },
]


def parks_calcutta(races: int) -> Session:
    session = Session.new("calcutta", PARKS)
    for race in PARKS_RACES[:races]:
        session.record(race)
    return session


def test_the_pool_counts_what_an_unsold_horse_left_in_it() -> None:
    """Friday at the Parks': race 1 pool 70; race 2 leaves 19 for race 3's 80 sold."""
    assert biggest_pool(parks_calcutta(2).rounds) == 70
    session = parks_calcutta(3)
    assert session.state_before(2).info["pot"] == 19
    assert biggest_pool(session.rounds) == 99
    assert biggest_pool([]) == 0


def test_gather_reads_the_store(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        calcutta = store.add(parks_calcutta(3))
        store.add(parks_calcutta(2))
        store.add(Session.new("racehorse", PARKS))
        stats = gather(store)
    assert stats.sessions == 2, "the Racehorse session with no round does not count"
    assert pool_of(stats) is not None
    assert (pool_of(stats).session_id, pool_of(stats).value) == (calcutta, 99)
    ann = stats.player("Ann")
    # The two-race session still carries 19 chips: its night shares them out at the end
    # of the evening, 4 to Ann (first in seat order takes the odd one), and so do statistics.
    assert ann is not None and ann.chips == (-8 + 0 + 46) + (-8 + 0 + 4)
    assert ann.games["calcutta"].played == 2


@pytest.mark.parametrize("readonly", [True, False])
def test_gather_works_while_the_app_holds_the_store(tmp_path: Path, readonly: bool) -> None:
    with Store(tmp_path) as store:
        store.add(parks_calcutta(1))
        stats = gather(Store(tmp_path, readonly=True) if readonly else store)
    assert pool_of(stats) is not None and pool_of(stats).value == 70


def test_the_stats_benchmark_still_runs(capsys: pytest.CaptureFixture[str]) -> None:
    figures = bench_stats.main(["--quick"])
    assert {"summaries", "calcutta pools", "compute", "stats total"} <= set(figures)
    assert all(ms > 0 for ms in figures.values())
    assert "filled a store with 60 sessions" in capsys.readouterr().out


def test_the_pool_comes_from_the_summary_without_opening_a_session_file(
    tmp_path: Path,
) -> None:
    with Store(tmp_path) as store:
        kept = store.add(parks_calcutta(2))
        other = store.add(parks_calcutta(3))
        summaries = store.summaries()
    for session_id in (kept, other):
        log_of(tmp_path, session_id).write_bytes(b"\x00" * 64)
    with Store(tmp_path, readonly=True) as store:
        found = session_highlights(store, summaries)
    assert found[kept] == {BIGGEST_POOL: 70} and set(found) == {kept, other}


def test_an_older_summary_reads_the_pool_from_the_saved_rounds_and_skips_a_damaged_file(
    tmp_path: Path,
) -> None:
    """Summaries saved before they carried the figures: the rounds are read instead."""
    with Store(tmp_path) as store:
        kept = store.add(parks_calcutta(2))
        damaged = store.add(parks_calcutta(3))
        assert store.saved(kept) == parks_calcutta(2).to_dict()
        older = [  # as kept before the highlights were
            pack(found.id, (0, 0, 0, 0), held[:10], False)
            for found in store.summaries()
            for held in [unpack(found)[1]]
        ]
    log_of(tmp_path, damaged).write_bytes(b"\x00" * 64)
    with Store(tmp_path, readonly=True) as store:
        assert session_highlights(store, older) == {kept: {BIGGEST_POOL: 70}}


def test_stats_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with Store(tmp_path) as store:
        store.add(parks_calcutta(3))
        assert main(["stats", "--db", str(tmp_path)]) == 0, "works while the app is open"
    out = capsys.readouterr().out
    assert out.startswith("Statistics over 1 session\n")
    assert "Biggest Calcutta pool: 99 chips (Ann, Bob, Cy, Di, Ed, Flo," in out
    assert main(["stats", "--db", str(tmp_path / "empty")]) == 0
    assert "No game has been played yet" in capsys.readouterr().out


def test_the_win_rate_stands_beside_the_games_it_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Three games, one finished and won: "Played 3, Finished 1, Won 1, 100%", not a
    rate that reads as one game won of three."""
    with Store(tmp_path) as store:
        for ann in (100, 10, 10):
            session = Session.new("score-pad", ["Ann", "Bob"], options={"target": 100})
            session.record({"scores": {"Ann": ann, "Bob": 0}})
            store.add(session)
    assert main(["stats", "--db", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2].split() == [
        "Player",
        "Played",
        "Finished",
        "Won",
        "Win",
        "rate",
        "Money",
        "Chips",
    ]
    assert lines[3].split()[:5] == ["Ann", "3", "1", "1", "100%"]
    assert "Win rate: games won out of those finished" in lines[6]


def test_statistics_and_nights_write_amounts_with_the_one_money_formatter() -> None:
    """No copy of the formatter of their own, so the command line reads like the screens."""
    assert stats.amount is money.amount
    for module in (stats, nights):
        own = {
            name
            for name, value in vars(module).items()
            if callable(value) and getattr(value, "__module__", "") == module.__name__
        }
        assert not own & {"amount", "amount_of", "format_amount"}, module.__name__


def test_the_report_names_the_longest_game_by_its_house_game() -> None:
    words = ("\u201cHearts at Grandma's\u201d", "lowest wins")
    hearts = summary("h1", "score-pad", {"Ann": 0, "Bob": 0}, rounds=20, option_words=words)
    assert "Longest game: Hearts at Grandma's, 20 rounds" in report(compute([hearts]))
