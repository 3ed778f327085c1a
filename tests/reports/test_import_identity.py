"""Import by identity, as two laptops use it from the command line: a session keeps its
id wherever it goes, a game that went on elsewhere is taken up, one that went on
differently on both is kept twice and said so, and look-alikes are never merged
(docs/rules.md, History across laptops)."""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

import pytest

import scorekeeper.store.store as store_module
from scorekeeper import Session
from scorekeeper.cli import main
from scorekeeper.store import Store
from scorekeeper.store.machine import SHARED_FILE
from tests.factories import MADE_3, MADE_4, TABLE, UPPED_2
from tests.reports.test_import import snapshot
from tests.sync.copying import Engine, mirror

LOST_3 = {"pitcher": "Dee", "bid": 3, "made": False}


def sessions_of(files: dict[str, bytes]) -> dict[str, bytes]:
    return {name: data for name, data in files.items() if name.startswith("sessions")}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert status == 0, err
    return out


def hand_over(capsys: pytest.CaptureFixture[str], source: Path, target: Path, via: Path) -> str:
    """``export --json`` on one laptop, ``import`` of that file on the other."""
    run(capsys, "export", "--json", "--db", str(source), "--out", str(via))
    return run(capsys, "import", str(via / "sessions.json"), "--db", str(target))


def ids(path: Path) -> list[str]:
    with Store(path, readonly=True) as store:
        return sorted(summary.id for summary in store.summaries())


def record(path: Path, session_id: str, *rounds: dict[str, object]) -> None:
    with Store(path) as store:
        for round_ in rounds:
            store.record(session_id, round_)


@pytest.fixture
def laptops(tmp_path: Path) -> tuple[Path, Path, str]:
    """The cottage laptop has a Racehorse game one deal in; the party laptop nothing yet."""
    cottage, party = tmp_path / "cottage", tmp_path / "party"
    with Store(cottage) as store:
        shared = store.add(Session.new("racehorse", TABLE))
        store.record(shared, MADE_3)
    Store(party).close()
    return cottage, party, shared


