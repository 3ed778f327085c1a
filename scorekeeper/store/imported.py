"""A version of a session brought by an import that went on differently from the one
here: kept as one more copy of the same session (``copies``), never as a second game.

Its file is named for the version itself (a key made from its rounds, shaped as a
laptop's id), and what it holds follows from the version alone, so two laptops that
import the same version write the same bytes under the same name: no file differs
between laptops. The session then waits for the table to decide, as any game that went
on differently does.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
from datetime import datetime

from scorekeeper.session import Session
from scorekeeper.store import copies, documents
from scorekeeper.store.merge import Stamp, text
from scorekeeper.store.store import Saved, Store
from scorekeeper.store.store_errors import StoreError

IMPORTED = "an import"
"""The name the version's "laptop" goes by."""


def version_key(session_id: str, session: Session) -> str:
    """The copy key of an imported version of ``session_id``: its rounds' digest."""
    digest = hashlib.blake2b(f"{session_id}\n{text(session.to_dict())}".encode(), digest_size=10)
    return base64.b32encode(digest.digest()).decode().lower()[:10]


def version_file(store: Store, session_id: str, saved: Saved) -> tuple[str, bytes] | None:
    """The name and bytes of the copy keeping ``saved`` as one more version of session
    ``session_id`` (for ``Store.add_saved``); None if it is kept already."""
    key = version_key(session_id, saved.session)
    name = copies.file_name(session_id, key)
    if (store.path / "sessions" / name).exists():
        return None
    order = 0
    with contextlib.suppress(ValueError):
        order = int(datetime.fromisoformat(saved.updated).timestamp() * 1e9)
    rounds = saved.session.to_dict()["rounds"]
    stamps: list[Stamp] = [(order, key)] * len(rounds)
    with contextlib.suppress(StoreError):
        shown = store.gathered(session_id).merged.shown
        for index, round_ in enumerate(rounds[: len(shown.rounds)]):
            if text(round_) != text(shown.rounds[index]):
                break
            stamps[index] = shown.stamps[index]
    fields = documents.summary_fields(saved.session, saved.started, saved.updated)
    document = documents.document(saved.session, order, fields)
    document["copy"] = copies.part(key, 1, {}, stamps, names={key: IMPORTED})
    return name, documents.encoded(document)
