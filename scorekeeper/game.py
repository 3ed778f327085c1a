"""What every game module provides, and the checks they share.

A game is a fold: ``start`` gives the table before the first deal, ``play`` takes the
table and one round dict and gives the table after it, or raises ``RuleError``. The
session, storage, export and screens only ever talk to this shape.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from scorekeeper.errors import RuleError
from scorekeeper.names import check_name

Unit = Literal["money", "chips"]
Fact = str | int
"""One fact about a round for a spreadsheet cell: text or a whole number."""


@dataclass(frozen=True)
class RoundFacts:
    """A round's facts worth a spreadsheet column: about the whole table, and about each
    player ("melded" for Ann, "held" for Bob). Names are column names, values are cells."""

    table: Mapping[str, Fact] = field(default_factory=dict)
    players: Mapping[str, Mapping[str, Fact]] = field(default_factory=dict)


AMOUNT_LIMIT = 1_000_000
"""The most one amount typed or derived for one player in one round may be (a bet, a
price, odds, points, a stake, a cube): anything larger is a typo, refused at its field."""
_AMOUNTS_CHECKED: ContextVar[bool] = ContextVar("amounts_checked", default=True)

END_ROUND: Mapping[str, Any] = {"end": True}
"""The round a table records when it ends a game by choice: the evening is over, or the
players stop before the last hand. Saved, undone and exported like any other round."""


def is_end_round(round_: object) -> bool:
    """Whether a round is the table ending the game (``{"end": true}``), however well formed."""
    return isinstance(round_, Mapping) and "end" in round_


@contextlib.contextmanager
def as_recorded() -> Iterator[None]:
    """Replay rounds that were accepted when they were recorded, before the amount limit
    was a rule: a store written then still opens. Only reading a saved session uses it."""
    token = _AMOUNTS_CHECKED.set(False)
    try:
        yield
    finally:
        _AMOUNTS_CHECKED.reset(token)


def amounts_checked() -> bool:
    """False while stored rounds are replayed (``as_recorded``), True otherwise."""
    return _AMOUNTS_CHECKED.get()


def number_text(value: int) -> str:
    """A number for a message: ``1,250,000``; one too long to print is told by its length."""
    if value.bit_length() <= 100:
        return f"{value:,}"
    return f"a {int(value.bit_length() * 0.30103) + 1:,}-digit number"


def check_amount(value: int, field: str, what: str = "") -> int:
    """Refuse an amount past ``AMOUNT_LIMIT`` either way, typed or derived (points counted
    from card text, a cube doubled again and again); ``what`` says what it is."""
    if abs(value) > AMOUNT_LIMIT and amounts_checked():  # the context asked only when it matters
        limit = f"more than {AMOUNT_LIMIT:,}, the most one amount may be: a typo?"
        said = f"{what} {number_text(value)}," if what else f"{number_text(value)} is"
        raise RuleError(field, f"{said} {limit}")
    return value


@dataclass(frozen=True)
class Ending:
    """How a game words the table ending it by choice, for the keys, the confirmation,
    the settle-up that shows what ending now would do, and the round's row."""

    action: str
    """The key's and button's label: "End evening"."""
    question: str
    """Asked before it is recorded: "End the evening here?"."""
    if_now: str
    """The settle-up's heading for the figures as they would stand: "If you ended now"."""
    done: str
    """The round as the table says it, and the reason no round may follow: "evening ended"."""


EVENING = Ending(
    "End evening", "End the evening here?", "If you ended the evening now", "evening ended"
)
"""For the games with no natural end: the table says when the evening is over."""
STOP = Ending("Stop here", "Stop the game here?", "If you stopped now", "stopped early")
"""For games with a last hand or a target, when the table stops before it."""


