"""What the app remembers between evenings for one store, kept in ``settings.json``.

The file sits in the store folder and is written through the store's one atomic write
(with a ``.bak``): ``{"schema": 1, "export folder": "/home/ann/Documents/cards"}``. A
missing or unreadable file means the defaults; settings are never worth refusing to start.
"""

from __future__ import annotations

from pathlib import Path

from scorekeeper.reports import EXPORTS
from scorekeeper.store import Store, StoreError
from scorekeeper.store.durable import backup_of, encode, write_atomically
from scorekeeper.store.reading import DamagedFile, read_json

SETTINGS_FILE = "settings.json"
SCHEMA = 1
EXPORT_FOLDER = "export folder"


def _read(folder: Path) -> dict[str, object]:
    try:
        data = read_json(folder / SETTINGS_FILE)
    except (DamagedFile, OSError):
        return {}
    if data is None or data.get("schema") != SCHEMA:
        return {}
    return data


def export_folder(store: Store) -> Path:
    """Where exports went last time from this store, else ``exports`` in the folder the app
    was started from; always absolute, so a message can say exactly where."""
    saved = _read(store.path).get(EXPORT_FOLDER)
    if isinstance(saved, str) and saved:
        return Path(saved)
    return EXPORTS.absolute()


def remember_export_folder(store: Store, folder: Path) -> None:
    """Keep ``folder`` as the next export's default; raises ``StoreError`` if it cannot."""
    if store.readonly:
        return
    data = {**_read(store.path), "schema": SCHEMA, EXPORT_FOLDER: str(folder.absolute())}
    file = store.path / SETTINGS_FILE
    try:
        write_atomically(file, encode(data), backup=backup_of(file))
    except OSError as error:
        raise StoreError(
            f"Could not save {file}: {error.strerror or error}. The export was written; "
            "only the folder was not remembered.",
            file,
        ) from error
