"""The versions of a session as the table sees them (``merge``): which are the same game,
how many rounds they share before they parted, and "both" (every round of every version,
each once, in the order they were recorded). How the logs fold into versions is the
fold's (tests/store/test_fold_session.py; older copies: test_moved.py)."""

from __future__ import annotations

from scorekeeper.store.merge import Version, both, parted, same

TABLE = {"game": "pad", "players": ["Ann", "Bob"], "dealer": "Ann", "options": {}}
ANN, BOB, CID = "aaaaaaaaaa", "bbbbbbbbbb", "cccccccccc"
SECOND = 1_000_000_000


def hand(number: int, won: str) -> dict[str, object]:
    return {"hand": number, "won": won}


def version(
    *rounds: tuple[dict[str, object], int, str], table: dict[str, object] | None = None
) -> Version:
    """A version of ``rounds``, each (round, second it was recorded, event that made it;
    the laptop is the event's)."""
    return Version(
        {**(table or TABLE), "rounds": [round_ for round_, _, _ in rounds]},
        tuple((at * SECOND, made.partition(":")[0]) for _, at, made in rounds),
        tuple(made for _, _, made in rounds),
        rounds[-1][2] if rounds else "",
    )


FIRST = (hand(1, "Ann"), 1, f"{ANN}:3")


def test_the_same_table_and_rounds_are_the_same_whoever_recorded_them_and_when() -> None:
    mine = version(FIRST, (hand(2, "Bob"), 2, f"{ANN}:4"))
    theirs = version((hand(1, "Ann"), 5, f"{BOB}:2"), (hand(2, "Bob"), 6, f"{BOB}:3"))
    assert same(mine, theirs)
    assert not same(mine, version(FIRST, (hand(2, "Ann"), 2, f"{ANN}:4")))
    assert not same(mine, version(FIRST))
    other_stake = {**TABLE, "options": {"stake": 5}}
    assert not same(version(FIRST, table=other_stake), version(FIRST))


def test_parted_counts_the_rounds_every_version_shares_from_the_start() -> None:
    one = version(FIRST, (hand(2, "Ann"), 2, f"{ANN}:4"))
    two = version(FIRST, (hand(2, "Bob"), 3, f"{BOB}:3"))
    assert parted([one, two]) == 1
    assert parted([one, one]) == 2
    assert parted([one, version(FIRST)]) == 1
    assert parted([one, two, version((hand(1, "Bob"), 1, f"{CID}:2"))]) == 0


def test_both_keeps_the_shared_rounds_then_each_versions_in_the_order_recorded() -> None:
    mine = version(FIRST, (hand(2, "Ann"), 4, f"{ANN}:4"), (hand(3, "Ann"), 7, f"{ANN}:5"))
    theirs = version(FIRST, (hand(2, "Bob"), 5, f"{BOB}:3"))
    kept = both([mine, theirs])
    assert kept.made == (f"{ANN}:3", f"{ANN}:4", f"{BOB}:3", f"{ANN}:5")
    assert kept.rounds == [hand(1, "Ann"), hand(2, "Ann"), hand(2, "Bob"), hand(3, "Ann")]
    assert [at for at, _ in kept.stamps] == [1 * SECOND, 4 * SECOND, 5 * SECOND, 7 * SECOND]
    assert {key: value for key, value in kept.session.items() if key != "rounds"} == TABLE


def test_both_orders_rounds_recorded_at_once_as_the_versions_are_given() -> None:
    mine = version(FIRST, (hand(2, "Ann"), 4, f"{ANN}:4"))
    theirs = version(FIRST, (hand(2, "Bob"), 4, f"{BOB}:3"))
    assert both([theirs, mine]).made == (f"{ANN}:3", f"{BOB}:3", f"{ANN}:4")
    assert both([mine, theirs]).made == (f"{ANN}:3", f"{ANN}:4", f"{BOB}:3")


def test_both_of_three_versions_keeps_each_hand_once_where_two_share_a_hand() -> None:
    """Ann's laptop recorded a hand that reached Cid's, then each went on; Bob's went on
    from the start: three versions, nothing shared by all three. The hand Ann's and Cid's
    share was recorded once, so it is kept once (the copy merge kept it twice)."""
    anns = version(FIRST, (hand(2, "Ann"), 3, f"{ANN}:4"))
    cids = version(FIRST, (hand(2, "Bob"), 4, f"{CID}:3"))
    bobs = version((hand(1, "Bob"), 2, f"{BOB}:2"))
    kept = both([anns, cids, bobs])
    assert kept.made == (f"{ANN}:3", f"{BOB}:2", f"{ANN}:4", f"{CID}:3")
    assert len(set(kept.made)) == len(kept.rounds) == 4
    assert kept.rounds == [hand(1, "Ann"), hand(1, "Bob"), hand(2, "Ann"), hand(2, "Bob")]
