"""Every log is checked before it is used: a file that is not a TinyDB database (deep
nesting, a huge number, cut short, not a file at all, far too big) is a damaged log named
with what is wrong; an event in it that cannot be trusted is refused and only counted,
never shown; never a crash, and every other session still lists, counts, settles and
exports."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.store import Store, StoreDamaged
from scorekeeper.store.careful_read import SIZE_CAP
from tests.factories import MADE_3, file_of
from tests.hostile.stores import Record, rewrite, two_sessions

ROOT = Path(__file__).parents[2]
COMMAND_LINE = "import sys; from scorekeeper.cli import main; sys.exit(main())"
SETUP, LAST_ROUND = 1, 3
"""Where the hit session's set-up and last round are in its log (``two_sessions``)."""


def deep(levels: int) -> object:
    nested: object = 0
    for _ in range(levels):
        nested = [nested]
    return nested


def set_in(at: int, *keys_and_value: object) -> Callable[[list[Record]], None]:
    """A change to the ``at``-th event of a log: the field at ``keys`` set to ``value``."""
    *keys, value = keys_and_value

    def change(events: list[Record]) -> None:
        place: Any = events[at]
        for key in keys[:-1]:
            place = place[key]
        place[keys[-1]] = value

    return change


WRONG_FIELDS: dict[str, tuple[Callable[[list[Record]], object], str]] = {
    "the players are text": (set_in(SETUP, "body", "players", "many"), "players"),
    "an unknown game": (set_in(SETUP, "body", "game", "snap"), "unknown game"),
    "the dealer is not at the table": (set_in(SETUP, "body", "dealer", "Zed"), "dealer"),
    "a round's pitcher is not at the table": (
        set_in(LAST_ROUND, "body", "round", "pitcher", "Zed"),
        "not at this table",
    ),
    "nesting just past the cap": (set_in(SETUP, "body", "options", {"x": deep(40)}), "nested"),
    "the set-up is forged": (set_in(SETUP, "id", "aaaaaaaaaa:2"), "no set-up"),
}
TEXT_DAMAGES: dict[str, tuple[Callable[[str], str], str]] = {
    "deep nesting": (
        lambda text: text.replace('"options":{', '"options":{"x":' + "[" * 5000 + "]" * 5000 + ","),
        "nested too deeply",
    ),
    "a 5,000-digit number": (
        lambda text: text.replace('"at":', '"at":' + "7" * 5000 + ',"was":'),
        "number too long",
    ),
    "a 5,000-digit number in a round": (
        lambda text: text.replace('"bid":3', '"bid":' + "9" * 5000),
        "number too long",
    ),
    "a huge exponent": (lambda text: text.replace('"bid":3', '"bid":1e99999'), "number too long"),
    "NaN": (lambda text: text.replace('"bid":3', '"bid":NaN'), "not valid JSON"),
    "cut mid-string": (lambda text: text[: text.index('"pitcher":"') + 13], "cut short"),
}
REFUSED_EVENTS: dict[str, tuple[Callable[[list[Record]], object], str]] = {
    "a time that is text": (set_in(LAST_ROUND, "at", "soon"), "with a time that is not a clock's"),
    "an id another laptop makes": (
        set_in(LAST_ROUND, "id", "aaaaaaaaaa:4"),
        "forged (its id names another laptop than the log's)",
    ),
    "a moved-over id that is not its content's": (
        set_in(LAST_ROUND, "id", "m:" + "0" * 64),
        "forged (moved over, but not what its id says)",
    ),
    "a kind nobody makes": (set_in(LAST_ROUND, "kind", "teleport"), "of a kind"),
    "a body that is text": (set_in(LAST_ROUND, "body", "x"), "that holds nothing"),
    "typed on top of a name": (
        set_in(LAST_ROUND, "after", ["Ann"]),
        "typed on top of something that is not an event",
    ),
    "a field too many": (set_in(LAST_ROUND, "said", "hi"), "that is not an event"),
}


def commands(path: Path) -> dict[str, list[str]]:
    db = ["--db", str(path)]
    return {
        "list": ["list", *db],
        "stats": ["stats", *db],
        "settle": ["settle", *db],
        "export": ["export", *db, "--out", str(path.parent / "out")],
    }


