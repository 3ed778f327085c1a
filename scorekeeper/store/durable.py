"""The one place that writes files: each is the old version or the new one, never half.

A write goes to a new temporary file of ours (``O_EXCL``, unguessable name), is fsynced,
replaces the live file (the one before kept as ``.bak``), and the folder is fsynced: TinyDB's
own storage rewrites a file in place, so a crash leaves it torn.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TextIO

from scorekeeper.checks import JSON, JSONObject
from scorekeeper.store.careful_read import DamagedFile, parse_json, read_json

STALE_AFTER = 3600
"""Seconds after which a temporary file is a crash's leftover, not a write in progress."""

_TEMP = r".+\.([0-9a-f]{16}\.)?tmp"
"""A temporary file's name (compiled by ``re`` when first matched: as a store closes)."""
_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
_CREATE |= getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
_OVERWRITE = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
_OVERWRITE |= getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)


class ReplaceFailed(OSError):
    """Replacing several files together failed; ``changed``: those left replaced."""

    def __init__(self, failed: Path, cause: OSError, changed: Sequence[Path]) -> None:
        super().__init__(cause.errno, cause.strerror or str(cause), str(failed))
        self.failed = failed
        self.cause = cause
        self.changed = list(changed)


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def encode(data: JSON) -> bytes:
    """``data`` as compact UTF-8 JSON; ``ValueError`` (NaN) before anything is written."""
    return _ENCODER.encode(data).encode()


def fsync_folder(folder: str | Path) -> None:
    """Make renames in ``folder`` durable; Windows cannot open a folder, and needs not."""
    if os.name == "nt":
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


BACKUP = ".bak"


def backup_of(path: Path) -> Path:
    """Where the version of ``path`` before its last save is kept."""
    return path.with_name(path.name + BACKUP)


def _create_temp(path: str | Path) -> tuple[str, int]:
    """A new file beside ``path`` that nobody else made (nothing planted is written through)."""
    while True:
        temp = f"{os.fspath(path)}.{temp_token()}.tmp"
        try:
            return temp, os.open(temp, _CREATE, 0o666)
        except FileExistsError:
            continue


def temp_token() -> str:
    """Unguessable, so no link planted in advance sits at a temporary file's name."""
    return os.urandom(8).hex()


