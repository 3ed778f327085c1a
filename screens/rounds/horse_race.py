"""Basic Horse Race round entry: the course, each player's bets, the winner, and the book.

Everything is typed as the table says it: the course as four digits (``1042`` is S 1, H 0,
D 4, C 2), a player's bets as horse and chips (``h5 d2``), the dealer's own odds as
``D 6-1``. Once the course stands, a board under it shows each horse's book odds beside its
fair odds and the dealer's expected edge (the odds advisor), all from
``scorekeeper.games.racing.odds`` and the game module; the board follows any odds the dealer
sets.

The Calcutta entry reads its course the same way (``read_course``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from textual.app import ComposeResult
from textual.widgets import Static

from scorekeeper import checks
from scorekeeper.cards import SUITS
from scorekeeper.errors import RuleError
from scorekeeper.games.horse_race import (
    GAME,
    BetRecord,
    Odds,
    Race,
    book_odds,
    odds_text,
    race_odds,
)
from scorekeeper.games.racing.course import check_course
from scorekeeper.games.racing.odds import Chances, dealer_edge, fair_odds, finish_chances
from scorekeeper.money import currency
from scorekeeper.session import Session
from scorekeeper.wording import clipped, not_a_number, visible, whole_number
from screens.format import exact, plain
from screens.rounds.base import RoundEntry, Submit
from screens.widgets.choice import Choice
from screens.widgets.field_row import FieldRow
from screens.widgets.text_input import TextInput

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
HORSE_CHOICES = [(f"{suit} {SYMBOLS[suit]}", suit) for suit in SUITS]
_SUIT_OF = {suit: suit for suit in SUITS} | {symbol: suit for suit, symbol in SYMBOLS.items()}
_TOKENS = re.compile(r"\d+|[A-Za-z]+|[^\s,]")
_EVENS = ("e", "even", "evens")
_ODDS_SEPARATORS = ("-", "/", ":", "to")


COURSE_TYPED = r"[\s,]*(?:\d[\s,]*){0,4}|[\s,]*(?:[SHDCshdc♠♥♦♣][\s,]*\d?[\s,]*){0,4}"
"""What a course field holds as it is typed: up to four digits, or horses each with its
count (``S1 H0 D4 C2``): a fifth digit, or a horse's letter after the digits, is refused
at the field instead of held as a course that can never be read."""
COURSE_PLACEHOLDER = "digits"
"""Dim in the empty field: words, never digits that read as a course typed."""


def course_hint(example: str) -> str:
    """The course row's hint: what it takes, with an example."""
    return f"S H D C counts, e.g. {example}"


COURSE_HINT = course_hint("1042")
ODDS_HINT = "only to change the book"


def course_field(example: str) -> TextInput:
    """The course's field: what it cannot hold is refused as it is typed, with a word."""
    lettered = " ".join(f"{suit}{count}" for suit, count in zip(SUITS, example, strict=True))
    return TextInput(
        placeholder=COURSE_PLACEHOLDER,
        classes="count",
        restrict=COURSE_TYPED,
        refusal=f"a count per horse: {example}, or {lettered}",
    )


def tokens(text: str) -> list[str]:
    """``h5, D 2`` → ``h 5 D 2``: numbers, words and any other single character."""
    return _TOKENS.findall(text)


def number(token: str, path: str) -> int:
    """A run of digits as its number (``tokens`` only makes runs of decimal digits)."""
    value = whole_number(token, signed=False)
    if value is None:
        raise RuleError(path, not_a_number(token))
    return value


def horse_of(token: str, path: str) -> str:
    suit = _SUIT_OF.get(token.upper())
    if suit is None:
        raise RuleError(path, f"{clipped(token, 12)!r} is not a horse: the horses are S H D C")
    return suit


def read_course(text: str, path: str = "course") -> dict[str, int] | None:
    """Course counts from ``1042``, ``1 0 4 2`` or ``S1 H0 D4 C2``; ``None`` when blank.

    A count is one digit (a course has 7 cards at most), so digits need no spaces. Horses
    not typed yet are left out: the game names the one that is missing.
    """
    words = tokens(text)
    if not words:
        return None
    if all(word.isdecimal() for word in words):
        digits = "".join(words)
        if len(digits) > len(SUITS):
            raise RuleError(path, f"{len(digits)} counts typed: four horses, S H D C")
        return {suit: int(digit) for suit, digit in zip(SUITS, digits, strict=False)}
    course: dict[str, int] = {}
    for horse, count in pairs(words, path, "its count"):
        course[horse] = count
    return course


