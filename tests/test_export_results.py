"""The export takes what each round came to from the session file, replaying nothing, and
writes exactly the files replaying would: a file without those results (an older one),
with a round edited by hand, or with results of the wrong shape is replayed instead."""

from __future__ import annotations

import importlib
import json
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
from scorekeeper.store import Store, StoreDamaged
from scorekeeper.store.documents import fingerprint, results_part
from tests.store_tables import TABLE, file_of, saved_before_the_name_rule
from tests.strategies import played
from tests.test_properties import PLAN_MODULES

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
        with mock.patch.object(exporting, "trusted_results", lambda saved: None):
            paths = exporting.export(store, out, processes=1)
    else:
        paths = exporting.export(store, out, processes=1)
    return [path.read_bytes() for path in paths]


def _replays(store: Store) -> mock._patch[mock.MagicMock]:
    """Counts the sessions the export replays (``Store.load``)."""
    return mock.patch.object(Store, "load", autospec=True, side_effect=Store.load)


@TABLES
@given(st.tuples(*(importlib.import_module(f"tests.strategies.{m}").plans() for m in PLAN_MODULES)))
def test_every_game_exports_from_its_results_as_replaying_writes_it(
    plans: tuple[dict[str, Any], ...],
) -> None:
    with tempfile.TemporaryDirectory() as folder, Store(Path(folder) / "store") as store:
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
    with Store(tmp_path / "store") as store:
        session_id = store.add(saved_before_the_name_rule("racehorse", HOSTILE))
        store.record(session_id, {"pitcher": HOSTILE[0], "bid": 3, "points": ["high", "jack"]})
        store.record(session_id, {"pitcher": "-2", "bid": 2, "made": False})
        store.add(Session.new("hot-rum", ["Ann", "Bob"]))
    return Store(tmp_path / "store", readonly=True), session_id


def _rewrite(store: Store, session_id: str, change: Callable[[Document], object]) -> None:
    """Change the session document in its file, as a hand edit would."""
    file = file_of(store.path, session_id)
    data = json.loads(file.read_bytes())
    change(data["session"]["1"])
    file.write_text(json.dumps(data))


def _forged(change: Callable[[Document], object]) -> Callable[[Document], object]:
    """``change`` made to the results part, then fingerprinted as if scorekeeper wrote it."""

    def forge(document: Document) -> None:
        results = json.loads(document["results"])
        change(results)
        results["from"] = fingerprint(document["session"])
        document["results"] = json.dumps(results)

    return forge


def _text(text: str) -> Callable[[Document], object]:
    """The results part replaced by ``text``."""
    return lambda document: document.update(results=text)


def test_hostile_names_export_from_the_results_as_replaying_writes_them(
    hostile: tuple[Store, str], tmp_path: Path
) -> None:
    store, _ = hostile
    with _replays(store) as load:
        fast = _exported(store, tmp_path / "fast", replay=False)
    assert load.call_count == 0
    assert fast == _exported(store, tmp_path / "slow", replay=True)
    assert b"\x1b" not in fast[1] and "␛]0;pwn".encode() in fast[1]


def _replayed_as_before(
    store: Store, session_id: str, folder: Path, change: Callable[[Document], object]
) -> None:
    """After ``change`` to the session's file its results are not trusted: the export
    replays that one session and writes what it wrote before."""
    before = _exported(store, folder / "before", replay=False)
    _rewrite(store, session_id, change)
    with _replays(store) as load:
        assert _exported(store, folder / "after", replay=False) == before
    assert load.call_count == 1


def test_a_file_from_before_the_results_exports_by_replaying(
    hostile: tuple[Store, str], tmp_path: Path
) -> None:
    store, session_id = hostile
    _replayed_as_before(store, session_id, tmp_path, lambda document: document.pop("results"))


