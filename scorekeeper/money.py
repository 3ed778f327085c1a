"""How an amount reads: money in the table's own currency from minor units, chips and
points whole.

One place for it, so a game's panel ("$0.25 a point"), every screen, the board and the
command line say the same, and one place reads money typed back. The currency is the
store's setting (``settings.currency``), put in force once where a store is opened
(``use_currency``): a symbol before or after the figure, or none, and a decimal point or
a decimal comma. What is stored is minor units, whatever the currency.
"""

from __future__ import annotations

import contextlib
import functools
import re
import threading
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from scorekeeper.errors import RuleError
from scorekeeper.wording import MAX_DIGITS, clipped, visible

MINUS = "−"


class Currency(NamedTuple):
    """How money is written at a table: ``$1,234.50``, ``€1.234,50``, ``1.234,50 kr``.
    A ``NamedTuple``: a dataclass is compiled from source before Home's first frame."""

    symbol: str = "$"
    after: bool = False
    """The symbol after the figure, a space between (``12,50 kr``)."""
    comma: bool = False
    """A decimal comma, a point between thousands (``1.234,50``)."""

    @property
    def decimal(self) -> str:
        return "," if self.comma else "."

    @property
    def thousands(self) -> str:
        return "." if self.comma else ","

    @property
    def hundredth(self) -> str:
        """How the table says a hundredth of its money after a number ("¢", " cent",
        "p", " öre"); "" where no symbol names the money."""
        return HUNDREDTHS.get(self.symbol, "")

    def written(self, figure: str) -> str:
        """``figure`` (a bare amount) with the symbol where this currency puts it."""
        if not self.symbol:
            return figure
        return f"{figure} {self.symbol}" if self.after else f"{self.symbol}{figure}"


HUNDREDTHS = {"$": "¢", "€": " cent", "£": "p", "kr": " öre"}
"""A hundredth of each currency's money in its own word, read back as typed too."""
SYMBOLS: dict[str, Currency] = {
    "$": Currency("$"),
    "€": Currency("€", comma=True),
    "£": Currency("£"),
    "kr": Currency("kr", after=True, comma=True),
    "none": Currency(""),
}
"""The currencies a table picks from, by the name the setting keeps; the decimal mark is
a setting of its own (``Currency.comma``), these are only its usual defaults."""
DOLLARS = SYMBOLS["$"]


def name_of(money: Currency) -> str:
    """The name a table picks ``money`` by ("$", "€", "kr", "none"): the setting keeps
    it, and an export names the currency its money columns count in by it."""
    return next((name for name, known in SYMBOLS.items() if known.symbol == money.symbol), "none")


_in_force = [DOLLARS]
"""The currency every amount is written and read in, as the store opened says."""


def use_currency(currency: Currency) -> None:
    """Write and read money in ``currency`` from now on (the store's setting, once read)."""
    _in_force[0] = currency


_this_thread = threading.local()
"""A currency one thread writes in for a while (``written_in``), the others unaffected."""


def currency() -> Currency:
    here: Currency | None = getattr(_this_thread, "currency", None)
    return _in_force[0] if here is None else here


@contextlib.contextmanager
def written_in(money: Currency) -> Iterator[None]:
    """Amounts written in ``money`` by this thread while inside: words another laptop (or
    this one, before its currency changed) wrote in its currency are worded again alike,
    while the screen, drawn by another thread, keeps the table's."""
    before = getattr(_this_thread, "currency", None)
    _this_thread.currency = money
    try:
        yield
    finally:
        _this_thread.currency = before


def every_currency() -> Iterator[Currency]:
    """Each way a table may write money: each symbol with a decimal point and a comma."""
    for known in SYMBOLS.values():
        for comma in (False, True):
            yield Currency(known.symbol, known.after, comma)


