"""The merge of a session's copies, as laptops that record, sync and decide in any order
make them: the same session on every laptop that holds the same copies, whatever order
it reads them in, however often; nothing recorded lost (shown, waiting, or set aside);
one version once every laptop has every copy and nothing went on differently.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from scorekeeper.store.copies import next_seq
from scorekeeper.store.merge import (
    Copy,
    Decision,
    Merged,
    Version,
    both,
    merge,
    on_top,
    starts,
)

TABLE = {"game": "pad", "players": ["Ann", "Bob"], "dealer": "Ann", "options": {}}
LAPTOPS = ("aaaaaaaaaa", "bbbbbbbbbb", "cccccccccc")


@dataclass
class Laptop:
    key: str
    held: dict[str, Copy] = field(default_factory=dict)
    """Every copy this laptop has: its own and those synced to it, by key."""

    def receive(self, other: Laptop) -> None:
        """What a sync engine brings: each copy newer there than here."""
        for key, copy in other.held.items():
            if key not in self.held or copy.seq > self.held[key].seq:
                self.held[key] = copy

    def merged(self) -> Merged | None:
        return merge(list(self.held.values())) if self.held else None

    def write(
        self, now: Merged | None, version: Version, clock: int, decision: str | None = None
    ) -> Version:
        """As ``Store._save`` writes this laptop's copy on top of what it holds (``now``:
        what its copies make)."""
        covers: dict[str, int] = {}
        aside: tuple[Version, ...] = () if now is None else now.aside
        others: tuple[Version, ...] = ()
        made = None
        if decision is not None and now is not None:
            covers = {copy.key: copy.seq for copy in self.held.values()}
            aside = tuple(v for v in (*now.versions, *now.aside) if v != version)
            made = Decision(clock, self.key, decision)
        elif now is not None:
            covers, others = on_top(now, self.held.get(self.key), version)
        seq = next_seq(self.key, list(self.held.values()))
        self.held[self.key] = Copy(
            self.key, self.key, seq, covers, version, made, aside, {}, others
        )
        return version


Step = tuple[str, int, int]
"""``("record", laptop, who won the hand)``, ``("sync", from, to)``, or ``("decide",
laptop, choice)`` (0: the version shown, 1: the last other, 2: both): each a tick later."""

TICK = 250_000_000
"""A quick table: four steps to the second, so versions often rank alike (to the second)
and the rounds' text decides which is shown."""


def play(steps: list[Step]) -> tuple[list[Laptop], list[Version]]:
    """Run the steps; every laptop, and every version typed on any laptop (a decision for
    both versions types nothing: its rounds were typed, and a later decision may replace it).
    What the evening reached is told to Hypothesis (``--hypothesis-show-statistics``)."""
    laptops = [Laptop(key) for key in LAPTOPS]
    laptops[0].write(None, Version({**TABLE, "rounds": []}, ()), 0)
    typed = [laptops[0].held[LAPTOPS[0]].version]
    for tick, (kind, first, second) in enumerate(steps, 1):
        laptop = laptops[first]
        if kind == "sync":
            laptops[second].receive(laptop)
            continue
        now = laptop.merged()
        clock = tick * TICK
        if now is None:
            continue
        if now.replaced:
            event("decided apart: one decision replaced")
        if kind == "record":
            if now.waiting:
                event("recorded while versions wait")
            shown = now.shown
            hand = {"hand": len(shown.rounds) + 1, "won": TABLE["players"][second % 2]}
            rounds = [*shown.rounds, hand]
            stamps = (*shown.stamps, (clock, laptop.key))
            typed.append(laptop.write(now, Version({**TABLE, "rounds": rounds}, stamps), clock))
        elif now.waiting:
            event("decided" if not now.aside else "decided over versions set aside")
            choice = ("shown", "other", "both")[second]
            chosen = {0: now.versions[0], 1: now.versions[-1]}.get(second) or both(now.versions)
            laptop.write(now, chosen, clock, choice)
    return laptops, typed


