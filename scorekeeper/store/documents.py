"""One session's file: the document it holds, its schema version, and upgrading old ones.

A session file is a TinyDB database with one table, ``session``, holding one document::

    {"schema": 1, "order": <ns>, "summary": {...}, "session": Session.to_dict(),
     "results": {...}}

``order`` sorts sessions by last update; ``summary`` is what the session list shows, so
listing never replays a round. ``results`` is what each round came to (``results_part``),
so the CSV export replays no round either; it names the ``fingerprint`` of the session
part it was worked out from, and a reader trusts it only while that still matches (a
file without it, from before it was written, or with a round edited by hand, is
replayed). It is kept as text holding JSON: three times the size of the rest, it would
cost every other reader of the file (opening a session, rebuilding the index) its
parsing, where a string is read in one pass. A file from an older schema is upgraded
when read, through ``MIGRATIONS``, and saved in the current schema the next time it
changes.
"""

from __future__ import annotations

import hashlib
import json
import marshal
import os
import sys
from collections.abc import Callable, Mapping, MutableMapping
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.table import Document

from scorekeeper import __version__
from scorekeeper.session import Session, Standing
from scorekeeper.store.checks import document_problem
from scorekeeper.store.durable import DamagedFile, DurableStorage, backup_of, encode
from scorekeeper.store.errors import SessionNotFound, StoreDamaged, StoreError

