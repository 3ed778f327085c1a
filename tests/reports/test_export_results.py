"""The export takes each session's rows from its file, replaying nothing, and writes
exactly the files replaying would: a file without rows (an older one), with a round
edited by hand, or with rows no seal under this user's key vouches for is replayed."""

from __future__ import annotations

import importlib
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import Session
from scorekeeper.reports import export as exporting
from scorekeeper.reports import rows as rows_module
from scorekeeper.reports.rows import KEEPER, open_store, render
from scorekeeper.store import Store, StoreDamaged, copies, sidecar
from scorekeeper.store.reader import FOLDER
from scorekeeper.store.sidecar import rows_file
from tests.domain.test_properties import PLAN_MODULES
from tests.factories import TABLE, saved_before_the_name_rule
from tests.strategies import played

TABLES = settings(
    max_examples=settings.default.max_examples // 4,  # each example: six sessions, twice
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
HOSTILE = ('=HYPERLINK("x")', "-2", 'Say "cheese"', "Smith, Jo", "two\nlines", "\x1b]0;pwn\x07")
Document = dict[str, Any]


def _exported(store: Store, out: Path, *, replay: bool) -> list[bytes]:
    """Both files as one process writes them, every session replayed if ``replay``."""
    if replay:
        with mock.patch.object(Store, "sealed_rows", lambda store, session_id: None):
            paths = exporting.export(store, out, processes=1)
    else:
        paths = exporting.export(store, out, processes=1)
    return [path.read_bytes() for path in paths]


def _replays(store: Store) -> mock._patch[mock.MagicMock]:
    """Counts the sessions the export replays (``Store.load``)."""
    return mock.patch.object(Store, "load", autospec=True, side_effect=Store.load)


@TABLES
@given(st.tuples(*(importlib.import_module(f"tests.strategies.{m}").plans() for m in PLAN_MODULES)))
def test_every_game_exports_from_its_kept_rows_as_replaying_writes_them(
    plans: tuple[dict[str, Any], ...],
) -> None:
    with (
        tempfile.TemporaryDirectory() as folder,
        pytest.MonkeyPatch.context() as quick,
        open_store(Path(folder) / "store") as store,
    ):
        quick.setattr(os, "fsync", lambda descriptor: None)  # the files, not their durability
        for plan in plans:
            store.add(played(plan))
        with _replays(store) as load:
            fast = _exported(store, Path(folder) / "fast", replay=False)
        assert load.call_count == 0
        assert fast == _exported(store, Path(folder) / "slow", replay=True)


@pytest.fixture
def hostile(tmp_path: Path) -> tuple[Store, str]:
    """A store (read as the export reads it) with a Racehorse table of hostile names, two
    deals in, and a Hot Rum table; and the id of the Racehorse session."""
    with open_store(tmp_path / "store") as store:
        session_id = store.add(saved_before_the_name_rule("racehorse", HOSTILE))
        store.record(session_id, {"pitcher": HOSTILE[0], "bid": 3, "points": ["high", "jack"]})
        store.record(session_id, {"pitcher": "-2", "bid": 2, "made": False})
        store.add(Session.new("hot-rum", ["Ann", "Bob"]))
    return open_store(tmp_path / "store", readonly=True), session_id


def _logs(store: Store, session_id: str) -> list[tuple[str, Path]]:
    """Every laptop's log of the session, each with its key (``copies``)."""
    found = (copies.parse(path.name) for path in (store.path / FOLDER).glob(f"{session_id}.*"))
    return sorted(
        (parsed[1], store.path / FOLDER / copies.file_name(*parsed))
        for parsed in found
        if parsed is not None and parsed[0] == session_id
    )


def _rewrite(store: Store, session_id: str, change: Callable[[Document], object]) -> None:
    """Change the session's last round in this laptop's log, as a hand edit would."""
    (log,) = (path for key, path in _logs(store, session_id) if key == store.own_key)
    data = json.loads(log.read_bytes())
    rounds = [event for event in data["events"].values() if event["kind"] == "round"]
    change(rounds[-1]["body"]["round"])
    log.write_text(json.dumps(data))


def _rows_of(store: Store, session_id: str) -> Path:
    return rows_file(store.path / FOLDER / copies.file_name(session_id, store.own_key))


def _resealed(key: bytes, change: Callable[[bytes], bytes]) -> Callable[[Store, str], object]:
    """The rows kept for a session changed, then sealed with ``key`` the way scorekeeper
    seals them."""

    def forge(store: Store, session_id: str) -> None:
        kept = _rows_of(store, session_id)
        _, header, rounds = change(kept.read_bytes()).split(b"\n", 2)
        written = sidecar._written(_logs(store, session_id))
        assert written is not None
        kept.write_bytes(
            sidecar._seal(key, KEEPER, session_id, written, header, rounds)
            + b"\n"
            + header
            + b"\n"
            + rounds
        )

    return forge


def _kept(change: Callable[[bytes], bytes]) -> Callable[[Store, str], object]:
    def edit(store: Store, session_id: str) -> None:
        kept = _rows_of(store, session_id)
        kept.write_bytes(change(kept.read_bytes()))

    return edit


def _formula(kept: bytes) -> bytes:
    return kept.replace(b"'=HYPERLINK", b"=HYPERLINK")


def _folder(store: Store, session_id: str) -> None:
    _rows_of(store, session_id).unlink()
    _rows_of(store, session_id).mkdir()


def _linked(store: Store, session_id: str) -> None:
    other = next(summary.id for summary in store.summaries() if summary.id != session_id)
    _rows_of(store, session_id).unlink()
    _rows_of(store, session_id).symlink_to(_rows_of(store, other))


def _copied(store: Store, session_id: str) -> None:
    other = next(summary.id for summary in store.summaries() if summary.id != session_id)
    _rows_of(store, session_id).write_bytes(_rows_of(store, other).read_bytes())


def _forgotten(store: Store, session_id: str) -> None:
    _rows_of(store, session_id).unlink()


def test_hostile_names_export_from_the_rows_as_replaying_writes_them(
    hostile: tuple[Store, str], tmp_path: Path
) -> None:
    store, _ = hostile
    with _replays(store) as load:
        fast = _exported(store, tmp_path / "fast", replay=False)
    assert load.call_count == 0
    assert fast == _exported(store, tmp_path / "slow", replay=True)
    assert b"\x1b" not in fast[1] and "␛]0;pwn".encode() in fast[1]


def _replayed_as_before(
    store: Store, session_id: str, folder: Path, change: Callable[[Store, str], object]
) -> None:
    """After ``change`` its rows are not trusted: the export replays that one session
    and writes what it wrote before."""
    before = _exported(store, folder / "before", replay=False)
    change(store, session_id)
    with _replays(store) as load:
        assert _exported(store, folder / "after", replay=False) == before
    assert load.call_count == 1


def test_a_round_edited_by_hand_is_exported_as_edited(
    hostile: tuple[Store, str], tmp_path: Path
) -> None:
    store, session_id = hostile
    before = _exported(store, tmp_path / "before", replay=False)

    def made_it(round_: Document) -> None:
        round_["made"] = True

    _rewrite(store, session_id, made_it)
    after = _exported(store, tmp_path / "after", replay=False)
    assert after != before
    assert after == _exported(store, tmp_path / "slow", replay=True)
    assert b"-2 pitched 2 and made it" in after[1]


def test_a_round_edited_by_hand_that_no_longer_holds_is_damaged_as_before(
    hostile: tuple[Store, str], tmp_path: Path
) -> None:
    store, session_id = hostile
    _rewrite(store, session_id, lambda round_: round_.pop("bid"))
    sessions, _ = _exported(store, tmp_path / "all", replay=False)
    assert session_id.encode() not in sessions
    with pytest.raises(StoreDamaged, match="does not replay"):
        exporting.export(store, tmp_path / "named", [session_id], processes=1)


UNTRUSTED = {
    "none kept (a session saved before)": _forgotten,
    "a formula let loose, the seal kept": _kept(_formula),
    "a formula let loose, sealed with a guessed key": _resealed(bytes(32), _formula),
    "the seal dropped": _kept(lambda kept: kept.split(b"\n", 1)[1]),
    "a seal of other bytes": _kept(lambda kept: b"\x80" * 32 + kept[32:]),
    "an empty file": _kept(lambda kept: b""),
    "no rows at all": _kept(lambda kept: b"=1+1\n\n"),
    "those of another session": _copied,
    "a link to another session's": _linked,
    "a folder": _folder,
}


@pytest.mark.parametrize("change", UNTRUSTED.values(), ids=list(UNTRUSTED))
def test_rows_that_cannot_vouch_for_themselves_are_replayed(
    hostile: tuple[Store, str], tmp_path: Path, change: Callable[[Store, str], object]
) -> None:
    store, session_id = hostile
    _replayed_as_before(store, session_id, tmp_path, change)


def test_a_round_arriving_in_another_laptops_log_is_exported_with_it(
    hostile: tuple[Store, str], tmp_path: Path
) -> None:
    """The rows kept are sealed to every log of the session: another laptop's log
    arriving (its deal typed on top of the last one here) makes them be worked out again."""
    store, session_id = hostile
    before = _exported(store, tmp_path / "before", replay=False)
    ((_, mine),) = _logs(store, session_id)
    events = json.loads(mine.read_bytes())["events"].values()
    last = max((event for event in events if event["kind"] == "round"), key=lambda e: e["at"])
    deal = {"pitcher": HOSTILE[3], "bid": 4, "made": True}
    arrived = {"id": "bbbbbbbbbb:1", "after": [last["id"]], "at": last["at"] + 1}
    other = store.path / FOLDER / copies.file_name(session_id, "bbbbbbbbbb")
    other.write_text(
        json.dumps({"events": {"1": {**arrived, "kind": "round", "body": {"round": deal}}}})
    )
    with _replays(store) as load:
        after = _exported(store, tmp_path / "after", replay=False)
    assert load.call_count == 1
    assert after != before and after == _exported(store, tmp_path / "slow", replay=True)
    assert b"Smith, Jo pitched 4 and made it" in after[1]


def test_rows_sealed_under_the_key_are_trusted_as_they_are(
    hostile: tuple[Store, str], tmp_path: Path
) -> None:
    # What the replays above guard against: rows the key vouches for are written as kept.
    store, session_id = hostile
    key = sidecar.key()
    assert key is not None
    _resealed(key, _formula)(store, session_id)
    with _replays(store) as load:
        _, rounds = _exported(store, tmp_path / "forged", replay=False)
    assert load.call_count == 0 and b',"=HYPERLINK' in rounds


def test_rows_of_another_release_are_replayed(hostile: tuple[Store, str], tmp_path: Path) -> None:
    store, _ = hostile
    before = _exported(store, tmp_path / "before", replay=False)
    store.keep_beside(KEEPER._replace(format="rows 1, scorekeeper 9"))
    with _replays(store) as load:
        assert _exported(store, tmp_path / "after", replay=False) == before
    assert load.call_count == 2


@pytest.mark.parametrize("key", [b"", b"short", bytes(64)], ids=["empty", "short", "long"])
def test_without_a_good_key_every_session_is_replayed_and_the_key_left_alone(
    hostile: tuple[Store, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, key: bytes
) -> None:
    store, _ = hostile
    before = _exported(store, tmp_path / "before", replay=False)
    folder = tmp_path / "config"
    folder.mkdir()
    (folder / sidecar.KEY_FILE).write_bytes(key)
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(folder))
    with _replays(store) as load:
        assert _exported(store, tmp_path / "after", replay=False) == before
    assert load.call_count == 2
    assert (folder / sidecar.KEY_FILE).read_bytes() == key


def test_a_key_is_made_once_for_this_user_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "config" / "scorekeeper"
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(folder))
    with open_store(tmp_path / "store") as store:
        session_id = store.add(Session.new("hot-rum", ["Ann", "Bob"]))
        store.record(session_id, {"out": "Ann", "rummy": False, "deadwood": {"Bob": 4}})
        assert store.sealed_rows(session_id) is not None
        made = (folder / sidecar.KEY_FILE).read_bytes()
        assert len(made) == sidecar.KEY_SIZE
        assert (folder / sidecar.KEY_FILE).stat().st_mode & 0o077 == 0
        assert [path.name for path in folder.iterdir()] == [sidecar.KEY_FILE]
        monkeypatch.setenv("SCOREKEEPER_CONFIG", str(tmp_path / "elsewhere"))
        assert store.sealed_rows(session_id) is None
        store.delete(session_id)
    assert not _rows_of(store, session_id).exists()