def pairs(words: list[str], path: str, what: str) -> list[tuple[str, int]]:
    """Horse-and-number pairs in either order (``h5``, ``5h``): bets, or course counts.

    ``what`` names the number in a message: "the chips", "its count".
    """
    found: list[tuple[str, int]] = []
    at = 0
    while at < len(words):
        first, second = words[at], words[at + 1] if at + 1 < len(words) else ""
        if first.isdecimal() and second and not second.isdecimal():
            found.append((horse_of(second, path), number(first, path)))
        elif second.isdecimal() and not first.isdecimal():
            found.append((horse_of(first, path), number(second, path)))
        elif first.isdecimal():
            raise RuleError(path, f"which horse is {first} for? e.g. H{first}")
        else:
            horse = horse_of(first, path)
            raise RuleError(path, f"give {what} for {horse} after it, e.g. {horse}1")
        at += 2
    return found


def read_odds(text: str, path: str = "odds") -> dict[str, list[int]]:
    """The dealer's own odds: ``D 6-1``, ``d 6/1 s evens``, ``C 4`` (4-1)."""
    words = tokens(text)
    odds: dict[str, list[int]] = {}
    at = 0
    while at < len(words):
        horse = horse_of(words[at], path)
        rest = [word.casefold() for word in words[at + 1 : at + 4]]
        if rest[:1] and rest[0] in _EVENS:
            odds[horse], at = [1, 1], at + 2
        elif rest[:1] and rest[0].isdecimal():
            if len(rest) == 3 and rest[1] in _ODDS_SEPARATORS and rest[2].isdecimal():
                odds[horse], at = [number(rest[0], path), number(rest[2], path)], at + 4
            elif rest[1:2] and any(sep.startswith(rest[1]) for sep in _ODDS_SEPARATORS):
                # "D 6 t", "D 6 to", "D 6-": odds half typed, not a horse after them.
                raise RuleError(
                    path, f"{horse}'s odds: {rest[0]} to what? e.g. {horse} {rest[0]}-1"
                )
            else:
                odds[horse], at = [number(rest[0], path), 1], at + 2
        else:
            raise RuleError(path, f"give {horse}'s odds as n-d or evens, e.g. {horse} 6-1")
    return odds


def odds_board(
    chances: Mapping[str, Chances] | None,
    course: Mapping[str, int] | None,
    odds: Mapping[str, Odds | None],
) -> str:
    """The advisor's table in plain words: per horse its chance to win, the odds the bank
    pays, the odds that would be fair, and how much of every chip bet on it the bank can
    expect to keep (less than nothing: the bank can expect to lose)."""
    lines = ["       course  chance     pays  fair pays  bank keeps"]
    for suit in SUITS:
        label = f"{suit} {SYMBOLS[suit]}"
        if chances is None or course is None:
            lines.append(f"  {label}      ·")
            continue
        win = chances[suit].first
        paid = odds.get(suit)
        # Odds are no money, but a table that writes "1,50 €" reads "1,8-1", not "1.8-1".
        fair = f"{exact(fair_odds(win)):.1f}-1".replace(".", currency().decimal) if win else "—"
        kept = "" if paid is None else f"{exact(dealer_edge(win, *paid)):.0%}"
        keeps = "—" if paid is None else f"{'0%' if kept == '-0%' else kept} a chip"
        lines.append(
            f"  {label}  {course[suit]:>5}  {f'{exact(win):.0%}':>6}  {odds_text(paid):>7}"
            f"  {fair:>9}  {keeps.replace('-', '−'):>10}"
        )
    return "\n".join(lines)


