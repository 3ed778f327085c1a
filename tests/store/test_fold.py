"""The fold of the entries' events: the union of the laptops' logs, in any order and with
any repetition, makes the same entries on every laptop; a change made after seeing
another stands over it whatever the clocks say; of changes made apart, the later.

Histories are built as laptops make them (each laptop changes what it holds, on top of
the heads it sees, by a clock that may be far behind, and now and then takes in what
another laptop wrote), never by filtering random events."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import example, given, settings
from hypothesis import strategies as st

from scorekeeper.store.events import Event, later
from scorekeeper.store.fold import Entries, entries

LAPTOPS = ("aaaaaaaaaa", "bbbbbbbbbb", "cccccccccc")
KEYS = ("name/2024-05-03", "move/s1")


@dataclass
class Laptop:
    id: str
    clock: int
    """Milliseconds; laptops' clocks disagree by hours."""
    count: int = 0
    holds: dict[str, Event] = field(default_factory=dict)

    def change(self, key: str, value: str, step: int) -> Event:
        """A change of ``key`` on top of every head of it this laptop holds."""
        self.count += 1
        self.clock += step
        changes = [event for event in self.holds.values() if event.body["key"] == key]
        seen = {parent for event in changes for parent in event.after}
        heads = tuple(sorted(event.id for event in changes if event.id not in seen))
        made = Event(
            f"{self.id}:{self.count}", heads, self.clock, "night", {"key": key, "value": value}
        )
        self.holds[made.id] = made
        return made


Step = tuple[int, int, int, int, int]
"""(laptop, key, value, clock step, whom it takes in from: -1 for nobody)."""

steps = st.lists(
    st.tuples(
        st.integers(0, 2),
        st.integers(0, 1),
        st.integers(0, 3),
        st.integers(1, 5_000),
        st.integers(-1, 2),
    ),
    min_size=1,
    max_size=25,
)
skews = st.tuples(*(st.integers(0, 10**8) for _ in LAPTOPS))


def history(plan: list[Step], skew: tuple[int, ...]) -> tuple[list[Laptop], list[Event]]:
    laptops = [Laptop(made, clock) for made, clock in zip(LAPTOPS, skew, strict=True)]
    made: list[Event] = []
    for who, key, value, step, source in plan:
        laptop = laptops[who]
        if source >= 0:
            laptop.holds.update(laptops[source].holds)
        made.append(laptop.change(KEYS[key], f"v{value}", step))
    return laptops, made


def same(one: Entries, other: Entries) -> bool:
    return (
        {key: event.id for key, event in one.values.items()}
        == {key: event.id for key, event in other.values.items()}
        and one.heads == other.heads
        and [(a.id, b.id) for a, b in one.replaced] == [(a.id, b.id) for a, b in other.replaced]
    )


# Two laptops apart change one entry; the one whose clock is behind changes it later.
@example(plan=[(0, 0, 1, 10, -1), (1, 0, 2, 10, -1)], skew=(10**8, 0, 0), seed=1)
# One takes in the other's change, then changes it again: a chain, whatever the clocks.
@example(plan=[(0, 0, 1, 10, -1), (1, 0, 2, 10, 0), (0, 0, 3, 1, 1)], skew=(0, 10**8, 0), seed=2)
@given(plan=steps, skew=skews, seed=st.integers(0, 2**32))
@settings(max_examples=150, deadline=None)
def test_any_order_and_any_repetition_of_the_union_folds_alike(
    plan: list[Step], skew: tuple[int, ...], seed: int
) -> None:
    _, made = history(plan, skew)
    shuffled = made * 2
    random.Random(seed).shuffle(shuffled)
    assert same(entries(made), entries(shuffled))
    assert same(entries(made), entries(reversed(made)))


@example(plan=[(0, 0, 1, 10, -1), (1, 0, 2, 10, 0)], skew=(10**8, 0, 0))
@given(plan=steps, skew=skews)
@settings(max_examples=150, deadline=None)
def test_a_change_made_after_seeing_every_other_stands_whatever_the_clocks(
    plan: list[Step], skew: tuple[int, ...]
) -> None:
    laptops, made = history(plan, skew)
    last = laptops[plan[-1][0]]
    for other in laptops:
        last.holds.update(other.holds)
    final = last.change(KEYS[0], "final", 1)
    folded = entries([*made, final])
    assert folded.values["night", KEYS[0]] is final
    assert folded.heads["night", KEYS[0]] == (final.id,)
    assert all(lost.body["key"] != KEYS[0] for lost, _ in folded.replaced)


@given(plan=steps, skew=skews)
@settings(max_examples=150, deadline=None)
def test_of_changes_made_apart_the_later_stands_and_the_others_are_said_replaced(
    plan: list[Step], skew: tuple[int, ...]
) -> None:
    _, made = history(plan, skew)
    folded = entries(made)
    for key, heads in folded.heads.items():
        tops = [event for event in made if event.id in heads]
        assert folded.values[key] is max(tops, key=later)
        lost = {a.id for a, _ in folded.replaced if ("night", a.body["key"]) == key}
        assert lost == set(heads) - {folded.values[key].id}


def test_the_result_does_not_follow_the_order_the_logs_arrive_in() -> None:
    """Two changes made apart, handed over in both orders: a fold that kept the first (or
    the last) it met would give two answers; the later by the clock stands in both."""
    rae = Event("aaaaaaaaaa:1", (), 2_000, "night", {"key": KEYS[0], "value": "Rae's"})
    sam = Event("bbbbbbbbbb:1", (), 1_000, "night", {"key": KEYS[0], "value": "Sam's"})
    for order in ([rae, sam], [sam, rae]):
        folded = entries(order)
        assert folded.values["night", KEYS[0]] is rae
        assert [(lost.id, kept.id) for lost, kept in folded.replaced] == [(sam.id, rae.id)]
    tie = Event("bbbbbbbbbb:2", (), 2_000, "night", {"key": KEYS[0], "value": "Tie"})
    assert entries([tie, rae]).values["night", KEYS[0]] is tie
    assert entries([rae, tie]).values["night", KEYS[0]] is tie, "same clock: the id decides"


def test_one_id_held_with_two_contents_folds_alike_whichever_arrives_first() -> None:
    """A log put back and written again (or a forged one) holds the same id twice with two
    contents: every laptop keeps the same one, whatever order the logs come in."""
    one = Event("aaaaaaaaaa:1", (), 5, "night", {"key": KEYS[0], "value": "One"})
    other = Event("aaaaaaaaaa:1", (), 5, "night", {"key": KEYS[0], "value": "Other"})
    assert entries([one, other]).values == entries([other, one]).values
