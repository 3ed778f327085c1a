"""A store folder a peer filled with junk ``*.json`` files named like logs of sessions:
each command says what is wrong in one line per kind of trouble, not a line per file, a
file found damaged is not read again until it changes, and one too small to be a log is
judged without being read."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.store import Store, Summary, index, machine, reader, stamp
from scorekeeper.store.machine import SHARED_FILE
from tests.factories import MADE_3, count_reads, file_of, racehorse
from tests.sync.copying import mirror

PEER = "aaaaaaaaaa"
"""The laptop the junk says it comes from."""
NOT_JSON = b"{not json" + b" " * reader.SMALLEST_LOG
"""Junk big enough to be read to be judged."""
TINY = b'{"schema": 1}'
"""Junk too small to be a log: judged without a read."""


@pytest.fixture
def junk(tmp_path: Path) -> tuple[Path, str]:
    with Store(tmp_path) as store:
        kept = store.add(racehorse(MADE_3))
    for number in range(60):
        damage = NOT_JSON if number % 2 else TINY
        (tmp_path / "logs" / f"junk{number:03d}.{PEER}.json").write_bytes(damage)
    (tmp_path / "logs" / f"lone.{machine.laptop(tmp_path).id}.json").write_bytes(b"")
    return tmp_path, kept


@pytest.mark.parametrize("command", ["list", "stats", "settle"])
def test_sixty_junk_files_are_two_lines_and_the_real_session_still_counts(
    junk: tuple[Path, str], command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path, kept = junk
    assert main([command, "--db", str(path)]) == 0
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert len(lines) == 3, err
    assert any(line.startswith("scorekeeper: 30 session files cannot be used") for line in lines)
    assert sum("30 session files" in line for line in lines) == 2
    for line in lines:
        if "30 session files" in line:
            assert "another laptop's log is mended on that laptop" in line, "doctor leaves them"
    (lone,) = (line for line in lines if "lone." in line)
    assert "It has no good backup" in lone and "doctor --fix" in lone, "none was made"
    if command == "list":
        assert kept in out


@pytest.mark.usefixtures("settled_at_once")
def test_a_damaged_file_is_read_once_not_at_every_look(
    junk: tuple[Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, _ = junk
    with Store(path) as store:
        assert len(store.damaged()) == 61
    reads = count_reads(monkeypatch)
    for readonly in (True, False):
        with Store(path, readonly=readonly) as store:
            assert len(store.summaries()) == 1 and len(store.damaged()) == 61
    assert reads == []
    (path / "logs" / f"lone.{machine.laptop(path).id}.json").write_bytes(b"[]")
    with Store(path, readonly=True) as store:
        assert len(store.damaged()) == 61
    assert [file.name.split(".")[0] for file in reads] == ["lone"], "read again once it changed"


@pytest.mark.usefixtures("settled_at_once")
def test_what_is_kept_of_a_thousand_junk_files_is_tens_of_bytes_each(tmp_path: Path) -> None:
    """The list keeps what it found of each junk file, to name it at the next look
    without reading it again: a few numbers, not a line of words (a hundred thousand junk
    files made a 19 MB cache, read at every list, where they are now 5 MB)."""
    with Store(tmp_path) as store:
        store.add(racehorse(MADE_3))
    cache = tmp_path / "index.json"
    clean = cache.stat().st_size
    for number in range(1000):
        junk = TINY if number % 2 else NOT_JSON
        (tmp_path / "logs" / f"junk{number:04d}.{PEER}.json").write_bytes(junk)
    with Store(tmp_path) as store:
        assert len(store.summaries()) == 1 and len(store.damaged()) == 1000
    assert (cache.stat().st_size - clean) / 1000 < 64
    with Store(tmp_path, readonly=True) as store:
        assert len(store.summaries()) == 1 and len(store.damaged()) == 1000


@pytest.mark.usefixtures("settled_at_once")
def test_another_laptops_junk_is_judged_again_once_the_folder_changes_not_at_every_list(
    junk: tuple[Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A list of a folder as it was looks at no file of another laptop's junk: it can only
    be mended on that laptop, and comes back as a new file, which changes the folder."""
    path, _ = junk
    with Store(path) as store:
        assert len(store.damaged()) == 61
    mended = path / "logs" / f"junk001.{PEER}.json"
    mended.write_bytes(b"[" + NOT_JSON[1:-1] + b"]")  # in place: the folder is as it was
    reads = count_reads(monkeypatch)
    with Store(path, readonly=True) as store:
        assert len(store.damaged()) == 61
    assert reads == []
    (path / "logs" / f"junk001.{PEER}.json.part").write_bytes(mended.read_bytes())
    os.replace(path / "logs" / f"junk001.{PEER}.json.part", mended)  # as a sync engine does
    with Store(path, readonly=True) as store:
        assert len(store.damaged()) == 61
    assert [file.name for file in reads] == [mended.name]


