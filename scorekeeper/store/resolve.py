"""The table's decision about a session that went on differently (``conflicts``), made.

A decision is this laptop's copy written on top of every copy there is (``Store.
settle_versions``): the version chosen, or both one after the other, with the versions
not chosen kept in it, readable, to be brought back. It reaches the other laptops as any
copy does; there the copies ``merge`` into the same session. Two laptops deciding at once:
the later decision stands on both (``merge``), and ``replaced`` names the other.
"""

from __future__ import annotations

from scorekeeper.session import Session
from scorekeeper.store.conflicts import REPLAY_ERRORS, laptop_name
from scorekeeper.store.merge import Merged, Version, both, same
from scorekeeper.store.store import Store
from scorekeeper.store.store_errors import StoreError

SHOWN, OTHER, BOTH, BACK = "shown", "other", "both", "back"
CHOICES = (SHOWN, OTHER, BOTH)
"""This version (the one shown), the other one, or both one after the other."""


def _pick(merged: Merged, choice: str, number: int) -> tuple[Version, list[Version]]:
    """The version chosen and those it sets aside."""
    versions = list(merged.versions)
    if choice == BACK:
        if not 1 <= number <= len(merged.aside):
            raise StoreError(f"There is no version {number} set aside to bring back.", None)
        chosen = merged.aside[number - 1]
        return chosen, [*versions, *[v for v in merged.aside if v is not chosen]]
    if len(versions) < 2:
        raise StoreError("It waits for no decision: its versions agree.", None)
    if choice == SHOWN:
        return versions[0], [*versions[1:], *merged.aside]
    if choice == OTHER:
        index = number - 1 if number else 1
        if not 1 <= index < len(versions):
            raise StoreError(f"It has no version {index + 1}.", None)
        chosen = versions[index]
        return chosen, [*[v for v in versions if v is not chosen], *merged.aside]
    if choice == BOTH:
        combined = both(versions)
        try:
            Session.from_dict(combined.session)
        except REPLAY_ERRORS as error:
            raise StoreError(
                f"Both cannot be kept one after the other: {error}. Nothing was changed; "
                "keep one version (the other stays readable).",
                None,
            ) from None
        return combined, [*versions, *merged.aside]
    raise ValueError(f"choose one of {', '.join((*CHOICES, BACK))}, not {choice!r}")


def resolve(store: Store, session_id: str, choice: str, number: int = 0) -> str:
    """Carry out the table's ``choice`` for the session (``number``: which version, for
    ``OTHER`` where more than two wait, or which one set aside to bring ``BACK``);
    returns what was done, in one line. ``StoreError`` if it cannot be done."""
    store.ensure_writable()
    store.refresh()
    merged = store.gathered(session_id).merged
    try:
        chosen, aside = _pick(merged, choice, number)
    except StoreError as error:
        raise StoreError(f"Session {session_id}: {error.message}", store.path) from None
    kept = tuple(v for i, v in enumerate(aside) if not any(same(v, o) for o in aside[:i]))
    kept = tuple(v for v in kept if not same(v, chosen))
    session = store.settle_versions(session_id, chosen, choice, kept)
    what = {
        SHOWN: "kept the version shown",
        OTHER: "kept the other version",
        BOTH: "kept both, one after the other",
        BACK: "brought back a version set aside",
    }[choice]
    return (
        f"Session {session_id}: {what} ({len(session.rounds)} rounds); "
        f"{len(kept)} other version(s) kept aside, readable"
    )


def replaced_words(merged: Merged) -> list[str]:
    """What a later decision overruled, one line each (both laptops say the same)."""
    if merged.decision is None:
        return []
    return [
        f"the decision made on {laptop_name(merged, old.laptop)} ({old.choice}) was "
        f"replaced by the later one made on {laptop_name(merged, merged.decision.laptop)} "
        f"({merged.decision.choice})"
        for old in merged.replaced
    ]