class HorseRaceEntry(RoundEntry):
    game_id = "horse-race"
    example = (
        "Course S 1, H 0, D 4, C 2; Bo bets 5 on H, Cy 2 on D, Dee 3 on S; D wins:\n"
        "1042 ↓ h5 ↓ d2 ↓ s3 ↓ d Enter"
    )
    CSS_PATH = [*RoundEntry.CSS_PATH, Path(__file__).with_suffix(".tcss")]

    def __init__(
        self,
        session: Session,
        submit: Submit,
        prefill: checks.Round | None = None,
        index: int | None = None,
    ) -> None:
        super().__init__(session, submit, prefill, index)
        self.bet_rows: list[str] = []
        """The row each bet of the last reading came from: ``bets[i]`` → ``bets.<player>``."""

    @property
    def length(self) -> int:
        return GAME.options_of(self.setup)["course"]

    @property
    def bettors(self) -> list[str]:
        """Everyone but the dealer, who is the bank, from the dealer's left."""
        return [self.setup.left_of(self.dealer, step) for step in range(1, len(self.players))]

    def title_text(self) -> str:
        if self.index is None:
            number = len(self.session.rounds) + 1
            return f"{self.round_name} {number} · {visible(self.dealer)} deals and is the bank"
        dealer = visible(self.dealer)
        return f"Edit {self.round_name.lower()} {self.index + 1} · {dealer} was the bank"

    def compose_fields(self) -> ComposeResult:
        yield FieldRow("course", "Course S H D C", course_field("1042"), COURSE_HINT)
        yield Static(classes="odds-board")
        for seat, name in enumerate(self.bettors):
            example = "" if seat else "e.g. h5 d2"
            yield FieldRow(
                f"bets.{name}", f"{name} bets", TextInput(placeholder=example, classes="bets")
            )
        yield FieldRow("winner", "Winner", Choice(HORSE_CHOICES))
        yield FieldRow(
            "odds", "Dealer's odds", TextInput(placeholder="e.g. D 6-1", classes="bets"), ODDS_HINT
        )

    def read(self) -> Race:
        course = read_course(self.text("course"))
        # The course first: Enter with it missing goes there, saying which horse it needs.
        check_course(course or {}, self.length)
        bets = self.bets()
        race: Race = {
            "course": {} if course is None else course,
            "bets": bets,
            "winner": self.picked("winner"),
        }
        odds = read_odds(self.text("odds"))
        if odds:
            race["odds"] = odds
        return race

    def bets(self) -> list[BetRecord]:
        """Every bet typed, player by player from the dealer's left."""
        bets: list[BetRecord] = []
        self.bet_rows = []
        for name in self.bettors:
            for horse, amount in self.player_bets(name):
                bets.append({"player": name, "horse": horse, "amount": amount})
                self.bet_rows.append(f"bets.{name}")
        return bets

    def player_bets(self, name: str) -> list[tuple[str, int]]:
        path = f"bets.{name}"
        return pairs(tokens(self.text(path)), path, "the chips")

    def fill(self, round_: checks.Round) -> None:
        race = checks.accepted(round_, Race)
        self.put("course", "".join(str(race["course"][suit]) for suit in SUITS))
        by_player: dict[str, list[str]] = {}
        for bet in race["bets"]:
            by_player.setdefault(bet["player"], []).append(f"{bet['horse']}{bet['amount']}")
        for name, bets in by_player.items():
            if name in self.bettors:
                self.put(f"bets.{name}", " ".join(bets))
        self.put("winner", race["winner"])
        odds = race.get("odds", {})
        self.put("odds", " ".join(f"{suit} {n}-{d}" for suit, (n, d) in odds.items()))

    def row_path(self, field: str) -> str:
        """``bets[2].amount`` is shown at the row of the player whose bet that was."""
        match = re.match(r"bets\[(\d+)\]", field)
        if match and int(match[1]) < len(self.bet_rows):
            return self.bet_rows[int(match[1])]
        return field

    def preview(self) -> None:
        course = self.typed_course()
        odds = self.race_odds(course)
        try:
            chances = None if course is None else finish_chances(course, self.length)
            note = f"{self.length} cards: the deal stands" if chances else COURSE_HINT
        except RuleError as error:
            chances = None
            note = error.message if course and len(course) == len(SUITS) else COURSE_HINT
        self.note("course", note)
        board = odds_board(chances, course, odds)
        self.query_one(".odds-board", Static).update(plain(board, lines=True))
        for name in self.bettors:
            try:
                bets = self.player_bets(name)
            except RuleError as error:
                self.note(f"bets.{name}", error.message)
                continue
            self.note(
                f"bets.{name}",
                ", ".join(f"{n} on {horse} at {odds_text(odds.get(horse))}" for horse, n in bets),
            )
        self.note("odds", self.odds_note())

    def odds_note(self) -> str:
        """What the dealer's odds typed read as, or why they do not read, as they are
        typed (as a bet's row says), not only once Enter is pressed."""
        try:
            typed = race_odds({}, read_odds(self.text("odds")))
        except RuleError as error:
            return error.message
        return ", ".join(f"{horse} pays {odds_text(pair)}" for horse, pair in typed.items()) or (
            ODDS_HINT
        )

    def typed_course(self) -> dict[str, int] | None:
        try:
            return read_course(self.text("course"))
        except RuleError:
            return None

    def race_odds(self, course: Mapping[str, int] | None) -> dict[str, Odds | None]:
        """The odds the race pays: the book for the course, with the dealer's own on top."""
        try:
            book = book_odds(course or {}, self.length)
        except RuleError:
            book = dict.fromkeys(SUITS)
        try:
            return book | race_odds(book, read_odds(self.text("odds")))
        except RuleError:
            return book


ENTRY = HorseRaceEntry
