"""Night names, night moves and house games changed on two laptops while apart, their
folders then copied both ways as ``rsync -a`` would (times kept): every laptop works out
the same entries, nothing one laptop added is lost, and the same entry changed on both
takes the later change, said once on each laptop."""

from __future__ import annotations

import json
import shutil
import time
from datetime import date as Date
from pathlib import Path

import pytest
from tinydb import TinyDB

from scorekeeper.reports.night_names import (
    KIND,
    NAMES_FILE,
    acknowledge,
    book_to_change,
    load_book,
    read_book,
    read_names,
    rename,
    replaced,
    save_book,
)
from scorekeeper.reports.nights import move, night_of, nights_of
from scorekeeper.store import Store
from scorekeeper.store.entries import take_over
from scorekeeper.store.house_games import (
    HOUSE_FILE,
    delete_house_game,
    read_house_games,
    save_house_game,
)
from scorekeeper.store.house_games import replaced as house_replaced
from scorekeeper.store.machine import SHARED_FILE, Laptop
from scorekeeper.wording import spoken_day
from tests.reports.test_stats import parks_calcutta
from tests.sync.copying import files

RAE = Laptop("aaaaaaaaaa", "Rae's laptop")
SAM = Laptop("bbbbbbbbbb", "Sam's laptop")


def rsync(source: Path, target: Path) -> None:
    """``rsync -a source/ target/``: every file that differs is copied, times kept."""
    have = files(target)
    for relative, data in files(source).items():
        if have.get(relative) != data:
            (target / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source / relative, target / relative)


def both_ways(one: Path, other: Path) -> None:
    rsync(one, other)
    rsync(other, one)


@pytest.fixture
def laptops(tmp_path: Path) -> tuple[Path, Path, str]:
    """Two laptops' copies of one store holding two evenings' games, and the first's date."""
    rae, sam = tmp_path / "rae", tmp_path / "sam"
    with Store(rae) as store:
        store.add(parks_calcutta(2))
        store.add(parks_calcutta(1))
        date = night_of(store.summaries()[0])
    shutil.copytree(rae, sam, copy_function=shutil.copy2)
    return rae, sam, date


def _rename_as(folder: Path, date: str, name: str, laptop: Laptop) -> None:
    """``rename`` as done on ``laptop``."""
    with Store(folder) as store:
        book = book_to_change(store)
        book.names[date] = name
        save_book(store, book, "", laptop)


def _house(
    folder: Path, laptop: Laptop, name: str, stake: int, replacing: str | None = None
) -> None:
    with Store(folder) as store:
        save_house_game(store, name, "score-pad", {"stake": stake}, replacing, laptop=laptop)


def test_a_rename_on_one_laptop_and_a_move_on_the_other_both_survive(
    laptops: tuple[Path, Path, str],
) -> None:
    rae, sam, date = laptops
    _rename_as(rae, date, "Grandma's birthday", RAE)
    with Store(sam) as store:
        moved = store.summaries()[0].id
        book = load_book(sam)
        book.moves[moved] = f"{date}-2"
        save_book(store, book, "", SAM)
    both_ways(rae, sam)
    for folder in (rae, sam):
        book = load_book(folder)
        assert book.names == {date: "Grandma's birthday"}
        assert book.moves == {moved: f"{date}-2"}
        assert replaced(folder, RAE) == [] and replaced(folder, SAM) == []
    logs = {p.name for p in (rae / "entries").iterdir() if p.suffix == ".json"}
    assert logs == {f"{RAE.id}.json", f"{SAM.id}.json"}


def test_the_same_night_renamed_on_both_takes_the_later_name_and_says_which_was_replaced(
    laptops: tuple[Path, Path, str],
) -> None:
    rae, sam, date = laptops
    _rename_as(rae, date, "Poker night", RAE)
    _rename_as(sam, date, "Grandma's birthday", SAM)
    both_ways(rae, sam)
    assert load_book(rae).names == load_book(sam).names == {date: "Grandma's birthday"}
    [said] = replaced(rae, RAE)
    assert '"Poker night" (Rae\'s laptop) was replaced by "Grandma\'s birthday"' in said
    assert said in replaced(sam, SAM)
    with Store(rae) as store:
        acknowledge(store, RAE)
    assert replaced(rae, RAE) == [], "said once on a laptop"
    both_ways(rae, sam)
    assert replaced(sam, SAM) == [said], "each laptop says it once of its own"


