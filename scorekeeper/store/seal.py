"""The key that lets an export trust the rows a session's log keeps beside it: rows from
a store folder (which may be hostile) are written to a CSV only if sealed with a random
key of this user's, kept outside any store in the user config folder
(``$SCOREKEEPER_CONFIG``). Without it every session is worked out again from its rounds:
slower, never wrong. A damaged key is left for a person to look at, never overwritten.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

from scorekeeper.safe_files import NotReadable, read_file

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
    """A new key in ``file``, linked into place whole (no reader sees half of one), or the
    one another process made first."""
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
