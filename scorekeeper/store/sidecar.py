"""A cache a layer above the store keeps beside each session, sealed to its logs.

Whoever opens a store gives it a ``Keeper`` (the reports' CSV rows); as a session changes
here, what it makes is kept beside this laptop's log (``<id>.<laptop>.rows``) under a seal
made with this user's key (``seal``) over the keeper's format, the id, every log's bytes
and what is kept. ``sealed`` hands it back only while the seal holds for the logs as they
are; else the layer above works it out again. Only a cache: written without waiting for
the disk (a torn write breaks the seal), and not at all without a key or a keeper.
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
Kept = tuple[bytes, bytes]
"""What a keeper keeps for one session: a header (one line) and a body."""


class Keeper(NamedTuple):
    """What a layer above keeps beside each session, and how it is made."""

    format: str
    """Part of every seal: what was kept in another format never matches."""
    render: Callable[[str, Session], Kept]
    seed: Callable[[str, Session, Kept], None]
    """Told what was kept before a session read first changes: ``render`` then works out
    only what the change touches."""


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
    """32 hex digits only ``key`` makes, vouching for ``header`` and ``body`` as
    ``keeper`` made them for the session ``session_id`` whose logs hold ``written``."""
    import hashlib  # here: Home's first frame seals nothing (OpenSSL loads with it)

    digest = hashlib.blake2b(key=key, digest_size=16)
    saved = hashlib.blake2b(written, digest_size=32).digest()
    for piece in (keeper.format.encode(), session_id.encode(), saved, header, body):
        digest.update(len(piece).to_bytes(8, "big"))
        digest.update(piece)
    return digest.hexdigest().encode()


class Sidecar:
    """What one store keeps beside its logs: nothing until it is given a keeper (held by
    the store: two stores in one process keep what each was given)."""

    def __init__(self, keeper: Keeper | None = None) -> None:
        self.keeper = keeper

    def keep(
        self, file: Path, session_id: str, session: Session, files: Sequence[tuple[str, Path]]
    ) -> None:
        """Keep what the keeper makes of ``session`` beside ``file``, sealed to ``files``."""
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
        """What is kept beside ``file``, if its seal holds for ``files`` as they are."""
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
        """Hand the keeper what is kept for ``session``, just read, if its seal holds."""
        found = self.sealed(file, session_id, files)
        if found is not None and self.keeper is not None:
            self.keeper.seed(session_id, session, found)