def test_a_rename_made_after_seeing_the_other_replaces_it_without_a_word(
    laptops: tuple[Path, Path, str],
) -> None:
    rae, sam, date = laptops
    _rename_as(rae, date, "Poker night", RAE)
    both_ways(rae, sam)
    _rename_as(sam, date, "Grandma's birthday", SAM)
    both_ways(rae, sam)
    assert load_book(rae).names == {date: "Grandma's birthday"}
    assert replaced(rae, RAE) == [] and replaced(sam, SAM) == []


def test_house_games_added_on_each_laptop_both_stay_and_one_changed_on_both_takes_the_later(
    tmp_path: Path,
) -> None:
    rae, sam = tmp_path / "rae", tmp_path / "sam"
    _house(rae, RAE, "Hearts", 1)
    both_ways(rae, sam)
    _house(rae, RAE, "Gin", 0)
    _house(rae, RAE, "Hearts", 2, "Hearts")
    _house(sam, SAM, "Spades", 0)
    _house(sam, SAM, "Hearts", 5, "Hearts")
    both_ways(rae, sam)
    for folder in (rae, sam):
        found, problem = read_house_games(folder)
        kept = {house.name: house.options["stake"] for house in found}
        assert kept == {"Gin": 0, "Hearts": 5, "Spades": 0} and problem is None
        [said] = house_replaced(folder, RAE)
        assert '"Hearts"' in said and "(Rae's laptop) was replaced" in said


def test_a_house_game_removed_on_one_laptop_while_the_other_adds_another(
    tmp_path: Path,
) -> None:
    rae, sam = tmp_path / "rae", tmp_path / "sam"
    _house(rae, RAE, "Hearts", 0)
    both_ways(rae, sam)
    with Store(rae) as store:
        delete_house_game(store, "Hearts", laptop=RAE)
    _house(sam, SAM, "Gin", 0)
    both_ways(rae, sam)
    assert [house.name for house in read_house_games(rae)[0]] == ["Gin"]
    assert read_house_games(rae)[0] == read_house_games(sam)[0]


def test_older_single_files_changed_on_both_are_taken_over_with_nothing_lost(
    laptops: tuple[Path, Path, str],
) -> None:
    """A store from the version before: one laptop's nights.json won the sync, the other's
    waits as the engine's conflict copy; both are read, and the first change here takes
    them over before they are removed."""
    rae, _, date = laptops
    (rae / NAMES_FILE).write_text(f'{{"schema": 2, "names": {{"{date}": "Old name"}}}}')
    conflict = rae / "nights.sync-conflict-20240503-101010-ABCDEFG.json"
    conflict.write_text('{"schema": 2, "names": {"2020-01-01": "Long ago"}}')
    (rae / HOUSE_FILE).write_text(
        '{"schema": 1, "games": [{"name": "Hearts", "game": "score-pad", "options": {}}]}'
    )
    assert load_book(rae).names == {date: "Old name", "2020-01-01": "Long ago"}
    with Store(rae) as store:
        moved = move(store, store.summaries()[0].id, "new")
    assert not (rae / NAMES_FILE).exists() and not conflict.exists(), "taken over"
    assert load_book(rae).names == {date: "Old name", "2020-01-01": "Long ago"}
    assert load_book(rae).moves == {moved.sessions[0].id: moved.key}
    _house(rae, RAE, "Gin", 0)
    assert [house.name for house in read_house_games(rae)[0]] == ["Gin", "Hearts"]
    assert not (rae / HOUSE_FILE).exists()
    assert [night.name for night in nights_of(Store(rae, readonly=True))].count("Old name") == 1


