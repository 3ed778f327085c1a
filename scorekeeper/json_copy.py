"""A round or a table's options as recorded: a deep copy made only of JSON types.

What is recorded is what gets saved, so every number is checked as an amount here, and a
fraction, a float or an object is refused at the field path that holds it.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from scorekeeper.checks import JSON, check_amount
from scorekeeper.errors import RuleError

_SCALARS = (str, int, bool, type(None))
_TEXT = (str, bool, type(None))


def json_copy(value: JSON, field: str) -> JSON:
    """A deep copy made only of JSON types, so what is recorded is what gets saved.

    ``field`` is the path so far ("" at the top), so errors name e.g. ``course.D``.
    """
    kind = type(value)
    if kind is int:
        # Every number in a round is an amount or a count: one past the limit is a typo,
        # and one too long to print would not even save.
        return check_amount(value, field or "round")
    if kind in _SCALARS:
        return value
    if kind is dict or isinstance(value, Mapping):
        copy = {}
        for key, item in value.items():
            if type(key) is not str:
                raise RuleError(field or "round", f"field names must be text, not {key!r}")
            if type(item) in _TEXT:
                copy[key] = item
            else:
                copy[key] = json_copy(item, f"{field}.{key}" if field else key)
        return copy
    if kind is list or kind is tuple:
        return [json_copy(item, f"{field}[{index}]") for index, item in enumerate(value)]
    if isinstance(value, float | Decimal):  # Decimal: a fraction read back from a file
        raise RuleError(field or "round", f"must be a whole number, not {value}")
    if isinstance(value, int):
        return check_amount(int(value), field or "round")
    if isinstance(value, str):
        return value
    raise RuleError(field or "round", f"{value!r} is not a number, text, yes/no, list or mapping")
