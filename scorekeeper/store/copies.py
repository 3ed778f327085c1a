"""Files by name: a session's logs, ``<id>.<laptop>.json``, and a sync engine's copies
of them, ``<id>.<laptop>.sync-conflict-<day>-<time>-<device>.json``, read as that
laptop's log too (the union of the two loses nothing)."""

from __future__ import annotations

import functools
import re

LAPTOP_ID = r"[a-z2-7]{10}"
"""A laptop's id as a pattern: ten base-32 letters, made once on each laptop."""
ENGINE_COPY = r"\.sync-conflict-\d{8}-\d{6}-[A-Z0-9]{7}"
"""What Syncthing puts after a file's stem when it keeps a conflict copy of it."""
OLDER = "sessions"
"""The folder of an older layout's whole copies, moved over as a store opens
(``older_sessions``): looked for before that module is imported, as it seldom exists."""
# Patterns compiled on first use, not as the module is imported: before Home's first
# frame an empty store matches none of them (re keeps what it compiled).
_CONFLICT = LAPTOP_ID + ENGINE_COPY
_ENGINE_COPY = rf"(?P<stem>.+){ENGINE_COPY}(?P<ext>\.[^.]+)?"


@functools.cache
def _name() -> re.Pattern[str]:
    """A log's file name: compiled once, as every file in the logs folder is parsed."""
    return re.compile(rf"([A-Za-z0-9_-]{{1,64}})\.({LAPTOP_ID}(?:{ENGINE_COPY})?)\.json")


def parse(name: str) -> tuple[str, str] | None:
    """The session id and key (a laptop, or a sync engine's copy of its log) a file name
    in the logs folder stands for."""
    found = _name().fullmatch(name)
    return None if found is None else (found[1], found[2])


def file_name(session_id: str, key: str) -> str:
    return f"{session_id}.{key}.json"


def owner(key: str) -> str:
    """The laptop whose log a file of ``key`` is (a sync engine's copy: its original's)."""
    return key.partition(".")[0]


def is_conflict_copy(key: str) -> bool:
    """Whether a file of ``key`` is a sync engine's copy of a log, not the log itself."""
    return re.fullmatch(_CONFLICT, key) is not None


def original_name(name: str) -> str | None:
    """The name of the file ``name`` is a sync engine's conflict copy of, or None."""
    found = re.fullmatch(_ENGINE_COPY, name)
    if found is None:
        return None
    return found["stem"] + (found["ext"] or "")


def is_engine_file(name: str) -> bool:
    """A file Syncthing writes while receiving: never a session, never damage."""
    return name.startswith(".syncthing.") and name.endswith(".tmp")