def _figure(money: Currency) -> str:
    """An amount as ``money`` writes it, symbol and all; never the start of a longer figure."""
    thousands, decimal = re.escape(money.thousands), re.escape(money.decimal)
    figure = rf"(?:\d{{1,3}}(?:{thousands}\d{{3}})+|\d+){decimal}\d{{2}}(?!\d)"
    symbol = re.escape(money.symbol)
    return rf"{figure} {symbol}\b" if money.after else rf"{symbol}{figure}"


@functools.cache
def _written_otherwise(now: Currency) -> list[Currency]:
    """The currencies other than ``now`` with a symbol: the n-th is group ``c<n>`` of
    ``_finding``'s patterns."""
    return [money for money in every_currency() if money.symbol and money != now]


@functools.cache
def _finding(now: Currency, present: tuple[int, ...]) -> re.Pattern[str]:
    """One pattern finding an amount in any of the currencies ``present`` (indices into
    ``_written_otherwise``), made once: only those whose symbol a text holds can be in it,
    and compiling one for every currency was a millisecond of Home's first frame."""
    others = _written_otherwise(now)
    return re.compile("|".join(f"(?P<c{index}>{_figure(others[index])})" for index in present))


def reworded(text: str) -> str:
    """``text`` with each amount written in another currency (another laptop's, or this
    table's before it changed) written in the one in force: words saved with a session,
    such as its options', read as they were written then."""
    now = currency()
    others = _written_otherwise(now)
    # A figure needs its currency's symbol and decimal mark: a text with neither, as most
    # are, compiles no pattern (a millisecond of Home's first frame).
    present = tuple(
        index
        for index, money in enumerate(others)
        if money.symbol in text and money.decimal in text
    )
    if not present:
        return text

    def again(match: re.Match[str]) -> str:
        money = others[int(str(match.lastgroup)[1:])]
        figure = match.group().replace(money.symbol, "").strip().replace(money.thousands, "")
        whole, part = figure.split(money.decimal)
        return amount(int(whole) * 100 + int(part), "money")

    return _finding(now, present).sub(again, text)


def bare(value: int, *, mark: str = ".") -> str:
    """Minor units as a plain decimal figure with ``mark``: ``-1234.50`` (CSV, figures)."""
    sign = "-" if value < 0 else ""
    return f"{sign}{abs(value) // 100}{mark}{abs(value) % 100:02d}"


def amount(
    value: int, unit: str, *, signed: bool = False, written_in: Currency | None = None
) -> str:
    """A figure for a column: ``$3.00`` for 300 minor units (in the table's currency, or
    ``written_in``), ``1,200`` chips, money's and chips' thousands marked as the currency
    marks them; points and pips plain (``1245``), as a target says them: a score is no
    sum of money, and "1.245" beside "Target 1000" reads as a fraction. ``+``/``−``
    only when asked (a negative is always marked)."""
    sign = MINUS if value < 0 else ("+" if signed and value > 0 else "")
    size = abs(value)
    money = written_in or currency()
    if unit == "money":
        whole = f"{size // 100:,}".replace(",", money.thousands)
        return sign + money.written(f"{whole}{money.decimal}{size % 100:02d}")
    if unit == "chips":
        return sign + f"{size:,}".replace(",", money.thousands)
    return f"{sign}{size}"


def format_amount(value: int, unit: str, *, signed: bool = False) -> str:
    """An amount in a sentence: ``$0.25``, ``12 chips``, ``1 chip``."""
    text = amount(value, unit, signed=signed)
    if unit == "chips":
        return f"{text} chip" if abs(value) == 1 else f"{text} chips"
    return text


def without_symbol(figure: str) -> str:
    """A written amount without its currency symbol, where columns are short of room."""
    symbol = currency().symbol
    return figure.replace(f" {symbol}", "").replace(symbol, "") if symbol else figure


