"""A laptop's log: a TinyDB database any TinyDB reads, written through TinyDB's own
``insert``, with every event from elsewhere checked before it is folded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tinydb import TinyDB

from scorekeeper.store import log
from scorekeeper.store.careful_read import DamagedFile
from scorekeeper.store.events import Event, checked, moved_id

RAE, SAM = "aaaaaaaaaa", "bbbbbbbbbb"


def test_a_log_is_a_tinydb_database_written_by_insert(tmp_path: Path) -> None:
    file = tmp_path / "entries" / f"{RAE}.json"
    own = log.OwnLog(file, RAE, (), 0)
    first = own.extend([], [("night", {"key": "name/2024-05-03", "value": "Poker"}, (), 5)])[0]
    second = own.extend(
        [], [("night", {"key": "name/2024-05-03", "value": "Bridge"}, (first.id,), 6)]
    )[0]
    assert [first.id, second.id] == [f"{RAE}:1", f"{RAE}:2"]
    plain = TinyDB(file).table(log.TABLE).all()
    assert [dict(document) for document in plain] == [first.record(), second.record()]
    assert log.read(file, RAE).events == (first, second)
    assert file.with_suffix(".json.bak").exists(), "the log before its last write is kept"


def _round(number: int, after: str | None) -> log.Made:
    return ("round", {"round": {"pitcher": "Ann", "bid": number}}, (after,) if after else (), 5)


def test_an_append_encodes_what_it_adds_not_the_whole_log_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Recording a round late in a long game costs what the round costs: the events
    already written are not encoded again, and the file is as compact as a whole dump."""
    file = tmp_path / f"s1.{RAE}.json"
    own = log.OwnLog(file, RAE, (), 0)
    for number in range(30):
        own.extend([], [_round(number, None)])
    encoded = encodings(monkeypatch)
    last = own.extend([], [_round(99, None)])[0]
    held = file.read_bytes()
    assert 0 < sum(map(len, encoded)) < len(held) / 10
    assert held == log.encode(json.loads(held))
    assert log.read(file, RAE).events[-1] == last
    again = log.OwnLog(file, RAE, (), 0)  # what another run of the app opens
    assert again.extend([], [_round(100, None)])[0].id == f"{RAE}:32"
    assert TinyDB(file).table(log.TABLE).all()[-1]["body"] == {
        "round": {"pitcher": "Ann", "bid": 100}
    }


def encodings(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """What the log encodes from now on, whole or document by document."""
    encoded: list[bytes] = []
    whole = log.encode
    monkeypatch.setattr(log, "encode", lambda data: encoded.append(whole(data)) or whole(data))
    return encoded


@pytest.mark.parametrize("spaced", [False, True], ids=["as written here", "spaced by another"])
def test_the_first_append_after_a_game_is_opened_encodes_only_what_it_adds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spaced: bool
) -> None:
    """The first round recorded after a game is opened costs what a round costs too: the
    log as read is written again as its bytes were. A log another JSON writer spaced is
    written whole, every event kept."""
    file = tmp_path / f"s1.{RAE}.json"
    log.OwnLog(file, RAE, (), 0).extend([], [_round(number, None) for number in range(30)])
    if spaced:
        file.write_text(json.dumps(json.loads(file.read_bytes()), indent=1))
    as_read = log.read(file, RAE)
    encoded = encodings(monkeypatch)
    last = log.OwnLog(file, RAE, [e.id for e in as_read.events], 0, as_read).extend(
        [], [_round(30, None)]
    )[0]
    held = file.read_bytes()
    assert (sum(map(len, encoded)) < len(held) / 10) is not spaced
    assert held == json.dumps(json.loads(held), ensure_ascii=False, separators=(",", ":")).encode()
    assert log.read(file, RAE).events == (*as_read.events, last)


