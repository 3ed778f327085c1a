"""Two laptops sharing a store through a file-copying tool with ``rsync -a``'s ways (each
file's times copied with it, the folder's too): each laptop writes only its own log of a
session, so no file is ever written on two laptops; a game that went on differently on
each is one session, counted once on both, until the table decides, on either laptop.
"""

from __future__ import annotations

import errno
import shutil
import subprocess
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from scorekeeper.store import Store, StoreError, log, machine
from scorekeeper.store.events import Event
from scorekeeper.store.resolve import BACK, BOTH, OTHER, SHOWN, resolve
from tests.cli.in_process import scorekeeper
from tests.factories import MADE_3, MADE_4, UPPED_2, count_reads, racehorse
from tests.needs import needs
from tests.sync.copying import name_laptop
from tests.sync.test_shared_store import diverged

END = {"end": True}
RSYNC = shutil.which("rsync")
pytestmark = needs("rsync", RSYNC is not None)


def laptop(folder: Path, name: str) -> Path:
    folder.mkdir(parents=True)
    (folder / machine.SHARED_FILE).touch()
    name_laptop(folder, name)
    return folder


def rsync(source: Path, target: Path, *only: str) -> None:
    """``rsync -a``: times kept, the folder's included; ``only`` these files if named."""
    assert RSYNC is not None
    chosen = [f"--include={pattern}" for pattern in only]
    if only:
        chosen = ["--include=*/", *chosen, "--exclude=*"]
    subprocess.run([RSYNC, "-a", *chosen, f"{source}/", f"{target}/"], check=True)


def own(folder: Path) -> str:
    """The files the laptop at ``folder`` changes: a sync engine carries them from there
    (a time cannot say which side changed: two saves within a second share one)."""
    return f"*.{machine.laptop(folder).id}.json"


def sync(first: Path, second: Path) -> None:
    rsync(first, second, own(first))
    rsync(second, first, own(second))


def files(folder: Path) -> dict[str, bytes]:
    logs = folder / "logs"
    return {p.name: p.read_bytes() for p in sorted(logs.glob("*.json"))}


def figures(folder: Path) -> tuple[object, ...]:
    with Store(folder, readonly=True) as store:
        listed = [
            (s.id, s.rounds, s.waiting, sorted(s.balances.items())) for s in store.summaries()
        ]
        shown = {s.id: store.saved(s.id)["rounds"] for s in store.summaries()}
    return listed, shown


def begun(tmp_path: Path) -> tuple[Path, Path, str]:
    """A game begun on Ann's laptop, one round in, and copied to Bob's."""
    ann, bob = laptop(tmp_path / "ann", "Ann's laptop"), laptop(tmp_path / "bob", "Bob's laptop")
    with Store(ann) as store:
        session_id = store.add(racehorse(MADE_3))
    rsync(ann, bob)
    return ann, bob, session_id


def went_apart(tmp_path: Path) -> tuple[Path, Path, str]:
    """A game begun on Ann's laptop and synced; then round 2 typed on each while apart:
    Ann's first, Bob's a moment later; then synced again."""
    ann, bob, session_id = begun(tmp_path)
    with Store(ann) as store:
        store.record(session_id, UPPED_2)
    with Store(bob) as store:
        store.record(session_id, MADE_4)
    sync(ann, bob)
    return ann, bob, session_id


@pytest.fixture
def apart(tmp_path: Path) -> tuple[Path, Path, str]:
    return went_apart(tmp_path)


def test_no_file_is_written_on_two_laptops(apart: tuple[Path, Path, str]) -> None:
    ann, bob, session_id = apart
    with Store(ann) as store:
        ann_id = store.laptop.id
    with Store(bob) as store:
        bob_id = store.laptop.id
    assert sorted(files(ann)) == sorted(
        [f"{session_id}.{ann_id}.json", f"{session_id}.{bob_id}.json"]
    )
    assert files(ann) == files(bob)
    assert not list((ann / "logs").glob("*sync-conflict*"))