SCHEMA = 1
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""``MIGRATIONS[n]`` turns a schema-``n`` session document into a schema-``n + 1`` one."""

TABLE = "session"
DOC_ID = 1
RESULTS_FORMAT = f"results 1, scorekeeper {__version__}, Python {sys.version_info[:2]}"
"""Part of every fingerprint: results worked out by another release, whose rules or
wording may differ, never match (nor, as the fingerprint reads the session part through
``marshal``, do those of another Python)."""


def problem(file: Path) -> str | None:
    """What is wrong with the session file ``file`` (also a ``.bak``), or None if it reads
    and every round replays."""
    try:
        saved = read(file, lambda: SessionNotFound(f"{file} does not exist", file), recover=False)
        Session.from_dict(saved["session"])
    except StoreDamaged as error:
        return error.reason
    except StoreError as error:
        return error.message
    except (LookupError, TypeError, ValueError, AttributeError) as error:
        return f"does not replay ({error})"
    return None


def how_to_recover(file: Path) -> str:
    """What a person can do about an unreadable session file: the command that does it."""
    if problem(backup_of(file)) is None:
        return (
            "To recover, close scorekeeper and run `scorekeeper doctor --fix`: it puts back "
            f"{backup_of(file).name}, the version before the last save (at most the last "
            f"change is lost), and keeps {file.name} in the damaged folder."
        )
    return (
        "It has no good backup. To set it aside, close scorekeeper and run "
        f"`scorekeeper doctor --fix`: it moves {file.name} to the damaged folder, "
        "where you can keep it to try repairing it; the session no longer appears."
    )


def damaged(file: Path, reason: str, *, recover: bool = True) -> StoreDamaged:
    """The error for an unreadable session file, with how to get its session back."""
    backup = backup_of(file)
    advice = f" {how_to_recover(file)}" if recover else ""
    return StoreDamaged(
        f"{file} {reason}. Scorekeeper left it untouched.{advice}",
        file,
        backup if recover and problem(backup) is None else None,
        reason,
    )


def summary_fields(session: Session, started: str, updated: str) -> dict[str, Any]:
    """The ``summary`` part: what the list shows, with the times as ISO-8601 text."""
    return {
        "game": session.game.id,
        "players": list(session.players),
        "started": started,
        "updated": updated,
        "rounds": len(session.rounds),
        "finished": session.finished,
        "winners": list(session.winners),
        "dealer": session.dealer,
        "totals": session.totals,
        "balances": session.balances,
        "highlights": session.game.highlights(session.setup, session.rounds)
        if session.rounds and session.game.highlight_labels
        else {},
        "option_words": session.game.option_words(session.setup),
    }


def fingerprint(part: dict[str, Any]) -> str:
    """What a session part (``Session.to_dict``'s shape) is, in 32 hex digits: equal only
    for the same game, seats, options and rounds, read by this release. The part is put
    in bytes by ``marshal`` version 2 (each value tagged with its type, no references
    between them, so equal parts give equal bytes): a third of the time JSON takes,
    which an export of every session pays once a session."""
    digest = hashlib.blake2b(RESULTS_FORMAT.encode(), digest_size=16)
    digest.update(marshal.dumps(part, 2))
    return digest.hexdigest()


def _standing(standing: Standing) -> list[list[int]]:
    return [list(standing.scores), list(standing.balances)]


def results_part(session: Session) -> dict[str, Any]:
    """The ``results`` part without its fingerprint: what a CSV export takes from the
    session beyond its summary, and each round as ``[dealer, what, [scores], [balances],
    {table facts}, {player: {facts}}]``, the scores and balances each seat's after it."""
    game, setup = session.game, session.setup
    return {
        "unit": game.played_for(setup),
        "score unit": game.score_unit(setup),
        "options": game.option_words(setup),
        "finished": session.finished,
        "winners": list(session.winners),
        "carried": session.pot,
        "start": _standing(session.standing(0)),
        "rounds": [
            [
                result.dealer,
                result.what,
                list(result.after.scores),
                list(result.after.balances),
                dict(result.facts.table),
                {name: dict(facts) for name, facts in result.facts.players.items()},
            ]
            for result in session.round_results()
        ],
    }


def trusted_results(saved: Mapping[str, Any]) -> dict[str, Any] | None:
    """The ``results`` part of a document ``read`` returned, if its fingerprint is that of
    the session part beside it; None for a file without one or changed since. Only the
    fingerprint is checked here: a reader checks each value's type as it uses it, as a
    file may be hostile and the fingerprint is no secret."""
    text = saved.get("results")
    if type(text) is not str:
        return None
    try:
        results = json.loads(text)
        matches = type(results) is dict and results.get("from") == fingerprint(saved["session"])
    except (ValueError, RecursionError):
        # Not JSON, a number past what ``int`` reads, nested past any limit; or a fraction
        # in the session part, read as a Decimal, which has no marshal (replaying refuses it).
        return None
    return results if matches else None


def document(session: Session, order: int, fields: dict[str, Any]) -> dict[str, Any]:
    part = session.to_dict()
    results = encode({"from": fingerprint(part), **results_part(session)}).decode()
    return {
        "schema": SCHEMA,
        "order": order,
        "summary": fields,
        "session": part,
        "results": results,
    }


def read(file: Path, missing: Callable[[], StoreError], *, recover: bool = True) -> dict[str, Any]:
    """The session document in ``file``, upgraded to this schema; ``missing()`` is raised
    when there is no such file. ``recover``: a StoreDamaged says how to recover."""
    try:
        found = TinyDB(file, storage=DurableStorage).table(TABLE).get(doc_id=DOC_ID)
    except DamagedFile as error:
        raise damaged(file, error.reason, recover=recover) from None
    except OSError as error:
        raise StoreError(f"Cannot read {file}: {error.strerror}.", file) from error
    if found is None or isinstance(found, list):
        if not file.exists():
            raise missing()
        raise damaged(file, "holds no session", recover=recover)
    return upgrade(dict(found), file, recover=recover)


def upgrade(saved: dict[str, Any], file: Path, *, recover: bool = True) -> dict[str, Any]:
    """``saved`` migrated step by step to ``SCHEMA``; a newer or unknown schema is refused."""
    version = saved.get("schema")
    if type(version) is not int:
        raise damaged(file, "has no schema version", recover=recover)
    if version > SCHEMA:
        raise StoreDamaged(
            f"{file} was saved by a newer scorekeeper (schema {version}; this one reads "
            f"up to {SCHEMA}). Upgrade scorekeeper to open it; the file was left untouched.",
            file,
            None,
        )
    while version < SCHEMA:
        migrate = MIGRATIONS.get(version)
        if migrate is None:
            raise damaged(
                file, f"has schema version {version}, which nothing can read", recover=recover
            )
        saved = migrate(saved)
        version += 1
        saved["schema"] = version
    for key in ("order", "summary", "session"):
        if key not in saved:
            raise damaged(file, f"lacks its {key!r} part", recover=recover)
    wrong = document_problem(saved)
    if wrong is not None:
        raise damaged(file, f"holds {wrong}", recover=recover)
    return saved


def _overwrite_with(new: dict[str, Any]) -> Callable[[MutableMapping[Any, Any]], None]:
    """A TinyDB update that replaces the whole document, so dropped keys do not linger."""

    def overwrite(stored: MutableMapping[Any, Any]) -> None:
        stored.clear()
        stored.update(new)

    return overwrite


def write(file: Path, new: dict[str, Any], *, first: bool) -> os.stat_result:
    """Save ``new`` durably as the file's document (``first``: the file is being created);
    returns the file's stat after the save. Raises ``DamagedFile`` or ``OSError``."""
    table = TinyDB(file, storage=DurableStorage).table(TABLE)
    if first:
        table.insert(Document(new, doc_id=DOC_ID))
    elif not table.update(_overwrite_with(new), doc_ids=[DOC_ID]):
        raise DamagedFile(file, "no longer holds the session")
    return os.stat(file)
