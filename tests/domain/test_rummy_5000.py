"""5000 Rummy at the table: card values by wild rank, hand scores, the end and its payout,
and the variations that change scoring (must go out, play to win, michigan, money cards,
partners). Doubling and limit poker are in test_rummy_5000_stakes.py."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import example, given

from scorekeeper import GAMES, RuleError, Session
from scorekeeper.games.rummy_5000.hands import card_value, cards_value, hand_scores
from scorekeeper.payouts import pay_the_difference
from tests.strategies import table_of
from tests.strategies.rummy_5000 import SIDES_TIED, THREE_TIED, tied_games

THREE = ["Ann", "Bob", "Cy"]
FOUR = ["Ann", "Bob", "Cy", "Di"]
RUMMY = GAMES["rummy-5000"]


def rummy(players: list[str] = THREE, **options: Any) -> Session:
    return Session.new("rummy-5000", players, options=options)


def hand(
    out: str | None, melded: dict[str, int], in_hand: dict[str, int] | None = None, **extra: Any
) -> dict[str, Any]:
    """A hand told as points; anyone not named in ``in_hand`` held nothing."""
    held = {name: (in_hand or {}).get(name, 0) for name in melded}
    return {"wild": "5", "out": out, "melded": melded, "in_hand": held, **extra}


def snapshot(session: Session) -> tuple[Any, ...]:
    return (session.to_dict(), session.state)


def refused(session: Session, round_: dict[str, Any], field: str) -> RuleError:
    """The round is refused naming ``field``, and the session is just as it was."""
    was = snapshot(session)
    with pytest.raises(RuleError) as caught:
        session.record(round_)
    assert caught.value.field == field
    assert snapshot(session) == was
    return caught.value


# Card values


@pytest.mark.parametrize(
    ("wild", "value"),
    [
        *((rank, 100) for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "J", "K")),
        ("10", 200),
        ("Q", 200),
        ("A", 400),
    ],
)
def test_a_wild_card_is_worth_its_wild_value_and_never_its_own(wild: str, value: int) -> None:
    assert card_value(wild, wild) == value


def test_natural_cards_count_aces_200_k_to_8_ten_and_7_to_2_five() -> None:
    natural = {"A": 200, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10}
    natural |= {"7": 5, "6": 5, "5": 5, "4": 5, "3": 5, "2": 5}
    for wild in ("2", "9", "K"):
        for rank, value in natural.items():
            if rank != wild:
                assert card_value(rank, wild) == value, (rank, wild)


def test_card_text_is_counted_with_the_hands_wild_rank() -> None:
    assert cards_value("10 10 K K K 5 6 7", "10") == 445
    assert cards_value("A A A", "10") == 600
    assert cards_value("10H q♣", "10") == 210
    assert cards_value("a, 2", "10") == 205
    assert cards_value("A A", "A") == 800
    assert cards_value("", "5") == 0


def test_a_joker_is_refused_in_card_text() -> None:
    with pytest.raises(RuleError, match="joker only stands in"):
        cards_value("5 JK", "5")


@pytest.mark.parametrize(("bonus", "ann"), [("out", 645), ("first_turn", 745), ("no_draw", 945)])
def test_going_out_bonuses(bonus: str, ann: int) -> None:
    round_ = hand("Ann", {"Ann": 445, "Bob": 600, "Cy": 0}, {"Bob": 210}, bonus=bonus)
    assert hand_scores(rummy().setup, round_) == {"Ann": ann, "Bob": 390, "Cy": 0}


# The worked example and the end


def test_ann_goes_out_with_tens_wild_645_bob_390_cy_minus_205() -> None:
    session = rummy()
    session.record(
        {
            "wild": "10",
            "out": "Ann",
            "cards": {
                "Ann": {"melded": "10 10 K K K 5 6 7", "hand": ""},
                "Bob": {"melded": "A A A", "hand": "10 Q"},
                "Cy": {"melded": "", "hand": "A 2"},
            },
        }
    )
    assert session.totals == {"Ann": 645, "Bob": 390, "Cy": -205}
    assert session.balances == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert session.dealer == "Bob"
    assert session.info["wild"] == "10"
    assert not session.finished


def test_the_same_hand_told_as_points_scores_the_same() -> None:
    session = rummy()
    round_ = hand("Ann", {"Ann": 445, "Bob": 600, "Cy": 0}, {"Bob": 210, "Cy": 205})
    session.record({**round_, "wild": "10", "bonus": "out"})
    assert session.totals == {"Ann": 645, "Bob": 390, "Cy": -205}


def test_targets_by_player_count() -> None:
    assert rummy(["Ann", "Bob"]).options["target"] == 5000
    assert rummy().options["target"] == 3000
    assert rummy(FOUR).options["target"] == 2000
    assert rummy([*FOUR, "Ed"]).options["target"] == 2000
    assert rummy(FOUR, partners=True).options["target"] == 2000
    assert rummy(target=1000).info["target"] == 1000


def reach_3120_2650_1800(session: Session) -> None:
    session.record(hand("Ann", {"Ann": 2300, "Bob": 2000, "Cy": 1500}))
    assert not session.finished
    session.record(hand("Ann", {"Ann": 420, "Bob": 700, "Cy": 300}, {"Bob": 50}))


def test_ann_3120_wins_bob_pays_470_and_cy_1320() -> None:
    session = rummy()
    reach_3120_2650_1800(session)
    assert session.totals == {"Ann": 3120, "Bob": 2650, "Cy": 1800}
    assert session.finished and session.winners == ("Ann",)
    assert session.balances == {"Ann": 1790, "Bob": -470, "Cy": -1320}
    assert sorted(session.settlement()) == [("Bob", "Ann", 470), ("Cy", "Ann", 1320)]
    refused(session, hand("Bob", {"Ann": 5, "Bob": 5, "Cy": 5}), "round")


def test_the_payout_is_the_difference_times_the_stake() -> None:
    session = rummy(stake=10)
    reach_3120_2650_1800(session)
    assert session.balances == {"Ann": 17900, "Bob": -4700, "Cy": -13200}


def test_the_rules_tie_cy_pays_1045_once_split_523_to_ann_and_522_to_bob() -> None:
    """docs/rules.md, 5000 Rummy: Ann 3050, Bob 3050, Cy 2005."""
    session = rummy()
    session.record(hand("Bob", {"Ann": 3050, "Bob": 2850, "Cy": 2005}))
    assert session.totals == {"Ann": 3050, "Bob": 3050, "Cy": 2005}
    assert session.winners == ("Ann", "Bob")
    assert session.balances == {"Ann": 523, "Bob": 522, "Cy": -1045}
    assert session.settlement() == [("Cy", "Ann", 523), ("Cy", "Bob", 522)]


def test_tied_winners_share_the_total_the_others_pay_not_each_payment() -> None:
    """docs/rules.md, At every table: two winners, two losers paying 1 each: 1 to each."""
    totals = {"Ann": 3050, "Bob": 3050, "Cy": 3049, "Di": 3049}
    assert pay_the_difference(FOUR, totals, ("Ann", "Bob"), 1) == {
        "Ann": 1,
        "Bob": 1,
        "Cy": -1,
        "Di": -1,
    }
    # 1045 + 1044 = 2089: one odd cent in all, to the first tied winner in seat order.
    totals = {"Ann": 2005, "Bob": 3050, "Cy": 2006, "Di": 3050}
    assert pay_the_difference(FOUR, totals, ("Bob", "Di"), 1) == {
        "Ann": -1045,
        "Bob": 1045,
        "Cy": -1044,
        "Di": 1044,
    }


def test_three_tied_winners_share_the_odd_cents_in_seat_order() -> None:
    totals = {"Ann": 3000, "Bob": 3000, "Cy": 2999, "Di": 3000, "Ed": 2999}
    money = pay_the_difference([*FOUR, "Ed"], totals, ("Ann", "Bob", "Di"), 1)
    assert money == {"Ann": 1, "Bob": 1, "Cy": -1, "Di": 0, "Ed": -1}


def test_nobody_wins_while_everyone_is_under_the_target() -> None:
    session = rummy()
    session.record(hand("Ann", {"Ann": 2795, "Bob": 2000, "Cy": 0}))
    assert session.totals["Ann"] == 2995 and not session.finished


def test_stock_run_out_nobody_out_no_bonus() -> None:
    session = rummy()
    session.record(hand(None, {"Ann": 100, "Bob": 30, "Cy": 0}, {"Ann": 10, "Cy": 200}))
    assert session.totals == {"Ann": 90, "Bob": 30, "Cy": -200}
    assert RUMMY.details(session.rounds[0]) == {"wild": "5", "out": "nobody"}
    round_ = hand(None, {"Ann": 100, "Bob": 30, "Cy": 0}, bonus="out")
    refused(session, round_, "bonus")


def test_first_turn_and_no_draw_bonuses_in_a_session() -> None:
    session = rummy()
    session.record(hand("Ann", {"Ann": 100, "Bob": 0, "Cy": 0}, bonus="first_turn"))
    session.record(hand("Bob", {"Ann": 0, "Bob": 100, "Cy": 0}, bonus="no_draw"))
    assert session.totals == {"Ann": 400, "Bob": 600, "Cy": 0}
    assert RUMMY.details(session.rounds[1])["bonus"] == "no_draw"


# Variations


def test_must_go_out_a_higher_player_not_out_does_not_win() -> None:
    session = rummy(must_go_out=True, stake=100)
    session.record(hand("Bob", {"Ann": 3500, "Bob": 2000, "Cy": 0}))
    assert session.totals["Ann"] == 3500 and not session.finished
    session.record(hand("Bob", {"Ann": 0, "Bob": 600, "Cy": 0}))
    assert session.totals == {"Ann": 3500, "Bob": 3000, "Cy": 0}
    assert session.winners == ("Bob",)
    assert session.info["game_points"] == {"Ann": 0, "Bob": 1, "Cy": 0}
    assert session.balances == {"Ann": -100, "Bob": 200, "Cy": -100}


def test_must_go_out_going_out_under_the_target_does_not_count() -> None:
    session = rummy(must_go_out=True)
    session.record(hand("Bob", {"Ann": 3500, "Bob": 100, "Cy": 0}))
    assert not session.finished


def test_play_to_win_the_winner_scores_one_game_and_each_other_player_pays_the_stake() -> None:
    session = rummy(play_to_win=True, stake=500)
    reach_3120_2650_1800(session)
    assert session.winners == ("Ann",)
    assert session.info["game_points"] == {"Ann": 1, "Bob": 0, "Cy": 0}
    assert session.balances == {"Ann": 1000, "Bob": -500, "Cy": -500}
    panel = dict(RUMMY.panel(session.setup, session.state))
    assert panel["Games won"] == "Ann 1, Bob 0, Cy 0"
    assert panel["Stake"] == "$5.00 from each non-winner for the game"


def test_play_to_win_a_four_player_tie_pays_each_winner_1_and_tallies_a_half() -> None:
    """docs/rules.md, 5000 Rummy, play to win: Ann and Bob tie; Cy and Di pay 1 each."""
    session = rummy(FOUR, play_to_win=True, stake=1)
    session.record(hand("Bob", {"Ann": 2050, "Bob": 1850, "Cy": 0, "Di": 5}))
    assert session.winners == ("Ann", "Bob")
    assert session.balances == {"Ann": 1, "Bob": 1, "Cy": -1, "Di": -1}
    half = Fraction(1, 2)
    assert session.info["game_points"] == {"Ann": half, "Bob": half, "Cy": 0, "Di": 0}
    panel = dict(RUMMY.panel(session.setup, session.state))
    assert panel["Games won"] == "Ann ½, Bob ½, Cy 0, Di 0"


def test_play_to_win_a_three_way_tie_tallies_a_third_each() -> None:
    session = rummy([*FOUR, "Ed"], play_to_win=True, stake=100)
    session.record(hand("Bob", {"Ann": 2050, "Bob": 1850, "Cy": 0, "Di": 2050, "Ed": 5}))
    assert session.winners == ("Ann", "Bob", "Di")
    third = Fraction(1, 3)
    assert session.info["game_points"] == dict(Ann=third, Bob=third, Cy=0, Di=third, Ed=0)
    assert session.balances == {"Ann": 67, "Bob": 67, "Cy": -100, "Di": 66, "Ed": -100}
    panel = dict(RUMMY.panel(session.setup, session.state))
    assert panel["Games won"] == "Ann ⅓, Bob ⅓, Cy 0, Di ⅓, Ed 0"


def test_play_to_win_a_three_player_tie_splits_the_stake() -> None:
    session = rummy(play_to_win=True, stake=25)
    session.record(hand("Bob", {"Ann": 3050, "Bob": 2850, "Cy": 0}))
    half = Fraction(1, 2)
    assert session.info["game_points"] == {"Ann": half, "Bob": half, "Cy": 0}
    assert session.balances == {"Ann": 13, "Bob": 12, "Cy": -25}


def test_the_help_says_how_game_points_are_tallied_and_paid() -> None:
    rules = " ".join(RUMMY.rules.split())
    assert "+1 to the winner, ½ each to two tied winners" in rules
    assert "each other player pays stake for the game" in rules
    assert "Tied winners share the total the others pay" in rules


def test_michigan_going_out_scores_the_others_hands_and_they_subtract_nothing() -> None:
    session = rummy(michigan=True)
    session.record(hand("Ann", {"Ann": 100, "Bob": 50, "Cy": 0}, {"Bob": 30, "Cy": 210}))
    assert session.totals == {"Ann": 100 + 200 + 240, "Bob": 50, "Cy": 0}


def test_michigan_with_nobody_out_cards_in_hand_count_against_as_usual() -> None:
    session = rummy(michigan=True)
    session.record(hand(None, {"Ann": 100, "Bob": 50, "Cy": 0}, {"Bob": 30, "Cy": 210}))
    assert session.totals == {"Ann": 100, "Bob": 20, "Cy": -210}


def test_michigan_false_claim_adds_50_to_each_other_player_and_the_deal_stays() -> None:
    session = rummy(michigan=True)
    session.record({"false_claim": "Bob"})
    assert session.totals == {"Ann": 50, "Bob": 0, "Cy": 50}
    assert session.dealer == "Ann"
    assert RUMMY.details(session.rounds[0]) == {"false claim": "Bob"}


def test_a_false_claim_is_no_hand_the_hand_number_dealer_and_wild_rank_stay() -> None:
    """docs/rules.md, 5000 Rummy, michigan: a false claim is not a hand."""
    session = rummy(michigan=True)
    session.record(hand("Ann", {"Ann": 100, "Bob": 50, "Cy": 0}, wild="K"))
    assert (session.rounds_played, session.dealer, session.info["wild"]) == (1, "Bob", "K")
    session.record({"false_claim": "Cy"})
    assert (session.rounds_played, session.dealer, session.info["wild"]) == (1, "Bob", "K")
    assert len(session.rounds) == 2
    assert session.describe(1) == "Cy: false claim, +50 to each other player"
    assert session.describe(0) == (
        "kings wild; Ann went out; Ann melded 100, Bob melded 50, Cy melded 0"
    )
    partners = rummy(FOUR, partners=True, michigan=True)
    partners.record({"false_claim": "Di"})
    assert partners.describe(0) == "Di: false claim, +50 to each player of the other side"


def test_michigan_with_nobody_out_scores_as_plain_5000() -> None:
    """docs/rules.md, 5000 Rummy, michigan: the stock ran out, so each player's melds less
    the cards in their own hand, as without michigan."""
    round_ = hand(None, {"Ann": 300, "Bob": 50, "Cy": 0}, {"Ann": 15, "Bob": 100, "Cy": 210})
    michigan, plain = rummy(michigan=True), rummy()
    michigan.record(round_)
    plain.record(round_)
    assert michigan.totals == plain.totals == {"Ann": 285, "Bob": -50, "Cy": -210}


def test_a_false_claim_is_refused_without_michigan_or_with_other_fields() -> None:
    refused(rummy(), {"false_claim": "Bob"}, "false_claim")
    refused(rummy(michigan=True), {"false_claim": "Bob", "wild": "5"}, "wild")
    refused(rummy(michigan=True), {"false_claim": "Zed"}, "false_claim")


def test_money_cards_pairs_add_100_and_a_caught_queen_of_hearts_costs_50() -> None:
    session = rummy(money_cards=True)
    round_ = hand(
        "Ann",
        {"Ann": 100, "Bob": 50, "Cy": 0},
        {"Cy": 10},
        money_pairs={"Bob": 1},
        queens_caught={"Cy": 1},
    )
    session.record(round_)
    assert session.totals == {"Ann": 300, "Bob": 150, "Cy": -60}


def test_two_money_pairs_are_200() -> None:
    session = rummy(money_cards=True)
    session.record(hand("Ann", {"Ann": 100, "Bob": 50, "Cy": 0}, money_pairs={"Ann": 2}))
    assert session.totals["Ann"] == 500


@pytest.mark.parametrize(
    ("extra", "wild", "out", "field"),
    [
        ({"money_pairs": {"Ann": 1}}, "Q", "Ann", "money_pairs"),
        ({"money_pairs": {"Ann": 1}}, "7", "Ann", "money_pairs"),
        ({"queens_caught": {"Bob": 1}}, "Q", "Ann", "queens_caught"),
        ({"queens_caught": {"Bob": 1}}, "5", None, "queens_caught"),
        ({"queens_caught": {"Ann": 1}}, "5", "Ann", "queens_caught.Ann"),
        ({"money_pairs": {"Ann": 2}, "queens_caught": {"Bob": 1}}, "5", "Ann", "money_pairs"),
        ({"money_pairs": {"Ann": -1}}, "5", "Ann", "money_pairs.Ann"),
        ({"money_pairs": {"Zed": 1}}, "5", "Ann", "money_pairs.Zed"),
    ],
)
def test_impossible_money_cards_are_refused(
    extra: dict[str, Any], wild: str, out: str | None, field: str
) -> None:
    session = rummy(money_cards=True)
    round_ = hand(out, {"Ann": 100, "Bob": 50, "Cy": 0}, **extra)
    refused(session, {**round_, "wild": wild}, field)


def typed_hand(out: str | None, wild: str = "5", **cards: tuple[str, str]) -> dict[str, Any]:
    """A hand told as card text: each player's (melded, held)."""
    typed = {name: {"melded": melded, "hand": held} for name, (melded, held) in cards.items()}
    return {"wild": wild, "out": out, "cards": typed}