@dataclass(frozen=True)
class Option:
    """One house option: its default (or a rule that picks it from the player count)."""

    default: int | bool | str | Callable[[int], int]
    help: str
    minimum: int | None = None
    maximum: int | None = None
    cents: bool = False
    """A money amount in minor units: screens show it as dollars beside what is typed."""
    choices: tuple[str, ...] = ()
    """The words the option may be ("highest", "lowest"), where it is one of a few."""
    label: bool = False
    """A name the table gives (shown, never a rule): "" for none, else fit to be a name."""

    @property
    def kind(self) -> type:
        if isinstance(self.default, str):
            return str
        return bool if isinstance(self.default, bool) else int

    def default_for(self, player_count: int) -> int | bool | str:
        return self.default(player_count) if callable(self.default) else self.default

    def check(self, name: str, value: object) -> int | bool | str:
        if self.choices:
            if value not in self.choices:
                said = " or ".join(repr(choice) for choice in self.choices)
                raise RuleError(f"options.{name}", f"must be {said}, not {value!r}")
            return str(value)
        if self.label:
            return "" if value == "" else check_name(value, f"options.{name}", name)
        if self.kind is bool:
            if not isinstance(value, bool):
                raise RuleError(f"options.{name}", f"must be yes or no (true/false), not {value!r}")
            return value
        return as_int(value, f"options.{name}", self.minimum, self.maximum)


def said_as_label(name: str) -> str:
    """A house game's name as ``option_words`` says it, first of them and in quotes
    ("“Gin”"), so a session's summary carries it to the list, statistics and exports."""
    return f"\u201c{name}\u201d"


def label_in(words: Sequence[str] | None) -> str:
    """The house game's name among a session's option words; "" where it is none."""
    first = words[0] if words else ""
    quoted = len(first) > 2 and first[0] == "\u201c" and first[-1] == "\u201d"
    return first[1:-1] if quoted else ""


@dataclass(frozen=True)
class Setup:
    """Who sits where and which house options are on; fixed for the whole session."""

    players: tuple[str, ...]
    options: Mapping[str, Any]
    first_dealer: str

    def left_of(self, player: str, steps: int = 1) -> str:
        seat = self.players.index(player)
        return self.players[(seat + steps) % len(self.players)]

    def right_of(self, player: str) -> str:
        return self.left_of(player, -1)


@dataclass(frozen=True)
class State:
    """The table after some rounds. Games return a new State; nothing is mutated.

    ``info`` holds what only one game has (a carried pool and stacks, a hand number);
    screens show it through ``Game.panel``, generic code reads it only through hooks.
    """

    dealer: str
    totals: Mapping[str, int]
    balances: Mapping[str, int]
    finished: bool = False
    winners: tuple[str, ...] = ()
    info: Mapping[str, Any] = field(default_factory=dict)


