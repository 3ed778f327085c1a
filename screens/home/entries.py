"""What Home says of night names and house games another laptop changed: which change
made on this laptop, or on another, the later change of the same entry replaced
(``scorekeeper.store.entries``). Read in Home's worker, said once on this laptop."""

from __future__ import annotations

from scorekeeper.reports import night_names
from scorekeeper.store import Store, StoreError, entries, house_games, machine


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
