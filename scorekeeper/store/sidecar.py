"""A cache a layer above the store keeps beside each session, sealed to its logs.

The store knows nothing of what the cache holds: whoever opens a store gives it a
``Keeper`` (the app, the command line and the board give the reports' CSV export rows),
and each time a session changes here the store asks it for a header line and a body
(``Kept``) and keeps them beside this laptop's log of it (``<id>.<laptop>.rows``), headed
by a seal made under this user's key (``seal``) over the keeper's ``format``, the session
id, the bytes every log of the session now holds, the header and the body. ``sealed``
hands them back only while the seal is that of the logs as they are: another laptop's
log arrived, a log copied from another user or edited by hand, or a cache kept in another
format (another release) gets None, and the layer above works it out again.

Only a cache: written over the last one without waiting for the disk (a torn write
breaks the seal); without a key, a keeper, or if it cannot be written, nothing is kept.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from scorekeeper.store import seal
from scorekeeper.store.careful_read import DamagedFile, read_bytes
from scorekeeper.store.durable import write_in_place

if TYPE_CHECKING:
    from scorekeeper.session import Session

ROWS = ".rows"
"""The suffix of the file beside a session file that keeps what the keeper gave."""

Kept = tuple[bytes, bytes]
"""What a keeper keeps for one session: a header (one line) and a body."""


class Keeper(NamedTuple):
    """What a layer above keeps beside each session file, and how it is made."""

    format: str
    """Part of every seal: what was kept in another format never matches."""
    render: Callable[[str, Session], Kept]
    """What to keep for the session saved under an id."""
    seed: Callable[[str, Session, Kept], None]
    """Told, before a session read from its file first changes, what was kept for it,
    so that ``render`` need work out only what the change touches."""


def rows_file(file: Path) -> Path:
    return file.with_suffix(ROWS)


def _written(files: Sequence[tuple[str, Path]]) -> bytes | None:
    """What every log of a session holds, in one text (None: one cannot be read)."""
    pieces = []
    for key, path in sorted(files):
        try:
            held = read_bytes(path)
        except (DamagedFile, OSError):
            return None
        if held is None:
            return None
        pieces += [key.encode(), len(held).to_bytes(8, "big"), held]
    return b"".join(pieces)


def _seal(
    key: bytes, keeper: Keeper, session_id: str, written: bytes, header: bytes, body: bytes
) -> bytes:
    """32 hex digits that take ``key`` to make, vouching that ``header`` and ``body``
    were kept by ``keeper`` for the session file holding ``written``, saved as
    ``session_id``."""
    import hashlib  # here: Home's first frame seals nothing (OpenSSL loads with it)

    digest = hashlib.blake2b(key=key, digest_size=16)
    saved = hashlib.blake2b(written, digest_size=32).digest()
    for piece in (keeper.format.encode(), session_id.encode(), saved, header, body):
        digest.update(len(piece).to_bytes(8, "big"))
        digest.update(piece)
    return digest.hexdigest().encode()


class Sidecar:
    """What one store keeps beside its session files: nothing until it is given a keeper.

    Held by the store, not by a module: a store opened without one keeps nothing, and two
    stores in one process keep what each was given."""

    def __init__(self, keeper: Keeper | None = None) -> None:
        self.keeper = keeper

    def keep(
        self, file: Path, session_id: str, session: Session, files: Sequence[tuple[str, Path]]
    ) -> None:
        """Keep what the keeper makes of ``session`` beside this laptop's log ``file``,
        sealed to the logs ``files`` as they are: the seal, the header line, the body."""
        keeper = self.keeper
        key = None if keeper is None else seal.key()
        written = None if key is None else _written(files)
        if keeper is None or key is None or written is None:
            return
        header, body = keeper.render(session_id, session)
        kept = b"\n".join([_seal(key, keeper, session_id, written, header, body), header, body])
        with contextlib.suppress(OSError):
            write_in_place(rows_file(file), kept)

    def sealed(self, file: Path, session_id: str, files: Sequence[tuple[str, Path]]) -> Kept | None:
        """What is kept beside this laptop's log ``file``, if its seal is that of the
        logs ``files`` as they are, under this user's key and in the keeper's format."""
        keeper = self.keeper
        key = None if keeper is None else seal.key()
        if keeper is None or key is None:
            return None
        try:
            written, kept = _written(files), read_bytes(rows_file(file))
        except (DamagedFile, OSError):
            return None
        if written is None or kept is None:
            return None
        said, _, rest = kept.partition(b"\n")
        header, _, body = rest.partition(b"\n")
        import hmac  # here: as hashlib in ``_seal``

        if not hmac.compare_digest(said, _seal(key, keeper, session_id, written, header, body)):
            return None
        return header, body

    def seed(
        self, file: Path, session_id: str, session: Session, files: Sequence[tuple[str, Path]]
    ) -> None:
        """Hand the keeper what is kept for ``session``, just read, if the seal holds."""
        found = self.sealed(file, session_id, files)
        if found is not None and self.keeper is not None:
            self.keeper.seed(session_id, session, found)
