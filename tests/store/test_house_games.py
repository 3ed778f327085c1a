"""House games kept in the store: saved, renamed, deleted, read carefully."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper import RuleError
from scorekeeper.store import Store, StoreDamaged, entries, machine
from scorekeeper.store.house_games import (
    HOUSE_FILE,
    KIND,
    add_house_games,
    delete_house_game,
    house_games,
    read_house_games,
    save_house_game,
)
from scorekeeper.store.machine import Laptop
from tests.factories import count_reads

HEARTS = {"wins": "lowest", "target": 100, "stake": 5}


def test_a_house_game_is_saved_renamed_and_deleted(tmp_path: Path) -> None:
    store = Store(tmp_path)
    saved = save_house_game(store, "Hearts at Grandma's", "score-pad", HEARTS)
    assert saved.options["house"] == "Hearts at Grandma's"
    assert saved.options["target"] == 100 and saved.options["pay"] == "difference"
    assert house_games(Store(tmp_path, readonly=True)) == [saved]

    save_house_game(store, "Hearts", "score-pad", HEARTS, replacing="Hearts at Grandma's")
    assert [house.name for house in house_games(store)] == ["Hearts"]
    delete_house_game(store, "hearts")
    assert house_games(store) == []


@pytest.mark.parametrize(
    ("name", "game", "options", "field"),
    [
        ("", "score-pad", {}, "house_game.name"),
        ("x" * 31, "score-pad", {}, "house_game.name"),
        ("Tab\there", "score-pad", {}, "house_game.name"),
        ("Gin", "seven-hand", {}, "house_game.game"),
        ("Gin", "score-pad", {"wins": "most"}, "options.wins"),
    ],
)
def test_a_bad_house_game_is_refused_and_nothing_saved(
    tmp_path: Path, name: str, game: str, options: dict[str, object], field: str
) -> None:
    store = Store(tmp_path)
    with pytest.raises(RuleError) as caught:
        save_house_game(store, name, game, options)
    assert caught.value.field == field
    assert not (tmp_path / HOUSE_FILE).exists()


def test_two_house_games_may_not_share_a_name(tmp_path: Path) -> None:
    store = Store(tmp_path)
    save_house_game(store, "Gin", "score-pad", {})
    with pytest.raises(RuleError, match="already a house game"):
        save_house_game(store, "GIN", "score-pad", HEARTS)


def test_this_laptops_damaged_file_is_named_never_overwritten(tmp_path: Path) -> None:
    store = Store(tmp_path)
    save_house_game(store, "Gin", "score-pad", {})
    [own] = (tmp_path / "entries").glob("*.json")
    own.write_text('{"schema": 1, "changes": [', encoding="utf-8")
    found, problem = read_house_games(tmp_path)
    assert [house.name for house in found] == ["Gin"], "what this laptop keeps still shows"
    assert problem is not None and own.name in problem
    with pytest.raises(StoreDamaged):
        save_house_game(store, "Hearts", "score-pad", HEARTS)
    assert own.read_text(encoding="utf-8") == '{"schema": 1, "changes": ['
    assert store.summaries() == []


def test_a_damaged_older_file_is_named_left_alone_and_games_still_saved(tmp_path: Path) -> None:
    store = Store(tmp_path)
    (tmp_path / HOUSE_FILE).write_text('{"schema": 1, "games": [', encoding="utf-8")
    found, problem = read_house_games(tmp_path)
    assert found == [] and problem is not None and HOUSE_FILE in problem
    save_house_game(store, "Hearts", "score-pad", HEARTS)
    assert [house.name for house in read_house_games(tmp_path)[0]] == ["Hearts"]
    assert (tmp_path / HOUSE_FILE).read_text(encoding="utf-8") == '{"schema": 1, "games": ['


def test_an_entry_that_no_longer_reads_is_left_out_and_named(tmp_path: Path) -> None:
    entries = [
        '{"name": "Gin", "game": "score-pad", "options": {}}',
        '{"name": "Old", "game": "no-such-game", "options": {}}',
        '{"name": "Bad", "game": "score-pad", "options": {"stake": -1}}',
    ]
    (tmp_path / HOUSE_FILE).write_text(
        '{"schema": 1, "games": [' + ",".join(entries) + "]}", encoding="utf-8"
    )
    found, problem = read_house_games(tmp_path)
    assert [house.name for house in found] == ["Gin"]
    assert problem is not None and "2 entries" in problem


def test_an_import_adds_the_house_games_not_here_by_name(tmp_path: Path) -> None:
    store = Store(tmp_path)
    save_house_game(store, "Gin", "score-pad", {"stake": 1})
    entries = [
        {"name": "gin", "game": "score-pad", "options": {"stake": 9}},
        {"name": "Hearts", "game": "score-pad", "options": HEARTS},
        {"name": "Nope", "game": "score-pad", "options": "stake"},
    ]
    added, problems = add_house_games(store, entries)
    assert added == 1 and len(problems) == 1
    kept = {house.name: house.options["stake"] for house in house_games(store)}
    assert kept == {"Gin": 1, "Hearts": 5}


def test_export_json_and_import_carry_the_house_games(tmp_path: Path) -> None:
    from scorekeeper import Session
    from scorekeeper.reports.json_export import export_json
    from scorekeeper.reports.transfer import import_sessions

    laptop = Store(tmp_path / "laptop")
    save_house_game(laptop, "Hearts at Grandma's", "score-pad", HEARTS)
    pad = Session.new("score-pad", ["Ann", "Bob"], options=house_games(laptop)[0].options)
    pad.record({"scores": {"Ann": 3, "Bob": 4}})
    laptop.add(pad)
    exported = export_json(laptop, tmp_path / "out")

    other = Store(tmp_path / "other")
    report = import_sessions(other, exported)
    assert [house.name for house in house_games(other)] == ["Hearts at Grandma's"]
    assert "Added 1 house game." in report.lines()
    assert other.load(report.added[0]).options["house"] == "Hearts at Grandma's"
    again = import_sessions(Store(tmp_path / "third"), tmp_path / "laptop")
    assert again.house_games == 1


def test_statistics_count_wins_per_house_game(tmp_path: Path) -> None:
    from scorekeeper import Session
    from scorekeeper.reports.stats import gather, report

    store = Store(tmp_path)
    for house, scores in (("Gin", (10, 3)), ("Gin", (1, 9)), ("", (5, 4)), ("Hearts", (2, 8))):
        pad = Session.new("score-pad", ["Ann", "Bob"], options={"house": house, "rounds": 1})
        pad.record({"scores": {"Ann": scores[0], "Bob": scores[1]}})
        store.add(pad)
    ann = gather(store).player("Ann")
    assert ann is not None
    won = {record.title: (record.won, record.finished) for record in ann.games.values()}
    assert won == {"Score pad — any other game": (1, 1), "Gin": (1, 2), "Hearts": (0, 1)}
    assert "Gin                  2 played, won 1 of 2 (50%)" in report(gather(store))


def test_a_night_settles_a_score_pad_still_going_by_its_money_now(tmp_path: Path) -> None:
    from scorekeeper import Session
    from scorekeeper.reports.night_report import report
    from scorekeeper.reports.nights import nights_of

    store = Store(tmp_path)
    pad = Session.new("score-pad", ["Ann", "Bob"], options={"house": "Gin", "stake": 10})
    pad.record({"scores": {"Ann": 30, "Bob": 10}})
    store.add(pad)
    (night,) = nights_of(store)
    text = report(night)
    assert "Gin —" in text and "no money yet" not in text
    assert "Bob pays Ann $2.00" in text  # the difference, 20 points x 10 cents


def test_the_best_score_at_a_lowest_wins_house_game_is_the_lowest(tmp_path: Path) -> None:
    from scorekeeper import Session
    from scorekeeper.reports.stats import gather

    store = Store(tmp_path)
    for ann in (40, 12):
        pad = Session.new("score-pad", ["Ann", "Bob"], options={**HEARTS, "house": "Hearts"})
        pad.record({"scores": {"Ann": ann, "Bob": 101}})
        store.add(pad)
    ann_stats = gather(store).player("Ann")
    assert ann_stats is not None
    (record,) = ann_stats.games.values()
    assert (record.title, record.won, record.best) == ("Hearts", 2, 12)


def test_house_games_are_read_from_the_logs_again_only_once_one_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """New session takes the house games as last folded while no laptop's log of them
    changed since, and reads the logs again once one did."""
    store = Store(tmp_path)
    save_house_game(store, "Gin", "score-pad", {})
    reads = count_reads(monkeypatch)
    assert [house.name for house in read_house_games(tmp_path)[0]] == ["Gin"]
    reads.clear()
    assert [house.name for house in read_house_games(tmp_path)[0]] == ["Gin"]
    assert reads == [], "the logs are as they were when last read: none is read again"
    save_house_game(store, "Hearts", "score-pad", HEARTS)
    assert [house.name for house in read_house_games(tmp_path)[0]] == ["Gin", "Hearts"]
    assert reads, "a log changed: the logs are read again"


def test_opening_for_writing_reads_only_this_laptops_log_when_nothing_is_to_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each start of the app moves older files over and writes back what a sync tool
    took from this laptop's log: with neither to do, no other laptop's log is read (a
    hundred of them took a second of every start); with one, it is still written back."""
    store = Store(tmp_path)
    other = Laptop("bbbbbbbbbb", "Sam's laptop")
    save_house_game(store, "Gin", "score-pad", {}, laptop=other)
    here = machine.laptop(tmp_path)
    save_house_game(store, "Hearts", "score-pad", HEARTS, laptop=here)
    reads = count_reads(monkeypatch)
    assert not entries.take_over(tmp_path, KIND, here).missing
    assert reads == [entries.own_log(tmp_path, here)]
    entries.own_log(tmp_path, here).unlink()
    assert len(entries.take_over(tmp_path, KIND, here).missing) == 2  # its name, and Hearts
    assert [house.name for house in read_house_games(tmp_path)[0]] == ["Gin", "Hearts"]