def test_a_game_that_went_on_differently_is_one_game_on_both_until_decided(
    apart: tuple[Path, Path, str],
) -> None:
    ann, bob, session_id = apart
    assert figures(ann) == figures(bob)
    for folder in (ann, bob):
        with Store(folder, readonly=True) as store:
            (summary,) = store.summaries()
            assert summary.waiting and summary.rounds == 2
            # Bob's round was recorded later: every laptop shows his version
            assert store.saved(session_id)["rounds"][-1] == MADE_4
        listed = scorekeeper(folder, "list")
        assert "waiting for a decision" in listed.stdout, listed.stdout
        settled = scorekeeper(folder, "settle")
        assert "1 game" in settled.stdout and "waiting" in settled.stdout, settled.stdout
        stats = scorekeeper(folder, "stats")
        assert "over 1 session" in stats.stdout and "waiting" in stats.stdout, stats.stdout
        told = scorekeeper(folder, "conflicts")
        assert told.returncode == 1
        assert "round 2:" in told.stdout and "on Ann's laptop" in told.stdout
        assert "on Bob's laptop" in told.stdout and "balances:" in told.stdout


@pytest.mark.parametrize("on_bobs", [False, True], ids=["on Ann's", "on Bob's"])
@pytest.mark.parametrize(
    ("choice", "last"), [(SHOWN, [MADE_4]), (OTHER, [UPPED_2]), (BOTH, [UPPED_2, MADE_4])]
)
def test_each_decision_gives_the_same_files_and_figures_on_both(
    apart: tuple[Path, Path, str], choice: str, last: list[dict[str, object]], on_bobs: bool
) -> None:
    """Whichever laptop decides, both show the same (the version shown is Bob's, made
    later, on both: "shown" and "other" mean the same versions on either)."""
    ann, bob, session_id = apart
    deciding, other = (bob, ann) if on_bobs else (ann, bob)
    with Store(deciding) as store:
        resolve(store, session_id, choice)
    sync(ann, bob)
    assert files(ann) == files(bob)
    assert figures(ann) == figures(bob)
    for folder in (ann, bob):
        with Store(folder, readonly=True) as store:
            (summary,) = store.summaries()
            assert not summary.waiting
            assert store.saved(session_id)["rounds"][1:] == last
            assert store.conflicts() == []
            aside = store.gathered(session_id).merged.aside
            # the version not chosen stays readable; keeping both leaves none aside
            assert len(aside) == (choice != BOTH)
    if choice != BOTH:
        with Store(other) as store:  # and can be brought back, on the other laptop
            resolve(store, session_id, BACK, 1)
            assert store.saved(session_id)["rounds"][1:] != last


def test_both_is_refused_with_the_reason_where_the_rules_cannot_take_that_order(
    tmp_path: Path,
) -> None:
    ann, bob = laptop(tmp_path / "ann", "Ann's"), laptop(tmp_path / "bob", "Bob's")
    with Store(ann) as store:
        session_id = store.add(racehorse(MADE_3))
    rsync(ann, bob)
    with Store(ann) as store:
        store.record(session_id, END)
    with Store(bob) as store:
        store.record(session_id, MADE_4)
    sync(ann, bob)
    before = files(ann)
    with Store(ann) as store, pytest.raises(StoreError, match="both cannot be kept"):
        resolve(store, session_id, BOTH)
    assert files(ann) == before


def test_two_laptops_deciding_differently_end_with_the_later_decision_on_both(
    apart: tuple[Path, Path, str],
) -> None:
    ann, bob, session_id = apart
    with Store(ann) as store:
        resolve(store, session_id, OTHER)  # Ann keeps her own round
    with Store(bob) as store:
        resolve(store, session_id, SHOWN)  # Bob, a moment later, keeps his
    sync(ann, bob)
    assert figures(ann) == figures(bob)
    for folder in (ann, bob):
        with Store(folder, readonly=True) as store:
            assert store.saved(session_id)["rounds"][-1] == MADE_4
            assert not store.summaries()[0].waiting
        said = scorekeeper(folder, "list").stdout
        assert "replaced by the later one made on Bob's laptop" in said, said


