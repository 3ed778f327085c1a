"""A cache a layer above the store keeps beside each session, sealed to its logs.

Whoever opens a store gives it a ``Keeper`` (the reports' CSV rows); what it makes of a
session changed here is kept beside this laptop's log (``<id>.<laptop>.rows``), sealed with
this user's key over the keeper's format, the id, every log's bytes and what is kept, and
handed back only while the seal holds (else worked out again: slower, never wrong). A store
folder may be hostile, so the key lives outside any, in the user config folder
(``$SCOREKEEPER_CONFIG``); a damaged key is left for a person, never overwritten.
"""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from scorekeeper.safe_files import NotReadable, read_file
from scorekeeper.store.careful_read import DamagedFile, read_bytes
from scorekeeper.store.durable import write_in_place

if TYPE_CHECKING:
    from scorekeeper.session import Session

KEY_FILE = "export.key"
KEY_SIZE = 32


def key_folder() -> Path:
    override = os.environ.get("SCOREKEEPER_CONFIG")
    return Path(override) if override else _user_config()


@functools.cache
def _user_config() -> Path:
    """Asked once a process: every save seals with the key kept there."""
    import platformdirs  # here: only the first save or export of a process needs it

    return Path(platformdirs.user_config_dir("scorekeeper", appauthor=False))


def key() -> bytes | None:
    """This user's key, made if there is none; None if it cannot be read or made."""
    return _key_in(key_folder())[0]


def key_problem() -> str | None:
    """Why this user's key is not used, in one line for a person; None if it is."""
    return _key_in(key_folder())[1]


@functools.cache
def _key_in(folder: Path) -> tuple[bytes | None, str | None]:
    """The key and why it cannot be used (a pipe in its place is never opened)."""
    file = folder / KEY_FILE
    try:
        found = read_file(file, KEY_SIZE)
    except FileNotFoundError:
        made = _made(file)
        return (made, None) if made is not None and len(made) == KEY_SIZE else (None, None)
    except NotReadable as error:
        wrong = str(error)
    except OSError as error:
        wrong = f"{file} cannot be read ({error.strerror or error})"
    else:
        if len(found) == KEY_SIZE:
            return found, None
        wrong = f"{file} is not a key scorekeeper made"
    return (
        None,
        f"{wrong}: exports work every session out from its rounds (slower) until it is moved away",
    )


def _made(file: Path) -> bytes | None:
    """A new key linked whole into ``file`` (no reader sees half), or the one another
    process made first."""
    temp = file.with_name(f".{file.name}.{os.urandom(8).hex()}.tmp")
    try:
        file.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        descriptor = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError:
        return None
    try:
        new = os.urandom(KEY_SIZE)
        with open(descriptor, "wb") as handle:
            handle.write(new)
            handle.flush()
            os.fsync(handle.fileno())
        os.link(temp, file)
    except FileExistsError:
        try:
            return read_file(file, KEY_SIZE)
        except (NotReadable, OSError):
            return None
    except OSError:
        return None
    finally:
        temp.unlink(missing_ok=True)
    return new


ROWS = ".rows"
Kept = tuple[bytes, bytes]
"""What a keeper keeps for one session: a header (one line) and a body."""


class Keeper(NamedTuple):
    """What a layer above keeps beside each session, and how it is made."""

    format: str
    """Part of every seal: what was kept in another format never matches."""
    render: Callable[[str, Session], Kept]
    seed: Callable[[str, Session, Kept], None]
    """Told what was kept before a session read changes: ``render`` then works out only
    what the change touches."""


def rows_file(file: Path) -> Path:
    return file.with_suffix(ROWS)


def _written(files: Sequence[tuple[str, Path]]) -> bytes | None:
    """What every log of a session holds, in one text (None: one cannot be read)."""
    pieces = []
    for laptop, path in sorted(files):
        try:
            held = read_bytes(path)
        except (DamagedFile, OSError):
            return None
        if held is None:
            return None
        pieces += [laptop.encode(), len(held).to_bytes(8, "big"), held]
    return b"".join(pieces)


def _seal(
    secret: bytes, keeper: Keeper, session_id: str, written: bytes, header: bytes, body: bytes
) -> bytes:
    """32 hex digits only ``secret`` makes, vouching for ``header`` and ``body`` as ``keeper``
    made them for the session whose logs hold ``written``."""
    import hashlib  # here: Home's first frame seals nothing (OpenSSL loads with it)

    digest = hashlib.blake2b(key=secret, digest_size=16)
    saved = hashlib.blake2b(written, digest_size=32).digest()
    for piece in (keeper.format.encode(), session_id.encode(), saved, header, body):
        digest.update(len(piece).to_bytes(8, "big"))
        digest.update(piece)
    return digest.hexdigest().encode()


class Sidecar:
    """What one store keeps beside its logs (nothing without a keeper); one per store, so
    two stores in a process keep what each was given."""

    def __init__(self, keeper: Keeper | None = None) -> None:
        self.keeper = keeper

    def keep(
        self, file: Path, session_id: str, session: Session, files: Sequence[tuple[str, Path]]
    ) -> None:
        """Keep what the keeper makes of ``session`` beside ``file``, sealed to ``files``
        (not fsynced: a torn write breaks the seal)."""
        keeper = self.keeper
        secret = None if keeper is None else key()
        written = None if secret is None else _written(files)
        if keeper is None or secret is None or written is None:
            return
        header, body = keeper.render(session_id, session)
        kept = b"\n".join([_seal(secret, keeper, session_id, written, header, body), header, body])
        with contextlib.suppress(OSError):
            write_in_place(rows_file(file), kept)

    def sealed(self, file: Path, session_id: str, files: Sequence[tuple[str, Path]]) -> Kept | None:
        """What is kept beside ``file``, if its seal holds for ``files`` as they are."""
        keeper = self.keeper
        secret = None if keeper is None else key()
        if keeper is None or secret is None:
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

        if not hmac.compare_digest(said, _seal(secret, keeper, session_id, written, header, body)):
            return None
        return header, body

    def seed(
        self, file: Path, session_id: str, session: Session, files: Sequence[tuple[str, Path]]
    ) -> None:
        """Hand the keeper what is kept for ``session``, just read, if its seal holds."""
        found = self.sealed(file, session_id, files)
        if found is not None and self.keeper is not None:
            self.keeper.seed(session_id, session, found)
