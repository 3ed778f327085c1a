"""Reading files that may be hostile: every file in a store folder may be.

Only a regular file is opened (a FIFO would hang, a link could lead anywhere), none over
``SIZE_CAP``, and the JSON in it must be one object, nested no deeper than ``DEPTH_CAP``,
with no number longer than ``DIGITS_CAP`` digits. Anything else is a ``DamagedFile``
that says what is wrong, never repaired.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

from scorekeeper.checks import JSON, JSONObject
from scorekeeper.safe_files import kind, lone_surrogate

SIZE_CAP = 16 * 1024 * 1024
"""No session in play comes near a megabyte; a bigger file is not read into memory."""
DEPTH_CAP = 32
"""A session document nests about eight deep; this leaves room for any game's rounds."""
DIGITS_CAP = 30
"""Nanosecond stamps have 19 digits and amounts far fewer."""

_OPEN = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
_OPEN |= getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)


class DamagedFile(ValueError):
    """A file that holds no usable JSON object; ``reason`` reads after its name."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path} {reason}")
        self.path = path
        self.reason = reason


def unreadable(error: DamagedFile | OSError) -> str:
    """Why a file could not be read, in the words that follow its name."""
    if isinstance(error, DamagedFile):
        return error.reason
    return f"cannot be read ({error.strerror or error})"


def read_bytes(path: Path, cap: int = SIZE_CAP) -> bytes | None:
    """The bytes of the regular file ``path``, ``None`` if there is none; anything else
    there is a DamagedFile, found without reading it."""
    found = read_regular(path, cap)
    return None if found is None else found[0]


def read_regular(
    path: Path, cap: int = SIZE_CAP, *, first_line: bool = False
) -> tuple[bytes, os.stat_result] | None:
    """``read_bytes`` with the file's identity; ``first_line``: read in small parts up to
    the first line's end (a buffer the file's size, once freed, stays with the allocator)."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(found.st_mode):
        raise DamagedFile(path, f"is {kind(found.st_mode)}, not a file scorekeeper wrote")
    try:
        descriptor = os.open(path, _OPEN)
    except FileNotFoundError:
        return None
    except OSError as error:
        if error.errno == getattr(os, "ELOOP", None):
            raise DamagedFile(path, "is a symbolic link, not a file scorekeeper wrote") from None
        raise
    try:
        opened = os.fstat(descriptor)
        if not stat.S_ISREG(opened.st_mode):
            raise DamagedFile(path, f"is {kind(opened.st_mode)}, not a file scorekeeper wrote")
        if opened.st_size > cap:
            raise DamagedFile(
                path,
                f"is {opened.st_size:,} bytes, far more than scorekeeper writes there "
                f"(at most {_amount(cap)} is read)",
            )
        # asked for at its size and one byte more (one read), then on while it grows
        parts, total, want = [], 0, (1 << 16) if first_line else opened.st_size + 1
        while total <= cap:
            asked = min(want, cap + 1 - total)
            part = os.read(descriptor, asked)
            parts.append(part)
            total += len(part)
            if len(part) < asked or (first_line and b"\n" in part):
                break
            want = 1 << 16
        raw = b"".join(parts)
    finally:
        os.close(descriptor)
    if len(raw) > cap:
        raise DamagedFile(path, f"grew past {_amount(cap)} while it was read")
    return raw, opened


def _amount(cap: int) -> str:
    return f"{cap // 2**20} MB" if cap % 2**20 == 0 else f"{cap // 1024} KB"


def read_json(path: Path, cap: int = SIZE_CAP) -> JSONObject | None:
    """The JSON object in ``path`` (of at most ``cap`` bytes), ``None`` if there is none."""
    raw = read_bytes(path, cap)
    return None if raw is None else parse_json(path, raw)


class _TooLong(ValueError):
    pass


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > DIGITS_CAP:
        raise _TooLong(text[:12])
    return int(text)


def _number(text: str) -> Decimal:
    """A fraction, read exactly: scorekeeper writes none, so every check refuses it; read
    only to say what is wrong."""
    value = Decimal(text)
    if len(text) > DIGITS_CAP * 2 or abs(value.adjusted()) > DIGITS_CAP:
        raise _TooLong(text[:12])
    return value


def _constant(text: str) -> JSON:
    raise json.JSONDecodeError(f"{text} is not a JSON value", text, 0)


def depth(data: JSON) -> int:
    """How deeply ``data`` nests lists and objects (``[1]`` is 1), up to past ``DEPTH_CAP``."""
    level, containers = 0, [data] if type(data) in (dict, list) else []
    while containers:
        level += 1
        if level > DEPTH_CAP:
            return level
        nested: list[JSON] = []
        for value in containers:
            items = value.values() if type(value) is dict else value
            nested += [item for item in items if type(item) in (dict, list)]
        containers = nested
    return level


