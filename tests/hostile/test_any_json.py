"""Property: whatever JSON document stands in a session's log, the index or the night
names, ``list``, ``stats``, ``settle`` and ``export`` finish without a crash and the
other sessions are still there."""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cli import command_line, main
from scorekeeper.store import Store
from tests.factories import file_of
from tests.hostile.stores import two_sessions
from tests.hostile.test_damaged_documents import stamp_vouching_for

EVENT_FIELDS = ["events", "id", "after", "at", "kind", "body", "round", "players"]
"""Keys a log holds (a TinyDB table of events), so documents come near to one."""
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(
        ["Ann", "Bob", "racehorse", "2024-05-03T19:00:00+02:00", "2024-05-03", "setup", "round"]
    ),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(max_size=8) | st.sampled_from(EVENT_FIELDS), children)
    ),
    max_leaves=12,
)


@pytest.fixture(scope="module")
def template() -> Iterator[tuple[Path, str, str]]:
    with tempfile.TemporaryDirectory() as folder:
        hit, spared = two_sessions(Path(folder) / "db")
        with Store(Path(folder) / "db") as store:
            store.summaries()  # so the index is written too
        yield Path(folder) / "db", hit, spared


def paths_in(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a document that a value could be swapped for another."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths_in(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths_in(item, (*path, index))
    return found


def swapped(document: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copy = json.loads(json.dumps(document))
    place = copy
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    return copy


PARSER = functools.cache(command_line._parser)
"""The command line's parser, built once: what it is does not depend on the documents, and
building it anew for each command took a third of the commands' time."""


def run_every_command(path: Path) -> dict[str, tuple[int, str, str]]:
    results = {}
    db = ["--db", str(path)]
    for name, argv in {
        "list": ["list", *db],
        "stats": ["stats", *db],
        "settle": ["settle", *db],
        "export": ["export", *db, "--out", str(path.parent / "out")],
    }.items():
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv)
        results[name] = (status, out.getvalue(), err.getvalue())
    return results


def check(template: tuple[Path, str, str], target: str, document: Any, stamped: bool) -> None:
    source, hit, spared = template
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "db"
        shutil.copytree(source, path)
        file = {
            "session": path / "logs" / file_of(source, hit).name,  # the template laptop's log
            "index": path / "index.json",
            "nights": path / "nights.json",
        }[target]
        file.write_text(json.dumps(document))
        if stamped and target == "index":
            stamp_vouching_for(path)
        with pytest.MonkeyPatch.context() as quick:
            quick.setattr(os, "fsync", lambda descriptor: None)  # crashes, not durability
            quick.setattr(command_line, "_parser", PARSER)
            results = run_every_command(path)
        for name, (status, out, err) in results.items():
            assert status == 0, (name, err)
            assert "something went wrong" not in err, (name, err)
            if name == "list" and not (stamped and target == "index"):
                assert spared in out  # a forged stamp may hide it: `doctor` finds that


@settings(max_examples=settings.default.max_examples // 4)  # four commands over a store each
@given(document=JSON, target=st.sampled_from(["session", "index", "nights"]), stamped=st.booleans())
def test_any_json_document_crashes_no_command(
    template: tuple[Path, str, str], document: Any, target: str, stamped: bool
) -> None:
    check(template, target, document, stamped)


@given(data=st.data(), target=st.sampled_from(["session", "index", "nights"]))
def test_any_one_value_swapped_in_a_real_document_crashes_no_command(
    template: tuple[Path, str, str], data: st.DataObject, target: str
) -> None:
    source, hit, _ = template
    if target == "nights":
        original: Any = {"schema": 2, "names": {"2024-05-03": "Poker"}, "moves": {hit: "x"}}
    else:
        file = file_of(source, hit) if target == "session" else source / "index.json"
        original = json.loads(file.read_text())
    path = data.draw(st.sampled_from(paths_in(original)), label="where")
    document = swapped(original, path, data.draw(JSON, label="value"))
    check(template, target, document, stamped=data.draw(st.booleans(), label="stamped"))


@pytest.mark.parametrize("started", ["", "yesterday", "2026-12-01T20:00:00", 0, None, ["x"]])
def test_a_set_up_whose_start_is_no_time_is_listed_from_its_clock(
    template: tuple[Path, str, str], started: Any
) -> None:
    """Another laptop's set-up saying anything as its start (no time, a time without its
    offset from UTC): every command lists the session as started when the set-up was
    made, and none crashes."""
    source, hit, _ = template
    original = json.loads(file_of(source, hit).read_text())
    setup = next(key for key, event in original["events"].items() if event["kind"] == "setup")
    document = swapped(original, ("events", setup, "body", "started"), started)
    check(template, "session", document, stamped=False)
