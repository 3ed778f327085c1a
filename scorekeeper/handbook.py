"""Where the rules with their worked examples are: the one file ``docs/rules.md``.

A source checkout reads it where it is. An installed app (a wheel, as pipx installs it)
has it among its data files (``share/scorekeeper/rules.md``, pyproject's ``data-files``),
found through the installed distribution's own list of files, wherever its prefix is.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

RULES = "rules.md"
CHECKOUT = Path(__file__).resolve().parents[1] / "docs" / RULES


def rules_path() -> Path | None:
    """The rules file, or None where neither a checkout nor an install holds it."""
    if CHECKOUT.is_file():
        return CHECKOUT
    try:
        installed = distribution("scorekeeper")
    except PackageNotFoundError:
        return None
    for file in installed.files or ():
        if file.name == RULES and file.parent.name == "scorekeeper" and "share" in file.parts:
            path = Path(str(installed.locate_file(file)))
            if path.is_file():
                return path
    return None


def rules_text() -> str | None:
    """The rules as Markdown, or None where the file is not there."""
    path = rules_path()
    return None if path is None else path.read_text(encoding="utf-8")
