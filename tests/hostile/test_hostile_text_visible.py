"""Text from outside is drawn, never obeyed: the one function every screen, report and
command shows names, paths and errors through, and the one that reads typed numbers."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.errors import RuleError
from scorekeeper.wording import MAX_DIGITS, not_a_number, visible, whole_number
from tests.hostile.hostile_names import CLIPBOARD, FAKE_LINE, HOSTILE, MARKUP

HIDDEN = ("Cc", "Cf", "Cs", "Zl", "Zp")


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        (CLIPBOARD, "Bob␛]52;c;Y3VybCBldmlsLnNofHNo␇"),
        (FAKE_LINE, "Eve␤Bob pays Eve $500.00"),
        ("Cy\x1b]0;pwned\x1b\\", "Cy␛]0;pwned␛\\"),
        ("Ed\x9b2J", "Ed\\x9b2J"),
        ("Di\u202eevil\u202c", "Di\\u202eevil\\u202c"),
        ("Flo\u200b\u2028x", "Flo\\u200b\\u2028x"),
        ("tab\there\r", "tab␉here␍"),
        ("del\x7f\x00", "del␡␀"),
        ("lone \ud800", "lone \\ud800"),
        ("tag \U000e0041", "tag \\U000e0041"),
    ],
)
def test_control_characters_in_a_name_are_drawn_not_obeyed(name: str, shown: str) -> None:
    assert visible(name) == shown


@pytest.mark.parametrize(
    "name",
    ["Ann", "Zoë Müller", "中村", "Jo 🎲", "👨\u200d👩\u200d👧", MARKUP],
)
def test_names_people_type_are_shown_as_typed(name: str) -> None:
    """Markup stays text here: the screens keep it from being read as markup."""
    assert visible(name) == name


def test_a_report_keeps_its_own_lines_but_never_a_names() -> None:
    report = f"Money\n  {visible(FAKE_LINE)} pays Ann $1.00\n"
    assert visible(report, lines=True).splitlines() == [
        "Money",
        "  Eve␤Bob pays Eve $500.00 pays Ann $1.00",
    ]
    assert visible("a\x1b[2Jb\nc", lines=True) == "a␛[2Jb\nc"


@given(st.text())
def test_whatever_a_name_holds_it_is_drawn_on_one_line(name: str) -> None:
    shown = visible(name)
    assert "\n" not in shown
    hidden = [
        char
        for at, char in enumerate(shown)
        if unicodedata.category(char) in HIDDEN
        and not (char == "\u200d" and 0 < at < len(shown) - 1)
    ]
    assert hidden == []
    assert visible(shown) == shown
    assert all(unicodedata.category(char) not in ("Cc", "Cs") for char in shown)


def test_a_refused_rounds_message_names_a_player_on_one_line() -> None:
    error = RuleError("pitcher", f"{FAKE_LINE} is not at this table ({', '.join(HOSTILE)})")
    assert "\n" not in error.message and "\x1b" not in error.message
    assert "\x1b" not in str(error) and "\n" not in str(error)


@pytest.mark.parametrize(
    ("typed", "number"),
    [
        ("12", 12),
        (" 7 ", 7),
        ("-40", -40),
        ("1,250", 1250),
        ("-1,250,000", -1_250_000),
        ("0,5", None),
        ("12,5", None),
        ("1,2,3", None),
        (",5", None),
        ("٣", 3),
        ("١٢", 12),
        ("３", 3),
        ("²", None),
        ("¹", None),
        ("³", None),
        ("①", None),
        ("1²", None),
        ("🎲", None),
        ("", None),
        ("-", None),
        ("1e3", None),
        ("1" * (MAX_DIGITS + 1), None),
        ("9" * 10_000, None),
    ],
)
def test_a_typed_number_is_digits_and_nothing_that_only_looks_like_them(
    typed: str, number: int | None
) -> None:
    assert whole_number(typed) == number


def test_a_count_has_no_sign() -> None:
    assert whole_number("+3", signed=False) is None
    assert whole_number("-3", signed=False) is None
    assert whole_number("3", signed=False) == 3


def test_why_a_number_was_refused_quotes_little_of_it() -> None:
    assert not_a_number("²") == "type a whole number here, not '²'"
    assert not_a_number("0,5") == "type a whole number here, not '0,5'"
    assert not_a_number("") == "type a whole number here, not nothing"
    assert not_a_number("9" * 10_000) == (
        f"type a whole number of at most {MAX_DIGITS} digits, not 10,000"
    )
    long_paste = not_a_number("x\x1b" * 5_000)
    assert len(long_paste) < 60 and "\x1b" not in long_paste