def test_settle_on_the_command_line_says_which_name_was_replaced(
    laptops: tuple[Path, Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    from scorekeeper.cli.commands import settle_night

    rae, sam, date = laptops
    _rename_as(rae, date, "Poker night", RAE)
    _rename_as(sam, date, "Grandma's birthday", SAM)
    both_ways(rae, sam)
    assert settle_night(rae, "Grandma's birthday") == 0
    out, err = capsys.readouterr()
    assert "Grandma's birthday" in out
    [line] = err.splitlines()
    assert line.startswith("scorekeeper: The night of") and '"Poker night"' in line


def test_doctor_fix_never_takes_away_what_another_laptop_reads(
    laptops: tuple[Path, Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A shared store: the engine's copy of the older nights file, that file damaged, and
    another laptop's own file damaged are named, and ``--fix`` moves none of them."""
    from tests.hostile.test_doctor import doctor

    rae, sam, date = laptops
    (rae / SHARED_FILE).touch()
    _rename_as(sam, date, "Poker night", SAM)
    both_ways(rae, sam)
    (rae / NAMES_FILE).write_text("{")
    copy = rae / "house_games.sync-conflict-20240503-101010-ABCDEFG.json"
    copy.write_text('{"schema": 1, "games": [{"name": "Gin", "game": "score-pad"}]}')
    theirs = rae / "entries" / f"{SAM.id}.json"
    theirs.write_text('{"events": {"1": {')
    before = {path: path.read_bytes() for path in (rae / NAMES_FILE, copy, theirs)}
    out = doctor(rae, capsys)[1]
    assert f"{rae / NAMES_FILE} is cut short" in out and f"{theirs} is cut short" in out
    assert [house.name for house in read_house_games(rae)[0]] == ["Gin"], "read as a version"
    doctor(rae, capsys, "--fix")
    assert {path: path.read_bytes() for path in before} == before
    assert not (rae / "damaged").exists() or not any((rae / "damaged").iterdir())


def test_doctor_names_a_file_the_app_says_no_laptop_wrote(
    laptops: tuple[Path, Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A laptop's log kept again under another name (``<laptop>.old.json``) is no laptop's
    log: the app says so, and ``doctor`` names it too instead of calling it fine."""
    from tests.hostile.test_doctor import doctor

    rae, _, date = laptops
    _rename_as(rae, date, "Poker night", RAE)
    kept = rae / "entries" / f"{RAE.id}.old.json"
    shutil.copy2(rae / "entries" / f"{RAE.id}.json", kept)
    said = f"{kept} is not named for a laptop"
    problem = read_book(rae)[1]
    assert problem is not None and said in problem
    assert said in doctor(rae, capsys)[1]


def test_doctor_names_a_forged_change_in_a_peers_log_in_the_words_the_app_says(
    laptops: tuple[Path, Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Sam's log holding a change made in Rae's name: the app and ``doctor`` both say how
    many and why, in the same words."""
    from tests.hostile.test_doctor import doctor

    rae, _, date = laptops
    theirs = rae / "entries" / f"{SAM.id}.json"
    forged = {"id": f"{RAE.id}:9", "after": [], "at": 1, "kind": "night", "body": {}}
    forged["body"] = {"key": f"name/{date}", "value": "Poker night"}
    theirs.parent.mkdir(exist_ok=True)
    theirs.write_text(json.dumps({"events": {"1": forged}}))
    said = f"{theirs} holds 1 change forged (its id names another laptop than the log's)"
    problem = read_book(rae)[1]
    assert problem is not None and problem.startswith(said)
    assert said in doctor(rae, capsys)[1]


@pytest.mark.parametrize(
    "damage",
    ["not json", "folder", "link", "huge", "forged"],
)
def test_a_peers_hostile_file_costs_only_its_own_entries(
    laptops: tuple[Path, Path, str], tmp_path: Path, damage: str
) -> None:
    rae, _, date = laptops
    _rename_as(rae, date, "Poker night", RAE)
    _house(rae, RAE, "Hearts", 1)
    theirs = rae / "entries" / f"{SAM.id}.json"
    if damage == "not json":
        theirs.write_text("{")
    elif damage == "folder":
        theirs.mkdir()
    elif damage == "link":
        (tmp_path / "elsewhere.json").write_text('{"events": {}}')
        theirs.symlink_to(tmp_path / "elsewhere.json")
    elif damage == "huge":
        theirs.write_text('{"events": {' + " " * 17_000_000 + "}}")
    else:  # Rae's own change, forged in Sam's log with an escape, long after
        body = {"key": f"name/{date}", "value": "\x1b[31mX" * 50}
        forged = {"id": f"{RAE.id}:9", "after": [], "at": 2**52, "kind": "night", "body": body}
        theirs.write_text(json.dumps({"events": {"1": forged}}))
    book, problem = read_book(rae)
    assert book.names == {date: "Poker night"}
    assert problem is not None and f"{SAM.id}.json" in problem
    found, problem = read_house_games(rae)
    assert [house.name for house in found] == ["Hearts"] and problem is not None


def test_a_rename_made_after_seeing_another_wins_though_its_clock_is_hours_behind(
    laptops: tuple[Path, Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    rae, sam, date = laptops
    _rename_as(rae, date, "Poker night", RAE)
    both_ways(rae, sam)
    behind = time.time_ns() - 3 * 3600 * 10**9
    monkeypatch.setattr(time, "time_ns", lambda: behind)
    _rename_as(sam, date, "Grandma's birthday", SAM)
    monkeypatch.undo()
    both_ways(rae, sam)
    assert load_book(rae).names == load_book(sam).names == {date: "Grandma's birthday"}
    assert replaced(rae, RAE) == [] and replaced(sam, SAM) == []


def test_two_laptops_moving_the_release_befores_files_over_make_the_same_changes(
    laptops: tuple[Path, Path, str],
) -> None:
    """Each laptop's file of the release before, held by both: each laptop moves them into
    its own log on opening, and once the logs meet nothing is doubled or said replaced."""
    rae, sam, date = laptops
    stamp = time.time_ns()
    first = {"key": f"name/{date}", "value": "Poker", "at": [stamp, RAE.id], "seen": None}
    later = {
        "key": f"name/{date}",
        "value": "Bridge",
        "at": [stamp + 5, SAM.id],
        "seen": first["at"],
    }
    for folder in (rae, sam):
        (folder / "nights").mkdir()
        for laptop, changes in ((RAE, [first]), (SAM, [later])):
            journal = {"schema": 1, "name": laptop.name, "changes": changes}
            (folder / "nights" / f"{laptop.id}.json").write_text(json.dumps(journal))
    for folder, laptop in ((rae, RAE), (sam, SAM)):
        with Store(folder) as store:
            assert take_over(store.path, KIND, laptop).moved
    both_ways(rae, sam)
    moved = [
        sorted(
            row["id"]
            for row in TinyDB(folder / "entries" / f"{laptop.id}.json").table("events").all()
            if row["id"].startswith("m:")
        )
        for folder, laptop in ((rae, RAE), (sam, SAM))
    ]
    assert moved[0] == moved[1] and len(moved[0]) == 4, "two changes, two laptops' names"
    for folder in (rae, sam):
        assert load_book(folder).names == {date: "Bridge"}
        assert replaced(folder, RAE) == [] and replaced(folder, SAM) == []


def test_two_laptops_apart_each_moving_a_game_to_a_new_night_make_two_nights(
    laptops: tuple[Path, Path, str],
) -> None:
    rae, sam, date = laptops
    with Store(rae) as store:
        first, second = sorted(summary.id for summary in store.summaries())
        move(store, first, "new")
    with Store(sam) as store:
        move(store, second, "new")
    both_ways(rae, sam)
    seen = []
    for folder in (rae, sam):
        with Store(folder, readonly=True) as store:
            nights = {night.key: [s.id for s in night.sessions] for night in nights_of(store)}
        seen.append(nights)
        assert sorted(nights.values()) == [[first], [second]], "two nights, settled apart"
        assert set(nights) == {f"{date}-2", f"{date}-3"}
    assert seen[0] == seen[1], "numbered alike on both laptops"
    night_of_first = next(key for key, ids in seen[0].items() if ids == [first])
    with Store(rae) as store:
        rename(store, night_of_first, "Rae's table")
    both_ways(rae, sam)
    for folder in (rae, sam):
        with Store(folder, readonly=True) as store:
            named = {night.name: [s.id for s in night.sessions] for night in nights_of(store)}
        assert named["Rae's table"] == [first], "a night's name stays with its night"


def new_nights_apart(rae: Path, sam: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    """Each laptop apart moves a game to a new night of its own, table 2 on each; Rae's
    clock says hers was made first. The games moved: Rae's, then Sam's."""
    with Store(rae) as store:
        first, second = sorted(summary.id for summary in store.summaries())
        behind = time.time_ns() - 3600 * 10**9
        monkeypatch.setattr(time, "time_ns", lambda: behind)
        assert move(store, first, "new").table == 2
        monkeypatch.undo()
    with Store(sam) as store:
        assert move(store, second, "new").table == 2
    return first, second


def test_a_new_night_numbered_again_when_the_other_laptops_arrives_is_said_once(
    laptops: tuple[Path, Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once synced, Sam's night is table 3 on both laptops (numbered after Rae's, made
    first): Sam's laptop, which showed it as table 2, says so once; Rae's night kept its
    number, so Rae's laptop has nothing to say."""
    rae, sam, date = laptops
    first, second = new_nights_apart(rae, sam, monkeypatch)
    assert replaced(rae) == replaced(sam) == []
    both_ways(rae, sam)
    for folder in (rae, sam):
        with Store(folder, readonly=True) as store:
            tables = {night.sessions[0].id: night.table for night in nights_of(store)}
        assert tables == {first: 2, second: 3}
    day = spoken_day(Date.fromisoformat(date))
    assert replaced(sam) == [
        f"{day}, table 2 is now table 3: another laptop made a new night of that evening "
        "too, and every laptop numbers them alike; its games go with it."
    ]
    assert replaced(rae) == [], "its night is table 2 as it was"
    with Store(sam) as store:
        acknowledge(store)
    assert replaced(sam) == [], "said once"


def test_a_named_night_numbered_again_says_nothing_its_name_is_what_shows(
    laptops: tuple[Path, Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    rae, sam, date = laptops
    _, second = new_nights_apart(rae, sam, monkeypatch)
    with Store(sam) as store:
        rename(store, f"{date}-2", "Sam's table")
    both_ways(rae, sam)
    with Store(sam, readonly=True) as store:
        named = {night.name: night for night in nights_of(store)}
    assert named["Sam's table"].key == f"{date}-3"
    assert [s.id for s in named["Sam's table"].sessions] == [second]
    assert replaced(sam) == [] and replaced(rae) == []


def test_an_older_copy_of_this_laptops_own_log_put_back_loses_nothing(tmp_path: Path) -> None:
    """A two-way ``rsync -a`` without ``-u`` (or a cloud client restoring a version) puts
    back this laptop's log as it was a change ago: said at once, nothing lost, written back."""
    here = tmp_path / "here"
    with Store(here) as store:
        save_house_game(store, "Hearts", "score-pad", {"stake": 1})
        [own] = (here / "entries").glob("*.json")
        older = own.read_bytes()
        save_house_game(store, "Gin", "score-pad", {"stake": 0})
    own.write_bytes(older)
    found, problem = read_house_games(here)
    assert [house.name for house in found] == ["Gin", "Hearts"], "what this laptop holds shows"
    assert (
        problem is not None and "came back older" in problem and "1 change was missing" in problem
    )
    with Store(here) as store:
        save_house_game(store, "Spades", "score-pad", {"stake": 2})
    found, problem = read_house_games(here)
    assert [house.name for house in found] == ["Gin", "Hearts", "Spades"] and problem is None
    written = {row["body"]["key"] for row in TinyDB(own).table("events").all()}
    assert {"gin", "hearts", "spades"} <= written, "written back into the log itself"


def test_a_nights_name_put_back_older_is_said_kept_and_when_it_is_written_back(
    laptops: tuple[Path, Path, str],
) -> None:
    """The name given since is still shown, and the words say so: nothing about names
    lost or nights shown by their dates, which a damaged file would mean."""
    rae, _, date = laptops
    with Store(rae) as store:
        rename(store, date, "First night")
        [own] = (rae / "entries").glob("*.json")
        older = own.read_bytes()
        rename(store, date, "Horse night")
    own.write_bytes(older)
    names, problem = read_names(rae)
    assert names[date] == "Horse night"
    assert problem is not None and problem.endswith(
        "came back older than this laptop left it (a sync tool put back an older copy?): "
        "1 change was missing from it. This laptop kept it: it is shown, and written back "
        "with the next change here or when the app next opens."
    ), problem
    _, said = read_house_games(rae)
    assert said is not None and "not offered" not in said
