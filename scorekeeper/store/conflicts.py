"""A session that went on differently, as the table compares its versions before deciding
(``resolve`` carries the decision out)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from scorekeeper.money import format_amount
from scorekeeper.session import Session
from scorekeeper.store.merge import Merged, Version, parted
from scorekeeper.store.store_errors import REPLAY_ERRORS
from scorekeeper.wording import plural


@dataclass(frozen=True)
class Round:
    """A round one version added after the versions parted."""

    number: int
    words: str
    laptop: str
    at: datetime | None


@dataclass(frozen=True)
class Side:
    """One version as the table compares it: the rounds it added after the versions parted,
    the balances it gives, and why its rounds do not replay (it can still be kept aside)."""

    rounds: int
    added: tuple[Round, ...]
    balances: str
    laptops: tuple[str, ...]
    problem: str | None = None


def laptop_name(merged: Merged, laptop: str) -> str:
    """A laptop's name as its copies give it; a copy from before laptops had names."""
    if not laptop:
        return "an unnamed laptop"
    return merged.names.get(laptop) or f"laptop {laptop}"


def side(merged: Merged, version: Version, start: int) -> Side:
    """``version`` as the table compares it, from round ``start`` (where they parted)."""
    added = []
    try:
        session = Session.from_dict(version.session)
    except REPLAY_ERRORS as error:
        return Side(len(version.rounds), (), "", (), str(error))
    unit = session.game.played_for(session.setup)
    for index in range(start, len(version.rounds)):
        when, laptop = version.stamps[index]
        at = datetime.fromtimestamp(when / 1e9).astimezone() if when else None
        added.append(Round(index + 1, session.describe(index), laptop_name(merged, laptop), at))
    balances = ", ".join(
        f"{name} {format_amount(value, unit, signed=True)}"
        for name, value in session.balances.items()
    )
    laptops = tuple(dict.fromkeys(item.laptop for item in added))
    return Side(len(version.rounds), tuple(added), balances, laptops)


@dataclass(frozen=True)
class Conflict:
    """A session that went on differently, waiting for the table to decide."""

    session_id: str
    merged: Merged

    @property
    def start(self) -> int:
        """How many rounds the versions share."""
        return parted(self.merged.versions)

    @property
    def since(self) -> int:
        """When the first round after they parted was recorded (nanoseconds)."""
        start = self.start
        after = [v.stamps[start][0] for v in self.merged.versions if len(v.stamps) > start]
        return min(after, default=0)

    def sides(self) -> list[Side]:
        """Each version, the one shown first."""
        return [side(self.merged, version, self.start) for version in self.merged.versions]

    def words(self) -> str:
        """One line a person reads: which session, and who went on where."""
        parts = []
        for number, version in enumerate(self.merged.versions, 1):
            after = version.stamps[self.start :]
            names = dict.fromkeys(laptop_name(self.merged, laptop) for _, laptop in after)
            where = " and ".join(names) or "nowhere"
            shown = " (shown)" if number == 1 else ""
            parts.append(
                f"version {number}{shown}: {plural(len(after), 'round')} more on {where}, "
                f"{plural(len(version.rounds), 'round')} in all"
            )
        return (
            f"Session {self.session_id} went on differently on two laptops after round "
            f"{self.start}; " + "; ".join(parts)
        )
