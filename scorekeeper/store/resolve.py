"""The table's decision about a session that went on differently, carried out as one event
(``Store.settle_versions``); the versions not chosen stay in the logs, to be brought back.
"""

from __future__ import annotations

from scorekeeper.session import Session
from scorekeeper.store.conflicts import laptop_name
from scorekeeper.store.merge import Merged, Version, both, same
from scorekeeper.store.store import Store
from scorekeeper.store.store_errors import REPLAY_ERRORS, StoreError
from scorekeeper.wording import plural

SHOWN, OTHER, BOTH, BACK = "shown", "other", "both", "back"
CHOICES = (SHOWN, OTHER, BOTH)
"""This version (the one shown), the other one, or both one after the other."""
DONE = {
    SHOWN: "kept the version shown",
    OTHER: "kept the other version",
    BOTH: "kept both, one after the other",
    BACK: "brought back a version set aside",
}
"""Each choice, done, in words (on the laptop that made it and on those it reaches)."""


def _pick(merged: Merged, choice: str, number: int) -> tuple[Version, list[Version]]:
    """The version chosen and the versions the decision settles; a refusal follows "Session
    <id>: "."""
    versions = list(merged.versions)
    if choice == BACK:
        if not 1 <= number <= len(merged.aside):
            raise StoreError(f"there is no version {number} set aside to bring back.", None)
        chosen = merged.aside[number - 1]
        return chosen, [*versions, chosen]
    if len(versions) < 2:
        raise StoreError("it waits for no decision: its versions agree.", None)
    if choice == SHOWN:
        return versions[0], versions
    if choice == OTHER:
        index = number - 1 if number else 1
        if not 1 <= index < len(versions):
            raise StoreError(f"it has no version {index + 1}.", None)
        return versions[index], versions
    if choice == BOTH:
        combined = both(versions)
        try:
            Session.from_dict(combined.session)
        except REPLAY_ERRORS as error:
            raise StoreError(
                f"both cannot be kept one after the other: {error}. Nothing was changed; "
                "keep one version (the other stays readable).",
                None,
            ) from None
        return combined, versions
    raise ValueError(f"choose one of {', '.join((*CHOICES, BACK))}, not {choice!r}")


def resolve(store: Store, session_id: str, choice: str, number: int = 0) -> str:
    """Carry out the table's ``choice`` (``number``: which version for ``OTHER``, or which
    set aside to bring ``BACK``); returns what was done in one line, else ``StoreError``."""
    store.ensure_writable()
    store.refresh()
    merged = store.gathered(session_id).merged
    try:
        chosen, settled = _pick(merged, choice, number)
    except StoreError as error:
        raise StoreError(f"Session {session_id}: {error.message}", store.path) from None
    session = store.settle_versions(session_id, chosen, choice, [v.head for v in settled])
    held = set(chosen.made)
    kept = [v for v in (*merged.versions, *merged.aside) if not held.issuperset(v.made)]
    kept = [v for i, v in enumerate(kept) if not any(same(v, o) for o in kept[:i])]
    what = DONE[choice]
    aside = f"; {plural(len(kept), 'other version')} kept aside, readable" if kept else ""
    return f"Session {session_id}: {what} ({plural(len(session.rounds), 'round')}){aside}"


def done_words(merged: Merged, choice: str) -> str:
    """A decision in words for a laptop it reaches ("this" and "other" are the deciding
    laptop's): the version kept is named by who recorded the rounds it kept."""
    if choice not in (SHOWN, OTHER):
        return DONE.get(choice, "decided")
    aside = {made for version in merged.aside for made in version.made}
    kept = [made for made in merged.shown.made if made not in aside]
    laptops = dict.fromkeys(made.partition(":")[0] for made in kept)
    if not laptops:
        return DONE[choice]
    names = " and ".join(laptop_name(merged, laptop) for laptop in laptops)
    return f"kept the version recorded on {names}"


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