class Game:
    """The shape every game module's ``GAME`` has. Subclasses fill in the rules."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int | None]
    unit: ClassVar[Unit]
    menu_order: ClassVar[int] = 100
    round_name: ClassVar[str] = "Round"
    """What the table calls one round: "Race", "Hand", "Deal"."""
    first_to_act: ClassVar[str | None] = "plays"
    """What the first player does in a deal ("plays", "bids"); None where nobody goes
    first (the horse races: everyone bets, then the dealer runs the race)."""
    scored_in_points: ClassVar[bool] = False
    lowest_wins: ClassVar[bool] = False
    options: ClassVar[Mapping[str, Option]] = {}
    rules: ClassVar[str]
    kitty: ClassVar[str | None] = None
    """The name a settle-up gives what the game carries from round to round that no player
    holds yet ("(pool)"): one more party beside the players, a name no player may take.
    None where every chip is always in someone's hands."""
    ending: ClassVar[Ending | None] = None
    """How the table words ending this game by choice (``EVENING``, ``STOP``); None where
    only the rules end it, and then an end round is refused."""
    fact_names: ClassVar[tuple[str, ...]] = ()
    """Every fact name ``round_facts`` and ``end_facts`` may report, in the order an
    export's columns list them: so the columns are known before any session is read, and
    a session's rows can be written once, when it is saved. Names two games share (a
    hand, who went out) keep one order in both."""
    highlight_labels: ClassVar[tuple[str, ...]] = ()
    """The records statistics keep for this game ("Biggest ... pool"), figured by
    ``highlights``; none by default, so statistics read no round of the game's sessions."""

    def check_setup(self, setup: Setup) -> None:
        """Refuse option mixes and player counts the rules forbid (beyond min/max)."""

    def start(self, setup: Setup) -> State:
        zero = dict.fromkeys(setup.players, 0)
        return State(setup.first_dealer, zero, dict(zero), info=self.start_info(setup))

    def start_info(self, setup: Setup) -> dict[str, Any]:
        return {}

    def play(self, setup: Setup, state: State, round_: Mapping[str, Any]) -> State:
        raise NotImplementedError

    def rounds_played(self, state: State, recorded: int) -> int:
        """How many rounds the table has played when ``recorded`` are recorded: all of them
        by default. A game that records something that is no deal (5000's false claim in
        michigan) counts only its deals, so "Hand 3" on screen is the table's hand 3."""
        return recorded

    def end(self, setup: Setup, state: State) -> State:
        """The table once it ends the game by choice (the round ``END_ROUND``).

        By default the game ends on the balances as they stand: the biggest wins, equal
        balances tie. A game that carries a kitty shares it out first, one whose score
        decides the winner (points, lowest wins) settles as at its natural end: they
        override this. A game without an ``ending`` refuses it.
        """
        if self.ending is None:
            raise RuleError("end", f"{self.name} ends by its own rules, not when the table says")
        return ended_on_balances(setup, state)

    def end_note(self, setup: Setup, state: State) -> str | None:
        """A line for the settle-up on what the table ending the game did besides naming
        the winners ("Pool of 9 chips shared out: ..."); None when it did nothing more."""
        return None

    def first_player(self, setup: Setup, state: State) -> str | None:
        """Who plays (or bids) first in the next deal: left of the dealer by default;
        nobody in a game whose ``first_to_act`` is None."""
        return None if self.first_to_act is None else setup.left_of(state.dealer)

    def wins_lowest(self, setup: Setup) -> bool:
        """Whether the lowest total is best at this table: ``lowest_wins``, unless the
        table's options decide it."""
        return self.lowest_wins

    def wins_lowest_said(self, option_words: Sequence[str] | None) -> bool:
        """``wins_lowest`` for a table known by its options in words (a session list's
        summary); a game whose options decide it says so in ``option_words``."""
        return self.lowest_wins

    def leaders(self, totals: Mapping[str, int], lowest: bool | None = None) -> tuple[str, ...]:
        """Who is ahead on these totals, in seat order; nobody while every total is 0.
        ``lowest`` says whether the lowest total is best here (``lowest_wins`` if not)."""
        if not any(totals.values()):
            return ()
        lowest = self.lowest_wins if lowest is None else lowest
        best = (min if lowest else max)(totals.values())
        return tuple(name for name, total in totals.items() if total == best)

    def title(self, setup: Setup) -> str:
        """What this table plays, as its screens head it: a house game's own name before
        the game's (``label_in``), else the game's name."""
        label = label_in(self.option_words(setup))
        return f"{label} · {self.name}" if label else self.name

    def panel(self, setup: Setup, state: State) -> list[tuple[str, str]]:
        """Label/value lines a screen shows beside the score grid for this game."""
        return []

    def details(self, round_: Mapping[str, Any]) -> dict[str, str | int]:
        """A round's facts worth a spreadsheet column (bid, wild rank, prices...).

        Only ever given the game's own rounds: ``end_facts`` answers for an end round."""
        return {}

    def round_facts(
        self, setup: Setup, before: State, round_: Mapping[str, Any], after: State
    ) -> RoundFacts:
        """Everything a spreadsheet needs to follow the round, knowing the table before and
        after it (a pool carried in and out, the hand's contract). ``details`` by default."""
        return RoundFacts(self.details(round_))

    def describe(self, setup: Setup, before: State, round_: Mapping[str, Any], after: State) -> str:
        """One round as the table would tell it ("Bob pitched 3 and made it: high, jack,
        game"), for the score grid's detail line, the undo prompt and the CSV. Without the
        round's number: callers put "Race 2: " in front where it helps. Knowing the table
        before and after lets a game name what was carried or changed hands. By default
        the round's facts, each by its name: "bid 3; result made"."""
        facts = self.round_facts(setup, before, round_, after).table
        return "; ".join(f"{name.replace('_', ' ')} {value}" for name, value in facts.items())

    def option_words(self, setup: Setup) -> list[str]:
        """The house options in words ("Michigan", "stake $0.01/point"), for an export's
        ``options`` column. By default each option by its name and value."""
        words = []
        for name, value in setup.options.items():
            shown = ("yes" if value else "no") if isinstance(value, bool) else value
            words.append(f"{name.replace('_', ' ')} {shown}")
        return words

    def played_for(self, setup: Setup) -> str:
        """What the balances count at this table: the game's unit, or "points" where no
        money changes hands (a points game with no stake)."""
        return self.unit

    def score_unit(self, setup: Setup) -> str:
        """What ``scores`` counts: "points" for a points game, else the game's unit."""
        return "points" if self.scored_in_points else self.unit

    def scores(self, setup: Setup, state: State) -> Mapping[str, int]:
        """Each player's score so far, in ``score_unit``: the totals by default."""
        return state.totals

    def end_facts(self, setup: Setup, before: State, after: State) -> RoundFacts:
        """``round_facts`` for the table's end round, which no game's ``round_facts`` is
        given: what it ended as, and what the game settled then (a kitty shared out)."""
        return RoundFacts({"end": self.ending.done if self.ending else "yes"})

    def carried(self, setup: Setup, state: State) -> int:
        """What lies in the kitty after these rounds, paid in and won by nobody yet, in the
        game's unit; balances plus this add up to 0. Nothing by default."""
        return 0

    def leaves_in_kitty(self, payer: str, amount: str) -> str:
        """How a settle-up says a debt owed to the kitty stays there: no payment, as those
        chips already lie in it. ``amount`` is written out ("12 chips")."""
        return f"{payer} leaves {amount} in {self.kitty}"

    def target(self, setup: Setup, state: State) -> int | None:
        """The score that ends the game, where reaching one does (charts draw it as a
        line); None for a game that ends otherwise, or never."""
        return None

    def highlights(self, setup: Setup, rounds: Sequence[Mapping[str, Any]]) -> dict[str, int]:
        """One session's figure for each of ``highlight_labels``, in the game's unit.

        Statistics call it for every session of a game with labels, on the rounds as saved
        (checked when recorded, never replayed: reading ten thousand sessions must stay
        fast). Nothing by default.
        """
        return {}


