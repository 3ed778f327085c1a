"""What Home says of what two laptops changed apart: which change of a night's name or a
house game the later change of the same entry replaced (``scorekeeper.store.entries``),
and which decision about a game that went on differently a later decision replaced.
Read in Home's worker, said once on this laptop."""

from __future__ import annotations

from collections.abc import Iterable

from scorekeeper.reports import night_names
from scorekeeper.store import Store, StoreError, Summary, entries, house_games, machine

DECISIONS = "said-decisions"
"""This laptop's note of the replaced decisions it has said (``machine.remember``)."""


def take_over(store: Store) -> None:
    """Move the night names and house games that earlier layouts kept into this laptop's
    log, once, when the store is open for writing; where that fails they are still read
    as they are, and the next change tries again."""
    if store.readonly:
        return
    laptop = machine.laptop(store.path)
    for kind in (night_names.KIND, house_games.KIND):
        try:
            entries.take_over(store.path, kind, laptop)
        except (StoreError, OSError):
            continue


def fingerprint(store: Store) -> object:
    """The night names' and house games' files as they are now."""
    return night_names.fingerprint(store.path), house_games.fingerprint(store.path)


def replaced(store: Store) -> list[str]:
    """A line for each change replaced that this laptop has not said yet."""
    return night_names.replaced(store.path) + house_games.replaced(store.path)


def said(store: Store) -> None:
    """Note that this laptop has said them; where that cannot be written, they are
    said again next time."""
    try:
        night_names.acknowledge(store)
        house_games.acknowledge(store)
    except (StoreError, OSError):
        return


def decisions_replaced(store: Store, summaries: Iterable[Summary]) -> list[str]:
    """A line for each decision a later one, made apart on another laptop, replaced,
    that this laptop has not said yet."""
    from scorekeeper.store.resolve import replaced_words  # here: only a shared store needs it

    said = machine.remembered(store.path, DECISIONS)
    known = set(said) if isinstance(said, list) else set()
    lines = []
    for summary in summaries:
        if not summary.overruled:
            continue
        try:
            merged = store.gathered(summary.id).merged
        except StoreError:
            continue
        for line in replaced_words(merged):
            told = f"Session {summary.id} ({', '.join(summary.players)}): {line}."
            if told not in known:
                lines.append(told)
    return lines


def decisions_said(store: Store, lines: list[str]) -> None:
    """Note that this laptop has said them (said again where that cannot be written)."""
    said = machine.remembered(store.path, DECISIONS)
    known = [line for line in said if isinstance(line, str)] if isinstance(said, list) else []
    try:
        machine.remember(store.path, DECISIONS, sorted({*known, *lines}))
    except OSError:
        return