def test_the_same_deal_typed_on_both_is_one_round(tmp_path: Path) -> None:
    ann, bob = laptop(tmp_path / "ann", "Ann's"), laptop(tmp_path / "bob", "Bob's")
    with Store(ann) as store:
        session_id = store.add(racehorse(MADE_3))
    rsync(ann, bob)
    for folder in (ann, bob):
        with Store(folder) as store:
            store.record(session_id, UPPED_2)
    sync(ann, bob)
    for folder in (ann, bob):
        with Store(folder, readonly=True) as store:
            (summary,) = store.summaries()
            assert summary.rounds == 2 and not summary.waiting


def test_a_file_copied_with_its_times_is_seen_by_a_laptop_with_the_store_open(
    tmp_path: Path,
) -> None:
    ann, bob = laptop(tmp_path / "ann", "Ann's"), laptop(tmp_path / "bob", "Bob's")
    with Store(ann) as store:
        for _ in range(18):
            store.add(racehorse(MADE_3))
    rsync(ann, bob)
    with Store(bob) as open_here:
        assert len(open_here.summaries()) == 18
        generation = open_here.refresh()
        with Store(ann) as store:
            store.add(racehorse(UPPED_2))
        rsync(ann, bob)  # the folder's time set back to Ann's
        assert open_here.refresh() > generation
        assert len(open_here.summaries()) == 19


def test_an_old_stores_conflict_copy_is_one_more_version_never_garbage(tmp_path: Path) -> None:
    old, session_id = diverged(tmp_path)
    with Store(old) as store:
        (summary,) = store.summaries()
        assert summary.waiting and store.damaged() == []
        (conflict,) = store.conflicts()
        assert len(conflict.sides()) == 2
        resolve(store, session_id, OTHER)
        assert not store.summaries()[0].waiting
    assert "sync-conflict" not in scorekeeper(old, "doctor").stdout


def test_another_laptops_damaged_copy_is_named_and_never_moved_by_doctor(
    apart: tuple[Path, Path, str],
) -> None:
    ann, bob, session_id = apart
    with Store(bob) as store:
        theirs = ann / "logs" / f"{session_id}.{store.laptop.id}.json"
    theirs.write_bytes(theirs.read_bytes()[:50])  # arrived cut short
    with Store(ann, readonly=True) as store:
        (summary,) = store.summaries()  # the game, from Ann's own copy
        assert summary.rounds == 2 and not summary.waiting
        assert store.damaged() == [theirs]
    said = scorekeeper(ann, "doctor")
    assert "another laptop's log" in said.stdout and said.returncode == 0, said.stdout
    scorekeeper(ann, "doctor", "--fix")
    assert theirs.exists()


