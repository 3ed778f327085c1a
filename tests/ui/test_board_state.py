"""The served board's state: the corrections said with what they changed (kept for a page
that opens later, after a restart of the server too, cleared by the next round), and the
address's secret kept per store on this laptop."""

from __future__ import annotations

import json
import os
from pathlib import Path

from scorekeeper.session import Session
from scorekeeper.store import Store
from screens.board.follow import Follower
from screens.board.kept_notes import notes_file
from screens.board.secret import kept_secret, new_secret, secret_file
from screens.board.state import BoardState

MAX_OUT = {"out": "Max", "cards": {"Grandma": "K K 4 JK", "Zoe": "A 9"}}
ZOE_OUT = {"out": "Zoe", "cards": {"Grandma": "K", "Max": "A 9"}}


def board_now(board: BoardState) -> dict[str, object]:
    board.look()
    return dict(json.loads(board.encoded))


def test_an_edit_and_an_undo_are_both_said_until_the_next_round(store: Store) -> None:
    session_id = store.add(Session.new("seven-hand", ["Grandma", "Max", "Zoe"]))
    store.record(session_id, MAX_OUT)
    store.record(session_id, ZOE_OUT)
    board = BoardState(Follower(store.path))
    assert board_now(board)["notes"] == []

    store.edit(session_id, 0, {"out": "Max", "cards": {"Grandma": "K", "Zoe": "A 9"}})
    store.undo(session_id)
    shown = board_now(board)
    assert shown["notes"] == [
        "Hand 2 was undone (Grandma +10, Max +25)",
        "Hand 1: Grandma +45 → +10",
    ]
    assert shown["status"] == "Hand 2 · ● Max deals · Zoe plays first"

    store.undo(session_id)
    assert board_now(board)["notes"][-1] == "Hand 1 was undone (Grandma +10, Zoe +25)"
    store.record(session_id, MAX_OUT)
    assert board_now(board)["notes"] == [], "a round recorded: the corrections are past"


def served(store: Store) -> dict[str, object]:
    """What a server started now shows at its first look (and keeps, as it does)."""
    board = BoardState(Follower(store.path), keeps_notes=True)
    shown = board_now(board)
    board.keep()
    return shown


def test_the_corrections_outlast_a_restart_of_the_server(store: Store) -> None:
    session_id = store.add(Session.new("seven-hand", ["Grandma", "Max", "Zoe"]))
    store.record(session_id, MAX_OUT)
    store.record(session_id, ZOE_OUT)
    served(store)
    store.edit(session_id, 0, {"out": "Max", "cards": {"Grandma": "K", "Zoe": "A 9"}})
    served(store)
    store.undo(session_id)  # while the server is stopped
    said = ["Hand 1: Grandma +45 → +10", "Hand 2 was undone (Grandma +10, Max +25)"]
    assert served(store)["notes"] == said
    assert served(store)["notes"] == said, "said again after another restart"
    assert not str(notes_file(store.path)).startswith(str(store.path)), "not in the store"
    store.record(session_id, MAX_OUT)
    assert served(store)["notes"] == [], "a round recorded: the corrections are past"


def test_a_damaged_notes_file_is_left_and_the_board_starts_with_none(store: Store) -> None:
    session_id = store.add(Session.new("seven-hand", ["Grandma", "Max", "Zoe"]))
    store.record(session_id, MAX_OUT)
    file = notes_file(store.path)
    file.parent.mkdir(parents=True, exist_ok=True)
    for damaged in (b"{", b"[]", b'{"session_id": 1, "notes": [], "session": {}}', b"\xff"):
        file.write_bytes(damaged)
        shown = served(store)
        assert shown["notes"] == [] and str(shown["status"]).startswith("Hand 2"), damaged
    store.undo(session_id)
    assert served(store)["notes"] == ["Hand 1 was undone (Grandma +45, Zoe +25)"]


def test_names_are_sent_as_typed_for_the_page_to_set_as_text(store: Store) -> None:
    store.add(Session.new("seven-hand", ["<b>Al</b>", "Bo", "Cy"]))
    board = BoardState(Follower(store.path))
    players = board_now(board)["players"]
    assert isinstance(players, list)
    assert {player["name"] for player in players} == {"<b>Al</b>", "Bo", "Cy"}


def test_the_secret_stays_for_a_store_on_this_laptop_until_changed(tmp_path: Path) -> None:
    store = tmp_path / "db"
    first, unkept = kept_secret(store)
    assert unkept is None
    assert kept_secret(store) == (first, None)
    assert not str(secret_file(store)).startswith(str(store)), "never in the synced folder"
    assert os.stat(secret_file(store)).st_mode & 0o077 == 0, "readable by this user only"
    other, _ = kept_secret(tmp_path / "other")
    assert other != first
    changed, _ = new_secret(store)
    assert changed != first and kept_secret(store) == (changed, None)


def test_a_damaged_secret_file_is_left_and_said(tmp_path: Path) -> None:
    store = tmp_path / "db"
    file = secret_file(store)
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text("not a secret\n")
    made, unkept = kept_secret(store)
    assert unkept is not None and "does not hold a secret" in unkept
    assert file.read_text() == "not a secret\n"
    assert kept_secret(store)[0] != made, "a secret for that start only"
    file.unlink()
    file.mkdir()
    assert "is not a file" in str(kept_secret(store)[1])
