"""Property: how deeply a file nests is judged as the data read from it nests, whatever
its strings hold (brackets, quotes, backslashes) and however it is laid out: the look at
its text alone that spares most reads the count never lets a file through that nests
past the cap, nor refuses one that does not."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from scorekeeper.store.careful_read import DEPTH_CAP, DamagedFile, depth, parse_json

TEXT = st.text(alphabet='[]{}"\\ab', max_size=6)
DEEP = st.recursive(
    st.integers(0, 9) | TEXT,
    lambda children: st.lists(children, max_size=2) | st.dictionaries(TEXT, children, max_size=2),
    max_leaves=60,
)


def nested(levels: int, inner: object) -> object:
    for _ in range(levels):
        inner = [inner]
    return inner


@settings(max_examples=300, deadline=None)
@example(  # brackets in strings that, counted, would close a level early and hide one
    data=["]", [[[0]]], "["], padding=DEPTH_CAP - 4, spaced=False, twice=False
)
@given(
    data=DEEP,
    padding=st.integers(0, DEPTH_CAP + 2),
    spaced=st.booleans(),
    twice=st.booleans(),
)
def test_a_file_is_refused_for_its_nesting_exactly_when_its_data_nests_too_deeply(
    data: object, padding: int, spaced: bool, twice: bool
) -> None:
    document = {"x": nested(padding, data)}
    text = json.dumps(document, separators=(", ", ": ") if spaced else (",", ":"))
    if twice:  # a key given twice: the data keeps the last, shallow, value
        text = text[:-1] + ', "x": 0}'
    raw = text.encode()
    kept = json.loads(raw)
    try:
        parse_json(Path("log.json"), raw)
    except DamagedFile as error:
        assert "nested too deeply" in error.reason
        assert depth(kept) > DEPTH_CAP
    else:
        assert depth(kept) <= DEPTH_CAP
