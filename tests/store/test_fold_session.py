"""The fold of a session's events: any order and any repetition of the union makes the
same session; a game that went on differently waits, shown alike everywhere, until a
decision settles it; two decisions made apart end with the later.

Histories are made as laptops make them: each records, undoes, edits or decides on top of
what it holds (its own fold of it), by a clock that may be far behind, and now and then
takes in what another laptop wrote."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import example, given, settings
from hypothesis import strategies as st

from scorekeeper.store.events import Event
from scorekeeper.store.fold import Folded, Line, Made, session

LAPTOPS = ("aaaaaaaaaa", "bbbbbbbbbb", "cccccccccc")
SETUP = Event("m:" + "0" * 64, (), 0, "setup", {"game": "score-pad", "players": ["Ann", "Bob"]})


def parted(folded: Folded, line: Line) -> tuple[Made, ...]:
    """The rounds ``line`` holds after the versions waiting parted from it."""
    others = [version for version in (*folded.versions, folded.shown) if version != line]
    return line.rounds[min((shared(line, other) for other in others), default=0) :]


def shared(one: Line, other: Line) -> int:
    count = 0
    for mine, theirs in zip(one.rounds, other.rounds, strict=False):
        if mine.by != theirs.by:
            break
        count += 1
    return count


@dataclass
class Laptop:
    id: str
    clock: int
    count: int = 0
    holds: dict[str, Event] = field(default_factory=dict)

    def fold(self) -> Folded:
        return session(self.holds.values())

    def make(self, kind: str, body: dict[str, object], after: tuple[str, ...], step: int) -> Event:
        self.count += 1
        self.clock += step
        made = Event(f"{self.id}:{self.count}", after, self.clock, kind, body)
        self.holds[made.id] = made
        return made

    def act(self, what: int, value: int, step: int) -> Event | None:
        folded = self.fold()
        head, rounds = folded.shown.head, folded.shown.rounds
        if what == 0 or (what in (1, 2) and not rounds):
            return self.make("round", {"round": {"points": value}}, (head,), step)
        if what == 1:
            return self.make("undo", {}, (head,), step)
        if what == 2:
            index = value % len(rounds)
            return self.make("edit", {"index": index, "round": {"edited": value}}, (head,), step)
        if not folded.waiting:
            return None
        versions = list(folded.versions)
        if value % 3 == 2:  # both, one after the other, in the order recorded
            first = versions[0]
            shared = first.rounds[: len(first.rounds) - len(parted(folded, first))]
            added = sorted(
                (made for version in versions for made in parted(folded, version)),
                key=lambda made: (made.at, made.by),
            )
            chosen = [*(made.by for made in shared), *dict.fromkeys(made.by for made in added)]
        else:
            chosen = [made.by for made in versions[value % len(versions)].rounds]
        after = tuple(sorted(version.head for version in versions))
        return self.make("decide", {"choice": str(value % 3), "rounds": chosen}, after, step)


Step = tuple[int, int, int, int, int]
"""(laptop, action: round, undo, edit, decide; a value; clock step; whom it takes in from)."""

steps = st.lists(
    st.tuples(
        st.integers(0, 2),
        st.integers(0, 3),
        st.integers(0, 20),
        st.integers(1, 5_000),
        st.integers(-1, 2),
    ),
    min_size=1,
    max_size=20,
)
skews = st.tuples(*(st.integers(0, 10**8) for _ in LAPTOPS))


def history(plan: list[Step], skew: tuple[int, ...]) -> list[Event]:
    laptops = [Laptop(made, clock) for made, clock in zip(LAPTOPS, skew, strict=True)]
    for laptop in laptops:
        laptop.holds[SETUP.id] = SETUP
    made = [SETUP]
    for who, what, value, step, source in plan:
        laptop = laptops[who]
        if source >= 0:
            laptop.holds.update(laptops[source].holds)
        event = laptop.act(what, value, step)
        if event is not None:
            made.append(event)
    return made


def seen(folded: Folded) -> tuple[object, ...]:
    """What a person is shown of a fold, by the events behind it."""
    return (
        folded.shown.head,
        [made.by for made in folded.shown.rounds],
        [version.head for version in folded.versions],
        [line.head for line in folded.aside],
        [(lost.id, kept.id) for lost, kept in folded.replaced],
        folded.refused,
    )


# Two laptops record round 2 apart: the game waits, shown as the later one.
@example(plan=[(0, 0, 1, 10, -1), (1, 0, 2, 10, -1)], skew=(10**8, 0, 0), seed=1)
# Then one of them decides, having seen both.
@example(plan=[(0, 0, 1, 10, -1), (1, 0, 2, 10, -1), (0, 3, 0, 5, 1)], skew=(0, 0, 0), seed=2)
# Both decide apart, differently.
@example(
    plan=[(0, 0, 1, 10, -1), (1, 0, 2, 10, 0), (0, 0, 3, 5, -1), (1, 3, 1, 5, 0), (0, 3, 0, 5, 1)],
    skew=(0, 10**6, 0),
    seed=3,
)
@given(plan=steps, skew=skews, seed=st.integers(0, 2**32))
@settings(max_examples=150, deadline=None)
def test_any_order_and_any_repetition_of_the_union_folds_to_the_same_session(
    plan: list[Step], skew: tuple[int, ...], seed: int
) -> None:
    made = history(plan, skew)
    shuffled = made * 2
    random.Random(seed).shuffle(shuffled)
    assert seen(session(made)) == seen(session(shuffled)) == seen(session(reversed(made)))


def test_two_rounds_typed_apart_wait_for_the_table_shown_as_the_later() -> None:
    ann, bob = Laptop(LAPTOPS[0], 1_000), Laptop(LAPTOPS[1], 0)
    for laptop in (ann, bob):
        laptop.holds[SETUP.id] = SETUP
    first = ann.act(0, 1, 1)
    bob.holds.update(ann.holds)
    mine, theirs = ann.act(0, 2, 10), bob.act(0, 3, 10)
    assert mine is not None and theirs is not None and first is not None
    for order in ([SETUP, first, mine, theirs], [theirs, mine, first, SETUP]):
        folded = session(order)
        assert folded.waiting and folded.shown.head == mine.id, "Ann's clock is later"
        assert [made.by for made in parted(folded, folded.shown)] == [mine.id]


def test_a_decision_settles_the_versions_and_keeps_the_other_aside() -> None:
    ann, bob = Laptop(LAPTOPS[0], 0), Laptop(LAPTOPS[1], 0)
    for laptop in (ann, bob):
        laptop.holds[SETUP.id] = SETUP
    ann.act(0, 1, 1)
    bob.holds.update(ann.holds)
    ann.act(0, 2, 10)
    bob.act(0, 3, 20)
    ann.holds.update(bob.holds)
    decided = ann.act(3, 0, 1)  # keep version 1 (Ann's, the earlier)
    assert decided is not None
    folded = session(ann.holds.values())
    assert not folded.waiting and folded.shown.head == decided.id
    assert [line.head for line in folded.aside] == [f"{LAPTOPS[1]}:1"], "Bob's round kept aside"


def decided_apart() -> tuple[Laptop, Laptop, Event, Event]:
    """Ann and Bob record a hand each on top of a shared one, take in each other's, then
    decide apart: Ann first, Bob 495 ms later. Both laptops, and the two decisions."""
    ann, bob = Laptop(LAPTOPS[0], 0), Laptop(LAPTOPS[1], 0)
    for laptop in (ann, bob):
        laptop.holds[SETUP.id] = SETUP
    ann.act(0, 1, 1)
    bob.holds.update(ann.holds)
    ann.act(0, 2, 10)
    bob.act(0, 3, 20)
    ann.holds.update(bob.holds)
    bob.holds.update(ann.holds)
    early, late = ann.act(3, 0, 5), bob.act(3, 1, 500)
    assert early is not None and late is not None
    return ann, bob, early, late


def test_two_decisions_made_apart_end_with_the_later_and_say_which_was_replaced() -> None:
    ann, _, early, late = decided_apart()
    for order in ([*ann.holds.values(), late], [late, *reversed(list(ann.holds.values()))]):
        folded = session(order)
        assert not folded.waiting and folded.shown.head == late.id
        assert [(lost.id, kept.id) for lost, kept in folded.replaced] == [(early.id, late.id)]


def test_an_event_whose_parent_has_not_arrived_waits_and_changes_nothing() -> None:
    ann = Laptop(LAPTOPS[0], 0)
    ann.holds[SETUP.id] = SETUP
    first, second = ann.act(0, 1, 1), ann.act(0, 2, 1)
    assert first is not None and second is not None
    folded = session([SETUP, second])
    assert folded.shown.rounds == () and folded.refused == (
        (second.id, "waits for an event not here yet"),
    )


def test_a_decision_replaced_by_one_the_game_went_on_from_does_not_wait_again() -> None:
    """Ann and Bob decide differently apart; Bob's, the later, stands and Bob records the
    next hand on it: one version, Ann's decision replaced (not a version waiting again)."""
    ann, bob, early, late = decided_apart()
    bob.holds.update(ann.holds)
    went_on = bob.act(0, 4, 10)
    assert went_on is not None and went_on.after == (late.id,)
    folded = session(bob.holds.values())
    assert not folded.waiting and folded.shown.head == went_on.id
    assert [(lost.id, kept.id) for lost, kept in folded.replaced] == [(early.id, late.id)]
    assert [[made.by for made in line.rounds] for line in folded.aside] == [early.body["rounds"]], (
        "the version Ann chose is set aside"
    )
