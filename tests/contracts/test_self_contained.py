"""The project stands on its own: nothing in it points at a file or a tracker outside it.

Whoever installs the app or clones the repository has only what git tracks, so the rules
are cited as "docs/rules.md, <game>" and no file names a folder, note or issue that
lives elsewhere. The forbidden words are spelt in pieces here so this file passes too.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The notes outside are spelt in capitals; the project's own docs/rules.md is not one.
OUTSIDE = re.compile(
    "|".join(
        (
            r"(?i:\bshared/)",
            re.escape("RULES" + ".md"),
            re.escape("SCENARIOS" + ".md"),
            # "issue N", "issues N and M", "issue #N", "Issue-N" with N a number
            r"(?i:\bissues?[\s_-]*#?\d+)",
        )
    )
)
# "#N" as a reference ("see #N", "(#N)"): a hash straight before a short number and
# after nothing word-like. Style sheets are left out: there a hash and digits is a colour.
HASH_NUMBER = re.compile(r"(?<![\w&#/])#\d{1,5}\b(?![\w-])")
PICTURES = (".svg", ".png", ".jpg", ".gif", ".ico")


def tracked_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    return [ROOT / name for name in listed.decode().split("\0") if name]


def references_outside(path: Path, shown_as: str) -> list[str]:
    """``file:line: text`` for every line of ``path`` that points outside the project."""
    if path.suffix in PICTURES or not path.is_file():
        return []
    raw = path.read_bytes()
    if b"\0" in raw:
        return []
    hits = []
    for number, line in enumerate(raw.decode("utf-8", errors="replace").splitlines(), 1):
        found = OUTSIDE.search(line) or (path.suffix != ".tcss" and HASH_NUMBER.search(line))
        if found:
            hits.append(f"{shown_as}:{number}: {line.strip()}")
    return hits


def test_no_tracked_file_points_outside_the_project() -> None:
    hits = [
        hit
        for path in tracked_files()
        for hit in references_outside(path, str(path.relative_to(ROOT)))
    ]
    assert not hits, "cite docs/rules.md instead of these:\n" + "\n".join(hits)


def test_the_check_catches_what_it_is_meant_to(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "\n".join(
            (
                "ok = 1  # a comment",
                "see " + "RULES" + ".md for the split",
                "fixed in " + "issue" + " 12",
                "as asked in " + "#" + "7",
                "colour = '#0f0f0f'",
                "../" + "shared" + "/seeds",
                "cited as docs/rules.md, Hot Rum",
            )
        ),
        encoding="utf-8",
    )
    lines = [hit.split(":")[1] for hit in references_outside(bad, "bad.py")]
    assert lines == ["2", "3", "4", "6"]