def test_a_session_works_out_only_the_rounds_an_undo_or_edit_changed() -> None:
    session = Session.new("racehorse", TABLE)
    for pitcher in ("Ann", "Bob", "Cid", "Ann"):
        session.record({"pitcher": pitcher, "bid": 2, "made": True})
    kept = list(session.round_results())
    session.undo()
    session.edit(1, {"pitcher": "Bob", "bid": 3, "made": False})
    session.record({"pitcher": "Ann", "bid": 4, "made": True})
    results = session.round_results()
    assert results[0] is kept[0]
    assert results[1] != kept[1] and results[2] != kept[2]
    assert render("s", session) == render("s", Session.from_dict(session.to_dict()))
    ended = session.if_ended()
    assert ended is not None
    assert render("s", ended) == render("s", Session.from_dict(ended.to_dict()))


def test_the_first_change_to_a_session_opened_again_writes_only_what_it_changed(
    tmp_path: Path,
) -> None:
    """The rows kept beside a session seed its first save after it is read from its file:
    that save works out one round's rows, as the next one does, and they are right."""
    deal = {"pitcher": "Ann", "bid": 2, "made": True}
    with open_store(tmp_path / "store") as store:
        session_id = store.add(Session.new("racehorse", TABLE))
        for _ in range(6):
            store.record(session_id, deal)
    facts = mock.patch.object(rows_module, "_facts", side_effect=rows_module._facts)
    with open_store(tmp_path / "store") as store:
        with facts as first:
            store.record(session_id, deal)
        with facts as then:
            store.record(session_id, deal)
        with facts as edited:
            store.edit(session_id, 5, deal)
    assert first.call_count == then.call_count > 0
    assert edited.call_count == 3 * then.call_count, "round 6 and the two after it"
    with open_store(tmp_path / "store", readonly=True) as store:
        assert _exported(store, tmp_path / "kept", replay=False) == _exported(
            store, tmp_path / "replayed", replay=True
        )