def test_money_cards_are_counted_from_card_text() -> None:
    """docs/rules.md, 5000 Rummy, money cards: pairs melded and Q♥ held come from the cards."""
    session = rummy(money_cards=True)
    session.record(
        typed_hand(
            "Ann",
            Ann=("QH 7H 9 9 9", ""),  # 45 and a pair: +100, +200 for going out
            Bob=("7♥ 8", "K"),  # 15 - 10: a seven without a queen is no pair
            Cy=("A", "qh 2"),  # 200 - 15 and a Q♥ caught: -50
        )
    )
    assert session.totals == {"Ann": 345, "Bob": 5, "Cy": 135}
    session.record(typed_hand("Bob", Ann=("", ""), Bob=("Q♥ 7♥ QH 7h", ""), Cy=("", "")))
    assert session.totals["Bob"] == 5 + 30 + 200 + 200  # two pairs


def test_queens_are_natural_only_when_not_wild_and_caught_only_when_someone_went_out() -> None:
    session = rummy(money_cards=True)
    session.record(typed_hand("Ann", "Q", Ann=("QH 7H", ""), Bob=("", "QH"), Cy=("", "")))
    assert session.totals == {"Ann": 200 + 5 + 200, "Bob": -200, "Cy": 0}
    session.record(typed_hand(None, "7", Ann=("QH 7H 8", ""), Bob=("", "QH"), Cy=("", "")))
    assert session.totals == {"Ann": 405 + 120, "Bob": -210, "Cy": 0}


