"""Moving an import's staged session files into place, all or none."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from scorekeeper.store import sidecar
from scorekeeper.store.careful_read import read_bytes
from scorekeeper.store.durable import backup_of, fsync_folder, write_atomically


def commit(
    staging: Path, folder: Path, targets: list[tuple[str, str, Path]], replacing: set[str]
) -> None:
    """Move each staged file (its name in ``staging``, its session, its target) into
    place; if one fails, take back those moved and put back, byte for byte, the files
    they replaced (the sessions in ``replacing``: this laptop's copy, where it had one)."""
    moved: list[Path] = []
    kept: dict[Path, bytes | None] = {}
    try:
        for name, session_id, target in targets:
            if session_id in replacing:
                for old in (target, backup_of(target), sidecar.rows_file(target)):
                    kept[old] = read_bytes(old)
                if kept[target] is not None:
                    os.replace(target, backup_of(target))
            elif target.exists():
                raise FileExistsError(f"{target} appeared while importing")
            os.replace(staging / name, target)
            moved.append(target)
            with contextlib.suppress(OSError):  # only a cache: the export can do without
                os.replace(sidecar.rows_file(staging / name), sidecar.rows_file(target))
        fsync_folder(folder)
    except BaseException:
        for target in moved:
            for made in (target, sidecar.rows_file(target)):
                with contextlib.suppress(OSError):
                    os.unlink(made)
        for old, data in kept.items():
            with contextlib.suppress(OSError):
                if data is None:
                    os.unlink(old)
                else:
                    write_atomically(old, data)
        with contextlib.suppress(OSError):
            fsync_folder(folder)
        raise
