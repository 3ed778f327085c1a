"""One session's file: the document it holds, its schema version, and upgrading old ones.

A session file is a TinyDB database with one table, ``session``, holding one document::

    {"schema": 1, "order": <ns>, "summary": {...}, "session": Session.to_dict()}

``order`` sorts sessions by last update; ``summary`` is what the session list shows, so
listing never replays a round. Beside it, ``<id>.rows`` keeps what the session adds to a
CSV export (``reports.rows``), so an export neither replays a round nor reads the session
file as JSON: its seal, made under this user's key (``seal``), says it was written with
the very bytes the session file holds, and an export trusts it only while that holds (a
session saved before, copied from another user, edited by hand, or whose rows are not
ours is replayed). A file from an older schema is upgraded when read, through
``MIGRATIONS``, and saved in the current schema the next time it changes.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
from collections.abc import Callable, MutableMapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tinydb import TinyDB
from tinydb.table import Document

from scorekeeper import __version__
from scorekeeper.session import Session
from scorekeeper.store import seal
from scorekeeper.store.checks import document_problem
from scorekeeper.store.durable import (
    DamagedFile,
    DurableStorage,
    backup_of,
    read_bytes,
    write_in_place,
)
from scorekeeper.store.errors import SessionNotFound, StoreDamaged, StoreError

if TYPE_CHECKING:
    from scorekeeper.reports.rows import Rows

SCHEMA = 1
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""``MIGRATIONS[n]`` turns a schema-``n`` session document into a schema-``n + 1`` one."""

TABLE = "session"
DOC_ID = 1
ROWS_FORMAT = f"rows 2, scorekeeper {__version__}"
"""Part of every seal: rows written by another release, whose rules or wording may
differ, never match."""


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
        "rounds": session.rounds_played,
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


ROWS = ".rows"
"""The suffix of the file beside a session file that keeps its ``Rows``."""


def rows_file(file: Path) -> Path:
    return file.with_suffix(ROWS)


def _seal(key: bytes, session_id: str, written: bytes, header: bytes, rounds: bytes) -> bytes:
    """What vouches that rows (``header``, ``rounds``) are those of the session file
    holding ``written``, saved as ``session_id`` by this release: 32 hex digits that take
    ``key`` to make."""
    digest = hashlib.blake2b(key=key, digest_size=16)
    saved = hashlib.blake2b(written, digest_size=32).digest()
    for piece in (ROWS_FORMAT.encode(), session_id.encode(), saved, header, rounds):
        digest.update(len(piece).to_bytes(8, "big"))
        digest.update(piece)
    return digest.hexdigest().encode()


def keep_rows(file: Path, session_id: str, session: Session, written: bytes) -> None:
    """Keep what ``session`` adds to a CSV export beside its ``file``, which now holds
    ``written``: the seal, a line of what the rows need, then the rows. Only a cache, so
    written over the last one without waiting for the disk (a torn write breaks the
    seal): without a key, or if it cannot be written, an export replays the session."""
    key = seal.key()
    if key is None:
        return
    from scorekeeper.reports.rows import render  # here: listing sessions never needs it

    rows = render(session_id, session)
    header = json.dumps([rows.game, rows.seats, rows.head, rows.tail]).encode()
    kept = b"\n".join([_seal(key, session_id, written, header, rows.rounds), header, rows.rounds])
    with contextlib.suppress(OSError):
        write_in_place(rows_file(file), kept)


def sealed_rows(file: Path, session_id: str) -> Rows | None:
    """The rows kept beside the session file ``file``, if their seal is that of the file
    as it is under this user's key; None for a session without them, changed since
    (edited by hand, saved by another release), or whose rows are not ours."""
    key = seal.key()
    if key is None:
        return None
    try:
        written, kept = read_bytes(file), read_bytes(rows_file(file))
    except (DamagedFile, OSError):
        return None
    if written is None or kept is None:
        return None
    said, _, rest = kept.partition(b"\n")
    header, _, rounds = rest.partition(b"\n")
    if not hmac.compare_digest(said, _seal(key, session_id, written, header, rounds)):
        return None
    from scorekeeper.reports.rows import Rows

    game, seats, head, tail = json.loads(header)  # sealed: as keep_rows wrote it
    return Rows(game, head, tail, seats, rounds)


def document(session: Session, order: int, fields: dict[str, Any]) -> dict[str, Any]:
    return {"schema": SCHEMA, "order": order, "summary": fields, "session": session.to_dict()}


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


def write(file: Path, new: dict[str, Any], *, first: bool) -> tuple[os.stat_result, bytes]:
    """Save ``new`` durably as the file's document (``first``: the file is being created);
    returns the file's stat after the save and the bytes it holds. Raises ``DamagedFile``
    or ``OSError``."""
    database = TinyDB(file, storage=DurableStorage)
    table = database.table(TABLE)
    if first:
        table.insert(Document(new, doc_id=DOC_ID))
    elif not table.update(_overwrite_with(new), doc_ids=[DOC_ID]):
        raise DamagedFile(file, "no longer holds the session")
    storage = database.storage
    assert isinstance(storage, DurableStorage)
    return os.stat(file), storage.written
