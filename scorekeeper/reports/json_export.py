"""``scorekeeper export --json``: every session, with its night and the house games, in one
file another laptop imports (``transfer``) or a person reads.

The file is UTF-8 JSON::

    {"format": "scorekeeper-sessions", "schema": 1, "exported": "<ISO 8601 time>",
     "sessions": [{"id": "5f02a1da", "started": "<ISO 8601>", "updated": "<ISO 8601>",
                   "night": "2024-05-03", "night name": "Grandma's birthday" or null,
                   "session": {"game": "<game id>", "players": [...], "dealer": "Ann",
                               "options": {...}, "rounds": [{...}, ...]}}, ...],
     "house games": [{"name": "Hearts at Grandma's", "game": "<game id>",
                      "options": {...}}, ...]}

``schema`` is the session schema of the store that wrote it (``store.SCHEMA``); ``session``
is exactly what a session file holds and what ``Session.from_dict`` reads (a game that
went on differently and waits for a decision has one entry per version, under one id,
the version shown first); ``night`` is
the night the session belongs to (see ``nights``). A house game (``store.house_games``)
is added by an import where none here has its name.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from scorekeeper.checks import JSONObject
from scorekeeper.reports.night_names import load_book
from scorekeeper.reports.nights import group
from scorekeeper.store import SCHEMA, Store, StoreDamaged, StoreError, house_games
from scorekeeper.store.durable import write_atomically
from scorekeeper.store.merge import Version
from scorekeeper.wording import iso

FORMAT = "scorekeeper-sessions"
JSON_NAME = "sessions.json"


def _last_round(version: Version) -> str:
    """When the version's last round was recorded, as an export writes a session's
    update: what ranks it where the import keeps it."""
    seconds = version.last[0] // 1_000_000_000
    return iso(datetime.fromtimestamp(seconds).astimezone())


def versions_waiting(store: Store, session_id: str) -> list[tuple[JSONObject, str]]:
    """The versions of a game that went on differently other than the one shown, each
    with the time of its last round: they go with it, so the laptop that imports them
    waits for the same decision and shows the same version (a game carried without them
    would lose a version there)."""
    if not store.waiting(session_id):
        return []
    versions = store.gathered(session_id).merged.versions[1:]
    return [(dict(version.session), _last_round(version)) for version in versions]


def export_json(store: Store, out_dir: str | Path, *, name: str = JSON_NAME) -> Path:
    """Write every readable session with its rounds into one JSON file; returns its path.

    Damaged sessions are left out (``store.damaged()`` names them).
    """
    out = Path(out_dir).expanduser().absolute()
    book = load_book(store.path)
    summaries = sorted(store.summaries(), key=lambda summary: (summary.started, summary.id))
    nights = {
        summary.id: night
        for night in group(summaries, book.names, book.moves)
        for summary in night.sessions
    }
    entries = []
    for summary in summaries:
        try:
            saved = store.saved(summary.id)
        except StoreDamaged:
            continue
        night = nights[summary.id]
        shown = (saved, iso(summary.updated))
        for session, updated in [shown, *versions_waiting(store, summary.id)]:
            entries.append(
                {
                    "id": summary.id,
                    "started": iso(summary.started),
                    "updated": updated,
                    "night": night.key,
                    "night name": night.name or None,
                    "session": session,
                }
            )
    data = {
        "format": FORMAT,
        "schema": SCHEMA,
        "exported": iso(datetime.now().astimezone()),
        "sessions": entries,
        house_games.EXPORT_KEY: house_games.export_entries(store),
    }
    path = out / name
    try:
        out.mkdir(parents=True, exist_ok=True)
        write_atomically(path, json.dumps(data, ensure_ascii=False, indent=1).encode())
    except OSError as error:
        raise StoreError(
            f"Cannot write the export to {out}: {error.strerror or error}. "
            "Choose another folder (scorekeeper export --out FOLDER).",
            out,
        ) from error
    return path