@st.composite
def evenings(draw: st.DrawFn) -> list[Step]:
    """An evening built in phases so most reach what the merge is for, instead of hoping
    random steps do: two laptops record a different hand apart, perhaps more hands on any
    laptop (the game goes on differently); every copy reaches every laptop; perhaps more
    hands, on the version shown while versions wait; some or every copy travels again;
    none, one or two laptops decide apart, on what each holds; some or all copies travel.
    A decision over versions set aside is an example below."""
    laptops = range(draw(st.integers(2, 3)))
    pairs: list[Step] = [("sync", a, b) for a, b in itertools.permutations(laptops, 2)]
    hands = st.lists(
        st.tuples(st.just("record"), st.sampled_from(laptops), st.integers(0, 1)), max_size=3
    )
    won = draw(st.integers(0, 1))
    steps: list[Step] = [("sync", 0, other) for other in laptops[1:]]
    steps += [("record", 0, won), ("record", 1, 1 - won), *draw(hands), *pairs]
    steps += [*draw(hands), *draw(st.just(pairs) | st.lists(st.sampled_from(pairs), max_size=3))]
    deciders = draw(st.permutations(laptops))[: draw(st.integers(0, 2))]
    steps += [("decide", laptop, draw(st.integers(0, 2))) for laptop in deciders]
    steps += draw(st.just(pairs) | st.lists(st.sampled_from(pairs), min_size=1, max_size=3))
    steps += draw(hands)
    return steps


