"""Calcutta as the table plays it: the auction, the pool split, the carried pool and stacks."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper import GAMES, RuleError, Session
from scorekeeper.games.calcutta import Sale, auction_order, race_payouts, split_pool

FOUR = ["Ann", "Bob", "Cy", "Di"]
PARKS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


def sold(owner: Any, price: Any) -> dict[str, Any]:
    return {"owner": owner, "price": price}


def rules_race(**changes: Any) -> dict[str, Any]:
    """docs/rules.md, Calcutta Horse Race, example: S -> Bob 4, H -> Cy 9, D -> Ann 15,
    C -> Bob 14; C first, D second."""
    round_: dict[str, Any] = {
        "course": {"S": 3, "H": 2, "D": 1, "C": 1},
        "sales": {
            "S": sold("Bob", 4),
            "H": sold("Cy", 9),
            "D": sold("Ann", 15),
            "C": sold("Bob", 14),
        },
        "first": "C",
        "second": "D",
    }
    round_.update(changes)
    return round_


def parks_race_1() -> dict[str, Any]:
    return {
        "course": {"S": 2, "H": 2, "D": 2, "C": 1},
        "sales": {
            "S": sold("Cy", 12),
            "H": sold("Flo", 20),
            "D": sold("Bob", 7),
            "C": sold("Ann", 31),
        },
        "first": "H",
        "second": "C",
    }


def parks_race_2(s_price: int = 14) -> dict[str, Any]:
    return {
        "course": {"S": 1, "H": 3, "D": 1, "C": 2},
        "sales": {"S": sold("Bob", s_price), "H": sold("Di", 5), "D": None, "C": sold("Ed", 9)},
        "first": "D",
        "second": "S",
    }


def stacks(session: Session) -> list[int]:
    return [session.info["stacks"][name] for name in session.players]


def ann_deals(players: list[str] = FOUR, **options: Any) -> Session:
    return Session.new("calcutta", players, options=options or None)


def test_the_game_is_counted_in_chips_and_listed_second() -> None:
    game = GAMES["calcutta"]
    assert (game.unit, game.menu_order, game.min_players, game.max_players) == (
        "chips",
        2,
        3,
        None,
    )
    session = ann_deals()
    assert session.options == {"chips": 150, "dealer_bids": True}
    assert stacks(session) == [150, 150, 150, 150] and session.pot == 0


@pytest.mark.parametrize(
    ("course", "order"),
    [
        ({"S": 3, "H": 2, "D": 1, "C": 1}, ["S", "H", "D", "C"]),
        ({"S": 1, "H": 3, "D": 1, "C": 2}, ["H", "C", "S", "D"]),
        ({"S": 2, "H": 2, "D": 2, "C": 1}, ["S", "H", "D", "C"]),
        ({"S": 0, "H": 1, "D": 2, "C": 4}, ["C", "D", "H", "S"]),
    ],
)
def test_the_auction_runs_long_shots_first_ties_in_suit_order(
    course: dict[str, int], order: list[str]
) -> None:
    assert auction_order(course) == order


@pytest.mark.parametrize(
    ("pool", "shares"),
    [(10, (7, 3)), (11, (7, 4)), (101, (67, 34)), (1, (1, 0)), (2, (1, 1)), (0, (0, 0))],
)
def test_the_pool_splits_two_thirds_one_third_with_the_remainder_rule(
    pool: int, shares: tuple[int, int]
) -> None:
    assert split_pool(pool) == shares
    assert sum(shares) == pool


def test_the_rules_example_bob_collects_first_and_deals_next() -> None:
    session = ann_deals()
    session.record(rules_race())
    assert session.balances == {"Ann": -1, "Bob": 10, "Cy": -9, "Di": 0}
    assert session.totals == session.balances
    assert stacks(session) == [149, 160, 141, 150]
    assert session.pot == 0
    assert session.dealer == "Bob"
    assert not session.finished and session.winners == ()


def test_friday_at_the_parks_races_one_and_two() -> None:
    session = ann_deals(PARKS)
    session.record(parks_race_1())
    assert session.balances == {"Ann": -8, "Bob": -7, "Cy": -12, "Di": 0, "Ed": 0, "Flo": 27}
    assert session.dealer == "Bob"
    assert auction_order(parks_race_2()["course"]) == ["H", "C", "S", "D"]
    session.record(parks_race_2())
    assert session.balances == {"Ann": -8, "Bob": -12, "Cy": -12, "Di": -5, "Ed": -9, "Flo": 27}
    assert session.pot == 19
    assert stacks(session) == [142, 138, 138, 145, 141, 177]
    assert session.dealer == "Cy"
    assert sum(session.balances.values()) + session.pot == 0


def test_fixing_race_twos_mistyped_price_brings_every_figure_back() -> None:
    session = ann_deals(PARKS)
    session.record(parks_race_1())
    session.record(parks_race_2(s_price=41))
    assert session.pot == 37
    assert session.balances["Bob"] == -30
    session.edit(1, parks_race_2(s_price=14))
    assert session.balances == {"Ann": -8, "Bob": -12, "Cy": -12, "Di": -5, "Ed": -9, "Flo": 27}
    assert session.pot == 19
    assert stacks(session) == [142, 138, 138, 145, 141, 177]
    assert session.dealer == "Cy"
    assert session.rounds[1] == parks_race_2()


def test_the_carried_pool_joins_the_next_races_pool() -> None:
    session = ann_deals(PARKS)
    session.record(parks_race_1())
    session.record(parks_race_2())
    race_3 = {
        "course": {"S": 1, "H": 1, "D": 3, "C": 2},
        "sales": {"S": sold("Ann", 5), "H": sold("Di", 2), "D": sold("Cy", 10), "C": None},
        "first": "S",
        "second": "D",
    }
    session.record(race_3)
    # Pool 19 carried + 17 sold = 36 -> 24 / 12.
    assert session.balances["Ann"] == -8 - 5 + 24
    assert session.balances["Cy"] == -12 - 10 + 12
    assert session.pot == 0
    assert sum(session.balances.values()) == 0


def test_an_unsold_horse_placing_second_leaves_its_share_in_the_pool() -> None:
    session = ann_deals()
    session.record(rules_race(sales={**rules_race()["sales"], "D": None}))
    # Pool 27 -> 18 / 9: Bob takes 18 for C, D's 9 stays in the pool.
    assert session.balances == {"Ann": 0, "Bob": 0, "Cy": -9, "Di": 0}
    assert session.pot == 9
    assert ("Cy", "(pool)", 9) in session.settlement()


def test_a_race_with_nothing_sold_carries_the_whole_pool() -> None:
    session = ann_deals()
    session.record(rules_race(sales=dict.fromkeys("SHDC")))
    assert session.pot == 0
    session.record(rules_race(sales={**dict.fromkeys("SHDC"), "C": sold("Di", 10)}, first="S"))
    assert session.pot == 10 and session.balances["Di"] == -10
    session.record(rules_race(sales=dict.fromkeys("SHDC")))
    assert session.pot == 10


def test_one_owner_may_collect_both_shares() -> None:
    session = ann_deals()
    session.record(rules_race(first="S", second="C"))
    assert session.balances == {"Ann": -15, "Bob": 24, "Cy": -9, "Di": 0}


def test_a_buyer_may_spend_their_whole_stack_but_not_a_chip_more() -> None:
    session = ann_deals(chips=20)
    sales = {"S": sold("Bob", 6), "H": sold("Bob", 14), "D": None, "C": None}
    session.record(rules_race(sales=sales, first="S", second="H"))
    assert stacks(session) == [20, 20, 20, 20]
    over = {"S": sold("Cy", 6), "H": sold("Cy", 10), "D": sold("Cy", 5), "C": None}
    with pytest.raises(RuleError, match="Cy has 4 chips left in their stack") as caught:
        session.record(rules_race(sales=over))
    assert caught.value.field == "sales.D.price"
    assert session.rounds == [rules_race(sales=sales, first="S", second="H")]


def test_the_stack_limit_is_the_stack_at_the_start_of_the_race() -> None:
    session = ann_deals(chips=10)
    session.record(rules_race(sales={**dict.fromkeys("SHDC"), "C": sold("Di", 10)}, first="S"))
    assert stacks(session) == [10, 10, 10, 0]
    with pytest.raises(RuleError) as caught:
        session.record(rules_race(sales={**dict.fromkeys("SHDC"), "H": sold("Di", 1)}))
    assert caught.value.field == "sales.H.price"


def test_the_dealer_may_buy_unless_the_table_says_not() -> None:
    ann_buys = {**dict.fromkeys("SHDC"), "D": sold("Ann", 3)}
    ann_deals().record(rules_race(sales=ann_buys))
    session = ann_deals(dealer_bids=False)
    with pytest.raises(RuleError, match="Ann is the auctioneer") as caught:
        session.record(rules_race(sales=ann_buys))
    assert caught.value.field == "sales.D.owner"
    assert session.rounds == []
    session.record(with_sale("D", None))
    assert session.dealer == "Bob"
    session.record(rules_race(sales=ann_buys))
    # Pool 3 + 9 carried = 12: D places second, Ann pays 3 and takes 4.
    assert session.balances["Ann"] == 1


def test_the_pure_race_payout_the_round_entry_can_show_live() -> None:
    sales = {"S": Sale("Bob", 14), "H": Sale("Di", 5), "D": None, "C": Sale("Ed", 9)}
    assert race_payouts(sales, "D", "S", 0) == ({"Bob": -5, "Di": -5, "Ed": -9}, 19)


def test_the_panel_shows_stacks_carried_pool_and_dealer_bids() -> None:
    session = ann_deals(PARKS)
    session.record(parks_race_1())
    session.record(parks_race_2())
    assert session.game.panel(session.setup, session.state) == [
        ("Stacks", "Ann 142, Bob 138, Cy 138, Di 145, Ed 141, Flo 177"),
        ("Pool carried", "19 chips into the next race"),
        ("Dealer bids", "yes: Cy is the auctioneer"),
    ]


def test_details_for_the_spreadsheet() -> None:
    assert GAMES["calcutta"].details(parks_race_2()) == {
        "course": "S1 H3 D1 C2",
        "first": "D",
        "second": "S",
        "prices": "S Bob 14, H Di 5, D unsold, C Ed 9",
        "sold": 28,
    }


def with_sale(suit: str, sale: Any) -> dict[str, Any]:
    return rules_race(sales={**rules_race()["sales"], suit: sale})


def without(key: str) -> dict[str, Any]:
    round_ = rules_race()
    del round_[key]
    return round_


COURSE = {"S": 3, "H": 2, "D": 1, "C": 1}
BAD_RACES = [
    pytest.param(rules_race(course={**COURSE, "S": "3"}), "course.S", id="count as text"),
    pytest.param(rules_race(course={**COURSE, "S": 3.0}), "course.S", id="count as float"),
    pytest.param(rules_race(course={**COURSE, "D": True}), "course.D", id="count as bool"),
    pytest.param(rules_race(course={**COURSE, "D": None}), "course.D", id="count as None"),
    pytest.param(rules_race(course={**COURSE, "C": 2}), "course", id="counts sum to 8"),
    pytest.param(rules_race(course={"S": 5, "H": 1, "D": 1, "C": 0}), "course.S", id="5 of a suit"),
    pytest.param(rules_race(course={"S": 1, "H": 1, "D": 0, "C": 4}), "course", id="sum to 6"),
    pytest.param(rules_race(course={"S": 3, "H": 2, "D": 2}), "course.C", id="suit missing"),
    pytest.param(rules_race(sales={"S": sold("Bob", 4)}), "sales.H", id="sales missing a horse"),
    pytest.param(with_sale("A", None), "sales.A", id="sale of no horse"),
    pytest.param(with_sale("s", sold("Di", 2)), "sales.s", id="lower-case suit sold again"),
    pytest.param(rules_race(sales=[sold("Bob", 4)]), "sales", id="sales not a mapping"),
    pytest.param(with_sale("H", "Cy 9"), "sales.H", id="sale as text"),
    pytest.param(with_sale("H", sold("Zed", 9)), "sales.H.owner", id="unknown owner"),
    pytest.param(with_sale("H", sold(None, 9)), "sales.H.owner", id="owner None"),
    pytest.param(with_sale("H", sold("Cy", "9")), "sales.H.price", id="price as text"),
    pytest.param(with_sale("H", sold("Cy", 9.0)), "sales.H.price", id="price as float"),
    pytest.param(with_sale("H", sold("Cy", True)), "sales.H.price", id="price as bool"),
    pytest.param(with_sale("H", sold("Cy", None)), "sales.H.price", id="price as None"),
    pytest.param(with_sale("H", sold("Cy", 0)), "sales.H.price", id="zero price"),
    pytest.param(with_sale("H", sold("Cy", 151)), "sales.H.price", id="buyer over stack"),
    pytest.param(with_sale("H", {"owner": "Cy"}), "sales.H.price", id="price missing"),
    pytest.param(
        with_sale("H", {**sold("Cy", 9), "bid": 3}), "sales.H.bid", id="unknown sale field"
    ),
    pytest.param(rules_race(second="C"), "second", id="first == second"),
    pytest.param(rules_race(first="X"), "first", id="first not a horse"),
    pytest.param(rules_race(second=None), "second", id="second None"),
    pytest.param(without("second"), "second", id="second missing"),
    pytest.param(rules_race(winner="C"), "winner", id="unknown field"),
]


@pytest.mark.parametrize(("bad", "field"), BAD_RACES)
def test_a_bad_race_is_refused_by_name_and_changes_nothing(bad: dict[str, Any], field: str) -> None:
    session = Session.new("calcutta", FOUR, dealer="Di")
    session.record(rules_race(sales={**dict.fromkeys("SHDC"), "C": sold("Di", 10)}, first="S"))
    assert session.dealer == "Ann" and session.pot == 10
    before = session.to_dict(), session.state
    with pytest.raises(RuleError) as caught:
        session.record(bad)
    # Floats are refused while the round is copied, so their field comes as round.<path>.
    assert caught.value.field.startswith(field)
    assert (session.to_dict(), session.state) == before


def test_first_and_second_must_be_different_horses() -> None:
    with pytest.raises(RuleError, match="C cannot finish both first and second"):
        ann_deals().record(rules_race(second="C"))


def test_an_edit_that_breaks_a_later_race_changes_nothing() -> None:
    session = ann_deals(chips=20)
    session.record(rules_race(sales={**dict.fromkeys("SHDC"), "C": sold("Bob", 5)}, first="S"))
    session.record(rules_race(sales={**dict.fromkeys("SHDC"), "C": sold("Cy", 20)}, first="S"))
    before = session.to_dict(), session.state
    # Had Cy bought C for 1 in race 1, he could not pay 20 in race 2.
    with pytest.raises(RuleError, match="round 2 no longer holds") as caught:
        session.edit(0, rules_race(sales={**dict.fromkeys("SHDC"), "C": sold("Cy", 1)}, first="S"))
    assert caught.value.field == "sales.C.price"
    assert (session.to_dict(), session.state) == before


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"chips": 0}, "options.chips"),
        ({"chips": "150"}, "options.chips"),
        ({"dealer_bids": "yes"}, "options.dealer_bids"),
        ({"dealer_bids": 1}, "options.dealer_bids"),
        ({"course": 6}, "options.course"),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        Session.new("calcutta", FOUR, options=options)
    assert caught.value.field == field
