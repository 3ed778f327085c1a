"""What Home says of what two laptops changed apart: which change of a night's name or a
house game the later change of the same entry replaced (``scorekeeper.store.entries``),
and which decision about a game that went on differently a later decision replaced.
Read in Home's worker, said once on this laptop."""

from __future__ import annotations

from collections.abc import Iterable

from scorekeeper.reports import night_names
from scorekeeper.store import Store, StoreError, Summary, entries, house_games, machine
from scorekeeper.wording import plural

DECISIONS = "said-decisions"
"""This laptop's note of the replaced decisions it has said (``machine.remember``)."""


def take_over(store: Store) -> list[str]:
    """Move the night names and house games that earlier layouts kept into this laptop's
    log, once, when the store is open for writing, with what a sync tool took from that
    log (put back older); where that fails they are still read as they are, and the next
    change tries again. A line saying what was written back, if anything was."""
    if store.readonly:
        return []
    laptop = machine.laptop(store.path)
    back = 0
    for kind in (night_names.KIND, house_games.KIND):
        try:
            back += len(entries.take_over(store.path, kind, laptop).missing)
        except (StoreError, OSError):
            continue
    if not back:
        return []
    return [
        f"This laptop's night names and house games came back older than it left them (a "
        f"sync tool put back an older copy?): {plural(back, 'change')} made here written back."
    ]


def fingerprint(store: Store) -> object:
    """The night names' and house games' files as they are now."""
    return night_names.fingerprint(store.path), house_games.fingerprint(store.path)


SAID_AT_MOST = 5
"""Lines one notice gives to changes replaced: laptops that each imported the same house
games with their own stakes replace hundreds at once, more than a notice can show."""


def replaced(store: Store) -> list[str]:
    """A line for each change replaced that this laptop has not said yet, the first few
    where there are many, then how many more."""
    lines = night_names.replaced(store.path) + house_games.replaced(store.path)
    if len(lines) <= SAID_AT_MOST:
        return lines
    more = len(lines) - SAID_AT_MOST + 1
    said = f"…and {more:,} more changes made apart, each replaced by the later one"
    return [*lines[: SAID_AT_MOST - 1], said]


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
