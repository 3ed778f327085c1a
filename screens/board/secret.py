"""The secret in the served board's address, kept per store on this laptop, so a phone
that scanned it once opens the board again after the server restarts.

It lives in this laptop's own folder for the store (``scorekeeper.store.machine``), never
in the store folder: a synced store would hand it to every laptop, and an address that
works everywhere is not a secret. ``scorekeeper board --new-address`` replaces it.
Anything in its place that is not a secret this module made (a damaged file, a folder, a
link elsewhere) is left as it is, and a secret made for this start is used instead.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import tempfile
from pathlib import Path

from scorekeeper.store.machine import machine_folder

FILE = "board-secret"
SHAPE = re.compile(r"[A-Za-z0-9_-]{22,64}")
"""What ``secrets.token_urlsafe(16)`` makes (22 characters), and no more than 64."""


def secret_file(store: Path) -> Path:
    return machine_folder(store) / FILE


def kept_secret(store: Path) -> tuple[str, str | None]:
    """The secret for ``store`` on this laptop, made and kept if there is none; and why
    it could not be kept (then it lasts this start only), else None."""
    file = secret_file(store)
    try:
        if file.is_symlink() or (file.exists() and not file.is_file()):
            return secrets.token_urlsafe(16), f"{file} is not a file scorekeeper made"
        text = file.read_text(encoding="ascii", errors="replace").strip()
    except FileNotFoundError:
        return new_secret(store)
    except OSError as error:
        return secrets.token_urlsafe(16), f"{file} cannot be read ({error.strerror})"
    if SHAPE.fullmatch(text):
        return text, None
    return secrets.token_urlsafe(16), f"{file} does not hold a secret scorekeeper made"


def new_secret(store: Path) -> tuple[str, str | None]:
    """A new secret for ``store``, kept in place of the old one (written whole, readable
    by this user only); and why it could not be kept, else None."""
    made = secrets.token_urlsafe(16)
    file = secret_file(store)
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=file.parent, prefix=".secret-", suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="ascii") as out:
                out.write(made + "\n")
            os.replace(temporary, file)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
    except OSError as error:
        return made, f"{file} cannot be written ({error.strerror})"
    return made, None
