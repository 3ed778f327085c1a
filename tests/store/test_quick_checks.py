"""The quick paths that read ten thousand sessions fast give the careful paths' answers:
an index row passed as sound is one the full check passes, a summary built directly
equals the dataclass's own, and a number too long is still refused when no number is."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, example, given
from hypothesis import strategies as st

from scorekeeper.session import Session
from scorekeeper.store import Summary
from scorekeeper.store.careful_read import (
    DIGITS_CAP,
    DamagedFile,
    NotPlain,
    members,
    parse_json,
    read_regular,
)
from scorekeeper.store.durable import encode
from scorekeeper.store.index_file import entry_read
from scorekeeper.store.reader import local, when
from scorekeeper.store.summary import Fixed, listed, pack, unpack
from scorekeeper.store.well_formed import EXTRAS, SUMMARY_FIELDS, sound_times, summary_problem
from scorekeeper.wording import moment

FIELDS = (*SUMMARY_FIELDS, *EXTRAS)


def played_row() -> list[Any]:
    session = Session.new("hot-rum", ["Ann", "Bob", "Cy"])
    session.record({"out": "Ann", "rummy": False, "deadwood": {"Bob": 12, "Cy": 30}})
    started, updated = moment("2024-05-03T19:00:00+02:00"), moment("2024-05-03T21:30:00+02:00")
    kept = listed(session, Fixed(session, started, None), updated)
    read_back: list[Any] = json.loads(json.dumps(kept))  # as the index gives it
    return read_back


def summary(session_id: str, kept: list[Any]) -> Summary:
    """A row's ``Summary`` made directly, as the index makes it."""
    return pack(session_id, (0, 0, 0, 0), kept, False)


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
    assert sound_times(kept) is not None and full_check(kept) is None


NAMES = ("Ann", "Bob", "Cy", "Di")
TIMES = ("2024-05-03T19:00:00+02:00", "2024-05-03T21:30:00Z", "2024-05-04T01:00:00-05:00")


@st.composite
def sound_rows(draw: st.DrawFn) -> list[Any]:
    """An index row as scorekeeper writes it, any game, players and figures: each field
    of the right type, the balances summing to zero, the times with their zone."""
    players = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=4, unique=True))
    amounts = st.lists(st.integers(-99, 99), min_size=len(players), max_size=len(players))
    zero_sum = amounts.map(lambda drawn: [*drawn[:-1], -sum(drawn[:-1])])
    owed = draw(st.none() | zero_sum)  # None: the balances are the totals
    totals = draw(zero_sum if owed is None else amounts)
    return [
        draw(st.sampled_from(["hot-rum", "racehorse", "calcutta", "score-pad", "chess"])),
        players,
        draw(st.sampled_from(TIMES)),
        draw(st.sampled_from(TIMES)),
        draw(st.integers(0, 40)),
        draw(st.booleans()),
        draw(st.lists(st.sampled_from(players), unique=True)),
        draw(st.sampled_from(players)),
        dict(zip(players, totals, strict=True)),
        None if owed is None else dict(zip(players, owed, strict=True)),
        draw(st.dictionaries(st.sampled_from(["hands", "high"]), st.integers(0, 9))),
        draw(st.lists(st.sampled_from(["stake $1.00", "to 500"]))),
        draw(st.sampled_from(["0.1.0|0||Hot Rum", "0.0.9|1,2|0|Racehorse", ""])),
        # As written now, or before the listing was kept, or before any extra was.
    ][: draw(st.sampled_from([len(FIELDS), len(FIELDS), len(FIELDS) - 1, len(SUMMARY_FIELDS)]))]


NEAR_MISSES: dict[str, list[Any]] = {
    "game": [None, 7, ""],
    "players": [[], ["Ann", "Ann"], ["Ann", 1], "Ann"],
    "started": ["2024-05-03T19:00:00", "2024-05-03"],
    "updated": ["2024-05-03T21:30:00", "2024-13-03T21:30:00+02:00"],
    "rounds": [-1, True, "3", None],
    "finished": [0, 1, None, "no"],
    "winners": [[1], "Ann", None],
    "dealer": [None, 0, ["Ann"]],
    "totals": [{"Ann": True}, {}, {"Zed": 0}, None],
    "balances": [{"Ann": 1}, {"Ann": True}, {}, []],
    "highlights": [{"hands": True}, {1: 2}, []],
    "option_words": [[1], "stake", None],
    "listing": [["0.1.0", "Hot Rum", [], []], None, 1],
}
"""What a hand-edited or damaged row may hold instead of each field: the wrong type, a
time without its zone, a player twice, True for a number."""
CHANGES = st.sampled_from(range(len(FIELDS))).flatmap(
    lambda place: st.tuples(
        st.just(place),
        st.booleans().flatmap(  # as often a near miss of its own as any odd value
            lambda own: st.sampled_from(NEAR_MISSES[FIELDS[place]]) if own else ODD
        ),
    )
)