def test_an_edit_of_a_round_that_arrived_stands_though_its_laptops_clock_is_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann records round 2; it reaches Bob, whose clock is an hour behind; Bob corrects
    it. Made after seeing Ann's round, Bob's edit is the later change on both laptops."""
    import time

    ann, bob, session_id = begun(tmp_path)
    with Store(ann) as store:
        store.record(session_id, UPPED_2)
    sync(ann, bob)
    behind = time.time_ns() - 3600 * 10**9
    monkeypatch.setattr(time, "time_ns", lambda: behind)
    with Store(bob) as store:
        store.edit(session_id, 1, MADE_4)
    monkeypatch.undo()
    sync(ann, bob)
    for folder in (ann, bob):
        with Store(folder, readonly=True) as store:
            assert store.saved(session_id)["rounds"] == [MADE_3, MADE_4]
            assert not store.waiting(session_id)


def test_a_version_set_aside_is_listed_by_what_it_holds_and_brought_back_by_that(
    apart: tuple[Path, Path, str],
) -> None:
    ann, bob, session_id = apart
    with Store(ann) as store:
        resolve(store, session_id, OTHER)  # Ann keeps her round 2: Bob's is set aside
    sync(ann, bob)
    listed = scorekeeper(bob, "conflicts", "--aside")
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert lines[0] == (
        f"Session {session_id}, set aside 1: 2 rounds, 1 more round on Bob's laptop after round 1"
    )
    assert lines[1].startswith("  round 2: ") and "(on Bob's laptop at " in lines[1]
    assert lines[2].startswith("  balances: ")
    command = lines[3].removeprefix("  bring it back: scorekeeper ").split()
    assert command == ["conflicts", "--keep", "back", "--version", "1", session_id]
    assert scorekeeper(bob, *command).returncode == 0
    with Store(bob, readonly=True) as store:
        assert store.saved(session_id)["rounds"] == [MADE_3, MADE_4], "Bob's round is back"
    assert (
        "set aside 1: 2 rounds, 1 more round on Ann's laptop"
        in scorekeeper(bob, "conflicts", "--aside", session_id).stdout
    )


def put_back_older(tmp_path: Path) -> tuple[Path, Path, str]:
    """A game begun on Ann's laptop, round 2 recorded there and synced to Bob's; then
    rounds 3 and 4 on Ann's. Nothing is put back yet: the caller runs the two-way
    ``rsync -a`` without ``-u`` that carries Bob's copy of Ann's file back over hers."""
    ann, bob, session_id = begun(tmp_path)
    with Store(ann) as store:
        store.record(session_id, UPPED_2)
    sync(ann, bob)
    return ann, bob, session_id


def test_an_older_copy_of_this_laptops_own_session_put_back_is_said_and_written_back(
    tmp_path: Path,
) -> None:
    """The table open on Ann's laptop: her rounds stay, written back over the older copy."""
    ann, bob, session_id = put_back_older(tmp_path)
    with Store(ann) as open_here:
        open_here.record(session_id, MADE_4)
        open_here.record(session_id, MADE_3)
        generation = open_here.refresh()
        rsync(bob, ann)  # Bob's whole folder back onto Ann's, Ann's copy among it, older
        assert open_here.refresh() > generation
        (said,) = open_here.came_back()
        assert said.session_id == session_id and said.rounds == 2 and said.reached == 4
        words = said.words()
        assert f"({session_id}) came back older than this laptop left it" in words
        assert "it shows 2 rounds where this laptop had 4 rounds" in words
        assert "still held 4 rounds: written back" in words
        assert open_here.load(session_id).rounds == [MADE_3, UPPED_2, MADE_4, MADE_3]
        assert open_here.came_back() == [], "said once"
    sync(ann, bob)
    for folder in (ann, bob):
        with Store(folder, readonly=True) as store:
            assert store.saved(session_id)["rounds"] == [MADE_3, UPPED_2, MADE_4, MADE_3]
    assert figures(ann) == figures(bob)
    with Store(bob) as store:  # and Bob, whose copy never went back, loses nothing of it
        assert [s.rounds for s in store.summaries()] == [4] and store.came_back() == []


def test_an_older_copy_put_back_with_the_app_closed_is_said_by_list_and_doctor(
    tmp_path: Path,
) -> None:
    """Nothing open: ``list`` says it, ``doctor`` names it, ``doctor --fix`` writes back
    the log as this laptop last wrote it, kept beside the folder."""
    ann, bob, session_id = put_back_older(tmp_path)
    with Store(ann) as store:
        store.record(session_id, MADE_4)
        store.record(session_id, MADE_3)
    rsync(bob, ann)
    listed = scorekeeper(ann, "list")
    assert listed.returncode == 0
    assert f"({session_id}) came back older than this laptop left it" in listed.stderr
    assert "it shows 2 rounds where this laptop had 4 rounds" in listed.stderr
    told = scorekeeper(ann, "doctor")
    assert told.returncode == 1
    assert "came back older than this laptop left it" in told.stdout
    assert "Fix: write back what this laptop still holds" in told.stdout
    fixed = scorekeeper(ann, "doctor", "--fix")
    assert fixed.returncode == 0, fixed.stderr
    assert "This laptop still held 4 rounds: written back." in fixed.stdout
    with Store(ann, readonly=True) as store:
        assert store.saved(session_id)["rounds"] == [MADE_3, UPPED_2, MADE_4, MADE_3]
    assert "came back older" not in scorekeeper(ann, "list").stderr, "said until written back"
    assert scorekeeper(ann, "doctor").returncode == 0