def test_a_first_append_reads_the_log_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first round recorded after a game is opened reads its log once, not once for
    each thing TinyDB asks of it."""
    file = tmp_path / f"s1.{RAE}.json"
    log.OwnLog(file, RAE, (), 0).extend([], [_round(number, None) for number in range(30)])
    read: list[Path] = []
    real = log.read_database
    monkeypatch.setattr(log, "read_database", lambda *a: read.append(a[0]) or real(*a))
    log.OwnLog(file, RAE, (), 0).extend([], [_round(30, None)])
    assert read == [file]
    assert len(log.read(file, RAE).events) == 31


def test_a_log_put_back_shorter_never_makes_an_id_twice(tmp_path: Path) -> None:
    """A sync tool restores an older copy: the next change still gets a new id."""
    file = tmp_path / f"{RAE}.json"
    own = log.OwnLog(file, RAE, (), 0)
    own.extend([], [("night", {"key": "k", "value": "a"}, (), 1)])
    older = file.read_bytes()
    own.extend([], [("night", {"key": "k", "value": "b"}, (), 2)])
    file.write_bytes(older)
    again = log.OwnLog(file, RAE, [e.id for e in log.read(file, RAE).events], reached=2)
    assert again.extend([], [("night", {"key": "k", "value": "c"}, (), 3)])[0].id == f"{RAE}:3"


def test_a_log_numbers_on_from_the_highest_of_its_laptops_ids_held(tmp_path: Path) -> None:
    """Ids are numbered on from the highest number among this laptop's, wherever it sits
    among the ids held and however its text sorts (9 before 10), whatever numbers the
    other laptops' ids and the moved-over ones carry."""
    held = [
        f"{RAE}:9",
        f"{RAE}:10",
        f"{RAE}:2",
        f"{SAM}:99",
        f"{RAE}a:50",
        moved_id((), 1, "k", {}),
    ]
    for ids, reached, expected in [(held, 0, 11), (held[::-1], 12, 13), ([f"{SAM}:4"], 0, 1)]:
        own = log.OwnLog(tmp_path / f"{RAE}.json", RAE, ids, reached)
        assert own.count == expected - 1
        made = own.extend([], [("night", {"key": "k", "value": "a"}, (), 1)])[0]
        assert made.id == f"{RAE}:{expected}"
        (tmp_path / f"{RAE}.json").unlink()


def test_what_a_log_from_elsewhere_holds_is_checked_and_counted_by_kind(tmp_path: Path) -> None:
    body = {"key": "name/2024-05-03", "value": "Poker"}
    moved = {"after": [], "at": 0, "kind": "night", "body": body}
    events = [
        {"id": f"{SAM}:1", "after": [], "at": 1, "kind": "night", "body": body},
        {"id": f"{RAE}:1", "after": [], "at": 1, "kind": "night", "body": body},
        {"id": f"{SAM}:2", "after": [], "at": 1, "kind": "teleport", "body": body},
        {"id": f"{SAM}:3", "after": ["../x"], "at": 1, "kind": "night", "body": body},
        {"id": f"{SAM}:4", "after": [], "at": True, "kind": "night", "body": body},
        {"id": moved_id((), 0, "night", body), **moved},
        {"id": moved_id((), 0, "night", {**body, "value": "X"}), **moved},
        {"id": f"{SAM}:5", "what": "not an event"},
    ]
    file = tmp_path / f"{SAM}.json"
    file.write_text(json.dumps({"events": dict(enumerate(events, 1))}))
    found = log.read(file, SAM)
    assert [event.id for event in found.events] == [f"{SAM}:1", events[5]["id"]]
    refused = dict(found.refused)
    assert refused == {
        "forged (its id names another laptop than the log's)": 1,
        "forged (moved over, but not what its id says)": 1,
        "of a kind this scorekeeper does not know (a newer one wrote it?)": 1,
        "typed on top of something that is not an event": 1,
        "with a time that is not a clock's": 1,
        "that is not an event": 1,
    }


@pytest.mark.parametrize(
    "after",
    [
        [f"{SAM}:1", f"{SAM}:1"],
        [f"{SAM}:9"],
        [f"{SAM}:1", 7],
        [f"{SAM}:{n}" for n in range(1, 66)],
    ],
    ids=["an event twice", "itself", "a number", "more heads than a table makes"],
)
def test_an_event_typed_on_top_of_what_no_event_can_be_is_refused(after: list[object]) -> None:
    raw = {"id": f"{SAM}:9", "after": after, "at": 1, "kind": "round", "body": {}}
    assert checked(raw, SAM) == "typed on top of something that is not an event"
    heads = [f"{SAM}:{n}" for n in range(1, 65)]
    assert isinstance(checked({**raw, "id": f"{SAM}:99", "after": heads}, SAM), Event)


def test_a_file_that_is_no_log_is_judged_in_one_read_without_a_database_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder may hold a hundred thousand junk files named like logs: each costs a read."""
    made: list[object] = []
    real = log.TinyDB
    monkeypatch.setattr(log, "TinyDB", lambda *a, **k: made.append(a) or real(*a, **k))
    junk = tmp_path / f"s1.{SAM}.json"
    junk.write_bytes(b"{not json")
    with pytest.raises(DamagedFile, match=r"is not valid JSON \(Expecting property name"):
        log.read(junk, SAM)
    assert made == []
    good = tmp_path / f"s2.{SAM}.json"
    event = {"id": f"{SAM}:1", "after": [], "at": 1, "kind": "night", "body": {}}
    good.write_text(json.dumps({"events": {"1": event}}))
    assert [e.id for e in log.read(good, SAM).events] == [f"{SAM}:1"]
    assert len(made) == 1, "a log is read through TinyDB"


def test_a_moved_over_event_is_the_same_whoever_moves_it() -> None:
    body = {"key": "move/s1", "value": "2024-05-03-2", "by": "older"}
    one = Event(moved_id((), 0, "night", body), (), 0, "night", body)
    assert checked(one.record(), RAE) == one == checked(one.record(), SAM)