def ended_on_balances(
    setup: Setup,
    state: State,
    balances: Mapping[str, int] | None = None,
    info: Mapping[str, Any] | None = None,
) -> State:
    """The table when the evening ends on these balances (by default as they stand): the
    biggest balance wins, equal balances tie (everyone, if all are even). In a game scored
    in its balances the totals are the balances; the dealer stays, as nobody deals again."""
    final = state.balances if balances is None else balances
    best = max(final.values())
    winners = tuple(name for name in setup.players if final[name] == best)
    totals = state.totals if balances is None else final
    return State(state.dealer, totals, final, True, winners, state.info if info is None else info)


def as_int(
    value: object, field: str, minimum: int | None = None, maximum: int | None = None
) -> int:
    """A whole number in range; ``"3"``, ``3.0``, ``True`` and ``None`` are refused.

    With no bound given an amount is still held to ``AMOUNT_LIMIT`` either way: no bet,
    price or count at a card table is bigger, so a larger one is a typo.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(field, f"must be a whole number, not {value!r}")
    check_amount(value, field)
    if minimum is not None and value < minimum:
        raise RuleError(field, f"must be at least {minimum:,}, not {number_text(value)}")
    if maximum is not None and value > maximum:
        raise RuleError(field, f"must be at most {maximum:,}, not {number_text(value)}")
    return value


def as_bool(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise RuleError(field, f"must be true or false, not {value!r}")
    return value


def as_player(value: object, field: str, players: Sequence[str]) -> str:
    if not isinstance(value, str) or value not in players:
        raise RuleError(field, f"{value!r} is not at this table ({', '.join(players)})")
    return value


def as_mapping(value: object, field: str) -> Mapping[str, Any]:
    # Rounds reach the rules as plain dicts (Session copies them), so dict is the test.
    if not isinstance(value, dict):
        raise RuleError(field, f"must be a mapping of names to values, not {value!r}")
    return value


def player_map(value: object, field: str, players: Sequence[str]) -> Mapping[str, Any]:
    """A mapping keyed by player names, every key a player at the table."""
    mapping = as_mapping(value, field)
    for name in mapping:
        as_player(name, f"{field}.{name}", players)
    return mapping


def check_keys(
    round_: Mapping[str, Any], required: Iterable[str], optional: Iterable[str] = ()
) -> None:
    """Every required field is there and nothing unknown is, so typos do not pass silently."""
    as_mapping(round_, "round")
    required = tuple(required)
    allowed = set(required) | set(optional)
    for key in required:
        if key not in round_:
            raise RuleError(key, "is missing")
    for key in round_:
        if key not in allowed:
            raise RuleError(
                str(key), f"is not a field of this game's rounds ({', '.join(sorted(allowed))})"
            )


Count = Callable[[str, object, str], int]


def held_by_others(
    round_: Mapping[str, Any],
    players: Sequence[str],
    out: str,
    number_key: str,
    count_number: Count,
    count_cards: Count,
) -> dict[str, int]:
    """What every player but the one who went out was caught holding.

    Typed either as numbers under ``number_key`` or as card text under ``cards``; each
    count function takes (player, value, field) and raises RuleError on a bad value.
    """
    if (number_key in round_) == ("cards" in round_):
        raise RuleError(
            number_key, f"give either the {number_key} or the cards each other player held"
        )
    key = number_key if number_key in round_ else "cards"
    count = count_number if key == number_key else count_cards
    given = player_map(round_[key], key, players)
    if out in given:
        raise RuleError(f"{key}.{out}", f"{out} went out: give only the other players")
    held: dict[str, int] = {}
    for name in players:
        if name == out:
            continue
        field = f"{key}.{name}"
        if name not in given:
            raise RuleError(field, f"{name} is missing: give every player but {out}")
        held[name] = count(name, given[name], field)
    return held


def held_words(held: Mapping[str, int]) -> str:
    """ "Ann held 30, Di 10": what each player was caught holding, the verb said once."""
    said = [
        f"{name} held {count}" if seat == 0 else f"{name} {count}"
        for seat, (name, count) in enumerate(held.items())
    ]
    return ", ".join(said)


def add(totals: Mapping[str, int], deltas: Mapping[str, int]) -> dict[str, int]:
    """New totals with each player's change added (missing players change by 0)."""
    return {name: amount + deltas.get(name, 0) for name, amount in totals.items()}


def share_out(total: int, winners: Sequence[str]) -> dict[str, int]:
    """``total`` divided evenly among tied winners; the units left over go one each to the
    winners in seat order (``winners`` is in seat order)."""
    share, left_over = divmod(total, len(winners))
    return {winner: share + (1 if seat < left_over else 0) for seat, winner in enumerate(winners)}


def pay_the_difference(
    players: Sequence[str], totals: Mapping[str, int], winners: Sequence[str], stake: int
) -> dict[str, int]:
    """End-of-game money: each non-winner pays the gap to the winning total x stake.

    Tied winners share what the non-winners pay in all: the total is split once, never
    payment by payment, so two winners paid 1 each by two losers get 1 each (split one
    payment at a time, the first seat would take both odd units).
    """
    best = totals[winners[0]]
    money = {name: 0 if name in winners else -abs(best - totals[name]) * stake for name in players}
    return add(money, share_out(-sum(money.values()), winners))