def test_where_no_copy_can_be_kept_beside_the_folder_the_backup_is_written_back(
    tmp_path: Path,
) -> None:
    """This machine's folder on another disk than the store (no second name for a file
    across disks): ``doctor --fix`` writes back what the log's backup holds, the log before
    its last write, where that is more than the log put back holds."""
    ann, bob, session_id = put_back_older(tmp_path)
    cross = OSError(errno.EXDEV, "Invalid cross-device link")
    with mock.patch("os.link", side_effect=cross), Store(ann) as store:
        store.record(session_id, MADE_4)
        store.record(session_id, MADE_3)
    rsync(bob, ann, own(ann))
    fixed = scorekeeper(ann, "doctor", "--fix")
    assert fixed.returncode == 0, fixed.stderr
    assert "it shows 2 rounds where this laptop had 4 rounds" in fixed.stdout
    assert "This laptop still held 3 rounds: written back." in fixed.stdout
    with Store(ann, readonly=True) as store:
        assert store.saved(session_id)["rounds"] == [MADE_3, UPPED_2, MADE_4]


def test_another_laptops_copy_put_back_older_takes_nothing_this_laptop_took_in(
    tmp_path: Path,
) -> None:
    """Bob's round reached Ann's laptop and Ann recorded on top of it; then an older copy
    of Bob's file is put back on Ann's: her figures keep his round, and nothing is said of
    her own copy, which did not go back."""
    ann, bob, session_id = begun(tmp_path)
    with Store(bob) as store:
        store.record(session_id, UPPED_2)
        bobs = file_of_laptop(bob, session_id)
        older = bobs.read_bytes()
        store.record(session_id, MADE_4)
    sync(bob, ann)
    with Store(ann) as store:
        store.record(session_id, MADE_3)
    (ann / "logs" / bobs.name).write_bytes(older)
    with Store(ann) as store:
        assert store.saved(session_id)["rounds"] == [MADE_3, UPPED_2, MADE_4, MADE_3]
        assert store.came_back() == []


def file_of_laptop(folder: Path, session_id: str) -> Path:
    return folder / "logs" / f"{session_id}.{machine.laptop(folder).id}.json"


@pytest.mark.usefixtures("settled_at_once")
def test_sessions_arrived_are_read_by_the_first_list_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``scorekeeper list`` (a reader) after another laptop's sessions arrived reads their
    logs once: the next list, with the app never opened, reads none."""
    there, here = laptop(tmp_path / "there", "Ann's"), laptop(tmp_path / "here", "Bob's")
    with Store(there) as store:
        made = {store.add(racehorse(MADE_3)) for _ in range(3)}
    rsync(there, here)
    reads = count_reads(monkeypatch)
    for _ in range(2):
        with Store(here, readonly=True) as store:
            assert {summary.id for summary in store.summaries()} == made
    assert len(reads) == 3, "each arrived log read by the first list alone"


def test_a_log_arriving_while_a_round_is_written_is_taken_in_at_the_next_look(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another laptop's log that lands while this laptop writes a round (a sync engine
    does not wait) is not taken for what was there before: the next look reads it."""
    here, there = laptop(tmp_path / "here", "Ann's"), laptop(tmp_path / "there", "Bob's")
    with Store(here) as store:
        session_id = store.add(racehorse(MADE_3))
    rsync(here, there)
    with Store(there) as other:
        other.record(session_id, UPPED_2)
    rsync(there, here, own(there))
    with Store(there) as other:
        other.record(session_id, MADE_4)
    real = log.OwnLog.extend

    def arriving(own_log: log.OwnLog, *args: Any) -> list[Event]:
        written = real(own_log, *args)
        rsync(there, here, own(there))
        return written

    with Store(here) as store:
        assert len(store.load(session_id).rounds) == 2
        monkeypatch.setattr(log.OwnLog, "extend", arriving)
        store.record(session_id, MADE_3)
        monkeypatch.undo()
        store.refresh()
        assert store.waiting(session_id), "Bob's third deal and Ann's went on apart: both seen"
        assert len(store.gathered(session_id).merged.versions) == 2