_BRACKETS_AND_QUOTES = bytes(byte for byte in range(256) if byte not in b'[]{}"')
_ONE_BRACKET = bytes.maketrans(b"{}", b"[]")


def _nests_within(raw: bytes, cap: int) -> bool:
    """Whether the brackets of the JSON text ``raw`` nest no deeper than ``cap``, in a few
    passes in C (half a log's read): False where a string may hide one (``depth`` then)."""
    if b"\\" in raw:
        return False
    brackets = raw.translate(_ONE_BRACKET, _BRACKETS_AND_QUOTES).replace(b'""', b"")
    if b'"' in brackets:
        return False  # the first string holding a bracket keeps its opening quote
    for _ in range(cap):
        if not brackets:
            return True
        brackets = brackets.replace(b"[]", b"")
    return not brackets


_ALL_NINES = bytes.maketrans(b"012345678", b"999999999")
_TOO_MANY_DIGITS = b"9" * (DIGITS_CAP + 1)


def _may_hold_a_long_number(raw: bytes) -> bool:
    """Whether ``raw`` has a run of more than ``DIGITS_CAP`` digits: only then is each
    number looked at (two passes in C, not a call per number)."""
    return _TOO_MANY_DIGITS in raw.translate(_ALL_NINES)


def parse_json(path: Path, raw: bytes, *, shape_checked: bool = False) -> JSONObject:
    """The JSON object in ``raw``, read from ``path``; anything else is a DamagedFile.
    ``shape_checked``: the caller checks every value's type (no deeper nesting passes)."""
    if not raw.strip():
        raise DamagedFile(path, "is empty")
    if b"\x00" in raw:
        raise DamagedFile(path, "contains NUL bytes, as a file does after a power cut mid-write")
    try:
        text = raw.decode("utf-8")
        if text.startswith("\ufeff"):  # as ``json.loads`` says it
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        data = (_LONG_DECODER if _may_hold_a_long_number(raw) else _DECODER).decode(text)
    except UnicodeDecodeError:
        raise DamagedFile(path, "is not text (it is not valid UTF-8)") from None
    except json.JSONDecodeError as error:
        ends = error.pos >= len(raw.rstrip()) or error.msg.startswith("Unterminated string")
        if ends:
            raise DamagedFile(path, "is cut short: it ends in the middle of the data") from None
        where = f"line {error.lineno}, column {error.colno}"
        raise DamagedFile(path, f"is not valid JSON ({error.msg} at {where})") from None
    except _TooLong as error:
        raise DamagedFile(
            path, f"holds a number too long to be a score ({error}…, over {DIGITS_CAP} digits)"
        ) from None
    except RecursionError:
        raise DamagedFile(path, f"is nested too deeply (more than {DEPTH_CAP} levels)") from None
    if not isinstance(data, dict):
        raise DamagedFile(path, "does not hold scorekeeper data (no JSON object at the top)")
    if not shape_checked and not _nests_within(raw, DEPTH_CAP) and depth(data) > DEPTH_CAP:
        raise DamagedFile(path, f"is nested too deeply (more than {DEPTH_CAP} levels)")
    if (half := lone_surrogate(raw, data)) is not None:
        raise DamagedFile(path, half)
    return data


class NotPlain(ValueError):
    """Not exactly as scorekeeper writes it: ``parse_json`` judges it."""


def members(raw: bytes, head: bytes, start: int = 0) -> Iterator[tuple[str, JSON]]:
    """Each name and value of the object in ``raw`` from ``start``, the last member of one
    opened by ``head``, one at a time (ten thousand sessions never in memory as one tree,
    nor their bytes copied). ``NotPlain`` (maybe after a few) for anything but
    ``durable.encode``'s compact JSON without NUL or half a character."""
    if b"\x00" in raw or b"\\ud" in raw or b"\\uD" in raw:
        raise NotPlain
    try:
        text = str(memoryview(raw)[start:], "utf-8")
    except UnicodeDecodeError:
        raise NotPlain from None
    if not text.startswith(head.decode()):
        raise NotPlain
    decoder = _LONG_DECODER if _may_hold_a_long_number(raw) else _DECODER
    at, end = len(head), len(text) - 2
    if text[end:] != "}}":
        raise NotPlain
    try:
        while at < end:
            if text[at] != '"':
                raise NotPlain
            name, at = decoder.raw_decode(text, at)
            if text[at] != ":":
                raise NotPlain
            value, at = decoder.raw_decode(text, at + 1)
            yield name, value
            if at >= end:
                break
            if text[at] != ",":
                raise NotPlain
            at += 1
            if at == end:
                raise NotPlain  # a comma before the end
        if at != end:
            raise NotPlain  # the last value ran into the closing braces
    except (ValueError, IndexError, RecursionError):
        raise NotPlain from None


_DECODER = json.JSONDecoder(parse_float=_number, parse_constant=_constant)
_LONG_DECODER = json.JSONDecoder(parse_int=_integer, parse_float=_number, parse_constant=_constant)