def test_a_count_typed_beside_the_cards_that_disagrees_is_refused_at_it() -> None:
    session = rummy(money_cards=True)
    round_ = typed_hand("Ann", Ann=("9 9 9", ""), Bob=("K", "QH"), Cy=("", ""))
    error = refused(session, {**round_, "money_pairs": {"Ann": 1}}, "money_pairs.Ann")
    assert error.message.startswith("Ann's melded cards show no natural Q♥ 7♥ pair")
    error = refused(session, {**round_, "queens_caught": {"Bob": 0}}, "queens_caught.Bob")
    assert error.message.startswith("Bob's cards in hand show 1 Q♥")
    session.record({**round_, "queens_caught": {"Bob": 1}, "money_pairs": {"Ann": 0}})
    assert session.totals == {"Ann": 230, "Bob": -50, "Cy": 0}


def test_money_cards_are_refused_when_the_option_is_off() -> None:
    round_ = hand("Ann", {"Ann": 100, "Bob": 50, "Cy": 0}, money_pairs={"Ann": 1})
    refused(rummy(), round_, "money_pairs")


def test_partners_score_as_one_side_and_are_paid_as_a_side() -> None:
    session = rummy(FOUR, partners=True, stake=2)
    assert session.info["partnerships"] == {"Ann & Cy": 0, "Bob & Di": 0}
    session.record(hand("Ann", {"Ann": 900, "Bob": 300, "Cy": 500, "Di": 100}, {"Bob": 100}))
    assert session.info["partnerships"] == {"Ann & Cy": 1600, "Bob & Di": 300}
    assert session.totals == {"Ann": 1600, "Bob": 300, "Cy": 1600, "Di": 300}
    session.record(hand("Cy", {"Ann": 200, "Bob": 100, "Cy": 100, "Di": 0}))
    assert session.info["partnerships"] == {"Ann & Cy": 2100, "Bob & Di": 400}
    assert session.finished and session.winners == ("Ann", "Cy")
    assert session.balances == {"Ann": 3400, "Bob": -3400, "Cy": 3400, "Di": -3400}


