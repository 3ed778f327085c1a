"""What the app remembers between evenings for one store, kept in ``settings.json``.

The file sits in the store folder and is written through the store's one atomic write
(with a ``.bak``): ``{"schema": 1, "export folder": "/home/ann/Documents/cards",
"currency": {"symbol": "€", "comma": true}}``. The currency is the table's: every laptop
sharing the store writes money alike. A
missing or unreadable file means the defaults; settings are never worth refusing to start.
An unreadable file is not written over either: its ``.bak`` may be the good version
``scorekeeper doctor --fix`` puts back.
"""

from __future__ import annotations

import os
from pathlib import Path

from scorekeeper.checks import JSON
from scorekeeper.money import DOLLARS, SYMBOLS, Currency
from scorekeeper.reports import EXPORTS
from scorekeeper.store import Store, StoreError
from scorekeeper.store.careful_read import DamagedFile, read_json
from scorekeeper.store.durable import backup_of, encode, write_atomically
from scorekeeper.wording import visible

SETTINGS_FILE = "settings.json"
SCHEMA = 1
EXPORT_FOLDER = "export folder"
CURRENCY = "currency"


def _checked(file: Path) -> tuple[dict[str, object], str | None]:
    """What ``file`` holds (empty if it cannot be used) and why it cannot, if so."""
    try:
        data = read_json(file)
    except DamagedFile as error:
        return {}, error.reason
    except OSError as error:
        return {}, f"cannot be read ({error.strerror or error})"
    if data is None:
        return {}, None
    if data.get("schema") != SCHEMA:
        return {}, "does not hold settings this scorekeeper reads"
    if not _is_path(data.get(EXPORT_FOLDER, "")):
        return {}, "names an export folder that is no path (not text, a NUL, a lone surrogate)"
    return data, None


def _is_path(text: object) -> bool:
    """Text the system takes as a path: no NUL, nothing ``os.fsencode`` cannot encode."""
    if not isinstance(text, str) or "\0" in text:
        return False
    try:
        os.fsencode(text)
    except UnicodeEncodeError:
        return False
    return True


def problem(file: Path) -> str | None:
    """What is wrong with the settings file ``file`` (also a ``.bak``), or None."""
    return _checked(file)[1]


def export_folder(store: Store) -> Path:
    """Where exports went last time from this store, else ``exports`` in the folder the app
    was started from; always absolute, so a message can say exactly where."""
    saved = _checked(store.path / SETTINGS_FILE)[0].get(EXPORT_FOLDER)
    if isinstance(saved, str) and saved:
        return Path(saved)
    return EXPORTS.absolute()


def remember_export_folder(store: Store, folder: Path) -> None:
    """Keep ``folder`` as the next export's default; raises ``StoreError`` if it cannot,
    and while the file holds what cannot be read (writing would push its good ``.bak``
    out)."""
    _remember(
        store,
        EXPORT_FOLDER,
        str(folder.absolute()),
        "the export was written, the folder not remembered",
    )


def _remember(store: Store, key: str, value: JSON, lost: str) -> None:
    """Keep ``value`` under ``key`` in the store's settings, the rest as it is; ``lost``
    says what a failure leaves undone."""
    if store.readonly:
        return
    file = store.path / SETTINGS_FILE
    data, wrong = _checked(file)
    if wrong is not None:
        raise StoreError(
            f"{file} {wrong}: {lost}. "
            "`scorekeeper doctor --fix` puts back its backup or sets it aside.",
            file,
        )
    try:
        encoded = encode({**data, "schema": SCHEMA, key: value})
    except UnicodeEncodeError:
        raise StoreError(f"{visible(str(value))} is not UTF-8 text: {lost}.", file) from None
    try:
        write_atomically(file, encoded, backup=backup_of(file))
    except OSError as error:
        raise StoreError(
            f"Could not save {file}: {error.strerror or error}; {lost}.", file
        ) from error


def currency_at(folder: Path) -> Currency | None:
    """The currency the store in ``folder`` was set to, or None if it never was (a
    setting that cannot be read counts as never set: dollars, and asked again)."""
    saved = _checked(folder / SETTINGS_FILE)[0].get(CURRENCY)
    if not isinstance(saved, dict):
        return None
    name, comma = saved.get("symbol"), saved.get("comma")
    if not isinstance(name, str) or name not in SYMBOLS or not isinstance(comma, bool):
        return None
    return Currency(SYMBOLS[name].symbol, SYMBOLS[name].after, comma)


def currency(store: Store) -> Currency:
    """How money is written at this store's table (dollars until set)."""
    return currency_at(store.path) or DOLLARS


def remember_currency(store: Store, name: str, comma: bool) -> None:
    """Keep the table's currency (``name`` one of ``money.SYMBOLS``); raises
    ``StoreError`` if it cannot, as ``remember_export_folder`` does."""
    _remember(store, CURRENCY, {"symbol": name, "comma": comma}, "the currency was not kept")
