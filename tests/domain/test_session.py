"""The Session contract every game shares: setup checks, undo, edit, and the saved dict."""

from __future__ import annotations

import pytest

from scorekeeper import GAMES, RuleError, Session
from tests.factories import racehorse

FIVE = ["Ann", "Bob", "Cy", "Di", "Ed"]


def test_the_games_are_known_by_their_ids() -> None:
    assert set(GAMES) >= {"racehorse"}
    for game in GAMES.values():
        assert game.name and game.rules and game.min_players >= 2


def test_options_are_filled_with_defaults_and_checked() -> None:
    assert racehorse(players=FIVE).options == {"stake": 100}
    assert racehorse(players=FIVE, options={"stake": 25}).options["stake"] == 25
    with pytest.raises(RuleError, match="no such option") as caught:
        Session.new("racehorse", FIVE, options={"stakes": 25})
    assert caught.value.field == "options.stakes"
    for bad in ("25", 2.5, True, None, 0):
        with pytest.raises(RuleError) as caught:
            Session.new("racehorse", FIVE, options={"stake": bad})
        assert caught.value.field == "options.stake"


@pytest.mark.parametrize(
    ("players", "field"),
    [
        (["Ann", "Bob", "Cy", "Di"], "players"),
        ([*FIVE, "Flo", "Gus", "Hal", "Ivy"], "players"),
        (["Ann", "Bob", "Cy", "Di", " "], "players[5]"),
        (["Ann", "Bob", "Cy", "Di", "ann"], "players[5]"),
        (["Ann", "Bob", "Cy", "Di", " Ed"], "players[5]"),
        (["Ann", "Bob", "Cy", "Di", 5], "players[5]"),
        ("Ann Bob Cy Di Ed", "players"),
    ],
)
def test_bad_player_lists_are_refused(players: list[object], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        Session.new("racehorse", players)  # type: ignore[arg-type]
    assert caught.value.field == field


def test_unknown_game_and_dealer_are_refused() -> None:
    with pytest.raises(RuleError, match="unknown game"):
        Session.new("poker", FIVE)
    with pytest.raises(RuleError) as caught:
        Session.new("racehorse", FIVE, dealer="Zed")
    assert caught.value.field == "dealer"


def test_the_first_listed_player_deals_unless_told() -> None:
    assert racehorse(players=FIVE).dealer == "Ann"
    assert Session.new("racehorse", FIVE, dealer="Cy").dealer == "Cy"
    assert Session.new("racehorse", FIVE, dealer="Cy").first_player == "Di"


def test_nobody_goes_first_in_a_race_and_the_racehorse_bidder_bids() -> None:
    assert Session.new("horse-race", FIVE).first_player is None
    assert Session.new("calcutta", FIVE).first_player is None
    assert GAMES["racehorse"].first_to_act == "bids"
    assert GAMES["seven-hand"].first_to_act == "plays"


def test_undo_gives_back_the_round_and_the_deal() -> None:
    session = racehorse(players=FIVE)
    session.record({"pitcher": "Bob", "bid": 3, "made": True})
    assert session.dealer == "Bob"
    assert session.undo() == {"pitcher": "Bob", "bid": 3, "made": True}
    assert session.dealer == "Ann" and session.balances == dict.fromkeys(FIVE, 0)
    with pytest.raises(RuleError, match="no round to undo"):
        session.undo()


def test_editing_a_round_recomputes_everything_after_it() -> None:
    session = racehorse(players=FIVE)
    session.record({"pitcher": "Bob", "bid": 3, "made": True})
    session.record({"pitcher": "Di", "bid": 4, "made": False})
    session.edit(0, {"pitcher": "Bob", "bid": 2, "made": True})
    assert session.balances == {"Ann": 200, "Bob": 1200, "Cy": 200, "Di": -1800, "Ed": 200}
    assert session.dealer == "Cy"


def test_a_failed_edit_changes_nothing() -> None:
    session = racehorse(players=FIVE)
    session.record({"pitcher": "Bob", "bid": 3, "made": True})
    before = session.to_dict()
    with pytest.raises(RuleError) as caught:
        session.edit(0, {"pitcher": "Bob", "bid": 6, "made": True})
    assert caught.value.field == "bid"
    with pytest.raises(RuleError):
        session.edit(3, {"pitcher": "Bob", "bid": 2, "made": True})
    assert session.to_dict() == before


def test_rounds_are_copied_so_later_changes_to_the_dict_do_not_leak_in() -> None:
    session = racehorse(players=FIVE)
    round_ = {"pitcher": "Bob", "bid": 3, "points": ["high", "low", "jack"]}
    session.record(round_)
    round_["points"].clear()
    assert session.rounds[0]["points"] == ["high", "low", "jack"]


def test_a_round_that_is_not_json_is_refused() -> None:
    session = racehorse(players=FIVE)
    with pytest.raises(RuleError):
        session.record({"pitcher": "Bob", "bid": 3, "made": True, 4: "x"})  # type: ignore[dict-item]
    with pytest.raises(RuleError, match="mapping"):
        session.record(["Bob", 3])  # type: ignore[arg-type]
    assert session.rounds == []


def test_to_dict_round_trips_exactly() -> None:
    session = Session.new("racehorse", FIVE, dealer="Cy", options={"stake": 25})
    session.record({"pitcher": "Ed", "bid": 2, "made": True})
    session.record({"pitcher": "Ann", "bid": 5, "points": ["high", "low", "jack", "game"]})
    again = Session.from_dict(session.to_dict())
    assert again == session
    assert again.to_dict() == session.to_dict()
    assert again.dealer == "Ed"