def test_partners_a_false_claim_adds_50_to_the_other_side() -> None:
    session = rummy(FOUR, partners=True, michigan=True)
    session.record({"false_claim": "Bob"})
    assert session.info["partnerships"] == {"Ann & Cy": 50, "Bob & Di": 0}


def test_partners_play_to_win_the_side_wins_one_game_and_each_loser_pays_the_stake() -> None:
    session = rummy(FOUR, partners=True, play_to_win=True, stake=100)
    session.record(hand("Bob", {"Ann": 0, "Bob": 1000, "Cy": 0, "Di": 800}))
    assert session.winners == ("Bob", "Di")
    assert session.info["game_points"] == {"Ann": 0, "Bob": 1, "Cy": 0, "Di": 1}
    assert session.balances == {"Ann": -100, "Bob": 100, "Cy": -100, "Di": 100}


def test_the_panel_shows_the_target_and_each_distance_to_it() -> None:
    session = rummy()
    session.record(hand("Ann", {"Ann": 800, "Bob": 3000, "Cy": 0}, {"Cy": 20}))
    assert session.finished
    panel = dict(RUMMY.panel(session.setup, session.state))
    assert panel["Target"] == "3000"
    assert panel["To target"] == "Ann 2000 to go, Bob reached, Cy 3020 to go"
    partners = rummy(FOUR, partners=True)
    assert dict(RUMMY.panel(partners.setup, partners.state))["Ann & Cy"] == "0 (2000 to go)"


