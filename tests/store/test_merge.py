"""The merge of a session's copies, as laptops that record, sync and decide in any order
make them: the same session on every laptop that holds the same copies, whatever order
it reads them in, however often; nothing recorded lost (shown, waiting, or set aside);
one version once every laptop has every copy and nothing went on differently.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from hypothesis import given, settings
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

    def write(self, version: Version, clock: int, decision: str | None = None) -> Version:
        """As ``Store._save`` writes this laptop's copy on top of what it holds."""
        now = self.merged()
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


def play(steps: list[tuple[str, int, int]]) -> tuple[list[Laptop], list[Version]]:
    """Run the steps; every laptop, and every version any laptop ever wrote."""
    laptops = [Laptop(key) for key in LAPTOPS]
    laptops[0].write(Version({**TABLE, "rounds": []}, ()), 0)
    written = [laptops[0].held[LAPTOPS[0]].version]
    for clock, (kind, first, second) in enumerate(steps, 1):
        laptop = laptops[first]
        now = laptop.merged()
        if kind == "sync":
            laptops[second].receive(laptop)
            continue
        if now is None:
            continue
        if kind == "record":
            shown = now.shown
            rounds = [*shown.rounds, {"n": clock}]
            stamps = (*shown.stamps, (clock, laptop.key))
            written.append(laptop.write(Version({**TABLE, "rounds": rounds}, stamps), clock))
        elif now.waiting:
            choice = ("shown", "other", "both")[second]
            chosen = {0: now.versions[0], 1: now.versions[-1]}.get(second) or both(now.versions)
            written.append(laptop.write(chosen, clock, choice))
    return laptops, written


STEPS = st.lists(
    st.tuples(
        st.sampled_from(("record", "record", "sync", "sync", "decide")),
        st.integers(0, 2),
        st.integers(0, 2),
    ),
    max_size=30,
)


def everywhere(laptops: list[Laptop]) -> None:
    for first, second in itertools.permutations(laptops, 2):
        second.receive(first)


@settings(max_examples=150, deadline=None)
@given(STEPS)
def test_the_same_copies_make_the_same_session_in_any_order(
    steps: list[tuple[str, int, int]],
) -> None:
    laptops, _ = play(steps)
    for laptop in laptops:
        copies = list(laptop.held.values())
        if not copies:
            continue
        once = merge(copies)
        assert merge(list(reversed(copies))) == once
        assert merge(copies) == once  # however often


@settings(max_examples=150, deadline=None)
@given(STEPS)
def test_every_laptop_holding_every_copy_shows_the_same_and_loses_nothing(
    steps: list[tuple[str, int, int]],
) -> None:
    laptops, written = play(steps)
    everywhere(laptops)
    results = [laptop.merged() for laptop in laptops]
    assert all(result == results[0] for result in results)
    merged = results[0]
    assert merged is not None
    kept = [*merged.versions, *merged.aside]
    for version in written:
        assert any(starts(version, other) for other in kept) or any(
            starts(version, copy.version) for copy in laptops[0].held.values()
        ), version.rounds


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 2), max_size=20))
def test_laptops_taking_turns_in_step_never_wait(turns: list[int]) -> None:
    laptops = [Laptop(key) for key in LAPTOPS]
    laptops[0].write(Version({**TABLE, "rounds": []}, ()), 0)
    everywhere(laptops)
    for clock, turn in enumerate(turns, 1):
        laptop = laptops[turn]
        shown = laptop.merged()
        assert shown is not None
        rounds = [*shown.shown.rounds, {"n": clock}]
        stamps = (*shown.shown.stamps, (clock, laptop.key))
        laptop.write(Version({**TABLE, "rounds": rounds}, stamps), clock)
        everywhere(laptops)
    merged = laptops[1].merged()
    assert merged is not None and not merged.waiting
    assert [r["n"] for r in merged.shown.rounds] == list(range(1, len(turns) + 1))
