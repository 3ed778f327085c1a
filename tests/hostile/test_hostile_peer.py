"""Another laptop's log of a session may come from a hostile peer: a round that does not
replay or that the rules refuse, events forged with this laptop's id, a laptop name made
of escapes and markup. Nothing from it is shown that the fold does not vouch for, nothing
of this laptop's is lost, doctor names it in one line per kind and ``--fix`` never moves
it, and its name is drawn as text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.store import Store, machine
from scorekeeper.wording import visible
from screens.app import ScorekeeperApp
from screens.conflict import ConflictScreen
from screens.home import HomeScreen
from tests.factories import MADE_3, MADE_4, UPPED_2, file_of, racehorse
from tests.hostile.stores import Record, events_in
from tests.hostile.test_hostile_text_app import assert_drawn_safely
from tests.ui.play import settled

PEER = "aaaaaaaaaa"


def with_a_peer(path: Path, made: list[Record], name: str = "Den") -> tuple[str, Path]:
    """A session of one round (``MADE_3``) recorded here, and the peer's log of it: the
    peer's name, then ``made``. Returns the session and the peer's log."""
    with Store(path) as store:
        session_id = store.add(racehorse(MADE_3))
    named = {"id": f"{PEER}:1", "after": [], "at": 1, "kind": "laptop", "body": {"key": PEER}}
    named["body"]["value"] = name
    peer = path / "logs" / f"{session_id}.{PEER}.json"
    table = {str(number): event for number, event in enumerate([named, *made], start=1)}
    peer.write_text(json.dumps({"events": table}))
    return session_id, peer


def on_top(path: Path, session_id: str, made: str, body: Any, *, of: int = -1) -> Record:
    """A round event ``made`` typed on top of this laptop's ``of``-th event of the session."""
    mine = events_in(file_of(path, session_id))
    return {
        "id": made,
        "after": [mine[of]["id"]],
        "at": mine[-1]["at"] + 1,
        "kind": "round",
        "body": body,
    }


def doctor(path: Path, capsys: pytest.CaptureFixture[str], *fix: str) -> tuple[int, list[str]]:
    status = main(["doctor", "--db", str(path), *fix])
    return status, capsys.readouterr().out.splitlines()


BAD_ROUNDS = {
    "a round the rules refuse": (
        {"round": {**UPPED_2, "pitcher": "Zed"}},
        "holds 1 event that holds a round the game's rules refuse",
    ),
    "a round that is a number": ({"round": 7}, "holds 1 event that does not replay"),
}


@pytest.mark.parametrize("bad", BAD_ROUNDS)
def test_a_peers_round_that_does_not_replay_hides_nothing_and_doctor_names_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: str
) -> None:
    path = tmp_path / "db"
    body, words = BAD_ROUNDS[bad]
    session_id, peer = with_a_peer(tmp_path / "db", [])
    made = on_top(path, session_id, f"{PEER}:2", body)
    with_a_peer_log = {"events": {**json.loads(peer.read_text())["events"], "2": made}}
    peer.write_text(json.dumps(with_a_peer_log))
    held = peer.read_bytes()

    assert main(["list", "--db", str(path)]) == 0
    out, err = capsys.readouterr()
    assert session_id in out and err == ""
    with Store(path) as store:
        assert store.load(session_id).rounds == [MADE_3], "this laptop's round, not the peer's"
        assert store.saved(session_id)["rounds"] == [MADE_3], "what reports read, the same"
        assert store.record(session_id, UPPED_2).rounds == [MADE_3, UPPED_2]
    status, lines = doctor(path, capsys)
    assert status == 0, "nothing for --fix to do"
    assert lines == [f"{peer} {words}, left out of its session, which is made of the rest."]
    assert doctor(path, capsys, "--fix")[0] == 0
    assert peer.read_bytes() == held, "another laptop's log is never moved nor rewritten"
    with Store(path, readonly=True) as reader:
        assert reader.load(session_id).rounds == [MADE_3, UPPED_2]


@pytest.mark.parametrize("bad", BAD_ROUNDS)
def test_a_peers_refused_round_dated_2100_never_moves_its_session_up_the_list(
    tmp_path: Path, bad: str
) -> None:
    path = tmp_path / "db"
    session_id, peer = with_a_peer(path, [])
    made = {**on_top(path, session_id, f"{PEER}:2", BAD_ROUNDS[bad][0]), "at": 4102444800000}
    with_a_peer_log = {"events": {**json.loads(peer.read_text())["events"], "2": made}}
    peer.write_text(json.dumps(with_a_peer_log))
    with Store(path) as store:
        newer = store.add(racehorse(MADE_4))

    def listed() -> list[str]:
        with Store(path, readonly=True) as reader:
            found = reader.summaries()
        assert all(one.updated.year < 2100 for one in found), "the peer's time never shown"
        return [one.id for one in found]

    assert listed() == [newer, session_id]
    with Store(path) as store:
        store.record(session_id, UPPED_2)
    assert listed() == [session_id, newer], "its row as the round left it"


