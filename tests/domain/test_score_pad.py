"""The score pad at the table: any other game, scored round by round, with the money
following the totals (docs/rules.md, Score pad)."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper import GAMES, RuleError, Session
from scorekeeper.game import END_ROUND, label_in

GAME = GAMES["score-pad"]
HEARTS = [(20, 50, 30, 4), (25, 52, 30, 29)]


def _pad(players: str = "Ann Bob Cy Di", **options: Any) -> Session:
    return Session.new("score-pad", players.split(), options=options)


def _play(session: Session, *rounds: tuple[int, ...]) -> None:
    for scores in rounds:
        session.record({"scores": dict(zip(session.players, scores, strict=True))})


def _refused(session: Session, attempt: Any) -> RuleError:
    before = (session.to_dict(), session.state)
    with pytest.raises(RuleError) as caught:
        session.record(attempt)
    assert (session.to_dict(), session.state) == before
    return caught.value


def test_the_game_as_listed() -> None:
    assert GAME.name == "Score pad — any other game"
    assert (GAME.min_players, GAME.max_players) == (2, 12)
    assert GAME.options["stake"].cents


def test_hearts_to_100_every_pair_settles_the_difference() -> None:
    """docs/rules.md, Score pad: lowest wins, target 100, stake 5, Bob reaches 102."""
    hearts = _pad(wins="lowest", target=100, stake=5)
    _play(hearts, *HEARTS)
    assert hearts.totals == {"Ann": 45, "Bob": 102, "Cy": 60, "Di": 33}
    assert hearts.finished and hearts.winners == ("Di",)
    assert hearts.balances == {"Ann": 300, "Bob": -840, "Cy": 0, "Di": 540}


def test_hearts_to_100_everyone_pays_the_winner() -> None:
    hearts = _pad(wins="lowest", target=100, stake=5, pay="winner")
    _play(hearts, *HEARTS)
    assert hearts.balances == {"Ann": -60, "Bob": -345, "Cy": -135, "Di": 540}


def test_the_money_follows_the_totals_after_every_round() -> None:
    hearts = _pad(wins="lowest", target=100, stake=5)
    _play(hearts, HEARTS[0])
    # totals 20, 50, 30, 4 (sum 104): stake x (104 - 4 x total)
    assert not hearts.finished
    assert hearts.balances == {"Ann": 120, "Bob": -480, "Cy": -80, "Di": 440}
    assert hearts.figures().leaders == ("Di",)


def test_tied_winners_share_and_the_odd_unit_goes_to_the_first_seat() -> None:
    pad = _pad("Ann Bob Cy", stake=1, pay="winner", rounds=1)
    _play(pad, (10, 10, 3))
    assert pad.winners == ("Ann", "Bob")
    assert pad.balances == {"Ann": 4, "Bob": 3, "Cy": -7}


def test_a_set_number_of_rounds_ends_it() -> None:
    pad = _pad("Ann Bob", rounds=3, stake=10)
    _play(pad, (5, 1), (0, 2))
    assert not pad.finished
    _play(pad, (-3, 4))
    assert pad.finished and pad.winners == ("Bob",)
    assert pad.totals == {"Ann": 2, "Bob": 7}
    assert pad.balances == {"Ann": -50, "Bob": 50}
    assert "the game is over" in _refused(pad, {"scores": {"Ann": 1, "Bob": 1}}).message


def test_whichever_comes_first_the_target_or_the_rounds() -> None:
    pad = _pad("Ann Bob", rounds=5, target=10)
    _play(pad, (12, 0))
    assert pad.finished and pad.winners == ("Ann",)


def test_an_open_ended_evening_is_ended_by_the_table() -> None:
    pad = _pad("Ann Bob Cy", stake=25)
    for _ in range(30):
        _play(pad, (10, -5, 0))
    assert not pad.finished
    pad.record(END_ROUND)
    assert pad.finished and pad.winners == ("Ann",)
    assert pad.totals == {"Ann": 300, "Bob": -150, "Cy": 0}
    # sum 150: stake x (3 x total - 150)
    assert pad.balances == {"Ann": 18750, "Bob": -15000, "Cy": -3750}
    assert sum(pad.balances.values()) == 0
    assert "stopped early" in _refused(pad, {"scores": {"Ann": 1, "Bob": 1, "Cy": 1}}).message


def test_an_end_with_nothing_played_is_refused() -> None:
    assert _refused(_pad(), END_ROUND).field == "end"


def test_no_stake_is_points_only() -> None:
    pad = _pad("Ann Bob")
    _play(pad, (40, 10))
    assert pad.balances == {"Ann": 0, "Bob": 0}
    assert GAME.played_for(pad.setup) == "points"


def test_the_deal_passes_clockwise_or_stays() -> None:
    passing = _pad("Ann Bob Cy", rounds=2)
    _play(passing, (1, 2, 3))
    assert passing.dealer == "Bob" and passing.first_player == "Cy"
    _play(passing, (1, 2, 3))
    assert passing.finished and passing.dealer == "Bob"  # no deal after the end
    staying = _pad("Ann Bob Cy", rotate=False)
    _play(staying, (1, 2, 3), (1, 2, 3))
    assert staying.dealer == "Ann"


@pytest.mark.parametrize(
    ("scores", "field"),
    [
        ({"Ann": 1.5, "Bob": 2}, "scores.Ann"),
        ({"Ann": "20", "Bob": 2}, "scores.Ann"),
        ({"Ann": True, "Bob": 2}, "scores.Ann"),
        ({"Ann": 1_000_001, "Bob": 2}, "scores.Ann"),
        ({"Ann": 2, "Bob": -1_000_001}, "scores.Bob"),
        ({"Ann": 2}, "scores"),
        ({"Ann": 2, "Bob": 3, "Zed": 4}, "scores"),
        ([2, 3], "scores"),
    ],
)
def test_bad_scores_are_refused_at_scores(scores: Any, field: str) -> None:
    error = _refused(_pad("Ann Bob"), {"scores": scores})
    assert error.field == field and error.field.startswith("scores")


def test_a_million_either_way_is_still_a_score() -> None:
    pad = _pad("Ann Bob")
    _play(pad, (1_000_000, -1_000_000))
    assert pad.totals == {"Ann": 1_000_000, "Bob": -1_000_000}


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"wins": "most"}, "options.wins"),
        ({"pay": "loser"}, "options.pay"),
        ({"target": -1}, "options.target"),
        ({"rounds": 2.5}, "options.rounds"),
        ({"stake": "5"}, "options.stake"),
        ({"rotate": 1}, "options.rotate"),
        ({"house": "x" * 31}, "options.house"),
        ({"house": "Hearts\n"}, "options.house"),
        ({"colour": "red"}, "options.colour"),
    ],
)
def test_bad_options_are_refused_at_their_option(options: dict[str, Any], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        _pad(**options)
    assert caught.value.field == field


def test_too_few_or_too_many_players() -> None:
    with pytest.raises(RuleError):
        _pad("Ann")
    with pytest.raises(RuleError):
        _pad(" ".join(f"P{seat}" for seat in range(13)))


def test_a_round_in_words_and_its_facts() -> None:
    pad = _pad(house="Hearts at Grandma's", wins="lowest", target=100, stake=5)
    _play(pad, HEARTS[0])
    assert pad.describe(0) == "Ann +20, Bob +50, Cy +30, Di +4"
    assert pad.facts(0).players["Bob"] == {"scored": 50}
    assert label_in(GAME.option_words(pad.setup)) == "Hearts at Grandma's"
    assert label_in(GAME.option_words(_pad().setup)) == ""
    assert GAME.target(pad.setup, pad.state) == 100


def test_a_saved_pad_opens_again_the_same() -> None:
    pad = _pad(house="Gin", wins="lowest", stake=5)
    _play(pad, *HEARTS)
    again = Session.from_dict(pad.to_dict())
    assert again == pad and again.balances == pad.balances


def test_who_leads_where_the_lowest_wins_in_the_list_too() -> None:
    hearts = _pad(wins="lowest")
    _play(hearts, HEARTS[0])
    words = GAME.option_words(hearts.setup)
    assert GAME.leaders(hearts.totals, GAME.wins_lowest_said(words)) == ("Di",)
    assert GAME.leaders(hearts.totals, GAME.wins_lowest_said(["highest wins"])) == ("Bob",)
