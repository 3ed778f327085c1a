"""Counts, dates and aligned names read the same wherever the domain writes them."""

from __future__ import annotations

import copy
import pickle
from datetime import date, datetime

from scorekeeper.reports.stats import compute, report
from scorekeeper.wording import (
    Items,
    cells,
    clipped,
    day,
    elapsed,
    pad,
    pad_left,
    plural,
    spoken_day,
)
from tests.reports.test_stats import summary


def test_one_session_two_sessions_and_thousands() -> None:
    assert plural(1, "session") == "1 session"
    assert plural(2, "session") == "2 sessions"
    assert plural(0, "game") == "0 games"
    assert plural(1250, "session") == "1,250 sessions"


def test_a_saved_time_keeps_the_date_it_was_recorded_on() -> None:
    late = datetime.fromisoformat("2024-05-03T23:40:00+02:00")
    assert day(late) == "2024-05-03", "not the UTC date, which is the same here by chance"
    assert day(datetime.fromisoformat("2024-05-04T00:20:00+02:00")) == "2024-05-04"
    assert spoken_day(date(2024, 5, 3)) == "Fri 3 May 2024"


def test_wide_names_are_padded_and_clipped_by_cells() -> None:
    assert cells("中文") == 4 and cells("Zoë") == 3
    assert pad("中文", 6) == "中文  " and pad_left("中", 4) == "  中"
    assert clipped("中文中文中文", 7) == "中文中…" and cells(clipped("中文中文中文", 7)) == 7
    assert clipped("Ann", 3) == "Ann"


def test_statistics_columns_line_up_with_wide_names() -> None:
    stats = compute([summary("s1", "hot-rum", {"中文": 500, "Bob": -500})])
    lines = report(stats).splitlines()
    rows = [line for line in lines if line.startswith(("中文", "Bob"))][:2]
    assert len(rows) == 2
    assert cells(rows[0]) == cells(rows[1]), rows


def test_how_long_a_session_has_been_going_reads_in_hours_and_minutes() -> None:
    start = datetime(2024, 5, 3, 19, 42)
    assert elapsed(start, datetime(2024, 5, 3, 19, 42, 50)) == "0 min"
    assert elapsed(start, datetime(2024, 5, 3, 20, 7)) == "25 min"
    assert elapsed(start, datetime(2024, 5, 3, 21, 7)) == "1 h 25 min"
    assert elapsed(start, datetime(2024, 5, 3, 21, 42)) == "2 h"


def test_items_read_as_their_text_and_keep_the_parts_a_line_may_end_after() -> None:
    stacks = Items(["Ann 142", "Wolfgang Amadeus 138"])
    assert stacks == "Ann 142, Wolfgang Amadeus 138"
    assert stacks.parts == ("Ann 142,", "Wolfgang Amadeus 138")
    decided = Items(["Ann +2", "Bob −2"], lead="Decided by the chips won:")
    assert decided.parts == ("Decided by the chips won: Ann +2,", "Bob −2")
    assert Items(["2. two runs", "3. three sets"], ";") == "2. two runs; 3. three sets"


def test_items_copied_or_sent_to_another_process_keep_their_text_and_parts() -> None:
    """A list read on a second core comes back pickled: "Ann 142" must not come back as
    the items "A", "n", "n"…"""
    decided = Items(["Ann +2", "Wolfgang Amadeus −2"], lead="Decided by the chips won:")
    for again in (copy.copy(decided), copy.deepcopy(decided), pickle.loads(pickle.dumps(decided))):
        assert (again, again.parts) == (decided, decided.parts)
        assert isinstance(again, Items)