def test_a_round_edited_by_hand_is_exported_as_edited(
    hostile: tuple[Store, str], tmp_path: Path
) -> None:
    store, session_id = hostile
    before = _exported(store, tmp_path / "before", replay=False)

    def made_it(document: Document) -> None:
        document["session"]["rounds"][1]["made"] = True

    _rewrite(store, session_id, made_it)
    after = _exported(store, tmp_path / "after", replay=False)
    assert after != before
    assert after == _exported(store, tmp_path / "slow", replay=True)
    assert b"-2 pitched 2 and made it" in after[1]


def test_a_round_edited_by_hand_that_no_longer_holds_is_damaged_as_before(
    hostile: tuple[Store, str], tmp_path: Path
) -> None:
    store, session_id = hostile
    _rewrite(store, session_id, lambda document: document["session"]["rounds"][1].pop("bid"))
    sessions, _ = _exported(store, tmp_path / "all", replay=False)
    assert session_id.encode() not in sessions
    with pytest.raises(StoreDamaged, match="does not replay"):
        exporting.export(store, tmp_path / "named", [session_id], processes=1)


def _set(path: tuple[Any, ...], value: object) -> Callable[[Document], object]:
    def change(results: Document) -> None:
        place: Any = results
        for step in path[:-1]:
            place = place[step]
        place[path[-1]] = value

    return change


def _deep(levels: int) -> list[Any]:
    nested: list[Any] = []
    for _ in range(levels - 1):
        nested = [nested]
    return nested


ILL_SHAPED = {
    "a yes/no for a score": _set(("rounds", 0, 2, 0), True),
    "text for a balance": _set(("rounds", 1, 3, 2), "12"),
    "one score short": _set(("rounds", 0, 2), [0]),
    "a score past the seats": _set(("start", 0), [0] * 7),
    "a round short": _set(("rounds",), []),
    "a round of the wrong shape": _set(("rounds", 0), {"dealer": "Ann"}),
    "a number for the dealer": _set(("rounds", 0, 0), 1),
    "a list for the words": _set(("rounds", 0, 1), ["Ann"]),
    "a formula for a unit": _set(("unit",), "=1+1"),
    "an escape in a detail's name": _set(("rounds", 0, 4), {"\x1b[2J": 1}),
    "a list for a fact": _set(("rounds", 0, 4), {"bid": [3]}),
    "a fact nested deep": _set(("rounds", 0, 4), {"bid": _deep(40)}),
    "no carried amount": lambda results: results.pop("carried"),
    "text for the winners": _set(("winners",), "Ann"),
    "a number among the options": _set(("options",), [1]),
    "text for finished": _set(("finished",), "no"),
    "no results": lambda results: results.clear(),
}
NOT_RESULTS = {
    "not JSON": "{",
    "JSON but no object": "[]",
    "nested past any limit": "[" * 100_000,
    "a number past what int reads": "[" + "9" * 5_000 + "]",
}


@pytest.mark.parametrize("change", ILL_SHAPED.values(), ids=list(ILL_SHAPED))
def test_results_of_the_wrong_shape_are_replayed_whatever_their_fingerprint(
    hostile: tuple[Store, str], tmp_path: Path, change: Callable[[Document], object]
) -> None:
    store, session_id = hostile
    _replayed_as_before(store, session_id, tmp_path, _forged(change))


@pytest.mark.parametrize("text", NOT_RESULTS.values(), ids=list(NOT_RESULTS))
def test_results_that_are_no_results_are_replayed(
    hostile: tuple[Store, str], tmp_path: Path, text: str
) -> None:
    store, session_id = hostile
    _replayed_as_before(store, session_id, tmp_path, _text(text))


def test_results_of_another_release_are_replayed(
    hostile: tuple[Store, str], tmp_path: Path
) -> None:
    store, _ = hostile
    before = _exported(store, tmp_path / "before", replay=False)
    another = mock.patch("scorekeeper.store.documents.RESULTS_FORMAT", "results 1, scorekeeper 9")
    with another, _replays(store) as load:
        assert _exported(store, tmp_path / "after", replay=False) == before
    assert load.call_count == 2


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
    assert results_part(session) == results_part(Session.from_dict(session.to_dict()))
    ended = session.if_ended()
    assert ended is not None
    assert results_part(ended) == results_part(Session.from_dict(ended.to_dict()))
