"""Whether a session file's summary says what its rounds say.

The summary (``documents.summary_fields``) is a cache the session list, statistics and a
night's settle-up read so that no round is replayed; the rounds are the truth. A summary
that disagrees with them (edited by hand, written by something else) would put money on
screen that nobody won, so such a file is damaged: named by ``list``, ``settle``,
``stats`` and ``doctor``, and its money shown nowhere. ``doctor --fix`` writes its
summary again from its rounds.

A file whose cache beside it carries this user's seal (``Sidecar.sealed``) was written by
this scorekeeper with its summary worked out from its rounds: it is taken at its word, so
checking a store costs a replay only for files from elsewhere (or where the store was
opened with no keeper of that cache).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper.checks import JSON, JSONMapping, JSONObject
from scorekeeper.money import every_currency, written_in
from scorekeeper.store import documents
from scorekeeper.store.sidecar import Sidecar
from scorekeeper.store.store_errors import StoreDamaged, StoreError

if TYPE_CHECKING:
    from scorekeeper.session import Session

_REPLAY_ERRORS = (LookupError, TypeError, ValueError, AttributeError)


def disagreement(summary: JSONMapping, session: Session) -> str | None:
    """What the summary says that the replayed ``session`` does not, or None."""
    played = session.rounds_played
    said = {
        "game": session.game.id,
        "players": list(session.players),
        "finished": session.finished,
        "winners": list(session.winners),
        "dealer": session.dealer,
        "totals": session.totals,
        "balances": session.balances,
    }
    for field, value in said.items():
        if summary.get(field) != value:
            return f"a summary that disagrees with its rounds on its {field}"
    # A summary counts the rounds recorded, or (since) those played without the end.
    if summary.get("rounds") not in (len(session.rounds), played):
        return "a summary that disagrees with its rounds on how many there are"
    # Kept only since they were, so one without them is not wrong; one with them shows
    # them (statistics' figures, the list's game names and options) as they are said.
    game = session.game
    if "option_words" in summary and not _worded_alike(summary["option_words"], session):
        return "a summary that disagrees with its options on their words (or the game's name)"
    if "highlights" in summary:
        said_highlights = (
            game.highlights(session.setup, session.rounds)
            if session.rounds and game.highlight_labels
            else {}
        )
        if summary["highlights"] != said_highlights:
            return "a summary that disagrees with its rounds on its highlights"
    return None


def _worded_alike(said: object, session: Session) -> bool:
    """Whether ``said`` are the session's option words as some laptop writes them: money
    in them is in the currency of the laptop that saved the file, maybe not this one's,
    and a word maybe as the release that saved it said it (``Game.option_word_now``)."""
    game, setup = session.game, session.setup
    if type(said) is list:
        said = [game.option_word_now(word) if type(word) is str else word for word in said]
    if said == game.option_words(setup):
        return True
    for money in every_currency():
        with written_in(money):
            if said == game.option_words(setup):
                return True
    return False


def problem(file: Path, session_id: str, document: JSONMapping, beside: Sidecar) -> str | None:
    """What is wrong between the summary and the rounds of ``document``, read from
    ``file``; None also where the rounds do not replay (loading says so)."""
    if beside.sealed(file, session_id) is not None:
        return None
    held = [document["session"], document["summary"]]
    try:
        text = json.dumps(held, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):  # a value JSON writes no more (a number read as Decimal)
        return _replayed(*held)
    return _problem_of(text)


@functools.lru_cache(maxsize=1024)
def _problem_of(held: str) -> str | None:
    """``problem`` of the rounds and summary the JSON ``held`` holds, a pure function of
    them: copies that hold the same (a game copied to a third laptop, the unchanged copies
    of a session read again because another of its copies arrived) replay once."""
    return _replayed(*json.loads(held))


def _replayed(session_part: JSON, summary: JSON) -> str | None:
    from scorekeeper.session import Session  # here: a list is read with no round replayed

    try:
        session = Session.from_dict(session_part)
    except _REPLAY_ERRORS:
        return None
    return disagreement(summary, session)


def damaged(file: Path, wrong: str) -> StoreDamaged:
    """The error naming ``file`` damaged for ``wrong``, with what puts it right."""
    reason = f"holds {wrong}"
    return StoreDamaged(
        f"{file} {reason}, so its money is shown nowhere. Scorekeeper left it untouched. "
        "To put it right, close scorekeeper and run `scorekeeper doctor --fix`: it works "
        "the summary out again from the rounds.",
        file,
        None,
        reason,
    )


def checked(file: Path, session_id: str, document: JSONObject, beside: Sidecar) -> JSONObject:
    """``document`` as read from ``file``, or the error that names it damaged."""
    wrong = problem(file, session_id, document, beside)
    if wrong is not None:
        raise damaged(file, wrong)
    return document


def summarize_again(file: Path, beside: Sidecar) -> None:
    """Write the file's summary again from its rounds (the rest as it is); the file as
    it was becomes its ``.bak``. Raises ``StoreError``, ``OSError`` or a replay error."""
    document = documents.read(file, lambda: StoreError(f"{file} does not exist", file))
    from scorekeeper.session import Session  # here: a list is read with no round replayed

    session = Session.from_dict(document["session"])
    summary = document["summary"]
    fields = documents.summary_fields(session, summary["started"], summary["updated"])
    data = documents.encoded(documents.document(session, document["order"], fields))
    documents.write(file, data)
    beside.keep(file, file.stem, session, data)