EVENINGS = settings(max_examples=settings.default.max_examples // 2)
"""Each example a whole evening: half the profile's budget (every one reaches a fork)."""

APART_AND_BACK: list[Step] = [("sync", 0, 1), ("record", 0, 0), ("record", 1, 1)]
BACK: list[Step] = [("sync", 0, 1), ("sync", 1, 0)]
EQUAL_LENGTH = [*APART_AND_BACK, *BACK]
"""One hand each, apart: two versions of one round each, waiting."""
THE_SAME_HAND = [("sync", 0, 1), ("record", 0, 0), ("record", 1, 0), *BACK]
"""The same hand typed on two laptops apart, in the same second: one version, the same
whichever copy is read first."""
WENT_ON_WHILE_WAITING = [*EQUAL_LENGTH, ("record", 0, 0), ("record", 1, 1), *BACK]
"""Both laptops go on with the version shown before anyone decides: each keeps its own
version waiting in its one file."""
DECIDED_THEN_WENT_ON = [*APART_AND_BACK, ("sync", 0, 1), ("decide", 1, 1), ("record", 0, 1), *BACK]
"""Laptop 1 chooses laptop 0's version while laptop 0 goes on with it: the decision's
version is the start of another."""
DECIDED_APART = [*EQUAL_LENGTH, ("decide", 0, 0), ("decide", 1, 1), *BACK]
"""Two laptops decide differently apart: the later decision, the other replaced."""
DECIDED_OVER_ASIDE = [
    *EQUAL_LENGTH,
    ("decide", 0, 2),
    *BACK,
    ("record", 0, 0),
    ("record", 1, 1),
    *BACK,
    ("decide", 1, 0),
    *BACK,
]
"""Both kept, then the game goes on differently again and a decision sets more aside."""
EVERY_COPY_EVERYWHERE = [("sync", a, b) for a, b in itertools.permutations(range(3), 2)]
DECIDED_APART_ON_WHAT_EACH_TYPED = [
    *EQUAL_LENGTH,
    ("record", 0, 0),
    ("record", 1, 1),
    ("decide", 0, 0),
    ("decide", 1, 0),
    *BACK,
    ("record", 0, 0),
    *BACK,
]
"""Each laptop types a hand on the version shown while versions wait, then each keeps
its own, apart: the later decision stands, and the earlier one's version (a hand typed
on it) is set aside, still there after its laptop writes again."""
AN_OLD_DECISION_DECIDES_A_NEW_FORK = [
    ("sync", 0, 1),
    ("sync", 0, 2),
    ("record", 0, 0),
    ("record", 1, 1),
    *EVERY_COPY_EVERYWHERE,
    ("decide", 0, 0),
    ("decide", 2, 0),
    ("sync", 0, 1),
    ("record", 0, 0),
    ("record", 1, 1),
    *EVERY_COPY_EVERYWHERE,
    ("record", 0, 0),
    *EVERY_COPY_EVERYWHERE,
]
"""A decision that had not reached a laptop when the game went on differently again
decides the new fork by itself; the version it does not pick is set aside, not lost."""
THREE_LAPTOPS = [
    ("sync", 0, 1),
    ("sync", 0, 2),
    ("record", 0, 0),
    ("sync", 0, 2),
    ("record", 0, 0),
    ("record", 2, 1),
    ("record", 1, 1),
    *EVERY_COPY_EVERYWHERE,
    ("decide", 2, 2),
    ("sync", 2, 0),
    ("sync", 2, 1),
]
"""Three versions, two of them sharing their first hand: all kept, one after the other."""


def everywhere(laptops: list[Laptop]) -> None:
    for first, second in itertools.permutations(laptops, 2):
        second.receive(first)


@EVENINGS
@given(evenings())
@example(EQUAL_LENGTH)
@example(THE_SAME_HAND)
@example(WENT_ON_WHILE_WAITING)
@example(DECIDED_THEN_WENT_ON)
@example(DECIDED_APART)
@example(DECIDED_OVER_ASIDE)
@example(THREE_LAPTOPS)
def test_the_same_copies_make_the_same_session_in_any_order(steps: list[Step]) -> None:
    """Every order of every laptop's copies, however often: a laptop reads its folder in
    whatever order the file system lists it."""
    laptops, _ = play(steps)
    held = {
        frozenset((key, copy.seq) for key, copy in laptop.held.items()): list(laptop.held.values())
        for laptop in laptops
        if laptop.held
    }
    for copies in held.values():  # laptops holding the same copies: merged once
        once = merge(copies)
        for order in itertools.permutations(copies):
            assert merge(order) == once


@EVENINGS
@given(evenings())
@example(EQUAL_LENGTH)
@example(THE_SAME_HAND)
@example(WENT_ON_WHILE_WAITING)
@example(DECIDED_THEN_WENT_ON)
@example(DECIDED_APART)
@example(DECIDED_OVER_ASIDE)
@example(THREE_LAPTOPS)
@example(DECIDED_APART_ON_WHAT_EACH_TYPED)
@example(AN_OLD_DECISION_DECIDES_A_NEW_FORK)
def test_every_laptop_holding_every_copy_shows_the_same_and_loses_nothing(
    steps: list[Step],
) -> None:
    laptops, typed = play(steps)
    everywhere(laptops)
    results = [laptop.merged() for laptop in laptops]
    assert all(result == results[0] for result in results)
    merged = results[0]
    assert merged is not None
    if merged.waiting or merged.decision or merged.aside:
        event("went on differently")
    if merged.replaced:
        event("decided apart: one decision replaced")
    if merged.aside:
        event("something set aside")
    event("waiting at the end" if merged.waiting else "one version at the end")
    kept = [*merged.versions, *merged.aside]
    for version in typed:
        assert any(starts(version, other) for other in kept) or any(
            starts(version, copy.version) for copy in laptops[0].held.values()
        ), version.rounds


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 2), max_size=20))
def test_laptops_taking_turns_in_step_never_wait(turns: list[int]) -> None:
    laptops = [Laptop(key) for key in LAPTOPS]
    laptops[0].write(None, Version({**TABLE, "rounds": []}, ()), 0)
    everywhere(laptops)
    for clock, turn in enumerate(turns, 1):
        laptop = laptops[turn]
        shown = laptop.merged()
        assert shown is not None
        rounds = [*shown.shown.rounds, {"n": clock}]
        stamps = (*shown.shown.stamps, (clock, laptop.key))
        laptop.write(shown, Version({**TABLE, "rounds": rounds}, stamps), clock)
        everywhere(laptops)
    merged = laptops[1].merged()
    assert merged is not None and not merged.waiting
    assert [r["n"] for r in merged.shown.rounds] == list(range(1, len(turns) + 1))


def test_both_of_three_versions_keeps_each_hand_once() -> None:
    """Two of three versions share a hand the third lacks: keeping all of them, one after
    the other, plays that hand once, not once per version that holds it."""
    start = ({"n": 0},), ((1, "aaaaaaaaaa"),)
    shared, shared_stamp = {"n": 1}, (2, "aaaaaaaaaa")
    first = Version(
        {**TABLE, "rounds": [*start[0], shared, {"n": 2}]},
        (*start[1], shared_stamp, (3, "aaaaaaaaaa")),
    )
    second = Version(
        {**TABLE, "rounds": [*start[0], shared, {"n": 3}]},
        (*start[1], shared_stamp, (4, "bbbbbbbbbb")),
    )
    third = Version({**TABLE, "rounds": [*start[0], {"n": 4}]}, (*start[1], (5, "cccccccccc")))
    kept = both([first, second, third])
    assert [r["n"] for r in kept.rounds] == [0, 1, 2, 3, 4]
    assert len(set(kept.stamps)) == len(kept.stamps)
