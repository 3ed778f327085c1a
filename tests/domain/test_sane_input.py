"""Sane amounts and names, in the engine: docs/rules.md, Conventions.

One amount typed or derived for one player in one round is at most 1,000,000; a name is
1-30 characters of printable text. Both are refused at their field and change nothing;
a store written before these rules still opens.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import RuleError, Session
from scorekeeper.store import Store
from tests.factories import file_of, older_document

TABLE = ["Ann", "Bob", "Cy", "Di", "Ed"]
COURSE = {"S": 1, "H": 0, "D": 4, "C": 2}


def bet(player: str, horse: str, amount: Any) -> dict[str, Any]:
    return {"player": player, "horse": horse, "amount": amount}


def race(*bets: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"course": COURSE, "bets": list(bets), "winner": "D", **more}


@pytest.mark.parametrize(
    ("game", "options", "round_", "field"),
    [
        ("horse-race", {}, race(bet("Bob", "D", 1_000_001)), "bets[0].amount"),
        ("horse-race", {}, race(bet("Bob", "D", 10**5000)), "bets[0].amount"),
        ("horse-race", {}, race(odds={"D": [10**7, 1]}), "odds.D[0]"),
        ("racehorse", {}, {"pitcher": "Bob", "bid": 10**5000, "made": True}, "bid"),
        ("hot-rum", {}, {"out": "Ann", "deadwood": {n: 10**6 + 1 for n in TABLE[1:4]}}, ""),
        ("hot-rum", {}, {"out": "Ann", "cards": {n: "A " * 100_000 for n in TABLE[1:4]}}, ""),
        ("seven-hand", {}, {"out": "Ann", "points": {n: 2_000_000 for n in TABLE[1:]}}, ""),
        (
            "calcutta",
            {},
            {
                "course": {"S": 3, "H": 2, "D": 1, "C": 1},
                "sales": {"S": {"owner": "Bob", "price": 10**9}, "H": None, "D": None, "C": None},
                "first": "S",
                "second": "H",
            },
            "sales.S.price",
        ),
        ("horse-race", {}, race(winner=10**5000), "winner"),
    ],
)
def test_an_amount_past_a_million_is_refused_at_its_field(
    game: str, options: dict[str, Any], round_: dict[str, Any], field: str
) -> None:
    players = TABLE[:4] if game == "hot-rum" else TABLE
    session = Session.new(game, players, options=options)
    with pytest.raises(RuleError, match="more than 1,000,000") as error:
        session.record(round_)
    assert error.value.field.startswith(field)
    assert session.rounds == []


def test_a_huge_number_never_reaches_the_store(tmp_path: Path) -> None:
    """A 5,001-digit bet would not even save as JSON: it is refused before the store."""
    with Store(tmp_path) as store:
        session_id = store.add(Session.new("horse-race", TABLE))
        before = file_of(tmp_path, session_id).read_bytes()
        with pytest.raises(RuleError, match="5,001-digit number") as error:
            store.record(session_id, race(bet("Bob", "D", 10**5000)))
        assert error.value.field == "bets[0].amount"
        assert file_of(tmp_path, session_id).read_bytes() == before
        assert store.load(session_id).rounds == []


def test_a_million_itself_is_a_fair_bet() -> None:
    session = Session.new("horse-race", TABLE)
    session.record(race(bet("Bob", "D", 1_000_000)))
    assert session.balances["Bob"] == 10_000_000, "what a bet wins may be more"


@pytest.mark.parametrize(
    ("game", "options", "field"),
    [
        ("hot-rum", {"stake": 1_000_001}, "options.stake"),
        ("calcutta", {"chips": 10**12}, "options.chips"),
        ("horse-race", {"limit": 5_000_000}, "options.limit"),
        ("rummy-5000", {"target": 10**5000}, "options.target"),
    ],
)
def test_an_option_past_a_million_is_refused_at_the_option(
    game: str, options: dict[str, Any], field: str
) -> None:
    with pytest.raises(RuleError, match="1,000,000") as error:
        Session.new(game, TABLE[:4], options=options)
    assert error.value.field == field


def test_a_cube_doubled_past_a_million_is_refused_at_the_doubles() -> None:
    session = Session.new("rummy-5000", ["Ann", "Bob"], options={"doubling": True})
    hand = {
        "wild": "5",
        "out": "Ann",
        "melded": {"Ann": 100, "Bob": 0},
        "in_hand": {"Ann": 0, "Bob": 0},
        "doubles": ["Ann", "Bob"] * 10,
        "stake": 2,
    }
    with pytest.raises(RuleError, match="cube at 1,048,576") as error:
        session.record(hand)
    assert error.value.field == "doubles"


def test_bets_on_one_horse_are_held_to_the_limit_together() -> None:
    """docs/rules.md, Basic Horse Race: two bets of 5 on H with a limit of 5 are refused."""
    session = Session.new("horse-race", TABLE, options={"limit": 5})
    with pytest.raises(RuleError, match="10 on H in all is over the limit of 5") as error:
        session.record(race(bet("Bob", "H", 5), bet("Cy", "H", 5), bet("Bob", "H", 5)))
    assert error.value.field == "bets[2].amount"
    assert session.rounds == []
    session.record(race(bet("Bob", "H", 3), bet("Bob", "D", 5), bet("Bob", "H", 2)))
    assert session.balances["Bob"] == -5 + 50


# --- names ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("Bob\x1b[31m", "escape character (U+001B)"),
        ("Bob\x9b", "control character (U+009B)"),
        ("Bob\x07", "control character (U+0007)"),
        ("Bob\tSmith", "a tab"),
        ("Bob\nSmith", "line break (U+000A)"),
        ("Bob\u2028Smith", "line break (U+2028)"),
        ("\u202eboB", "bidi control (U+202E)"),
        ("Bob\u2066", "bidi control (U+2066)"),
        ("B\u200bob", "zero-width character (U+200B)"),
        ("Bob\ufeff", "zero-width character (U+FEFF)"),
        ("Bob\u2060", "zero-width character (U+2060)"),
        ("B" * 31, "31 characters long: keep it to 30"),
        ("Bob ", "spaces at its start or end"),
        ("", "needs a name"),
    ],
)
def test_a_name_that_does_not_print_as_it_reads_is_refused_at_its_seat(
    name: str, words: str
) -> None:
    with pytest.raises(RuleError, match=re.escape(words)) as error:
        Session.new("hot-rum", ["Ann", name])
    assert error.value.field == "players[2]"


def test_names_in_any_script_of_up_to_30_characters_are_welcome() -> None:
    names = ["Zoë Müller", "中文", "José-María O'Neil", "A" * 30, "Ørjan 🂡"]
    assert Session.new("hot-rum", names[:6]).players == tuple(names)


def test_a_store_written_before_the_rules_still_opens(tmp_path: Path) -> None:
    """A name with a line break and a bet of two million, saved before either was refused
    (a store of the older layout, as that scorekeeper saved it): the session moves over,
    opens, replays and takes new rounds; only new tables follow the rules."""
    saved = Session.new("horse-race", ["Ann", "Bob", "Cy"]).to_dict()
    saved["players"][1] = "Bob\nSmith"
    saved["options"]["limit"] = 5_000_000
    saved["rounds"] = [race(bet("Bob\nSmith", "D", 2_000_000))]
    before = Session.from_dict(saved)
    when = "2024-05-03T20:00:00+02:00"
    document = older_document(before, 1, when)
    session_id = "5e55104d"
    (tmp_path / "sessions").mkdir()
    file = tmp_path / "sessions" / f"{session_id}.json"
    file.write_text(json.dumps({"session": {"1": document}}), encoding="utf-8")
    with Store(tmp_path) as store:
        session = store.load(session_id)
        assert session.players == ("Ann", "Bob\nSmith", "Cy")
        assert session.balances["Bob\nSmith"] == 20_000_000
        store.record(session_id, race(bet("Cy", "D", 1)))
        with pytest.raises(RuleError, match="more than 1,000,000"):
            store.record(session_id, race(bet("Cy", "D", 2_000_000)))
    with Store(tmp_path) as store:
        assert len(store.load(session_id).rounds) == 2
