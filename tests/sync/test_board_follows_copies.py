"""The board on one laptop follows a game recorded on the other, whose rounds reach it as
that laptop's log of the session: a round arriving is seen whatever the copying tool did
to the times (``rsync -a`` sets the folder's back; a cloud drive rewrites a file in
place, the folder untouched), and a damaged log does not hide the newest game."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from scorekeeper.store import Store, machine
from screens.board.follow import Follower, Following
from tests.factories import MADE_3, MADE_4, UPPED_2, racehorse
from tests.needs import needs
from tests.sync.test_laptop_copies import RSYNC, laptop, rsync

pytestmark = needs("rsync", RSYNC is not None)


def rounds_shown(follower: Follower) -> int | None:
    """How many rounds a poll shows; None when it read nothing (nothing seemed changed)."""
    view = follower.poll()
    if view is None:
        return None
    assert isinstance(view, Following), view
    return len(view.session.rounds)


@pytest.fixture
def followed(tmp_path: Path) -> tuple[Path, Path, str, Follower]:
    """Ann's laptop has a game one deal in, copied to Bob's, whose board follows it."""
    ann, bob = laptop(tmp_path / "ann", "Ann's laptop"), laptop(tmp_path / "bob", "Bob's laptop")
    with Store(ann) as store:
        session_id = store.add(racehorse(MADE_3))
    rsync(ann, bob)
    board = Follower(bob, session_id)
    assert rounds_shown(board) == 1
    return ann, bob, session_id, board


def test_the_board_follows_rounds_arriving_in_another_laptop_s_copy(
    followed: tuple[Path, Path, str, Follower],
) -> None:
    ann, bob, session_id, board = followed
    assert rounds_shown(board) is None, "nothing changed: nothing read"

    with Store(ann) as store:
        store.record(session_id, UPPED_2)
    rsync(ann, bob)  # the file replaced, its time and the folder's set to Ann's
    assert rounds_shown(board) == 2

    with Store(bob) as store:  # Bob's laptop records: its own copy appears beside Ann's
        store.record(session_id, MADE_4)
    assert rounds_shown(board) == 3


def test_a_copy_rewritten_in_place_with_its_folder_untouched_is_seen(
    followed: tuple[Path, Path, str, Follower],
) -> None:
    ann, bob, session_id, board = followed
    with Store(ann) as store:
        store.record(session_id, UPPED_2)
    name = f"{session_id}.{machine.laptop(ann).id}.json"
    folder = bob / "logs"
    before = os.stat(folder)
    with open(folder / name, "r+b") as file:  # as a cloud drive's client writes it
        file.write((ann / "logs" / name).read_bytes())
        file.truncate()
    shutil.copystat(ann / "logs" / name, folder / name)
    os.utime(folder, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert rounds_shown(board) == 2


def test_the_newest_game_shows_beside_an_older_damaged_copy(tmp_path: Path) -> None:
    ann = laptop(tmp_path / "ann", "Ann's laptop")
    with Store(ann) as store:
        older = store.add(racehorse(MADE_3))
        newest = store.add(racehorse(MADE_3, UPPED_2))
    damaged = ann / "logs" / f"{older}.{machine.laptop(ann).id}.json"
    damaged.write_bytes(b"{")
    os.utime(damaged, ns=(1, 1))
    view = Follower(ann).poll()
    assert isinstance(view, Following) and view.session_id == newest