# Refused setups and rounds


@pytest.mark.parametrize(
    ("players", "options", "field"),
    [
        (THREE, {"partners": True}, "options.partners"),
        ([*FOUR, "Ed"], {"partners": True}, "options.partners"),
        (THREE, {"target": 0}, "options.target"),
        (THREE, {"stake": -1}, "options.stake"),
        (THREE, {"michigan": "yes"}, "options.michigan"),
        (["Ann"], {}, "players"),
        ([*FOUR, "Ed", "Flo"], {}, "players"),
    ],
)
def test_bad_setups_are_refused(players: list[str], options: dict[str, Any], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        rummy(players, **options)
    assert caught.value.field == field


GOOD = hand("Ann", {"Ann": 100, "Bob": 50, "Cy": 0}, {"Bob": 10})


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"wild": "q"}, "wild"),
        ({"wild": "JK"}, "wild"),
        ({"wild": None}, "wild"),
        ({"out": "Zed"}, "out"),
        ({"out": "Bob"}, "in_hand.Bob"),
        ({"bonus": "rummy"}, "bonus"),
        ({"bonus": ["out"]}, "bonus"),
        ({"melded": {"Ann": "100", "Bob": 50, "Cy": 0}}, "melded.Ann"),
        ({"melded": {"Ann": 100.0, "Bob": 50, "Cy": 0}}, "melded.Ann"),
        ({"melded": {"Ann": True, "Bob": 50, "Cy": 0}}, "melded.Ann"),
        ({"melded": {"Ann": 100, "Bob": None, "Cy": 0}}, "melded.Bob"),
        ({"melded": {"Ann": 100, "Bob": -50, "Cy": 0}}, "melded.Bob"),
        ({"melded": {"Ann": 100, "Bob": 52, "Cy": 0}}, "melded.Bob"),
        ({"melded": {"Ann": 100, "Bob": 50}}, "melded.Cy"),
        ({"melded": {"Ann": 100, "Bob": 50, "Cy": 0, "Zed": 5}}, "melded.Zed"),
        ({"melded": {"Ann": 0, "Bob": 50, "Cy": 0}}, "melded.Ann"),
        ({"melded": [100, 50, 0]}, "melded"),
        ({"in_hand": {"Ann": 0, "Bob": 7, "Cy": 0}}, "in_hand.Bob"),
        ({"cards": {"Bob": {"melded": "K K K K K"}}}, "melded.Bob"),
        ({"cards": {"Bob": {"melds": "K K K K K"}}}, "cards.Bob.melds"),
        ({"bid": 5}, "bid"),
    ],
)
def test_bad_hands_are_refused_and_change_nothing(change: dict[str, Any], field: str) -> None:
    session = rummy()
    session.record(GOOD)
    refused(session, {**GOOD, **change}, field)