@pytest.mark.usefixtures("settled_at_once")
def test_the_apps_look_each_second_leaves_another_laptops_junk_to_the_next_change(
    junk: tuple[Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The app looks for changes every second; another laptop's junk rewritten in place
    is left as the list leaves it, until the folder changes: a hundred thousand junk files
    taken one by one were half a second of every look."""
    path, _ = junk
    with Store(path) as store:
        assert len(store.damaged()) == 61
        generation = max(store.refresh() for _ in range(2))  # as the app's looks go on
        mended = path / "logs" / f"junk001.{PEER}.json"
        mended.write_bytes(b"[" + NOT_JSON[1:-1] + b"]")  # in place: the folder is as it was
        reads = count_reads(monkeypatch)
        assert store.refresh() == generation and reads == []
        assert len(store.damaged()) == 61


@pytest.mark.usefixtures("settled_at_once")
def test_list_reads_each_junk_file_once_and_none_once_the_app_judged_them(
    junk: tuple[Path, str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path, kept = junk
    reads = count_reads(monkeypatch)
    assert main(["list", "--db", str(path)]) == 0
    # The lone damaged file is opened again for its own words on how to recover it.
    others = [file.name for file in reads if not file.name.startswith("lone.")]
    assert len(others) == len(set(others)) == 30, "the list, then what is damaged: one read"
    assert all((path / "logs" / name).read_bytes() == NOT_JSON for name in others)
    with Store(path) as app:
        app.summaries()
    reads.clear()
    assert main(["list", "--db", str(path)]) == 0
    assert [file for file in reads if not file.name.startswith("lone.")] == [], "judged once"
    assert kept in capsys.readouterr().out


def test_a_tiny_file_of_another_laptop_is_named_without_being_read(
    junk: tuple[Path, str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path, kept = junk
    reads = count_reads(monkeypatch)
    assert main(["list", "--db", str(path)]) == 0
    assert not [file for file in reads if file.read_bytes() == TINY], "none opened"
    out, err = capsys.readouterr()
    (small,) = (line for line in err.splitlines() if "too small" in line)
    assert small.startswith("scorekeeper: 30 session files cannot be used, each is too small")
    assert "junk000." in small, "the first named"
    assert kept in out


def test_a_tiny_junk_file_is_judged_where_it_is_listed_not_on_a_second_core(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Judging a file by its size alone costs less than handing it to a forked copy of the
    process and taking the answer back: a first list of a hundred thousand tiny junk files
    took a second longer for it."""
    with Store(tmp_path) as store:
        kept = store.add(racehorse(MADE_3))
    for number in range(300):
        (tmp_path / "logs" / f"junk{number:03d}.{PEER}.json").write_bytes(TINY)
    (tmp_path / "index.json").unlink()  # a first look
    handed: list[str] = []
    real = index.in_two

    def counted(items: Sequence[index.Changed], *rest: Any) -> Any:
        handed.extend(item[0] for item in items)
        return real(items, *rest)

    monkeypatch.setattr(index, "in_two", counted)
    with Store(tmp_path, readonly=True) as store:
        assert [summary.id for summary in store.summaries()] == [kept]
        assert len(store.damaged()) == 300
    assert handed == [kept]


def test_a_tiny_log_of_another_laptop_whose_events_are_kept_here_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another laptop's log put back as an empty database: the session is made of its
    events this laptop kept, not judged by the file's size."""
    here, there = tmp_path / "here", tmp_path / "there"
    for folder in (here, there):
        folder.mkdir()
        (folder / SHARED_FILE).touch()
    with Store(there) as store:
        session_id = store.add(racehorse(MADE_3))
        theirs = file_of(there, session_id)
    mirror(there, here)
    with Store(here, readonly=True) as store:
        assert [summary.rounds for summary in store.summaries()] == [1]
    (here / "logs" / theirs.name).write_bytes(b"{}")
    assert len(b"{}") < reader.SMALLEST_LOG
    with Store(here, readonly=True) as store:
        assert [summary.rounds for summary in store.summaries()] == [1]
        assert store.damaged() == []


def test_no_log_holding_a_set_up_is_as_small_as_the_size_judged_without_a_read() -> None:
    """The shortest set-up a log can hold, as compact as JSON goes."""
    shortest = b'{"events":{"1":{"id":"aaaaaaaaaa:1","after":[],"at":0,"kind":"setup","body":{}}}}'
    assert len(shortest) >= reader.SMALLEST_LOG


def three_listed(folder: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Three games in ``folder``, listed once, the list's first screenful two of them."""
    from scorekeeper.store import index

    monkeypatch.setattr(index, "RECENT", 2)
    with Store(folder) as store:
        ids = [store.add(racehorse(MADE_3)) for _ in range(3)]
        store.summaries()
    return ids


def test_the_list_as_it_was_shows_at_once_after_junk_arrived_and_the_next_look_reads_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = three_listed(tmp_path, monkeypatch)
    for number in range(20):
        (tmp_path / "logs" / f"junk{number:03d}.{PEER}.json").write_bytes(b"{not json")
    reads = count_reads(monkeypatch)
    with Store(tmp_path) as store:
        before = store.generation
        recent = store.recent()
        assert recent is not None and reads == [], "no file read before the first frame"
        assert [summary.id for summary in recent[0]] == ids[:0:-1] and recent[1] == 3
        assert store.refresh() > before, "the folder changed since: a follower reads it all"
        assert len(store.summaries()) == 3 and len(store.damaged()) == 20


def test_a_changed_session_among_the_recent_ones_sends_the_list_to_be_read_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = three_listed(tmp_path, monkeypatch)
    (tmp_path / "logs" / f"junk.{PEER}.json").write_bytes(b"{not json")
    newest = file_of(tmp_path, ids[2])
    newest.write_bytes(newest.read_bytes())  # rewritten as a copying tool would
    with Store(tmp_path, readonly=True) as store:
        assert store.recent() is None


def test_a_file_changed_a_moment_before_it_was_read_is_read_again_at_the_next_look(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file replaced twice within one tick of the kernel's clock, its inode taken again
    and its size the same, keeps its identity: one read that recent vouches for nothing."""
    with Store(tmp_path) as store:
        session_id = store.add(racehorse(MADE_3))
    (tmp_path / "index.json").unlink()  # read anew, as a file that just arrived is
    reads = count_reads(monkeypatch)

    def looks() -> int:
        for _ in range(2):
            with Store(tmp_path) as store:
                assert [summary.id for summary in store.summaries()] == [session_id]
        read = reads.count(file_of(tmp_path, session_id))
        reads.clear()
        return read

    assert looks() == 2, "read again: its change time too recent to vouch for it"
    monkeypatch.setattr(stamp, "RACY_NS", 0)  # as two seconds later
    assert looks() == 1, "read once more, then trusted"


def test_the_real_session_is_listed_before_the_junk_is_all_read(
    junk: tuple[Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A first look at a folder full of junk hands Home what it has read so far: the
    biggest logs come first, so the real session is in the first list handed over,
    long before the last junk file is judged."""
    path, kept = junk
    (path / "index.json").unlink()  # a first look: nothing kept of an earlier one
    monkeypatch.setattr(index, "SO_FAR", 0)
    handed: list[list[str]] = []
    with Store(path, readonly=True) as store:
        listed = store.summaries(lambda found: handed.append([s.id for s in found]))
    assert [summary.id for summary in listed] == [kept]
    assert len(handed) > 50, "handed over as the junk is read"
    assert handed[1] == [kept], "the real session first, not after the junk"


def test_a_look_for_changes_while_the_list_is_read_leaves_the_folder_to_that_read(
    junk: tuple[Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The app looks for what another laptop changed every second. While its first read of
    a folder a peer filled with junk is under way, that look walks nothing: the read takes
    in what changed, and a second walk beside it put the real sessions on screen seconds
    later."""
    path, _ = junk
    (path / "index.json").unlink()  # a first look
    monkeypatch.setattr(index, "SO_FAR", 0)
    real, walks = os.scandir, []

    def counted(folder: str | Path) -> Iterator[os.DirEntry[str]]:
        walks.append(folder)
        return real(folder)

    def looked() -> None:
        looks.append(store.refresh())

    looks: list[int] = []
    with Store(path) as store:

        def so_far(found: list[Summary]) -> None:
            if not looks:
                monkeypatch.setattr(os, "scandir", counted)
                follower = threading.Thread(target=looked)
                follower.start()
                follower.join()
                monkeypatch.setattr(os, "scandir", real)

        assert len(store.summaries(so_far)) == 1
    assert looks == [0] and walks == []