def test_a_game_continued_after_an_import_is_one_session_on_both_laptops(
    laptops: tuple[Path, Path, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cottage, party, shared = laptops
    first = hand_over(capsys, cottage, party, tmp_path / "one")
    assert first.startswith("Imported 1 session from ")
    record(cottage, shared, UPPED_2)

    second = hand_over(capsys, cottage, party, tmp_path / "two")

    assert "Imported 0 sessions" in second and "1 went on" in second
    assert f"Session {shared} went on elsewhere: it now has 2 rounds (it had 1 here)." in second
    assert ids(party) == ids(cottage) == [shared]
    on_cottage = run(capsys, "settle", "--db", str(cottage))
    assert run(capsys, "settle", "--db", str(party)) == on_cottage
    assert run(capsys, "stats", "--db", str(party)) == run(capsys, "stats", "--db", str(cottage))
    with Store(party, readonly=True) as store:
        assert store.load(shared).rounds == [MADE_3, UPPED_2]

    third = hand_over(capsys, cottage, party, tmp_path / "three")
    assert "Imported 0 sessions" in third and "(1 already here, skipped)" in third


def test_a_game_that_went_further_here_stays_as_it_is(
    laptops: tuple[Path, Path, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cottage, party, shared = laptops
    run(capsys, "export", "--json", "--db", str(cottage), "--out", str(tmp_path / "old"))
    hand_over(capsys, cottage, party, tmp_path / "one")
    record(party, shared, UPPED_2)
    before = snapshot(party)

    out = run(capsys, "import", str(tmp_path / "old" / "sessions.json"), "--db", str(party))

    assert f"Session {shared} went further here (2 rounds; the import has 1): kept as it is" in out
    assert sessions_of(snapshot(party)) == sessions_of(before)


def test_a_game_that_went_on_differently_is_one_game_and_never_two(
    laptops: tuple[Path, Path, str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cottage, party, shared = laptops
    hand_over(capsys, cottage, party, tmp_path / "one")
    at(monkeypatch, 0)
    record(cottage, shared, MADE_4)
    at(monkeypatch, 5)
    record(party, shared, UPPED_2)

    out = hand_over(capsys, party, cottage, tmp_path / "two")

    before = ids(cottage)
    assert shared in before
    assert f"Session {shared} went on differently here and there: one game" in out
    again = hand_over(capsys, party, cottage, tmp_path / "three")
    assert "Imported 0 sessions" in again and "(1 already here, skipped)" in again
    # The party's game goes on: the version kept at the cottage takes its new round.
    at(monkeypatch, 10)
    record(party, shared, LOST_3)
    hand_over(capsys, party, cottage, tmp_path / "four")
    with Store(cottage, readonly=True) as store:
        versions = store.gathered(shared).merged.versions
        assert sorted(len(v.rounds) for v in versions) == [2, 3]
    assert ids(cottage) == before  # no second game

    # And back: the party gets the cottage's version beside its own, one game on both.
    hand_over(capsys, cottage, party, tmp_path / "five")
    assert len(ids(party)) == len(before)
    settled = run(capsys, "settle", "--db", str(party))
    assert settled == run(capsys, "settle", "--db", str(cottage))
    assert "waiting for a decision" in settled


def test_sessions_that_look_alike_are_never_merged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two tables with the same players and rounds, started in the same second, are two
    sessions: an empty store takes both."""
    laptop = tmp_path / "laptop"
    with Store(laptop) as store:
        for _ in range(2):
            (store.add(Session.new("racehorse", TABLE)),)
    run(capsys, "export", "--json", "--db", str(laptop), "--out", str(tmp_path / "out"))
    file = tmp_path / "out" / "sessions.json"
    data = json.loads(file.read_text(encoding="utf-8"))
    first, second = data["sessions"]
    second.update(started=first["started"], updated=first["updated"])
    for entry in data["sessions"]:
        entry["session"]["rounds"] = [MADE_3]
    file.write_text(json.dumps(data), encoding="utf-8")

    out = run(capsys, "import", str(file), "--db", str(tmp_path / "empty"))

    assert out.startswith("Imported 2 sessions") and "(0 already here, skipped)" in out
    assert ids(tmp_path / "empty") == sorted([first["id"], second["id"]])


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("night", "2024-13-45", "is not a day of the calendar"),
        ("night", "Friday", "is not a date written YYYY-MM-DD"),
        ("night", 20240503, "is not a date written YYYY-MM-DD"),
        ("night name", "x" * 5000, "night's name"),
        ("night name", "Ann\x1b]0;owned\x07", "night's name"),
        ("night name", "2024-05-03", "reads as a date"),
    ],
)
def test_a_bad_night_in_an_import_is_refused_in_one_line_and_nothing_written(
    laptops: tuple[Path, Path, str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    field: str,
    value: object,
    said: str,
) -> None:
    cottage, party, _ = laptops
    run(capsys, "export", "--json", "--db", str(cottage), "--out", str(tmp_path / "out"))
    file = tmp_path / "out" / "sessions.json"
    data = json.loads(file.read_text(encoding="utf-8"))
    data["sessions"][0][field] = value
    file.write_text(json.dumps(data), encoding="utf-8")
    before = snapshot(party)

    assert main(["import", str(file), "--db", str(party)]) == 1

    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and said in err and "Nothing was imported" in err
    assert snapshot(party) == before


def test_a_failure_while_taking_up_a_game_leaves_the_store_byte_for_byte(
    laptops: tuple[Path, Path, str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cottage, party, shared = laptops
    hand_over(capsys, cottage, party, tmp_path / "one")
    record(party, shared)  # nothing: the party's copy as imported
    with Store(cottage) as store:
        store.record(shared, UPPED_2)
        store.add(Session.new("hot-rum", ("Ann", "Bob")))
    run(capsys, "export", "--json", "--db", str(cottage), "--out", str(tmp_path / "two"))
    with Store(party) as store:
        store.summaries()
    before = snapshot(party)
    real_replace = os.replace
    moves: list[str] = []

    def fails_once_the_game_is_taken_up(source: str | Path, target: str | Path) -> None:
        into = Path(target)
        if into.parent.name == "logs" and into.suffix == ".json":
            moves.append(into.name)
            if len(moves) == 2:
                raise OSError(28, "No space left on device")
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", fails_once_the_game_is_taken_up)
    assert main(["import", str(tmp_path / "two" / "sessions.json"), "--db", str(party)]) == 1
    monkeypatch.undo()
    assert any(name.startswith(f"{shared}.") for name in moves), "the game was taken up"
    assert "Nothing was added" in capsys.readouterr().err
    # Only the stamp and the recent list that vouched for the session list are gone: the
    # next listing checks.
    after = snapshot(party)
    assert "index.stamp" not in after and "recent.json" not in after
    before.pop("index.stamp", None)
    before.pop("recent.json", None)
    assert after == before


def test_a_game_taken_up_keeps_the_night_it_was_moved_to_here(
    laptops: tuple[Path, Path, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cottage, party, shared = laptops
    hand_over(capsys, cottage, party, tmp_path / "one")
    run(capsys, "night", "move", shared, "new", "--db", str(party))
    moved = run(capsys, "night", "move", shared, "new", "--db", str(party))
    run(capsys, "night", "move", shared, "new", "--db", str(cottage))  # a second table there
    record(cottage, shared, UPPED_2)

    out = hand_over(capsys, cottage, party, tmp_path / "two")

    assert f"Session {shared} went on elsewhere" in out
    key = moved.split("(", 1)[1].split(")", 1)[0]
    assert key.endswith("-3"), "a third table here, the second there"
    settled = run(capsys, "settle", "--night", key, "--db", str(party))
    assert "· 2 rounds" in settled


def at(monkeypatch: pytest.MonkeyPatch, second: int) -> None:
    """Rounds recorded from now on are stamped ``second`` seconds into one evening."""
    stamp = (1_800_000_000 + second) * 1000  # the log's clock: milliseconds
    local = datetime.fromtimestamp(stamp // 1000).astimezone()
    monkeypatch.setattr(store_module, "_now", lambda: (stamp, local.isoformat(timespec="seconds")))


@pytest.mark.parametrize("later", ["cottage", "party"])
def test_a_game_waiting_goes_with_every_version_whichever_each_laptop_shows(
    laptops: tuple[Path, Path, str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    later: str,
) -> None:
    """The version shown is the one whose last round is later: an export carries the
    others too, so the laptop taking it up waits for the same decision."""
    cottage, party, shared = laptops
    hand_over(capsys, cottage, party, tmp_path / "one")
    at(monkeypatch, 10 if later == "cottage" else 0)
    record(cottage, shared, MADE_4)
    at(monkeypatch, 10 if later == "party" else 0)
    record(party, shared, UPPED_2)
    hand_over(capsys, party, cottage, tmp_path / "two")
    hand_over(capsys, cottage, party, tmp_path / "three")
    for laptop in (cottage, party):
        with Store(laptop, readonly=True) as store:
            versions = store.gathered(shared).merged.versions
            assert [v.rounds[-1] for v in versions] == [
                MADE_4 if later == "cottage" else UPPED_2,
                UPPED_2 if later == "cottage" else MADE_4,
            ]
    settled = run(capsys, "settle", "--db", str(party))
    assert settled == run(capsys, "settle", "--db", str(cottage))
    assert "waiting for a decision" in settled
    again = hand_over(capsys, party, cottage, tmp_path / "four")
    assert "Imported 0 sessions" in again, "a version that came from here is nothing new"
    fresh = tmp_path / "fresh"  # a third laptop, importing the party's store folder itself
    run(capsys, "import", str(party), "--db", str(fresh))
    assert run(capsys, "settle", "--db", str(fresh)) == settled


def test_one_version_imported_by_two_laptops_sharing_a_store_is_one_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Home and Grandma's laptop share a store; each imports the party's version of their
    game (each types it in its own log): once synced, the game has two versions, not
    three, and both laptops show and settle it alike."""
    home, grandma, party = tmp_path / "home", tmp_path / "grandma", tmp_path / "party"
    for folder in (home, grandma):
        folder.mkdir()
        (folder / SHARED_FILE).touch()
    with Store(home) as store:
        shared = store.add(Session.new("racehorse", TABLE))
        store.record(shared, MADE_3)
    hand_over(capsys, home, party, tmp_path / "one")
    at(monkeypatch, 0)
    record(home, shared, MADE_4)
    at(monkeypatch, 5)
    record(party, shared, UPPED_2)
    run(capsys, "export", "--json", "--db", str(party), "--out", str(tmp_path / "two"))
    mirror(home, grandma)

    for laptop in (home, grandma):
        out = run(capsys, "import", str(tmp_path / "two" / "sessions.json"), "--db", str(laptop))
        assert f"Session {shared} went on differently here and there: one game" in out
    engine = Engine(home, grandma)
    while engine.sync():
        pass

    settled = run(capsys, "settle", "--db", str(home))
    assert run(capsys, "settle", "--db", str(grandma)) == settled
    for laptop in (home, grandma):
        with Store(laptop, readonly=True) as store:
            versions = store.gathered(shared).merged.versions
            assert [list(v.rounds) for v in versions] == [[MADE_3, UPPED_2], [MADE_3, MADE_4]]


@pytest.mark.parametrize(
    ("part", "change"),
    [
        (
            "options",
            lambda setup: {
                **setup,
                "options": {**setup["options"], "stake": setup["options"]["stake"] * 10},
            },
        ),
        (
            "players",
            lambda setup: {**setup, "players": [*setup["players"][1:], setup["players"][0]]},
        ),
        (
            "dealer",
            lambda setup: {**setup, "dealer": setup["players"][1]},
        ),
    ],
)
def test_another_table_under_the_same_id_is_never_taken_for_the_one_here(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], part: str, change: object
) -> None:
    """The same id and the same rounds, but one part of the set-up not the same (ten times
    the stake, the seats in another order, another first dealer): another table, added
    beside the one here, never "already here, skipped"."""
    laptop = tmp_path / "laptop"
    with Store(laptop) as store:
        here = store.add(Session.new("racehorse", TABLE, options={"stake": 25}))
        store.record(here, MADE_3)
    run(capsys, "export", "--json", "--db", str(laptop), "--out", str(tmp_path / "out"))
    file = tmp_path / "out" / "sessions.json"
    data = json.loads(file.read_text(encoding="utf-8"))
    [entry] = data["sessions"]
    entry["session"] = change(entry["session"])  # type: ignore[operator]
    file.write_text(json.dumps(data), encoding="utf-8")

    out = run(capsys, "import", str(file), "--db", str(laptop))

    assert "(0 already here, skipped)" in out or "already here" not in out, out
    with Store(laptop, readonly=True) as store:
        setups = sorted(
            json.dumps(
                {k: v for k, v in store.saved(s.id).items() if k != "rounds"}, sort_keys=True
            )
            for s in store.summaries()
        )
    assert len(setups) == 2, f"both tables kept ({part} differs)"