def test_a_hand_must_say_who_went_out() -> None:
    round_ = dict(GOOD)
    del round_["out"]
    refused(rummy(), round_, "out")
    del round_["in_hand"]
    refused(rummy(), {**round_, "out": None}, "in_hand")


def cards_hand(**texts: tuple[str, str]) -> dict[str, Any]:
    cards = {name: {"melded": melded, "hand": held} for name, (melded, held) in texts.items()}
    return {"wild": "5", "out": "Ann", "cards": cards}


@pytest.mark.parametrize(
    ("round_", "field"),
    [
        (cards_hand(Ann=("K K K", ""), Bob=("", "JK"), Cy=("", "")), "cards.Bob.hand"),
        (cards_hand(Ann=("K K K", ""), Bob=("", "ZZ"), Cy=("", "")), "cards.Bob.hand"),
        (cards_hand(Ann=("K K K", "2"), Bob=("", ""), Cy=("", "")), "cards.Ann.hand"),
        (cards_hand(Ann=("", ""), Bob=("K K K", ""), Cy=("", "")), "cards.Ann.melded"),
        (cards_hand(Ann=("K K K", ""), Bob=("", "")), "cards.Cy"),
        (cards_hand(Ann=("K K K K K", ""), Bob=("K K K", "K"), Cy=("", "")), "cards.Bob.hand"),
        (cards_hand(Ann=("KH KH 2", ""), Bob=("", "Kh"), Cy=("", "")), "cards.Bob.hand"),
        (cards_hand(Ann=("K K K", ""), Bob=("", 5), Cy=("", "")), "cards.Bob.hand"),
    ],
)
def test_impossible_cards_are_refused(round_: dict[str, Any], field: str) -> None:
    refused(rummy(), round_, field)