def assert_every_command_survives(
    path: Path, spared: str, named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for command, argv in commands(path).items():
        assert main(argv) == 0, command
        out, err = capsys.readouterr()
        assert "something went wrong" not in err, command
        assert named in err, f"{command} names the damaged file"
        if command == "list":
            assert spared in out


@pytest.mark.parametrize("damage", [*WRONG_FIELDS, *TEXT_DAMAGES])
def test_a_log_that_makes_no_session_is_a_damaged_file_and_every_command_survives(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: str
) -> None:
    path = tmp_path / "db"
    hit, spared = two_sessions(path)
    if damage in WRONG_FIELDS:
        change, words = WRONG_FIELDS[damage]
        file = rewrite(path, hit, change)
    else:
        damage_text, words = TEXT_DAMAGES[damage]
        file = file_of(path, hit)
        file.write_text(damage_text(file.read_text().replace(" ", "")))
    with Store(path) as store:
        with pytest.raises(StoreDamaged) as refused:
            store.load(hit)
        assert str(refused.value).startswith(str(file))
        assert words in str(refused.value)
        assert store.damaged() == [file]
        assert spared in [summary.id for summary in store.summaries()]
    assert_every_command_survives(path, spared, str(file), capsys)


@pytest.mark.parametrize("damage", REFUSED_EVENTS)
def test_an_event_that_cannot_be_trusted_is_refused_said_by_doctor_and_nothing_else_lost(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: str
) -> None:
    path = tmp_path / "db"
    hit, spared = two_sessions(path)
    change, words = REFUSED_EVENTS[damage]
    file = rewrite(path, hit, change)
    with Store(path) as store:
        assert store.load(hit).rounds == [MADE_3], "the round before it kept, nothing from it"
        assert store.damaged() == []
        assert {spared, hit} <= {summary.id for summary in store.summaries()}
    for command, argv in commands(path).items():
        assert main(argv) == 0, command
        assert "something went wrong" not in capsys.readouterr().err, command
    newer = damage == "a kind nobody makes"  # a newer scorekeeper's: named, left as it is
    assert main(["doctor", "--db", str(path)]) == (0 if newer else 1)
    said = [line for line in capsys.readouterr().out.splitlines() if line.startswith(str(file))]
    assert len(said) == 1 and f"holds 1 event {words}" in said[0], said


def not_a_file(kind: str, file: Path, tmp_path: Path) -> None:
    file.unlink()
    if kind == "a FIFO":
        os.mkfifo(file)
    elif kind == "a folder":
        file.mkdir()
    elif kind == "a link to a device":
        os.symlink("/dev/zero", file)
    else:
        with open(file, "wb") as big:
            big.truncate(SIZE_CAP + 1)


@pytest.mark.parametrize("kind", ["a FIFO", "a folder", "a link to a device", "over 16 MB"])
def test_what_is_not_a_regular_file_is_reported_not_opened(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    if kind != "over 16 MB" and not hasattr(os, "mkfifo"):
        pytest.skip("needs FIFOs and links")
    path = tmp_path / "db"
    hit, spared = two_sessions(path)
    file = file_of(path, hit)
    not_a_file(kind, file, tmp_path)
    assert_every_command_survives(path, spared, str(file), capsys)
    if kind == "over 16 MB":
        assert main(commands(path)["list"]) == 0
        assert "at most 16 MB is read" in capsys.readouterr().err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_named_like_a_session_does_not_hang_list_in_a_real_process(
    tmp_path: Path,
) -> None:
    path = tmp_path / "db"
    _, spared = two_sessions(path)
    os.mkfifo(path / "logs" / "deadbeef.aaaaaaaaaa.json")
    done = subprocess.run(
        [sys.executable, "-c", COMMAND_LINE, "--db", str(path), "list"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0
    assert spared in done.stdout
    assert "deadbeef.aaaaaaaaaa.json is a named pipe" in done.stderr


def stamp_vouching_for(path: Path) -> None:
    """Write index.stamp as the store itself would for the index as it now is."""
    index, folder = os.stat(path / "index.json"), os.stat(path / "logs")
    stamp = {
        "index": [index.st_ino, index.st_size, index.st_mtime_ns],
        "sessions": [folder.st_ino, folder.st_size, folder.st_mtime_ns],
    }
    (path / "index.stamp").write_text(json.dumps(stamp))


def rows_cut_short(sessions: dict[str, list[object]]) -> None:
    for entry in sessions.values():
        entry[4] = entry[4][:3]  # type: ignore[index]


def order_as_text(sessions: dict[str, list[object]]) -> None:
    for entry in sessions.values():
        entry[3] = "late"


def totals_as_text(sessions: dict[str, list[object]]) -> None:
    for entry in sessions.values():
        entry[4][8] = "lots"  # type: ignore[index]


def balances_not_adding_up(sessions: dict[str, list[object]]) -> None:
    """Well-typed but not zero-sum (a Racehorse row keeps no balances beside equal
    totals, so its totals are its balances): settling it would have no answer."""
    for entry in sessions.values():
        totals = entry[4][8]  # type: ignore[index]
        first = next(iter(totals))
        totals[first] += 1


BAD_INDEXES: dict[str, Callable[[dict[str, list[object]]], None]] = {
    "a row of the wrong length": rows_cut_short,
    "an order that is text": order_as_text,
    "totals of the wrong type": totals_as_text,
    "balances that do not add up to zero": balances_not_adding_up,
}


@pytest.mark.parametrize("damage", BAD_INDEXES)
def test_a_bad_index_even_vouched_for_by_its_stamp_is_rebuilt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: str
) -> None:
    path = tmp_path / "db"
    two_sessions(path)
    with Store(path) as store:
        expected = store.summaries()
    data = json.loads((path / "index.json").read_text())
    BAD_INDEXES[damage](data["sessions"])
    (path / "index.json").write_text(json.dumps(data))
    stamp_vouching_for(path)
    with Store(path, readonly=True) as reader:
        assert reader.summaries() == expected
    for command, argv in commands(path).items():
        assert main(argv) == 0, command
        assert capsys.readouterr().err == "", command
    with Store(path) as store:
        assert store.summaries() == expected


@pytest.mark.parametrize(
    "stamp", [b"[]", b'{"index": 1, "sessions": 2}', b'{"index": [1e400], "sessions": null}']
)
def test_a_bad_stamp_only_costs_a_rebuild(tmp_path: Path, stamp: bytes) -> None:
    path = tmp_path / "db"
    two_sessions(path)
    (path / "index.stamp").write_bytes(stamp)
    with Store(path, readonly=True) as reader:
        assert len(reader.summaries()) == 3


@pytest.mark.parametrize(
    "names",
    [
        b"{",
        b'{"schema": 1, "names": {"2024-05-03": 7}}',
        b'{"schema": 2, "names": {}, "moves": {"abc": 12}}',
        b'{"schema": 1, "names": [' * 3000,
        b'{"schema": 1, "names": {"2024-05-03": "' + b"x" * 5000 + b'"}}',
    ],
    ids=["cut short", "a name that is a number", "a move to a number", "deep", "a long name"],
)
def test_bad_night_names_lose_only_the_names_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], names: bytes
) -> None:
    path = tmp_path / "db"
    _, spared = two_sessions(path)
    (path / "nights.json").write_bytes(names)
    for command in ("settle", "export"):
        assert main(commands(path)[command]) == 0, command
        err = capsys.readouterr().err
        assert "nights.json" in err and "sessions are not affected" in err
        assert "something went wrong" not in err
    assert main(commands(path)["list"]) == 0
    assert spared in capsys.readouterr().out
    assert (path / "nights.json").read_bytes() == names, "left untouched"


def test_a_fraction_in_a_saved_round_is_named_when_the_session_opens(tmp_path: Path) -> None:
    """Fractions are read exactly (never through float) and refused where a whole number
    belongs; the rest of the store keeps working."""
    path = tmp_path / "db"
    hit, spared = two_sessions(path)
    file = file_of(path, hit)
    file.write_text(file.read_text().replace('"bid":3', '"bid":3.5'))
    with Store(path) as store:
        with pytest.raises(StoreDamaged, match=r"must be a whole number, not 3\.5"):
            store.load(hit)
        assert store.load(spared).rounds


def test_doctor_says_each_damaged_older_file_in_one_sentence_with_its_fix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Night names and house games of an older layout, each cut short: doctor's line
    for each is why, then the fix and what it costs, said once and ended once."""
    path = tmp_path / "db"
    two_sessions(path)
    for name in ("nights.json", "house_games.json"):
        (path / name).write_bytes(b"{not json")
    assert main(["--db", str(path), "doctor"]) == 1
    said = capsys.readouterr().out.splitlines()
    for name in ("nights.json", "house_games.json"):
        (line,) = [line for line in said if name in line]
        assert line.count("Fix: move it to damaged/") == 1, line
        assert ".." not in line and "sessions are not affected" not in line, line


@pytest.mark.parametrize("doc_id", ["", "x", "1.5", " 1", "9" * 5000])
def test_a_log_whose_document_id_tinydb_cannot_read_is_named_not_a_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], doc_id: str
) -> None:
    """TinyDB reads each document's id with ``int()``: a log with any other id is a
    damaged file, named, and every command goes on."""
    path = tmp_path / "db"
    hit, spared = two_sessions(path)
    file = file_of(path, hit)
    events = json.loads(file.read_bytes())["events"]
    file.write_text(json.dumps({"events": {doc_id: {}, **events}}))
    for command in ("list", "settle", "export"):
        assert main(commands(path)[command]) == 0, command
        err = capsys.readouterr().err
        assert file.name in err and "something went wrong" not in err, command
    assert main(commands(path)["list"]) == 0
    assert spared in capsys.readouterr().out
