"""Every text field of the app is a ``TextInput``, which draws its value through
``wording.visible``: a plain Textual ``Input`` (or ``TextArea``) would send a stored name's
escapes to the terminal as they are."""

from __future__ import annotations

import ast
from pathlib import Path

import screens

RAW_FIELDS = {"Input", "TextArea", "MaskedInput"}


def test_no_screen_makes_a_field_that_draws_its_text_raw() -> None:
    root = Path(screens.__file__).parent
    made = []
    for file in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if name in RAW_FIELDS:
                    made.append(f"{file.relative_to(root)}:{node.lineno} {name}")
    assert made == []