def _discard(temp: str | Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(temp)


def sweep_stale(folder: Path) -> None:
    """Remove temporary files a crash left (older than ``STALE_AFTER``), never a sync
    engine's, which it resumes."""
    cutoff = time.time() - STALE_AFTER
    try:
        names = os.listdir(folder)  # names alone: half the cost of scandir's entries
    except OSError:
        return
    for name in names:
        temporary = name.endswith("tmp") and re.fullmatch(_TEMP, name)
        if not temporary or name.startswith(".syncthing."):
            continue
        path = os.path.join(folder, name)
        with contextlib.suppress(OSError):
            if os.lstat(path).st_mtime < cutoff:
                os.unlink(path)


def _write_all(descriptor: int, data: bytes) -> None:
    """Unbuffered, so the fsync that follows covers it."""
    remaining = memoryview(data)
    while remaining:
        remaining = remaining[os.write(descriptor, remaining) :]


def _linked_temp(path: str | Path, beside: str | Path) -> str | None:
    """The file at ``path`` linked (or, where links are refused, copied) to a new temporary
    name beside ``beside``; None if there is no such file."""
    while True:
        temp = f"{os.fspath(beside)}.{temp_token()}.tmp"
        try:
            os.link(path, temp)
            return temp
        except FileExistsError:
            continue
        except FileNotFoundError:
            return None
        except OSError:
            break
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        return None
    temp, descriptor = _create_temp(beside)
    _fill(descriptor, temp, data)
    return temp


def _fill(descriptor: int, path: str | Path, data: bytes, durable: bool = False) -> None:
    """Write ``data`` to the new file at ``path`` (fsynced if ``durable``) and close it;
    removed on a failure."""
    try:
        try:
            _write_all(descriptor, data)
            if durable:
                os.fsync(descriptor)
        finally:
            os.close(descriptor)
    except BaseException:
        _discard(path)
        raise


def write_atomically(
    path: Path, data: bytes, *, durable: bool = True, backup: str | Path | None = None
) -> None:
    """Replace ``path`` with ``data``, what it held kept as ``backup``; on any failure
    ``path`` still holds what it held."""
    name = os.fspath(path)
    temp, descriptor = _create_temp(name)
    _fill(descriptor, temp, data, durable)
    try:
        if backup is not None and (previous := _linked_temp(name, backup)) is not None:
            try:
                os.replace(previous, backup)
            except BaseException:
                _discard(previous)
                raise
        os.replace(temp, name)
    except BaseException:
        _discard(temp)
        raise
    if durable:
        fsync_folder(os.path.dirname(name) or os.curdir)


def write_in_place(path: Path, data: bytes) -> None:
    """Write ``data`` over the file at ``path`` (never through a link): for a note whose
    reader tells a torn write, at a twentieth of a rename's cost."""
    descriptor = os.open(path, _OVERWRITE, 0o666)
    try:
        found = os.fstat(descriptor)
        if not stat.S_ISREG(found.st_mode) or found.st_nlink != 1:
            raise OSError(errno.EPERM, "not a file of its own", str(path))
        _write_all(descriptor, data)
        os.ftruncate(descriptor, len(data))
    finally:
        os.close(descriptor)


@contextlib.contextmanager
def replacing_texts(
    paths: Sequence[Path], *, encoding: str, newline: str | None = None
) -> Iterator[list[TextIO]]:
    """Text files written in steps (a CSV export) that replace ``paths`` durably as the block
    ends: all of them, or none and ``ReplaceFailed``."""
    temps: list[str] = []
    try:
        with contextlib.ExitStack() as files:
            handles: list[TextIO] = []
            for path in paths:
                temp, descriptor = _create_temp(path)
                temps.append(temp)
                handles.append(
                    files.enter_context(open(descriptor, "w", encoding=encoding, newline=newline))
                )
            yield handles
            for handle in handles:
                handle.flush()
                os.fsync(handle.fileno())
        for path in paths:  # a folder ``os.replace`` would refuse, refused before any is
            with contextlib.suppress(FileNotFoundError):
                if stat.S_ISDIR(os.lstat(path).st_mode):
                    cause = IsADirectoryError(errno.EISDIR, "it is a folder, not a file", str(path))
                    raise ReplaceFailed(path, cause, [])
        _replace_all(temps, paths)
    finally:
        for temp in temps:
            _discard(temp)
    for folder in dict.fromkeys(path.parent for path in paths):
        fsync_folder(folder)


def _replace_all(temps: Sequence[str], paths: Sequence[Path]) -> None:
    """Move each temp onto its path; if one fails, put the earlier ones back."""
    done: list[tuple[Path, str | None]] = []
    for temp, path in zip(temps, paths, strict=True):
        previous = None
        try:
            previous = _linked_temp(path, path)
            os.replace(temp, path)
        except OSError as error:
            if previous is not None:
                _discard(previous)
            changed = []
            for replaced, kept in reversed(done):
                try:
                    if kept is None:
                        os.unlink(replaced)
                    else:
                        os.replace(kept, replaced)
                except OSError:
                    changed.append(replaced)
            raise ReplaceFailed(path, error, changed) from error
        done.append((path, previous))
    for _, previous in done:
        if previous is not None:
            _discard(previous)


_DOC_ID = r"[0-9]{1,18}"
"""A document's id as TinyDB writes it: any other key makes TinyDB's ``int()`` raise
(compiled by ``re`` when first matched: Home's first frame reads no log)."""


def read_database(path: Path, raw: bytes | None = None) -> JSONObject | None:
    """The TinyDB database in ``path`` (or its bytes ``raw``; None: no such file), with no
    database made: a store reads thousands."""
    data = read_json(path) if raw is None else parse_json(path, raw)
    if data is not None and not all(
        isinstance(table, dict)
        and all(re.fullmatch(_DOC_ID, key) and isinstance(doc, dict) for key, doc in table.items())
        for table in data.values()
    ):
        raise DamagedFile(path, "is JSON but not a TinyDB database")
    return data