@given(
    sound_rows(),
    st.booleans().flatmap(  # half the rows as written, half damaged
        lambda damaged: st.lists(CHANGES, min_size=1, max_size=2) if damaged else st.just([])
    ),
)
@example(played_row(), [(FIELDS.index("started"), "2024-05-03T19:00:00")])
@example(played_row(), [(FIELDS.index("updated"), "2024-05-03T21:30:00")])
@example(played_row(), [(FIELDS.index("rounds"), True)])
@example(played_row(), [(FIELDS.index("totals"), {"Ann": True, "Bob": 0, "Cy": 0})])
@example(played_row(), [(FIELDS.index("players"), ["Ann", "Ann", "Cy"])])
def test_a_row_passes_the_quick_check_where_the_full_check_passes_it(
    kept: list[Any], changes: list[tuple[int, Any]]
) -> None:
    """Built sound and then perhaps damaged: the quick check an index row gets agrees with
    the full check a session document gets, both ways."""
    for place, value in changes:
        if place < len(kept):
            kept[place] = value
    if sound_times(kept) is not None:
        event("passed as sound")
        assert full_check(kept) is None, kept
    else:
        event("refused")
        assert full_check(kept) is not None, kept


def test_balances_that_do_not_add_up_are_refused() -> None:
    kept = played_row()
    kept[SUMMARY_FIELDS.index("totals")] = {"Ann": 5, "Bob": 0, "Cy": 0}
    kept[SUMMARY_FIELDS.index("balances")] = None
    assert sound_times(kept) is None
    assert full_check(kept) == "a summary whose balances is wrong"


def test_a_summary_built_directly_holds_the_rows_fields() -> None:
    kept = played_row()
    built = summary("abc123", kept)
    game, players, started, updated, rounds, finished, winners, dealer, totals, balances = kept[:10]
    assert (built.id, built.game, built.players, built.dealer) == (
        "abc123",
        game,
        tuple(players),
        dealer,
    )
    assert (built.started, built.updated) == (moment(started), moment(updated))
    assert (built.rounds, built.finished, built.winners) == (rounds, finished, tuple(winners))
    assert (built.totals, built.balances) == (totals, totals if balances is None else balances)
    assert (built.highlights, built.option_words, built.listing) == (
        kept[10],
        tuple(kept[11]),
        kept[12],
    )
    assert not built.waiting and not built.overruled
    read = entry_read([1, 2, 3, 4, kept])
    assert read is not None and not isinstance(read.row, str)
    assert summary("abc123", read.row) == built
    with pytest.raises(AttributeError):
        built.rounds = 3  # type: ignore[misc]


def test_a_row_kept_packed_is_written_back_as_it_was() -> None:
    kept = played_row()
    assert unpack(summary("abc123", kept))[1] == kept
    one, other = summary("abc123", played_row()), summary("def456", played_row())
    assert one.players is other.players and one.totals == other.totals, "held once, not copied"


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
    from scorekeeper.store import Store, index_file

    with Store(tmp_path) as store:
        store.add(Session.new("hot-rum", ["Ann", "Bob"]))
        store.summaries()  # the index is written, and stamped, as the store closes
    reads = 0

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal reads
        reads += 1
        return read_regular(*args, **kwargs)

    monkeypatch.setattr(index_file, "read_regular", counted)
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


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=6,
)
SPOILED = st.sampled_from([b" ", b",", b"}", b'"', b"\\ud800", b"NaN", b"\x00", b"9" * 30])


@st.composite
def index_tails(draw: st.DrawFn) -> bytes:
    """What follows the index's head: its sessions as ``durable.encode`` writes them, and
    now and then one spoiled byte run put in somewhere, as a hand edit or a torn write would."""
    sessions = draw(st.dictionaries(st.text(max_size=4), JSON, max_size=4))
    tail = encode(sessions)[1:] + b"}"
    if draw(st.sampled_from([False, False, True])):
        at = draw(st.integers(0, len(tail)))
        tail = tail[:at] + draw(SPOILED) + tail[at:]
    return tail


@given(st.sampled_from(INDEX_TAILS) | index_tails())
def test_the_index_read_member_by_member_reads_as_the_whole_file_does(tail: bytes) -> None:
    """What the index's member-by-member read accepts, ``parse_json`` reads the same;
    anything else it hands to ``parse_json``."""
    raw = HEAD + tail
    try:
        found = dict(members(raw, HEAD))
    except NotPlain:
        event("handed to parse_json")
        return
    event("read member by member")
    assert parse_json(Path("index.json"), raw) == {"schema": 1, "sessions": found}


@pytest.fixture(params=["Europe/Berlin", "America/St_Johns", "Australia/Lord_Howe", "UTC"])
def zone(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The process's local time zone set to one that moves its clocks (St John's by
    half-hours from UTC, Lord Howe by half an hour in summer), then put back."""
    monkeypatch.setenv("TZ", request.param)
    time.tzset()
    yield request.param
    monkeypatch.undo()
    time.tzset()


def test_a_logs_clock_is_listed_at_the_time_a_person_reads_it(zone: str) -> None:
    """A row's time is made from the log's clock with no text between: the second, and
    the offset from UTC, a person reads in the ISO text, either side of summer time."""
    day = 86_400_000
    for at in [
        *range(0, 4_102_444_800_000, 3_613 * day + 12_345),
        *range(day * 19_800, day * 20_200, 7_200_013),
    ]:
        made = datetime.fromtimestamp(at / 1000).astimezone().replace(microsecond=0)
        assert local(at) == made and local(at).utcoffset() == made.utcoffset(), (zone, at)
        assert when(at) == made.isoformat() and moment(when(at)) == local(at)