def test_events_a_peer_forges_in_this_laptops_name_are_never_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "db"
    with Store(path) as store:
        session_id = store.add(racehorse(MADE_3))
    mine = machine.laptop(path).id
    forged = [
        on_top(path, session_id, f"{mine}:9", {"round": MADE_4}),
        on_top(path, session_id, "m:" + "0" * 64, {"round": UPPED_2}),
    ]
    session_id, peer = with_a_peer(path, forged)
    held = peer.read_bytes()
    with Store(path) as store:
        assert store.load(session_id).rounds == [MADE_3]
        assert store.record(session_id, UPPED_2).rounds == [MADE_3, UPPED_2]
    status, lines = doctor(path, capsys)
    assert status == 0
    (said,) = lines
    assert said.startswith(f"{peer} holds 1 event forged (its id names another laptop")
    assert "1 event forged (moved over, but not what its id says)" in said
    assert "it is another laptop's log" in said
    assert doctor(path, capsys, "--fix")[0] == 0
    assert peer.read_bytes() == held


NAME = "Den\x1b]0;pwned\x07[bold]x[/]\u202e"
"""A laptop name that would retitle the terminal, read as markup, and turn text around."""


def test_a_peers_laptop_name_is_drawn_as_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "db"
    session_id, peer = with_a_peer(path, [], NAME)
    apart = on_top(path, session_id, f"{PEER}:2", {"round": MADE_4}, of=-2)
    with_a_round = {"events": {**json.loads(peer.read_text())["events"], "2": apart}}
    peer.write_text(json.dumps(with_a_round))
    assert main(["conflicts", "--db", str(path)]) == 1, "a version waits for the table"
    out = capsys.readouterr().out
    assert visible(NAME) in out
    assert "\x1b" not in out and "\u202e" not in out


def test_a_peers_bad_round_is_never_offered_to_the_table_as_a_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The peer went on apart (a version waiting, fair), and also typed a round the rules
    refuse on top of this laptop's: the table chooses between the two real versions."""
    path = tmp_path / "db"
    session_id, peer = with_a_peer(path, [])
    apart = on_top(path, session_id, f"{PEER}:2", {"round": MADE_4}, of=-2)
    bad = on_top(path, session_id, f"{PEER}:3", {"round": {**UPPED_2, "pitcher": "Zed"}})
    events = {**json.loads(peer.read_text())["events"], "2": apart, "3": bad}
    peer.write_text(json.dumps({"events": events}))
    with Store(path, readonly=True) as store:
        (conflict,) = store.conflicts()
        assert sorted(len(version.rounds) for version in conflict.merged.versions) == [1, 1]
    assert main(["conflicts", "--db", str(path)]) == 1
    out = capsys.readouterr().out
    assert "Zed" not in out and "do not replay" not in out


async def test_the_decision_dialog_draws_a_peers_laptop_name_as_text(tmp_path: Path) -> None:
    path = tmp_path / "db"
    session_id, peer = with_a_peer(path, [], NAME)
    apart = on_top(path, session_id, f"{PEER}:2", {"round": MADE_4}, of=-2)
    peer.write_text(json.dumps({"events": {**json.loads(peer.read_text())["events"], "2": apart}}))
    with Store(path) as store:
        app = ScorekeeperApp(store)
        async with app.run_test(size=(100, 30)) as pilot:
            await settled(pilot)
            assert isinstance(app.screen, HomeScreen)
            app.screen.follow()  # its one-second look at the store, at once
            await settled(pilot)
            await pilot.press("ctrl+k")
            await settled(pilot)
            assert isinstance(app.screen, ConflictScreen)
            text = assert_drawn_safely(pilot)
            assert "Den␛]0;pwned␇[bold]x[/]" in text.replace("\n", "")


@pytest.mark.usefixtures("settled_at_once")
def test_a_peers_damaged_log_is_named_by_every_look_not_only_the_first(tmp_path: Path) -> None:
    """The session is made of this laptop's log; the peer's, which no longer reads, is
    named by the list that found it and by every later one, which reads it no more."""
    session_id, peer = with_a_peer(tmp_path, [])
    peer.write_bytes(b"{not json")
    for readonly in (False, True, True):  # the app's look keeps the list, as it closes
        with Store(tmp_path, readonly=readonly) as store:
            assert [summary.id for summary in store.summaries()] == [session_id]
            assert store.damaged() == [peer]
            assert [damaged.path for damaged in store.damage()] == [peer]