def test_a_cards_entry_takes_only_melded_and_hand() -> None:
    round_ = cards_hand(Ann=("K K K", ""), Bob=("", ""), Cy=("", ""))
    round_["cards"]["Cy"] = {"melds": "2 2 2"}
    refused(rummy(), round_, "cards.Cy.melds")
    round_["cards"]["Cy"] = "2 2 2"
    refused(rummy(), round_, "cards.Cy")


def test_points_and_cards_mix_player_by_player_but_one_part_is_given_once() -> None:
    """docs/rules.md, 5000 Rummy, example with wild 10s: Ann's melds as card text, her
    going out and Bob's hand as points, Cy's hand as cards and his melds as nothing."""
    session = rummy()
    round_ = {
        "wild": "10",
        "out": "Ann",
        "cards": {"Ann": {"melded": "10 10 K K K 5 6 7"}, "Cy": {"hand": "A 2"}},
        "melded": {"Bob": 600},
        "in_hand": {"Ann": 0, "Bob": 210},
    }
    session.record(round_)
    assert session.totals == {"Ann": 645, "Bob": 390, "Cy": -205}
    twice = {**round_, "melded": {"Ann": 445, "Bob": 600}}
    refused(rummy(), twice, "melded.Ann")
    nobody = {**round_, "in_hand": {"Ann": 0}}
    refused(rummy(), nobody, "in_hand.Bob")