def _minor_units(figure: str) -> int | None:
    """The minor units a written amount ("+€1.234,50", "−12,50 kr", "+3.07") holds, in
    the currency in force; None for other text (points, chips)."""
    money = currency()
    shown = without_symbol(figure)
    sign = -1 if shown.startswith(MINUS) else 1
    whole, mark, part = shown.lstrip("+" + MINUS).partition(money.decimal)
    digits = whole.replace(money.thousands, "")
    if not (mark and digits.isascii() and digits.isdigit() and len(part) == 2 and part.isdigit()):
        return None
    return sign * (int(digits) * 100 + int(part))


def in_whole_units(figure: str) -> str:
    """A written amount rounded to whole units, without its symbol ("+441" for
    "+€440,60", halves away from zero), where a column is short even of the cents' room
    (the settle-up says it to the cent); any other text as it is."""
    value = _minor_units(figure)
    if value is None:
        return figure
    units = (abs(value) + 50) // 100
    sign = (MINUS if value < 0 else "+" if figure.startswith("+") else "") if units else ""
    return sign + f"{units:,}".replace(",", currency().thousands)


def whole_units_suffice(figures: Iterable[str]) -> bool:
    """Whether money written as ``figures`` loses little in whole units: the largest is
    100 units or more, so a cent off is under a 200th of it (not so at $1.20 a head)."""
    return max((abs(_minor_units(figure) or 0) for figure in figures), default=0) >= 10_000


def _cents(money: Currency) -> re.Pattern[str]:
    """A count of hundredths: "25¢", "25c", "25 cents", and in the currency's own word."""
    own = f"|{re.escape(money.hundredth.strip())}" if money.hundredth else ""
    return re.compile(rf"(\d+)\s*(?:¢|c|cents?{own})", re.IGNORECASE)


def _other_mark_as_decimal(figure: str, money: Currency) -> str:
    """``figure`` with the other decimal mark read as this table's, where nothing else
    can be meant: a single one followed by one or two digits ("0.25" at a decimal-comma
    table; a thousands mark is followed by three)."""
    if re.fullmatch(rf"\d*{re.escape(money.thousands)}\d{{1,2}}", figure):
        return figure.replace(money.thousands, money.decimal)
    return figure


def _whole_and_part(currency: Currency) -> re.Pattern[str]:
    thousands, decimal = re.escape(currency.thousands), re.escape(currency.decimal)
    return re.compile(rf"(\d{{1,3}}(?:{thousands}\d{{3}})+|\d+)?(?:{decimal}(\d{{1,2}}))?")


def parse_money(text: str, field: str) -> int:
    """Minor units from money as people type it, in the table's currency: ``0.25``,
    ``$0.25`` and ``25¢`` are all a quarter where the dollar is in force, ``0,25``,
    ``€0,25`` and ``25 cent`` where the euro with its comma is, and ``0.25`` there too
    (nothing else can be meant); ``2`` is two whole units. Anything else is refused at
    ``field``, with examples in the table's own money."""
    money = currency()
    typed = text.strip()
    if sum(char.isdigit() for char in typed) > MAX_DIGITS:
        raise RuleError(field, f"type money of at most {MAX_DIGITS} digits")
    cents = _cents(money).fullmatch(typed)
    if cents:
        return int(cents.group(1))
    figure = typed
    if money.symbol:
        figure = figure.removeprefix(money.symbol).removesuffix(money.symbol).strip()
    figure = _other_mark_as_decimal(figure, money)
    found = _whole_and_part(money).fullmatch(figure)
    if figure and found and (found.group(1) or found.group(2)):
        whole = int((found.group(1) or "0").replace(money.thousands, ""))
        part = (found.group(2) or "0").ljust(2, "0")
        return whole * 100 + int(part)
    shown = repr(clipped(visible(typed), 20)) if typed else "nothing"
    examples = dict.fromkeys((bare(25, mark=money.decimal), amount(25, "money")))
    if money.hundredth:
        examples[f"25{money.hundredth}"] = None
    *first, last = examples
    said = f"{', '.join(first)} or {last}" if first else last
    raise RuleError(field, f"type money, as {said}, not {shown}")
