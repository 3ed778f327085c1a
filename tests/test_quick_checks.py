"""The quick paths that read ten thousand sessions fast give the careful paths' answers:
an index row passed as sound is one the full check passes, a summary built directly
equals the dataclass's own, and a number too long is still refused when no number is."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.session import Session
from scorekeeper.store import Summary, documents
from scorekeeper.store.checks import EXTRAS, SUMMARY_FIELDS, row_is_sound, summary_problem
from scorekeeper.store.reading import (
    DIGITS_CAP,
    DamagedFile,
    NotPlain,
    members,
    parse_json,
    read_regular,
)
from scorekeeper.store.summary import compact, expand, row, sound_row, summary
from scorekeeper.wording import moment

FIELDS = (*SUMMARY_FIELDS, *EXTRAS)


def played_row() -> list[Any]:
    session = Session.new("hot-rum", ["Ann", "Bob", "Cy"])
    session.record({"out": "Ann", "rummy": False, "deadwood": {"Bob": 12, "Cy": 30}})
    fields = documents.summary_fields(
        session, "2024-05-03T19:00:00+02:00", "2024-05-03T21:30:00+02:00"
    )
    read_back: list[Any] = json.loads(json.dumps(row(fields)))  # as the index gives it
    return read_back


def full_check(kept: list[Any]) -> str | None:
    return summary_problem(dict(zip(FIELDS, kept, strict=False)))


ODD = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.text(max_size=4),
    st.sampled_from(["Ann", "Bob", "Cy", "2024-05-03T19:00:00", "2024-05-03T19:00:00+02:00"]),
    st.lists(st.sampled_from(["Ann", "Bob", "Cy", 1, True]), max_size=4),
    st.lists(st.lists(st.just("Ann"), max_size=1), max_size=2),
    st.dictionaries(
        st.sampled_from(["Ann", "Bob", "Cy", "Di"]), st.integers(-5, 5) | st.booleans()
    ),
)


def test_a_row_as_scorekeeper_writes_it_is_sound() -> None:
    kept = played_row()
    assert row_is_sound(kept) and full_check(kept) is None


@given(st.lists(st.tuples(st.integers(0, len(FIELDS) - 1), ODD), min_size=1, max_size=3))
def test_a_row_passed_as_sound_is_one_the_full_check_passes(
    changes: list[tuple[int, Any]],
) -> None:
    kept = played_row()
    for place, value in changes:
        kept[place] = value
    if row_is_sound(kept):
        assert full_check(kept) is None, kept


def test_balances_that_do_not_add_up_go_the_careful_way_and_are_refused() -> None:
    kept = played_row()
    kept[SUMMARY_FIELDS.index("totals")] = {"Ann": 5, "Bob": 0, "Cy": 0}
    kept[SUMMARY_FIELDS.index("balances")] = None
    assert not row_is_sound(kept)
    assert full_check(kept) == "a summary whose balances is wrong"


def test_a_summary_built_directly_equals_the_dataclass() -> None:
    kept = played_row()
    built = summary("abc123", kept)
    game, players, started, updated, rounds, finished, winners, dealer, totals, balances = kept[:10]
    assert built == Summary(
        "abc123",
        game,
        tuple(players),
        moment(started),
        moment(updated),
        rounds,
        finished,
        tuple(winners),
        dealer,
        dict(totals),
        dict(totals if balances is None else balances),
        kept[10],
        tuple(kept[11]),
    )
    held = sound_row([1, 2, 3, 4, kept], {})
    assert held is not None and summary("abc123", held) == built, "checked and built at once"
    with pytest.raises(AttributeError):
        built.rounds = 3  # type: ignore[misc]


def test_a_row_kept_compact_is_written_back_as_it_was() -> None:
    kept = played_row()
    shared: dict[Any, Any] = {}
    held = compact(kept, shared)
    assert expand(held) == kept
    again = compact(played_row(), shared)
    assert again[1] is held[1] and again[2].tzinfo is held[2].tzinfo, "shared, not copied"


def test_a_number_too_long_is_refused_and_long_digits_in_text_are_not() -> None:
    file = Path("index.json")
    long = "9" * (DIGITS_CAP + 1)
    with pytest.raises(DamagedFile, match="number too long"):
        parse_json(file, f'{{"a": [1, {long}]}}'.encode())
    with pytest.raises(DamagedFile, match="number too long"):
        parse_json(file, f'{{"a": -{long}, "b": "x"}}'.encode())
    assert parse_json(file, f'{{"a": "{long}", "b": {long[1:]}}}'.encode()) == {
        "a": long,
        "b": int(long[1:]),
    }


def test_a_reader_asking_again_reads_the_index_again_only_once_it_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorekeeper.store import Store, index

    with Store(tmp_path) as store:
        store.add(Session.new("hot-rum", ["Ann", "Bob"]))
        store.summaries()  # the index is written, and stamped, as the store closes
    reads = 0

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal reads
        reads += 1
        return read_regular(*args, **kwargs)

    monkeypatch.setattr(index, "read_regular", counted)
    reader = Store(tmp_path, readonly=True)
    assert len(reader.summaries()) == 1 and reader.damaged() == []
    assert len(reader.summaries()) == 1
    assert reads == 1, "the list, what is damaged, the list again: one read of the index"
    with Store(tmp_path) as writer:
        writer.add(Session.new("hot-rum", ["Cy", "Di"]))
    assert len(reader.summaries()) == 2, "a writer saved since: the reader sees it"


HEAD = b'{"schema":1,"sessions":{'
INDEX_TAILS = [
    b"}}",
    b'"a":[1,2]}}',
    b'"a":[1],"b":{"x":"y"}}}',
    b'"a":[1],}}',
    b'"a":{"b":{}}}',
    b'"a":1 }}',
    b'"a":NaN}}',
    b'"a":"\\ud800"}}',
    b'"a":' + b"9" * (DIGITS_CAP + 1) + b"}}",
    b'"a":[1]}}x',
    b'"a":"x\ny"}}',
    b'"a":1,"a":2}}',
    b'"a":[1]}',
]


@given(st.sampled_from(INDEX_TAILS) | st.binary(max_size=12).map(lambda tail: tail + b"}}"))
def test_the_index_read_member_by_member_reads_as_the_whole_file_does(tail: bytes) -> None:
    """What the index's member-by-member read accepts, ``parse_json`` reads the same;
    anything else it hands to ``parse_json``."""
    raw = HEAD + tail
    try:
        found = dict(members(raw, HEAD))
    except NotPlain:
        return
    assert parse_json(Path("index.json"), raw) == {"schema": 1, "sessions": found}
