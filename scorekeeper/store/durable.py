"""Files that are either the old version or the new one, never half of each.

TinyDB's stock JSONStorage rewrites the live file in place, so a crash mid-write leaves
it truncated. Here a write goes to a temporary file in the same folder, is fsynced, and
takes the live file's place with ``os.replace``; the folder is fsynced so the rename
itself survives a power cut. The version being replaced is kept as ``<name>.bak``.
Reading refuses, rather than repairs, anything that is not one whole JSON object.

This is the one place that writes files: the sessions, the index, the night names and
the CSV export all go through ``write_atomically`` or ``replacing_text``.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from tinydb.storages import Storage


class DamagedFile(ValueError):
    """A file that holds no usable JSON object; ``reason`` reads after its name."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path} {reason}")
        self.path = path
        self.reason = reason


def encode(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode()


def read_json(path: Path) -> dict[str, Any] | None:
    """The JSON object in ``path``, ``None`` if there is no such file."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    return parse_json(path, raw)


def parse_json(path: Path, raw: bytes) -> dict[str, Any]:
    """The JSON object in ``raw``, read from ``path``; anything else is a DamagedFile."""
    if not raw.strip():
        raise DamagedFile(path, "is empty")
    if b"\x00" in raw:
        raise DamagedFile(path, "contains NUL bytes, as a file does after a power cut mid-write")
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise DamagedFile(path, "is not text (it is not valid UTF-8)") from None
    except json.JSONDecodeError as error:
        if error.pos >= len(raw.rstrip()):
            raise DamagedFile(path, "is cut short: it ends in the middle of the data") from None
        where = f"line {error.lineno}, column {error.colno}"
        raise DamagedFile(path, f"is not valid JSON ({error.msg} at {where})") from None
    if not isinstance(data, dict):
        raise DamagedFile(path, "does not hold scorekeeper data (no JSON object at the top)")
    return data


def fsync_folder(folder: Path) -> None:
    """Make renames in ``folder`` durable; Windows cannot open a folder, and needs not."""
    if os.name == "nt":
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def backup_of(path: Path) -> Path:
    """Where the version of ``path`` before its last save is kept."""
    return path.with_name(path.name + ".bak")


def keep_previous(path: Path, backup: Path) -> None:
    """Make ``backup`` the current version of ``path`` (a hard link: no data is copied)."""
    staged = backup.with_name(backup.name + ".tmp")
    with contextlib.suppress(FileNotFoundError):
        os.unlink(staged)
    try:
        os.link(path, staged)
    except FileNotFoundError:
        return
    except OSError:
        shutil.copyfile(path, staged)
    try:
        os.replace(staged, backup)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(staged)
        raise


@contextlib.contextmanager
def _replacing(path: Path, *, durable: bool, backup: Path | None) -> Iterator[int]:
    """A descriptor on a temporary file beside ``path`` that takes its place once the
    block ends; if the block or any step fails, ``path`` still holds what it held."""
    temp = path.with_name(path.name + ".tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0)
    descriptor = os.open(temp, flags, 0o666)
    try:
        try:
            yield descriptor
            if durable:
                os.fsync(descriptor)
        finally:
            os.close(descriptor)
        if backup is not None:
            keep_previous(path, backup)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    if durable:
        fsync_folder(path.parent)


def write_atomically(
    path: Path, data: bytes, *, durable: bool = True, backup: Path | None = None
) -> None:
    """Replace ``path`` with ``data``; on any failure ``path`` still holds what it held.

    ``os.write`` has no buffer of its own, so the fsync that follows covers the flush.
    """
    with _replacing(path, durable=durable, backup=backup) as descriptor:
        remaining = memoryview(data)
        while remaining:
            remaining = remaining[os.write(descriptor, remaining) :]


@contextlib.contextmanager
def replacing_text(path: Path, *, encoding: str, newline: str | None = None) -> Iterator[TextIO]:
    """A text file to write in steps (a CSV export) that replaces ``path``, durably, only
    once the block ends without error."""
    with (
        _replacing(path, durable=True, backup=None) as descriptor,
        open(descriptor, "w", encoding=encoding, newline=newline, closefd=False) as handle,
    ):
        yield handle


class DurableStorage(Storage):
    """TinyDB storage: atomic, fsynced writes with a backup, and strict reads."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.backup = backup_of(self.path)

    def read(self) -> dict[str, Any] | None:
        data = read_json(self.path)
        if data is not None and not all(
            isinstance(table, dict) and all(isinstance(doc, dict) for doc in table.values())
            for table in data.values()
        ):
            raise DamagedFile(self.path, "is JSON but not a TinyDB database")
        return data

    def write(self, data: dict[str, Any]) -> None:
        write_atomically(self.path, encode(data), backup=self.backup)
