"""The store keeps every session between runs, lists them without replaying, and has one writer."""

from __future__ import annotations

import gc
import json
import os
import weakref
from pathlib import Path
from typing import NoReturn

import pytest
from tinydb import TinyDB

from scorekeeper import RuleError, Session
from scorekeeper.games import GAMES
from scorekeeper.money import Currency, use_currency
from scorekeeper.store import (
    SessionNotFound,
    Store,
    StoreError,
    StoreLocked,
    Summary,
    default_path,
    index,
    log,
)
from scorekeeper.store import store as store_module
from scorekeeper.store.careful_read import DamagedFile
from tests.bench import bench_store
from tests.factories import MADE_3, MADE_4, TABLE, UPPED_2, file_of, racehorse


def test_a_recorded_round_is_there_after_reopening(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        session_id = store.add(racehorse())
        session = store.record(session_id, MADE_3)
        assert session.balances["Ann"] == 1200
        assert session.dealer == "Ann"
    with Store(tmp_path) as store:
        again = store.load(session_id)
    assert again.rounds == [MADE_3]
    assert again.balances == {"Ann": 1200, "Bob": -300, "Cid": -300, "Dee": -300, "Eve": -300}
    assert again.dealer == "Ann"


def test_add_stores_a_copy_with_the_rounds_it_already_has(store: Store) -> None:
    session = racehorse(MADE_3)
    session_id = store.add(session)
    session.record(UPPED_2)
    assert store.load(session_id).rounds == [MADE_3]


def test_a_refused_round_changes_nothing_in_memory_or_on_disk(store: Store) -> None:
    session_id = store.add(racehorse(MADE_3))
    before = file_of(store.path, session_id).read_bytes()
    with pytest.raises(RuleError) as refused:
        store.record(session_id, {"pitcher": "Zed", "bid": 3, "made": True})
    assert refused.value.field == "pitcher"
    assert file_of(store.path, session_id).read_bytes() == before
    assert store.load(session_id).rounds == [MADE_3]


def test_undo_removes_the_last_round_on_disk_and_returns_it(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        session_id = store.add(racehorse(MADE_3, UPPED_2))
        assert store.undo(session_id) == UPPED_2
    with Store(tmp_path, readonly=True) as store:
        assert store.load(session_id).rounds == [MADE_3]


def test_undo_with_no_rounds_is_refused(store: Store) -> None:
    session_id = store.add(racehorse())
    with pytest.raises(RuleError):
        store.undo(session_id)


def test_edit_replaces_a_round_on_disk(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        session_id = store.add(racehorse(MADE_3, UPPED_2))
        session = store.edit(session_id, 0, {"pitcher": "Ann", "bid": 4, "made": True})
        assert session.balances["Ann"] == 1600 + 200
    with Store(tmp_path, readonly=True) as store:
        assert store.load(session_id).rounds[0]["bid"] == 4


def test_a_refused_edit_changes_nothing(store: Store) -> None:
    session_id = store.add(racehorse(MADE_3))
    before = file_of(store.path, session_id).read_bytes()
    with pytest.raises(RuleError):
        store.edit(session_id, 0, {"pitcher": "Ann", "bid": 9, "made": True})
    with pytest.raises(RuleError):
        store.edit(session_id, 5, MADE_3)
    assert file_of(store.path, session_id).read_bytes() == before
    assert store.load(session_id).rounds == [MADE_3]


def test_delete_removes_the_session_and_its_backup(store: Store) -> None:
    session_id = store.add(racehorse())
    store.record(session_id, MADE_3)
    kept = store.add(racehorse())
    store.delete(session_id)
    assert not file_of(store.path, session_id).exists()
    assert not file_of(store.path, session_id).with_suffix(".json.bak").exists()
    assert [summary.id for summary in store.summaries()] == [kept]
    with pytest.raises(SessionNotFound):
        store.load(session_id)
    with pytest.raises(SessionNotFound):
        store.delete(session_id)


@pytest.mark.parametrize("unknown", ["nope1234", "../../etc/passwd", "", "a b"])
def test_an_unknown_session_id_is_a_clear_key_error(store: Store, unknown: str) -> None:
    with pytest.raises(KeyError) as missing:
        store.load(unknown)
    assert isinstance(missing.value, StoreError)
    assert str(missing.value) == (
        f"There is no session {unknown!r} in {store.path}. "
        "`scorekeeper list` shows the sessions there."
    )
    with pytest.raises(SessionNotFound):
        store.record(unknown, MADE_3)


def test_the_previous_version_is_kept_as_a_backup(store: Store) -> None:
    session_id = store.add(racehorse())
    store.record(session_id, MADE_3)
    store.record(session_id, UPPED_2)
    backup = file_of(store.path, session_id).with_suffix(".json.bak")
    events = log.read(backup, store.laptop.id).events
    assert [event.body["round"] for event in events if event.kind == "round"] == [MADE_3]


def test_a_log_holds_the_set_up_and_each_round_as_the_events_they_are(store: Store) -> None:
    """What another laptop, or a later scorekeeper, reads from this one: the table set up
    once, then each round typed on top of the event before it."""
    session_id = store.add(racehorse(MADE_3))
    store.record(session_id, UPPED_2)
    events = log.read(file_of(store.path, session_id), store.laptop.id).events
    (setup,) = [event for event in events if event.kind == "setup"]
    rounds = [event for event in events if event.kind == "round"]
    table = {key: value for key, value in setup.body.items() if key != "started"}
    rebuilt = {**table, "rounds": [event.body["round"] for event in rounds]}
    assert rebuilt == racehorse(MADE_3, UPPED_2).to_dict()
    assert [event.after for event in rounds] == [(setup.id,), (rounds[0].id,)]
    assert all(event.id.startswith(f"{store.laptop.id}:") for event in events)


def test_summaries_list_the_most_recently_updated_first(store: Store) -> None:
    first = store.add(racehorse())
    second = store.add(racehorse())
    store.record(first, MADE_3)
    summaries = store.summaries()
    assert [summary.id for summary in summaries] == [first, second]
    top = summaries[0]
    assert isinstance(top, Summary)
    assert top.game == "racehorse"
    assert top.players == TABLE
    assert top.rounds == 1
    assert (top.finished, top.winners) == (False, ())
    assert top.dealer == "Ann"
    assert top.totals == top.balances == racehorse(MADE_3).balances
    assert top.started <= top.updated
    assert top.updated.utcoffset() is not None, "a local time that knows its UTC offset"


def test_a_finished_game_lists_its_winner_points_and_money(tmp_path: Path) -> None:
    session = Session.new("seven-hand", ("Ann", "Bob", "Cid", "Dee"), options={"stake": 10})
    with Store(tmp_path) as store:
        session_id = store.add(session)
        for _ in range(7):
            store.record(session_id, {"out": "Ann", "points": {"Bob": 10, "Cid": 20, "Dee": 5}})
    with Store(tmp_path, readonly=True) as store:
        (summary,) = store.summaries()
    assert summary.id == session_id
    assert (summary.finished, summary.winners, summary.rounds) == (True, ("Ann",), 7)
    assert summary.totals == {"Ann": 0, "Bob": 70, "Cid": 140, "Dee": 35}
    assert summary.balances == {"Ann": 2450, "Bob": -700, "Cid": -1400, "Dee": -350}


def test_a_round_recorded_after_the_table_changed_its_money_lists_the_stake_in_it(
    tmp_path: Path,
) -> None:
    with Store(tmp_path) as store:
        session_id = store.add(racehorse(MADE_3))
        store.record(session_id, UPPED_2)
        use_currency(Currency("€", comma=True))
        store.record(session_id, MADE_4)
    with Store(tmp_path, readonly=True) as reader:
        [listed] = reader.summaries()
    assert listed.option_words == ("stake €1,00/point",)


def test_listing_replays_no_round(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with Store(tmp_path) as store:
        for _ in range(3):
            store.add(racehorse(MADE_3, UPPED_2))

    def no_replay(*args: object) -> None:
        raise AssertionError("listing replayed a round")

    monkeypatch.setattr(type(GAMES["racehorse"]), "play", no_replay)
    for readonly in (True, False):
        with Store(tmp_path, readonly=readonly) as store:
            assert [summary.rounds for summary in store.summaries()] == [2, 2, 2]


def test_a_damaged_or_missing_index_is_rebuilt_from_the_sessions(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        session_id = store.add(racehorse(MADE_3))
    (tmp_path / "index.json").write_bytes(b"\x00" * 40)
    with Store(tmp_path, readonly=True) as store:
        assert [summary.id for summary in store.summaries()] == [session_id]
    with Store(tmp_path) as store:
        assert [summary.rounds for summary in store.summaries()] == [1]
    assert json.loads((tmp_path / "index.json").read_text())["schema"] == 1
    (tmp_path / "index.json").unlink()
    with Store(tmp_path, readonly=True) as store:
        assert store.damaged() == []
        assert [summary.id for summary in store.summaries()] == [session_id]


def test_summaries_saved_by_an_earlier_scorekeeper_still_list(tmp_path: Path) -> None:
    """Index rows from before the highlights and the option words were kept: listed as
    before, with None where a report must read the session for them, and worked out from
    the logs once the index is made again."""
    with Store(tmp_path) as store:
        plain, figures = store.add(racehorse(MADE_3)), store.add(racehorse(UPPED_2))
        store.summaries()
    kept = json.loads((tmp_path / "index.json").read_text())
    kept["sessions"][plain][4] = kept["sessions"][plain][4][:10]
    kept["sessions"][figures][4] = kept["sessions"][figures][4][:11]
    (tmp_path / "index.json").write_text(json.dumps(kept))
    with Store(tmp_path, readonly=True) as store:
        listed = {summary.id: summary for summary in store.summaries()}
    assert (listed[plain].highlights, listed[plain].option_words) == (None, None)
    assert (listed[figures].highlights, listed[figures].option_words) == ({}, None)
    assert listed[plain].balances == racehorse(MADE_3).balances
    (tmp_path / "index.json").unlink()
    with Store(tmp_path, readonly=True) as store:
        listed = {summary.id: summary for summary in store.summaries()}
        assert store.damaged() == []
    assert (listed[plain].highlights, listed[plain].option_words) == ({}, ("stake $1.00/point",))
    assert listed[figures].option_words == ("stake $1.00/point",)


def test_a_dropped_store_is_freed_at_once(tmp_path: Path) -> None:
    """No cycle holds a store and its index: with 10,000 summaries in it, waiting for
    the cyclic collector would hold tens of megabytes for nothing."""
    with Store(tmp_path) as store:
        store.add(racehorse(MADE_3))
    reader = Store(tmp_path, readonly=True)
    assert len(reader.summaries()) == 1
    gone = weakref.ref(reader)
    gc.disable()
    try:
        del reader
        assert gone() is None
    finally:
        gc.enable()


def test_the_list_shows_rounds_recorded_while_the_app_is_still_open(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        session_id = store.add(racehorse())
        store.summaries()
    with Store(tmp_path) as app:
        app.summaries()
        app.record(session_id, MADE_3)
        with Store(tmp_path, readonly=True) as reader:
            assert reader.summaries()[0].rounds == 1
        app.record(session_id, UPPED_2)
        with Store(tmp_path, readonly=True) as reader:
            assert reader.summaries()[0].rounds == 2


def test_a_session_saved_by_another_writer_is_not_listed_stale(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        session_id = store.add(racehorse())
        store.summaries()
    with Store(tmp_path) as store:
        store.record(session_id, MADE_3)
    with Store(tmp_path) as store:
        assert store.summaries()[0].rounds == 1
    with Store(tmp_path, readonly=True) as store:
        assert store.summaries()[0].rounds == 1


def test_the_writer_keeps_only_a_few_sessions_replayed(store: Store) -> None:
    ids = [store.add(racehorse()) for _ in range(12)]
    for session_id in ids + ids:
        store.record(session_id, MADE_3)
    assert [summary.rounds for summary in store.summaries()] == [2] * 12


def test_a_second_writer_is_refused_naming_the_store_and_the_first(store: Store) -> None:
    with pytest.raises(StoreLocked) as locked:
        Store(store.path)
    message = str(locked.value)
    assert str(store.path) in message
    assert f"process {os.getpid()}" in message
    assert locked.value.owner["pid"] == os.getpid()
    assert locked.value.path == store.path


def test_a_closed_writer_lets_the_next_one_in(tmp_path: Path) -> None:
    Store(tmp_path).close()
    with Store(tmp_path) as store:
        store.add(racehorse())


def test_a_reader_takes_no_lock_and_never_writes(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        session_id = store.add(racehorse(MADE_3))
        with Store(tmp_path, readonly=True) as reader:
            assert reader.load(session_id).rounds == [MADE_3]
            with pytest.raises(StoreError, match="read-only"):
                reader.record(session_id, UPPED_2)
            with pytest.raises(StoreError, match="read-only"):
                reader.add(racehorse())
    missing = tmp_path / "not-yet"
    with Store(missing, readonly=True) as reader:
        assert reader.summaries() == []
        assert reader.damaged() == []
    assert not missing.exists()


def test_a_closed_store_refuses_changes(tmp_path: Path) -> None:
    store = Store(tmp_path)
    session_id = store.add(racehorse())
    store.close()
    store.close()
    with pytest.raises(StoreError, match="closed"):
        store.record(session_id, MADE_3)


def test_a_store_is_a_folder_not_a_file(tmp_path: Path) -> None:
    file = tmp_path / "scores.json"
    file.write_text("{}")
    with pytest.raises(StoreError, match="is a file, but a store is a folder"):
        Store(file)


def test_the_default_folder_comes_from_scorekeeper_db(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "db"))
    assert default_path() == tmp_path / "db"
    with Store() as store:
        assert store.path == tmp_path / "db"
    monkeypatch.delenv("SCOREKEEPER_DB")
    assert default_path().name == "scorekeeper"


def test_the_store_benchmark_still_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    figures = bench_store.main(["--quick", "--dir", str(tmp_path)])
    assert set(figures) == {3, 12}
    assert all(row["record_ms"] > 0 and row["bare_ms"] > 0 for row in figures.values())
    assert "open+list 12 sessions" in capsys.readouterr().out
    assert list(tmp_path.iterdir()) == []


def test_the_first_round_after_a_game_is_opened_reads_no_log_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opening a game read its log: the round recorded next is appended to what was read,
    unless the file changed since (then it is read again, as a sync tool may put it back)."""
    with Store(tmp_path) as store:
        session_id = store.add(racehorse(MADE_3))
    read: list[Path] = []
    real = log.read_database
    monkeypatch.setattr(log, "read_database", lambda *a: read.append(a[0]) or real(*a))
    with Store(tmp_path) as store:
        store.load(session_id)
        read.clear()
        assert store.record(session_id, UPPED_2).rounds == [MADE_3, UPPED_2]
        assert read == []
    file = file_of(tmp_path, session_id)
    older = file.read_bytes()
    with Store(tmp_path) as store:
        store.load(session_id)
        file.write_bytes(older.replace(b'"made":false', b'"made":true'))  # in place
        store.record(session_id, MADE_4)
        assert read[-1] == file
    with Store(tmp_path) as store:
        assert store.load(session_id).rounds == [MADE_3, {**UPPED_2, "made": True}, MADE_4]


def test_after_a_writer_only_adds_the_next_reader_opens_no_session_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An import of many sessions: the writer never listed them, yet closing leaves an
    index the next reader trusts as it is."""
    with Store(tmp_path) as store:
        first = store.add(racehorse(MADE_3))
        store.summaries()
    with Store(tmp_path) as store:
        added = [store.add(racehorse(MADE_3, UPPED_2)) for _ in range(3)]

    def no_read(*args: object, **kwargs: object) -> None:
        raise AssertionError("a session's log was read to list the sessions")

    monkeypatch.setattr(log, "read", no_read)
    with Store(tmp_path, readonly=True) as store:
        listed = store.summaries()
    assert {summary.id for summary in listed} == {first, *added}
    assert [summary.rounds for summary in listed] == [2, 2, 2, 1]


def test_a_store_with_no_session_file_knows_its_list_is_empty_at_once(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        assert store.recent() == ([], 0)
        session_id = store.add(racehorse(MADE_3))
    (tmp_path / "notes.txt").write_text("not a session")
    with Store(tmp_path, readonly=True) as store:
        found = store.recent()
        assert found is not None and [summary.id for summary in found[0]] == [session_id]
    with Store(tmp_path) as store:
        store.delete(session_id)
        assert store.recent() == ([], 0)


def test_recent_is_the_lists_first_screenful_until_the_folder_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(index, "RECENT", 2)
    with Store(tmp_path) as store:
        ids = [store.add(racehorse(MADE_3)) for _ in range(3)]
        assert store.recent() is None, "nothing written yet says what the list holds"
    with Store(tmp_path, readonly=True) as store:
        found = store.recent()
        assert found is not None
        recent, total = found
        assert [summary.id for summary in recent] == [ids[2], ids[1]]
        assert total == 3
        assert recent == store.summaries()[:2]
    with Store(tmp_path) as store:
        store.record(ids[0], UPPED_2)
        assert store.recent() is None, "a round saved since: the file no longer vouches"
    with Store(tmp_path) as store:
        found = store.recent()
        assert found is not None and [summary.id for summary in found[0]] == [ids[0], ids[2]]


def test_recent_reads_a_list_file_written_otherwise_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the list file's first line is read for the first screenful; a file written
    otherwise (indented, by hand or by another tool) is read whole, to the same list."""
    monkeypatch.setattr(index, "RECENT", 2)
    with Store(tmp_path) as store:
        ids = [store.add(racehorse(MADE_3)) for _ in range(3)]
    with Store(tmp_path, readonly=True) as store:
        assert store.recent() is not None
    (cache,) = tmp_path.rglob("index.json")
    cache.write_text(json.dumps(json.loads(cache.read_bytes()), indent=2))
    with Store(tmp_path, readonly=True) as store:
        found = store.recent()
        assert found is not None
        assert [summary.id for summary in found[0]] == [ids[2], ids[1]]
        assert found[1] == 3


@pytest.mark.usefixtures("settled_at_once")
@pytest.mark.parametrize("stamped", [True, False])
def test_a_session_an_older_scorekeeper_could_not_read_is_listed_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stamped: bool
) -> None:
    """An older version run on the store calls a newer session's log damaged (it refuses
    a field it does not know) and saves that in the index; the newer one reads it again
    rather than offer a good session to be set aside."""
    with Store(tmp_path) as store:
        session_id = store.add(racehorse(MADE_3))

    def older_read(file: Path, owner: str) -> NoReturn:
        raise DamagedFile(file, "has a field this version does not know")

    with monkeypatch.context() as older, Store(tmp_path) as store:
        older.setattr(log, "read", older_read)
        store.rebuild_index()
        assert store.damaged() and not store.summaries()
    kept = json.loads((tmp_path / "index.json").read_text())
    ((why, _, sid, *seen),) = kept.pop("damaged")  # an older one keeps it among the rest
    kept["sessions"][sid] = [*seen, 0, f"{file_of(tmp_path, sid)} {why}.", False]
    if not stamped:  # the cache no longer vouches for the folder: each session is checked
        kept["folder"] = None
    (tmp_path / "index.json").write_text(json.dumps(kept))
    for readonly in (True, False):
        with Store(tmp_path, readonly=readonly) as store:
            assert [summary.id for summary in store.summaries()] == [session_id]
            assert store.damaged() == []


def test_a_log_opens_through_tinydbs_own_storage_and_the_other_way_round(tmp_path: Path) -> None:
    """A log is a TinyDB database through its front door: TinyDB's stock storage reads
    the events this store wrote, and events TinyDB wrote there read here as the same."""
    with Store(tmp_path / "store") as store:
        session_id = store.add(racehorse(MADE_3))
        store.record(session_id, UPPED_2)
        laptop = store.laptop.id
    file = file_of(tmp_path / "store", session_id)
    with TinyDB(file, access_mode="r") as stock:
        records = [dict(record) for record in stock.table(log.TABLE).all()]
    ours = log.read(file, laptop)
    assert records == [event.record() for event in ours.events]
    elsewhere = tmp_path / "stock.json"
    with TinyDB(elsewhere) as stock:
        stock.table(log.TABLE).insert_multiple(records)
    assert log.read(elsewhere, laptop) == ours


def test_changes_made_within_one_millisecond_list_in_the_order_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A clock that does not move between changes (a fast disk, a coarse clock) still
    lists the game changed last first."""
    monkeypatch.setattr(store_module, "_now", lambda: (1_800_000_000_000, "2027-01-15T08:00:00"))
    with Store(tmp_path) as store:
        made = [store.add(racehorse(MADE_3)) for _ in range(4)]
        store.record(made[0], UPPED_2)
        assert [summary.id for summary in store.summaries()] == [made[0], *reversed(made[1:])]