def test_a_version_brought_back_sets_aside_the_one_shown_once(
    apart: tuple[Path, Path, str],
) -> None:
    """The version a decision kept and the decision itself are one version: bringing
    the other back lists it once, not twice with the same rounds."""
    ann, bob, session_id = apart
    with Store(ann) as store:
        resolve(store, session_id, OTHER)
    sync(ann, bob)
    assert (
        scorekeeper(bob, "conflicts", "--keep", "back", "--version", "1", session_id).returncode
        == 0
    )
    listed = scorekeeper(bob, "conflicts", "--aside", session_id).stdout
    assert listed.count("set aside") == 1, listed
    assert "set aside 1: 2 rounds, 1 more round on Ann's laptop" in listed


def test_a_decision_says_what_it_set_aside_in_words(tmp_path: Path) -> None:
    """Both keeps every round, so nothing is said set aside; one version sets one aside."""
    ann, _, session_id = went_apart(tmp_path / "both")
    done = scorekeeper(ann, "conflicts", "--keep", "both", session_id)
    assert (
        done.stdout.strip() == f"Session {session_id}: kept both, one after the other (3 rounds)."
    )
    ann, _, session_id = went_apart(tmp_path / "shown")
    done = scorekeeper(ann, "conflicts", "--keep", "shown", session_id)
    assert done.stdout.strip() == (
        f"Session {session_id}: kept the version shown (2 rounds); "
        "1 other version kept aside, readable."
    )


def test_a_decision_named_for_a_game_that_waits_for_none_is_refused(
    apart: tuple[Path, Path, str],
) -> None:
    """A typo or a game already decided must not pass, in silence, for a decision made."""
    ann, _, session_id = apart
    with Store(ann) as store:
        resolve(store, session_id, BOTH)
    again = scorekeeper(ann, "conflicts", "--keep", "shown", session_id)
    assert again.returncode == 1 and again.stdout == ""
    assert again.stderr == (
        f"scorekeeper: Session {session_id} waits for no decision: nothing was decided "
        "(`scorekeeper conflicts` lists the games that do).\n"
    )
    typo = scorekeeper(ann, "conflicts", "--keep", "other", "nosuch")
    assert typo.returncode == 1 and "nosuch" in typo.stderr
    back = scorekeeper(ann, "conflicts", "--keep", "back", session_id)
    assert back.returncode == 2
    assert "give its --version and the session" in back.stderr
    none = scorekeeper(ann, "conflicts", "--keep", "back", "--version", "5", session_id)
    assert none.returncode == 1
    assert none.stderr == (
        f"scorekeeper: Session {session_id}: there is no version 5 set aside to bring back.\n"
    )


def test_an_older_copy_that_shows_as_many_rounds_or_more_says_what_it_lacks(
    tmp_path: Path,
) -> None:
    """An undo put back, or a round another laptop added since: the rounds shown say
    nothing ("shows 2 rounds where this laptop had 1 round"), the changes lost do."""
    ann, bob, session_id = put_back_older(tmp_path)
    with Store(ann) as store:
        store.undo(session_id)
    rsync(bob, ann)
    listed = scorekeeper(ann, "list")
    assert (
        f"({session_id}) came back older than this laptop left it (a sync tool put back an "
        "older copy?): it lacks 1 change this laptop made to it." in listed.stderr
    ), listed.stderr
    fixed = scorekeeper(ann, "doctor", "--fix")
    assert "it lacks 1 change this laptop made to it" in fixed.stdout
    with Store(ann, readonly=True) as store:
        assert store.saved(session_id)["rounds"] == [MADE_3], "the undo stands"
