"""A session's logs replayed into what is shown of it and listed: the version shown, a
peer's round the rules refuse left out (never this laptop's), and the session's list row
with its place in the list. What ``Reader`` and ``Store`` share, apart from either."""

from __future__ import annotations

import time
from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING

from scorekeeper.checks import as_recorded
from scorekeeper.store.gather import REFUSED_BY_RULES, Files, Gathered, without
from scorekeeper.store.store_errors import REPLAY_ERRORS
from scorekeeper.store.summary import Compact, Fixed, listed
from scorekeeper.store.well_formed import is_time
from scorekeeper.wording import moment

if TYPE_CHECKING:
    from scorekeeper.session import Session
    from scorekeeper.store.merge import Version

_ZONES: dict[int, timezone] = {}
"""Each offset from UTC met, as one ``timezone``: a handful."""


def local(at: int) -> datetime:
    """A log's clock (milliseconds) as the local time, to the second, at the offset from UTC
    in force then: a third of the cost of ``astimezone``."""
    second = at // 1000
    offset = time.localtime(second).tm_gmtoff
    zone = _ZONES.get(offset)
    if zone is None:
        zone = _ZONES.setdefault(offset, timezone(timedelta(seconds=offset)))
    return datetime.fromtimestamp(second, zone)


def when(at: int) -> str:
    """A log's clock (milliseconds) as the ISO-8601 local time a person reads."""
    return local(at).isoformat(timespec="seconds")


def playable(found: Gathered, own: str) -> tuple[Gathered, Session]:
    """The session shown, replayed. A round the rules refuse that a laptop other than
    ``own`` made, in any version, is left out with its event: a hostile peer's round never
    hides this laptop's, nor makes the table decide on it. ``REPLAY_ERRORS`` if the set-up
    or a round of this laptop's does not replay."""
    from scorekeeper.session import Session  # here: a list is read with no round replayed

    while True:
        refused = None
        for version in found.merged.versions:  # the one shown first, then any waiting
            try:
                session = Session.from_dict(version.session)
            except REPLAY_ERRORS:
                refused = refused_round(version, own)
                if refused is None:
                    raise
                break
            if version is found.merged.shown:
                shown = session
        if refused is None:
            return found, shown
        found = without(found, refused, REFUSED_BY_RULES)


def refused_round(version: Version, own: str) -> str | None:
    """The event that made the first round of ``version`` the rules refuse, where another
    laptop than ``own`` made it, else None."""
    from scorekeeper.session import Session
    from scorekeeper.store.events import MOVED

    try:
        session = Session.from_dict({**version.session, "rounds": []})
    except REPLAY_ERRORS:
        return None
    for round_, made in zip(version.rounds, version.made, strict=True):
        try:
            with as_recorded():
                session.record(round_)
        except REPLAY_ERRORS:
            return None if made.partition(":")[0] in (own, MOVED) else made
    return None


def row(
    found: Gathered, session: Session, files: Files, fixed: Fixed | None = None
) -> tuple[int, Compact, list[str], Fixed]:
    """A session's place in the list (its last change, in ns), its row, the keys of its
    logs that could not be read, and its set-up's part of the row (``fixed`` if it holds)."""
    setup = found.folded.setup
    assert setup is not None
    if fixed is None or not fixed.holds(session, setup):
        started = setup.body.get("started")  # taken only if a time: a peer's log says anything
        kept = started if isinstance(started, str) and is_time(started) else when(setup.at)
        fixed = Fixed(session, moment(kept), setup)
    paths = {error.path for error in found.damaged}
    broken = [key for key, path in files if path in paths] if paths else []
    last = found.latest
    return last * 10**6, listed(session, fixed, local(last)), broken, fixed