@example(THREE_TIED)
@example(SIDES_TIED)
@given(tied_games())
def test_tied_winners_share_what_the_others_pay_and_tally_one_game(plan: dict[str, Any]) -> None:
    """docs/rules.md, At every table: splitting among tied winners; play to win: the tally
    counts one game, shared by tied winners. Every game drawn ends tied, at the target or
    stopped short of it."""
    session = table_of(plan)
    for round_ in plan["rounds"]:
        session.record(round_)
    options = session.options
    winners, money = session.winners, session.balances
    assert session.finished and len(winners) >= 2
    if not options["partners"]:
        shares = [money[name] for name in winners]
        paid = -sum(amount for name, amount in money.items() if name not in winners)
        assert sum(shares) == paid
        assert shares == sorted(shares, reverse=True) and shares[0] - shares[-1] <= 1
    if options["play_to_win"] or options["must_go_out"]:
        games = session.info["game_points"]
        sides = 2 if options["partners"] else 1
        assert sum(games.values()) == sides
        assert {games[name] for name in winners} == {Fraction(sides, len(winners))}
        assert all(games[name] == 0 for name in session.players if name not in winners)


def test_money_cards_are_counted_where_cards_were_typed_and_typed_where_points_were() -> None:
    """docs/rules.md, 5000 Rummy, money cards: Ann's melds typed as cards show a Q♥ 7♥
    pair; Bob's melds typed as points come with his pair typed beside them."""
    round_ = {
        "wild": "5",
        "out": "Ann",
        "cards": {"Ann": {"melded": "QH 7H K K K"}},
        "melded": {"Bob": 100, "Cy": 0},
        "in_hand": {"Ann": 0, "Bob": 0, "Cy": 10},
        "money_pairs": {"Bob": 1},
    }
    session = rummy(money_cards=True)
    session.record(round_)
    # Ann 45 melded + 200 out + 100 pair; Bob 100 + 100 pair; Cy -10.
    assert session.totals == {"Ann": 345, "Bob": 200, "Cy": -10}
    refused(
        rummy(money_cards=True), {**round_, "money_pairs": {"Ann": 0, "Bob": 1}}, "money_pairs.Ann"
    )
